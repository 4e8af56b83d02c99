// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PCIe PMU pairs the link model reads (link_model_add_events), for the
 * PMU sampler of top, serve and diagnose and for `stat -M pcie_link`:
 * per port bit a flux/time pair of each TLP kind and a latency/cnt pair of
 * each kind with a latency; per shared bit the requester-filtered pairs
 * that split it (link_split_targets).
 *
 * Pairs go into groups of one PMU (GROUP_PAIRS): a group runs whole or not
 * at all and the PMU rotates groups one per mux interval, so full groups
 * let every pair run within a few intervals, and the pairs of a group
 * count over the same span.  A kind's pair and the pairs splitting
 * it go in one group: a link that takes what the others leave of its bit
 * then takes it from the same windows of traffic, not from windows the
 * bursts of a light workload make differ.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/perf/pmu_name.h>
#include <pciescope/tool/link_model.h>

#include "link_model_internal.h"

/*
 * Pairs a group holds: half the PMU's eight counters, so two groups count
 * at once and a few small blocks fill the PMU where groups of eight would
 * leave counters idle beside a half-empty one.
 */
#define GROUP_PAIRS 4

struct group_text {
	char text[GROUP_PAIRS * 160];
	char pmu[64];
	size_t pairs;
	struct event_list *l;
	const struct perf_pmu_source *src;
	struct error *e;
};

static int flush_group(struct group_text *g)
{
	size_t len = strlen(g->text);
	int r;

	if (!g->pairs)
		return 0;
	snprintf(g->text + len, sizeof(g->text) - len, "}");
	r = event_list_add(g->l, g->text, g->src, g->e);
	g->pairs = 0;
	g->text[0] = 0;
	return r;
}

/* Appends pmu's pair <kind>_<main>/<kind>_<ext> with filter (port=/bdf=) to the group. */
static int add_pair(struct group_text *g, unsigned sicl, unsigned core, const char *kind,
		    bool latency, const char *filter)
{
	char pmu[PMU_NAME_LEN];
	size_t len;
	int r = 0;

	pmu_name_format((struct pmu_name){PMU_HISI_PCIE, sicl, core}, pmu, sizeof(pmu));
	if (g->pairs == GROUP_PAIRS || (g->pairs && strcmp(g->pmu, pmu)))
		r = flush_group(g);
	if (r)
		return r;
	snprintf(g->pmu, sizeof(g->pmu), "%s", pmu);
	len = strlen(g->text);
	snprintf(g->text + len, sizeof(g->text) - len, "%s%s/%s_%s,%s/,%s/%s_%s,%s/",
		 g->pairs ? "," : "{", pmu, kind, latency ? "latency" : "flux", filter, pmu, kind,
		 latency ? "cnt" : "time", filter);
	g->pairs++;
	return 0;
}

static bool on(const struct link *k, const char *pmu)
{
	struct pmu_name name;

	return k->on_pmu && (!pmu || (pmu_name_parse(pmu, &name) == PMU_HISI_PCIE &&
				      name.sicl == k->sicl && name.core == k->core));
}

/* A group counts a block of pairs whole: a new group when it would not fit. */
static int begin_block(struct group_text *g, size_t pairs)
{
	return g->pairs + pairs > GROUP_PAIRS ? flush_group(g) : 0;
}

/*
 * A port bit's pairs: each bandwidth kind in a block with the pairs that
 * split it by requester, so the split and the bit's total count over the
 * same turns of the PMU; then the latency pairs.
 */
/* Whether a kind is counted for `what`: traffic needs no asked-for read length unless split. */
static bool wanted_kind(enum link_events what, bool latency, int kind, bool shared)
{
	if (what == LINK_EVENTS_ALL)
		return true;
	if (latency)
		return kind != HISI_PCIE_LAT_RX_MWR;
	return shared || (kind != HISI_PCIE_RX_MRD && kind != HISI_PCIE_TX_MRD);
}

static int bit_pairs(struct group_text *g, const struct link_model *m, size_t first,
		     enum link_events what)
{
	const struct link *k = &m->l[first];
	size_t n = link_bit_targets(m, first, NULL, 0);
	struct link_target *t = calloc(n ? n : 1, sizeof(*t));
	char filter[32];
	int r = t ? 0 : -ENOMEM;

	if (t)
		link_bit_targets(m, first, t, n);
	for (int c = 0; c < HISI_PCIE_BW_KINDS && !r; c++) {
		size_t block = 1;

		if (!wanted_kind(what, false, c, n > 0))
			continue;
		for (size_t i = 0; i < n; i++)
			block += t[i].kind == c;
		snprintf(filter, sizeof(filter), "port=%#x", k->port);
		r = begin_block(g, block);
		if (!r)
			r = add_pair(g, k->sicl, k->core, hisi_pcie_bw_kinds[c], false, filter);
		for (size_t i = 0; i < n && !r; i++) {
			if (t[i].kind != c)
				continue;
			snprintf(filter, sizeof(filter), "bdf=%#x", t[i].requester);
			r = add_pair(g, k->sicl, k->core, hisi_pcie_bw_kinds[c], false, filter);
		}
	}
	snprintf(filter, sizeof(filter), "port=%#x", k->port);
	for (int c = 0; c < HISI_PCIE_LAT_KINDS && !r; c++)
		if (wanted_kind(what, true, c, n > 0))
			r = add_pair(g, k->sicl, k->core, hisi_pcie_lat_kinds[c], true, filter);
	free(t);
	return r;
}

int link_model_add_events(const struct link_model *m, const char *pmu, enum link_events what,
			  struct event_list *l, const struct perf_pmu_source *src, struct error *e)
{
	struct group_text g = {.l = l, .src = src, .e = e};
	int r = 0;

	for (size_t i = 0; i < m->n && !r; i++)
		if (link_first_of_bit(m, i) && on(&m->l[i], pmu))
			r = bit_pairs(&g, m, i, what);
	if (!r)
		r = flush_group(&g);
	return r == -ENOMEM ? error_set(e, r, "out of memory") : r;
}
