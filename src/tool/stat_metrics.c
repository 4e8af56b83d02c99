// SPDX-License-Identifier: GPL-2.0-only
/*
 * Related pairs and their derived metrics.  Two events are a pair when they
 * are on the same PCIe PMU with the same code [15:0] and the same filters
 * (config1, config2) and differ in bit 16: the main counter (latency or
 * flux) and the extended one (cnt or time).  Formulas (docs/pcie_pmu.md):
 *   average latency [ns]  = latency / cnt * cycle_ns
 *   bandwidth [MB/s]      = flux [bytes] / (time * cycle_ns [ns]) * 1000
 * Only a pair counted in one group starts and stops together, so a pair
 * split across groups is warned about.  AMD IOMMU events get the ratios of
 * perf/amd_iommu_events.h when their denominator event is counted too, on
 * the same PMU with the same filters.
 */
#include <stdio.h>
#include <string.h>

#include <pciescope/perf/amd_iommu_events.h>
#include <pciescope/perf/hisi_pcie_events.h>
#include <pciescope/tool/event_list.h>
#include <pciescope/tool/stat.h>
#include <pciescope/tool/warn.h>

static bool pair_of(const struct perf_event_spec *a, const struct perf_event_spec *b)
{
	return hisi_pcie_pmu_name(a->pmu) && b->pmu && !strcmp(a->pmu, b->pmu) &&
	       hisi_pcie_pair(&a->attr, &b->attr);
}

static void link_pair(struct event_list *l, size_t i, size_t j)
{
	size_t main = l->ev[i].spec->attr.config & HISI_PCIE_EXT_COUNTER ? j : i;

	l->ev[i].partner = (int)j;
	l->ev[j].partner = (int)i;
	l->ev[main].metric = hisi_pcie_event_class(l->ev[main].spec->attr.config);
	if (l->ev[i].spec->leader != l->ev[j].spec->leader)
		tool_warn("warning: '%s' and '%s' are related events but not in one "
			  "group; they may count over different spans (write {%s,%s})",
			  l->ev[i].spec->text, l->ev[j].spec->text, l->ev[i].spec->text,
			  l->ev[j].spec->text);
}

static bool denom_of(const struct perf_event_spec *a, const struct perf_event_spec *b)
{
	int want = amd_iommu_metric_partner((uint8_t)a->attr.config);

	return want >= 0 && amd_iommu_pmu_name(a->pmu) && b->pmu && !strcmp(a->pmu, b->pmu) &&
	       (b->attr.config & 0xff) == (uint64_t)want &&
	       (a->attr.config & ~0xffull) == (b->attr.config & ~0xffull) &&
	       a->attr.config1 == b->attr.config1;
}

static void find_denominators(struct event_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		for (size_t j = 0; j < l->n && l->ev[i].denom < 0; j++)
			if (denom_of(l->ev[i].spec, l->ev[j].spec))
				l->ev[i].denom = (int)j;
}

void event_list_find_pairs(struct event_list *l)
{
	find_denominators(l);
	for (size_t i = 0; i < l->n; i++) {
		for (size_t j = i + 1; j < l->n && l->ev[i].partner < 0; j++) {
			if (l->ev[j].partner < 0 && pair_of(l->ev[i].spec, l->ev[j].spec))
				link_pair(l, i, j);
		}
	}
}

/*
 * perf's rate for an event without a metric of its own when a clock is
 * counted beside it: events per second of that clock, with K/M/G.
 */
static bool per_second(const struct stat_config *s, size_t i, const struct backend_count *vals,
		       double *value, const char **unit)
{
	static const char *const units[] = {"/sec", "K/sec", "M/sec", "G/sec"};
	double ns = 0, r;
	int u = 0;

	for (size_t k = 0; k < s->events.n && !ns; k++)
		if (s->events.ev[k].clock && vals[k].running)
			ns = count_scaled(&vals[k]);
	if (!ns)
		return false;
	r = 1e9 * count_scaled(&vals[i]) / ns;
	while (r >= 1000 && u < 3) {
		r /= 1000;
		u++;
	}
	*value = r;
	*unit = units[u];
	return true;
}

bool stat_metric_value(const struct stat_config *s, size_t i, const struct backend_count *vals,
		       double *value, const char **unit)
{
	const struct event *c = &s->events.ev[i];

	/* perf's "CPUs utilized": clock time over the span it was counted in. */
	if (c->clock) {
		if (!s->span_ns)
			return false;
		*value = count_scaled(&vals[i]) / (double)s->span_ns;
		*unit = "CPUs utilized";
		return true;
	}
	if (c->denom >= 0)
		return amd_iommu_metric((uint8_t)c->spec->attr.config, count_scaled(&vals[i]),
					count_scaled(&vals[c->denom]), value, unit);
	if (c->partner >= 0)
		return hisi_pcie_metric(c->metric, count_scaled(&vals[i]),
					count_scaled(&vals[c->partner]), value, unit);
	return per_second(s, i, vals, value, unit);
}
