// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PMU sampler of `serve`, `top` and live `diagnose`:
 *
 *  - the PCIe PMU pairs the link model reads (link_model_add_events: per
 *    port bit and TLP kind a flux/time or latency/cnt pair, whose derived
 *    metric the stat code computes, so `serve`, `top` and `stat --metrics`
 *    agree, and the requester-filtered pairs splitting shared bits), with
 *    a series per port bit's pair for serve's counters;
 *  - every named event of every AMD IOMMU PMU (amd_iommu_<n>).
 *
 * Everything is read through the backend, so the samples are the same on the
 * emulated platform and on a host.  Counters are opened once, as perf stat
 * opens them (groups, system-wide on the PMU's cpumask); the PMU
 * multiplexes them and values are scaled by enabled/running.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/base/error.h>
#include <pciescope/backend/interrupt.h>
#include <pciescope/backend/sysfs_read.h>
#include <pciescope/perf/pmu_name.h>
#include <pciescope/tool/event_list.h>
#include <pciescope/tool/pmu_sampler.h>
#include <pciescope/tool/pmu_source.h>

/* The Root Ports on a port bit, comma-separated. */
static void bit_ports(const struct link_model *m, const struct pmu_series *se, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = 0;
	for (size_t i = 0; i < m->n && len < n; i++) {
		const struct link *k = &m->l[i];

		if (k->on_pmu && k->sicl == se->sicl && k->core == se->core && k->port == se->port)
			len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? "," : "", k->bdf);
	}
}

/* A series per pair counting a port bit (the main event of a pair with port=). */
static int find_series(struct pmu_sampler *ps)
{
	const struct event_list *l = &ps->s.events;

	for (size_t i = 0; i < l->n; i++) {
		const struct perf_event_attr *a = &l->ev[i].spec->attr;
		int bw = hisi_pcie_bw_kind(a->config), lat = hisi_pcie_lat_kind(a->config);
		struct pmu_series *se;
		struct pmu_name name;

		if ((a->config & HISI_PCIE_EXT_COUNTER) || !(a->config2 & 0xffff) ||
		    (bw < 0 && lat < 0))
			continue;
		se = realloc(ps->ser, (ps->nser + 1) * sizeof(*se));
		if (!se)
			return error_set(&ps->s.err, -ENOMEM, "out of memory");
		ps->ser = se;
		se = &se[ps->nser++];
		*se = (struct pmu_series){
		    .port = (unsigned)(a->config2 & 0xffff), .latency = lat >= 0, .main = i};
		if (pmu_name_parse(l->ev[i].spec->pmu, &name) == PMU_HISI_PCIE) {
			se->sicl = name.sicl;
			se->core = name.core;
		}
		snprintf(se->tlp, sizeof(se->tlp), "%s",
			 lat >= 0 ? hisi_pcie_lat_kinds[lat] : hisi_pcie_bw_kinds[bw]);
		bit_ports(&ps->links, se, se->bdf, sizeof(se->bdf));
	}
	return 0;
}

static int add_iommu_event(struct pmu_sampler *ps, const char *pmu, unsigned n, const char *event,
			   const struct perf_pmu_source *src)
{
	char ev[192];
	struct pmu_iommu_event *io = realloc(ps->iommu, (ps->niommu + 1) * sizeof(*io));

	if (!io)
		return -ENOMEM;
	ps->iommu = io;
	io = &io[ps->niommu];
	io->counter = ps->s.events.n;
	snprintf(ev, sizeof(ev), "%s/%s/", pmu, event);
	if (event_list_add(&ps->s.events, ev, src, &ps->s.err))
		return -EINVAL;
	io->iommu = n;
	snprintf(io->event, sizeof(io->event), "%s", event);
	ps->niommu++;
	return 0;
}

static int add_iommu(struct pmu_sampler *ps, struct backend *b, const char *pmu,
		     const struct perf_pmu_source *src)
{
	char path[256], **ev = NULL;
	size_t nev = 0;
	struct pmu_name name;
	int r = 0;

	if (pmu_name_parse(pmu, &name) != PMU_AMD_IOMMU)
		return 0;
	snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/events", pmu);
	if (b->ops->sysfs_list(b, path, &ev, &nev))
		return 0;
	for (size_t i = 0; i < nev; i++) {
		if (!r && !strchr(ev[i], '.'))
			r = add_iommu_event(ps, pmu, name.index, ev[i], src);
		free(ev[i]);
	}
	free(ev);
	return r;
}

static int add_iommus(struct pmu_sampler *ps, struct backend *b, const struct perf_pmu_source *src)
{
	char **pmus = NULL;
	size_t npmu = 0;
	int r = 0;

	if (b->ops->sysfs_list(b, PMU_SYSFS_DIR, &pmus, &npmu))
		npmu = 0;
	for (size_t i = 0; i < npmu; i++) {
		if (!r)
			r = add_iommu(ps, b, pmus[i], src);
		free(pmus[i]);
	}
	free(pmus);
	return r;
}

static int finish_events(struct pmu_sampler *ps)
{
	struct stat_config *s = &ps->s;

	event_list_find_pairs(&s->events);
	ps->shown = calloc(s->events.n ? s->events.n : 1, sizeof(*ps->shown));
	if (!ps->shown)
		return error_set(&s->err, -ENOMEM, "out of memory");
	return 0;
}

int pmu_sampler_open(struct pmu_sampler *ps, struct backend *b, const struct pmu_sampler_opts *o)
{
	const struct pmu_sampler_opts all = {.iommu = true};
	struct perf_pmu_source src;
	int r;

	o = o ? o : &all;
	ps->s.b = b;
	pmu_source_backend(b, &src);
	r = link_model_scan(&ps->links, b);
	if (r)
		return error_set(&ps->s.err, r, "out of memory");
	r = link_model_add_events(&ps->links, o->pmu,
				  o->traffic_only ? LINK_EVENTS_TRAFFIC : LINK_EVENTS_ALL,
				  &ps->s.events, &src, &ps->s.err);
	if (!r)
		r = find_series(ps);
	if (!r && o->iommu)
		r = add_iommus(ps, b, &src);
	if (!r)
		stat_note_kernel_differences(&ps->s.events.parsed, &src, b);
	if (!r)
		r = finish_events(ps);
	if (!r && ps->s.events.n)
		r = event_list_open(&ps->s.events, b, &ps->s.err);
	ps->last_ns = b->ops->now_ns(b);
	return r;
}

int pmu_sampler_read(struct pmu_sampler *ps, struct backend_count *delta)
{
	struct stat_config *s = &ps->s;
	uint64_t now = s->b->ops->now_ns(s->b);
	int r = s->events.n ? event_list_read(&s->events, &s->err) : 0;

	if (r)
		return r;
	ps->span_ns = now - ps->last_ns;
	ps->last_ns = now;
	event_list_delta(&s->events, delta);
	return 0;
}

bool pmu_sampler_all_counted(struct pmu_sampler *ps)
{
	struct event_list *l = &ps->s.events;

	if (l->n && event_list_read(l, &ps->s.err))
		return true; /* the next pmu_sampler_read meets the error and tells it */
	for (size_t i = 0; i < l->n; i++)
		if (l->ev[i].handle >= 0 && l->ev[i].cur.running == l->ev[i].prev.running)
			return false;
	return true;
}

int pmu_sampler_run_until_counted(struct pmu_sampler *ps, uint64_t until_ns)
{
	struct backend *b = ps->s.b;
	int r = 0;

	while (!r && !interrupt_requested() && b->ops->run_for && b->ops->now_ns(b) < until_ns &&
	       !pmu_sampler_all_counted(ps))
		r = b->ops->run_for(b, 1000000);
	return r;
}

int pmu_sampler_links(struct pmu_sampler *ps, const struct backend_count *delta)
{
	int r = link_model_scan(&ps->links, ps->s.b);

	if (!r)
		link_model_count(&ps->links, &ps->s.events, delta);
	return r;
}

void pmu_sampler_close(struct pmu_sampler *ps)
{
	event_list_free(&ps->s.events);
	link_model_free(&ps->links);
	free(ps->ser);
	free(ps->iommu);
	free(ps->shown);
}
