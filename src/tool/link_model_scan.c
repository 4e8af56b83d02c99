// SPDX-License-Identifier: GPL-2.0-only
/*
 * The links the platform knows (link_model_scan): every Root Port (a
 * bridge at the top of the PCI tree, tool/topo.h) with its link as both
 * ends state it, the functions below it and the PCIe PMU port bit that
 * counts it.  A PMU hisi_pcie<sicl>_core<core> serves the Root Ports of
 * its bus whose requester IDs lie in [bdf_min, bdf_max] (its sysfs files).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/backend/sysfs_read.h>
#include <pciescope/pcie/bdf.h>
#include <pciescope/perf/pmu_name.h>
#include <pciescope/tool/link_model.h>
#include <pciescope/tool/topo.h>

#include "link_model_internal.h"

#define PCI_CLASS_BRIDGE_PCI 0x0604

static bool root_port(const struct topo_dev *d)
{
	return d->parent < 0 && (d->class_code >> 8) == PCI_CLASS_BRIDGE_PCI;
}

static bool below(const struct topo *t, size_t i, size_t port)
{
	for (int up = t->d[i].parent; up >= 0; up = t->d[up].parent)
		if ((size_t)up == port)
			return true;
	return false;
}

/* TLPs on a link are no larger than the smaller MPS its two ends are set to. */
static void lower_mps(struct link *k, const struct topo_dev *d)
{
	if (d->have_cfg && d->cfg.mps && (!k->mps || d->cfg.mps < k->mps))
		k->mps = d->cfg.mps;
}

static void link_state(struct link *k, const struct topo *t, size_t port)
{
	const struct topo_dev *rp = &t->d[port];
	struct pci_bdf bdf;

	snprintf(k->bdf, sizeof(k->bdf), "%s", rp->bdf);
	k->rid = pci_bdf_parse(rp->bdf, &bdf) ? 0 : bdf.rid;
	if (rp->link) {
		k->speed_gts = rp->speed, k->max_speed_gts = rp->max_speed;
		k->width = rp->width, k->max_width = rp->max_width;
	}
	lower_mps(k, rp);
	for (size_t i = 0; i < t->n; i++) {
		const struct topo_dev *d = &t->d[i];

		if (!below(t, i, port))
			continue;
		if (k->nbelow < LINK_MAX_BELOW && !pci_bdf_parse(d->bdf, &bdf))
			k->below[k->nbelow++] = bdf.rid;
		if (d->parent == (int)port && d->link && !k->have_dev) {
			k->have_dev = true;
			k->dev_max_speed_gts = d->max_speed;
			k->dev_max_width = d->max_width;
			lower_mps(k, d);
		}
	}
	k->capacity_mbps =
	    pcie_link_tlp_capacity_mbps(k->speed_gts, k->width, k->mps ? k->mps : 256);
}

/* The PMU port bit of a Root Port, from the PMU's bus and Root Port range. */
static void pmu_of(struct backend *b, struct link *k, char **pmus, size_t npmu)
{
	char path[512];

	for (size_t i = 0; i < npmu && !k->on_pmu; i++) {
		struct pmu_name name;
		long bus, lo, hi;

		if (pmu_name_parse(pmus[i], &name) != PMU_HISI_PCIE)
			continue;
		snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/bus", pmus[i]);
		bus = backend_read_num(b, path);
		snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/bdf_min", pmus[i]);
		lo = backend_read_num(b, path);
		snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/bdf_max", pmus[i]);
		hi = backend_read_num(b, path);
		if (PCI_RID_BUS(k->rid) != bus || k->rid < lo || k->rid > hi)
			continue;
		k->on_pmu = true;
		k->sicl = name.sicl, k->core = name.core;
		k->port = hisi_pcie_port_bit(k->rid);
	}
}

static bool same_bit(const struct link *a, const struct link *b)
{
	return a->on_pmu && b->on_pmu && a->sicl == b->sicl && a->core == b->core &&
	       a->port == b->port;
}

static void shares(struct link_model *m)
{
	for (size_t i = 0; i < m->n; i++)
		for (size_t j = 0; j < m->n; j++) {
			struct link *k = &m->l[i];
			size_t len = strlen(k->shares);

			if (i != j && same_bit(k, &m->l[j]) &&
			    len + 1 + strlen(m->l[j].bdf) < sizeof(k->shares))
				snprintf(k->shares + len, sizeof(k->shares) - len, "%s%s",
					 len ? "," : "", m->l[j].bdf);
		}
}

int link_model_scan(struct link_model *m, struct backend *b)
{
	struct topo t = {0};
	char **pmus = NULL;
	size_t npmu = 0;
	int r = topo_scan(b, &t);

	link_model_free(m);
	if (r)
		return r == -ENOMEM ? r : 0; /* no PCI tree: no links */
	if (b->ops->sysfs_list(b, PMU_SYSFS_DIR, &pmus, &npmu))
		npmu = 0;
	m->l = calloc(t.n ? t.n : 1, sizeof(*m->l));
	for (size_t i = 0; m->l && i < t.n; i++) {
		if (!root_port(&t.d[i]))
			continue;
		link_state(&m->l[m->n], &t, i);
		pmu_of(b, &m->l[m->n], pmus, npmu);
		link_figures_unknown(&m->l[m->n++]);
	}
	for (size_t i = 0; i < npmu; i++)
		free(pmus[i]);
	free(pmus);
	topo_free(&t);
	if (!m->l)
		return -ENOMEM;
	shares(m);
	return 0;
}
