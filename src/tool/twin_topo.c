// SPDX-License-Identifier: GPL-2.0-only
/*
 * The topology a twin is inferred against, read through a backend as
 * `topo` reads it: each function's Root Port (a bridge at the top of the
 * tree), each link's capacity for TLPs (pcie/traffic.h), and which Root
 * Ports each PTT traces, from its root_port_filters files (a file per
 * port, named by its BDF, holding its filter value).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/backend/sysfs_read.h>
#include <pciescope/pcie/bdf.h>
#include <pciescope/pcie/traffic.h>
#include <pciescope/perf/pmu_name.h>
#include <pciescope/tool/topo.h>

#include "twin_internal.h"

#define PTT_PORT_FILTER 0x80000u

static bool is_bridge(const struct topo_dev *d)
{
	return d->class_code >> 8 == 0x0604;
}

static int root_of(const struct topo *s, size_t i)
{
	size_t hops = 0;

	while (s->d[i].parent >= 0 && hops++ < s->n)
		i = (size_t)s->d[i].parent;
	return is_bridge(&s->d[i]) ? (int)i : -1;
}

static double link_mbps(const struct topo_dev *d)
{
	unsigned mps = d->have_cfg && d->cfg.mps ? d->cfg.mps : 256;

	return d->link ? pcie_link_tlp_capacity_mbps(d->speed, d->width, mps) : 0;
}

static void place(struct twin_topo *t, const struct topo *s)
{
	for (size_t i = 0; i < s->n; i++) {
		const struct topo_dev *d = &s->d[i];
		struct twin_node *n = &t->n[i];
		struct pci_bdf b;
		int root = root_of(s, i);

		pci_bdf_parse(d->bdf, &b);
		n->rid = b.rid;
		n->port = root;
		n->mbps = link_mbps(d);
		if (d->parent < 0)
			n->kind = is_bridge(d) ? TN_PORT : TN_OTHER;
		else
			n->kind = is_bridge(d) || root < 0 ? TN_OTHER : TN_ENDPOINT;
		if (n->kind == TN_ENDPOINT && !n->mbps)
			n->mbps = link_mbps(&s->d[root]); /* a VF: its PF's link, the port's here */
		if (t->at[n->rid] < 0)
			t->at[n->rid] = (int32_t)i;
	}
}

static void read_ptt(struct backend *b, struct twin_ptt *p)
{
	char dir[256], path[384], buf[32], **names;
	size_t n;

	snprintf(dir, sizeof(dir), PMU_SYSFS_DIR "/%s/root_port_filters", p->pmu);
	if (backend_list_dir(b, dir, &names, &n))
		return;
	for (size_t i = 0; i < n && p->nports < TWIN_PTT_PORTS; i++) {
		struct pci_bdf bdf;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (pci_bdf_parse(names[i], &bdf) ||
		    backend_read_line(b, path, buf, sizeof(buf)) < 0)
			continue;
		p->port[p->nports] = bdf.rid;
		p->value[p->nports++] = (uint32_t)strtoul(buf, NULL, 0);
	}
	backend_names_free(names, n);
}

static void scan_ptts(struct backend *b, struct twin_topo *t)
{
	char **names;
	size_t n;

	if (backend_list_dir(b, PMU_SYSFS_DIR, &names, &n))
		return;
	for (size_t i = 0; i < n && t->nptt < TWIN_MAX_PTTS; i++) {
		if (pmu_name_parse(names[i], NULL) != PMU_HISI_PTT)
			continue;
		snprintf(t->ptt[t->nptt].pmu, sizeof(t->ptt[t->nptt].pmu), "%s", names[i]);
		read_ptt(b, &t->ptt[t->nptt++]);
	}
	backend_names_free(names, n);
}

int twin_topo_scan(struct backend *b, struct twin_topo *t, struct error *e)
{
	struct topo s = {0};
	int r = topo_scan(b, &s);

	memset(t, 0, sizeof(*t));
	if (r)
		return error_set_errno(e, r, "reading the PCI tree");
	t->n = calloc(s.n ? s.n : 1, sizeof(*t->n));
	t->at = malloc(65536 * sizeof(*t->at));
	if (!t->n || !t->at) {
		topo_free(&s);
		twin_topo_free(t);
		return error_set(e, -ENOMEM, "reading the PCI tree: out of memory");
	}
	t->nn = s.n;
	memset(t->at, 0xff, 65536 * sizeof(*t->at));
	place(t, &s);
	topo_free(&s);
	scan_ptts(b, t);
	return 0;
}

void twin_topo_free(struct twin_topo *t)
{
	free(t->n);
	free(t->at);
	t->n = NULL;
	t->at = NULL;
}

const struct twin_node *twin_topo_node(const struct twin_topo *t, uint16_t rid)
{
	return t->at[rid] >= 0 ? &t->n[t->at[rid]] : NULL;
}

bool twin_topo_trace(const struct twin_topo *t, const char *pmu, uint32_t filter, uint8_t *traced)
{
	const struct twin_ptt *p = NULL;
	int req = t->at[filter & 0xffff];

	for (unsigned i = 0; i < t->nptt && !p; i++)
		if (!strcmp(t->ptt[i].pmu, pmu))
			p = &t->ptt[i];
	if (!p)
		return false;
	for (unsigned i = 0; i < p->nports; i++) {
		int at = t->at[p->port[i]];

		if (at < 0)
			continue;
		if (filter & PTT_PORT_FILTER)
			traced[at] = (p->value[i] & filter & 0xffff) != 0;
		else
			traced[at] = req >= 0 && t->n[req].port == at;
	}
	return true;
}
