// SPDX-License-Identifier: GPL-2.0-only
/*
 * `stat -M GROUPS`: perf's metric groups for pciescope's derived metrics.
 * A group names the events its metrics need, and -M expands it for every
 * PMU of the backend it applies to, each pair in a group of its own so
 * both halves count over one span (stat_metrics.c):
 *   pcie_bandwidth  the flux/time pair of each TLP kind, all Root Ports
 *                   of the PCIe PMU (port=0xffff, as the PMU document's example)
 *   pcie_latency    the latency/cnt pair of each TLP kind with a latency
 *   pcie_link       every pair the link model reads for each Root Port's
 *                   link (tool/link_model.h: per port bit and kind, and
 *                   the requester pairs splitting a shared bit), grouped
 *                   by eight, so --metrics shows each link's traffic and use
 *   iommu           the hit/miss pairs and walk reads of each AMD IOMMU
 * The expansion is perf event syntax, so what it opens is exactly what the
 * same -e would.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/base/error.h>
#include <pciescope/backend/sysfs_read.h>
#include <pciescope/perf/hisi_pcie_events.h>
#include <pciescope/perf/pmu_name.h>
#include <pciescope/tool/link_model.h>
#include <pciescope/tool/pmu_source.h>
#include <pciescope/tool/stat.h>

/*
 * Miss/hit pairs of the three caches, then walk reads over translations, by
 * their events/ names (csource 0x7, 0x6, 0x9, 0x8, 0xb, 0xa, 0xc, 0x5), so
 * that stat labels each line with what it counts.
 */
static const char *const iommu_names[] = {"mem_iommu_tlb_pte_mis", "mem_iommu_tlb_pte_hit",
					  "mem_iommu_tlb_pde_mis", "mem_iommu_tlb_pde_hit",
					  "mem_dte_mis",	   "mem_dte_hit",
					  "page_tbl_read_tot",	   "mem_trans_total"};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static int parse(struct stat_config *s, const char *ev, const struct perf_pmu_source *src)
{
	struct error e;
	int r = event_list_add(&s->events, ev, src, &e);

	return r ? error_set(&s->err, r, "-M: %s", e.msg) : 0;
}

static int pcie_pairs(struct stat_config *s, const char *pmu, bool latency,
		      const struct perf_pmu_source *src)
{
	const char *const *kinds = latency ? hisi_pcie_lat_kinds : hisi_pcie_bw_kinds;
	size_t n = latency ? HISI_PCIE_LAT_KINDS : HISI_PCIE_BW_KINDS;
	char ev[256];

	for (size_t k = 0; k < n; k++) {
		snprintf(ev, sizeof(ev), "{%s/%s_%s,port=0xffff/,%s/%s_%s,port=0xffff/}", pmu,
			 kinds[k], latency ? "latency" : "flux", pmu, kinds[k],
			 latency ? "cnt" : "time");
		int r = parse(s, ev, src);

		if (r)
			return r;
	}
	return 0;
}

static int iommu_events(struct stat_config *s, const char *pmu, const struct perf_pmu_source *src)
{
	char ev[128];

	for (size_t k = 0; k < ARRAY_SIZE(iommu_names); k++) {
		snprintf(ev, sizeof(ev), "%s/%s/", pmu, iommu_names[k]);
		int r = parse(s, ev, src);

		if (r)
			return r;
	}
	return 0;
}

const char *const stat_metric_groups[] = {"pcie_bandwidth", "pcie_latency", "pcie_link", "iommu",
					  NULL};

/* pcie_link: the link model's pairs of every link on a PCIe PMU. */
static int link_events(struct stat_config *s, const struct perf_pmu_source *src, size_t *found)
{
	struct link_model m = {0};
	struct error e;
	int r = link_model_scan(&m, s->b);

	for (size_t i = 0; !r && i < m.n; i++)
		*found += m.l[i].on_pmu;
	if (!r && *found && link_model_add_events(&m, NULL, LINK_EVENTS_ALL, &s->events, src, &e))
		r = error_set(&s->err, -EINVAL, "-M pcie_link: %s", e.msg);
	link_model_free(&m);
	return r;
}

/* Expands one group over the PMUs; *found counts the PMUs it applied to. */
static int expand(struct stat_config *s, const char *group, char **pmus, size_t n,
		  const struct perf_pmu_source *src, size_t *found)
{
	bool bw = !strcmp(group, "pcie_bandwidth"), lat = !strcmp(group, "pcie_latency");
	bool iommu = !strcmp(group, "iommu");

	if (!strcmp(group, "pcie_link"))
		return link_events(s, src, found);
	if (!bw && !lat && !iommu)
		return error_set(&s->err, -ENOENT,
				 "-M '%s': no such metric group (pcie_bandwidth, pcie_latency, "
				 "pcie_link, iommu)",
				 group);
	for (size_t i = 0; i < n; i++) {
		int r = 0;

		if ((bw || lat) && hisi_pcie_pmu_name(pmus[i]))
			r = pcie_pairs(s, pmus[i], lat, src);
		else if (iommu && pmu_name_parse(pmus[i], NULL) == PMU_AMD_IOMMU)
			r = iommu_events(s, pmus[i], src);
		else
			continue;
		if (r)
			return r;
		(*found)++;
	}
	return 0;
}

int stat_add_metric_groups(struct stat_config *s, const char *groups,
			   const struct perf_pmu_source *src)
{
	char *list = strdup(groups), *save = NULL, **pmus = NULL;
	size_t n = 0;
	int r = 0;

	if (!list)
		return error_set(&s->err, -ENOMEM, "out of memory");
	if (backend_list_dir(s->b, PMU_SYSFS_DIR, &pmus, &n))
		n = 0;
	for (char *g = strtok_r(list, ",", &save); g && !r; g = strtok_r(NULL, ",", &save)) {
		size_t found = 0;

		r = expand(s, g, pmus, n, src, &found);
		if (!r && !found)
			r = error_set(&s->err, -ENODEV, "-M '%s': this machine has no PMU for it",
				      g);
	}
	backend_names_free(pmus, n);
	free(list);
	return r;
}
