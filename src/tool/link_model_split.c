// SPDX-License-Identifier: GPL-2.0-only
/*
 * Port bits' counts onto their links (link_model_apply).  A link alone on
 * its bit takes the bit's figures.  Links sharing a bit split them by
 * requester, per TLP kind:
 *
 *  - the devices' side (rx_mwr, rx_mrd, tx_cpl): a request going up, and
 *    the completions coming down to it, carry the Requester ID of a
 *    function below one of the bit's links, so a link's share is what its
 *    functions' bdf= counters count, and the link with the most functions
 *    (whose functions are not counted: link_split_targets) takes what the
 *    others leave of the bit;
 *  - the host's side (tx_mwr, tx_mrd, rx_cpl): the host's requests, and
 *    the completions coming up to them, carry the Root Port's own ID, so
 *    each link's share is its Root Port's bdf= counter.  What the bit
 *    counts beyond them is a peer's (a device below another core): within
 *    SPLIT_SLACK of the bit or SPLIT_SLACK_MBPS, the counts' own spread
 *    over their turns of the multiplexed PMU, it is shared out in
 *    proportion; beyond, any of the links may have carried it, and each
 *    gets it as a range.
 *
 * Read requests count their header as traffic (pcie/traffic.h); the PMU
 * counts reads per bit only (latency pairs take no bdf=), so each link
 * gets the bit's reads in proportion to the lengths its requesters asked
 * (the read flux), exact when reads are alike on both links.  Latencies
 * stay the bit's.
 */
#include <stdio.h>
#include <string.h>

#include <pciescope/perf/pmu_name.h>
#include <pciescope/tool/link_model.h>

#include "link_model_internal.h"

/*
 * What of a bit's count may be the counts' spread rather than a peer's
 * traffic: a share of it, or a few TLPs a millisecond where it is light.
 */
#define SPLIT_SLACK 0.02
#define SPLIT_SLACK_MBPS 1.0

#define MAX_SHARED 8 /* Root Ports on one bit: the functions of one device number */

static const int device_side[] = {HISI_PCIE_RX_MWR, HISI_PCIE_RX_MRD, HISI_PCIE_TX_CPL};
static const int host_side[] = {HISI_PCIE_TX_MWR, HISI_PCIE_TX_MRD, HISI_PCIE_RX_CPL};

/* One link's part of each kind of its bit: placed on it, and possibly on it too. */
struct part {
	struct link_fig placed[HISI_PCIE_BW_KINDS];
	double unplaced[HISI_PCIE_BW_KINDS];
};

struct group {
	size_t k[MAX_SHARED]; /* indices of the links */
	struct part p[MAX_SHARED];
	const struct link_model *m;
	size_t n, rest; /* rest: the link with the most functions */
	const struct link_counts *bit;
};

static bool same_bit(const struct link *a, const struct link *b)
{
	return a->on_pmu && b->on_pmu && a->sicl == b->sicl && a->core == b->core &&
	       a->port == b->port;
}

bool link_first_of_bit(const struct link_model *m, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (same_bit(&m->l[j], &m->l[i]))
			return false;
	return m->l[i].on_pmu;
}

/* The links of link first's bit, from it on. */
static void group_of(const struct link_model *m, size_t first, struct group *g)
{
	g->m = m;
	g->n = g->rest = 0;
	for (size_t i = first; i < m->n && g->n < MAX_SHARED; i++) {
		if (!same_bit(&m->l[first], &m->l[i]))
			continue;
		if (g->n && m->l[i].nbelow > m->l[g->k[g->rest]].nbelow)
			g->rest = g->n;
		g->k[g->n++] = i;
	}
}

static const struct link *link_at(const struct group *g, size_t i)
{
	return &g->m->l[g->k[i]];
}

/* Requesters' figures of a kind, summed; unknown if any is. */
static struct link_fig requesters(const struct link_tally *t, const struct link *k,
				  const uint16_t *reqs, size_t n, int kind)
{
	struct link_fig sum = {0, true};

	for (size_t i = 0; i < n && sum.known; i++) {
		const struct link_counts *c = link_tally_find(t, k->sicl, k->core, 0, reqs[i]);

		sum.known = c && c->kind[kind].known;
		sum.v += sum.known ? c->kind[kind].v : 0;
	}
	return sum;
}

/* What the bit counted that the known parts leave, never below 0. */
static double left(struct group *g, int kind)
{
	double sum = 0;

	for (size_t i = 0; i < g->n; i++)
		sum += g->p[i].placed[kind].known ? g->p[i].placed[kind].v : 0;
	return g->bit->kind[kind].v > sum ? g->bit->kind[kind].v - sum : 0;
}

/* Unknown parts may each be all that is left. */
static void leave_open(struct group *g, int kind, double rest)
{
	for (size_t i = 0; i < g->n; i++)
		if (!g->p[i].placed[kind].known) {
			g->p[i].placed[kind] = (struct link_fig){0, true};
			g->p[i].unplaced[kind] = rest;
		}
}

static void split_device_side(struct group *g, const struct link_tally *t, int kind)
{
	struct part *rest = &g->p[g->rest];
	bool all = true;

	for (size_t i = 0; i < g->n; i++) {
		const struct link *k = link_at(g, i);

		if (i == g->rest)
			continue;
		g->p[i].placed[kind] = requesters(t, k, k->below, k->nbelow, kind);
		all &= g->p[i].placed[kind].known;
	}
	rest->placed[kind].known = false;
	if (all)
		rest->placed[kind] = (struct link_fig){left(g, kind), true};
	else
		leave_open(g, kind, left(g, kind));
}

static void split_host_side(struct group *g, const struct link_tally *t, int kind)
{
	double sum = 0, rest;
	bool all = true;

	for (size_t i = 0; i < g->n; i++) {
		g->p[i].placed[kind] = requesters(t, link_at(g, i), &link_at(g, i)->rid, 1, kind);
		all &= g->p[i].placed[kind].known;
		sum += g->p[i].placed[kind].known ? g->p[i].placed[kind].v : 0;
	}
	rest = left(g, kind);
	if (!all || (rest > SPLIT_SLACK * g->bit->kind[kind].v && rest > SPLIT_SLACK_MBPS)) {
		for (size_t i = 0; i < g->n; i++)
			if (g->p[i].placed[kind].known)
				g->p[i].unplaced[kind] = rest;
		leave_open(g, kind, rest);
		return;
	}
	for (size_t i = 0; i < g->n; i++)
		g->p[i].placed[kind].v +=
		    sum > 0 ? rest * g->p[i].placed[kind].v / sum : rest / g->n;
}

/* The bit's reads of one direction shared by the lengths each link's requesters asked. */
static void reads_of(const struct group *g, size_t i, int kind, int lat, double *placed,
		     double *unplaced)
{
	const struct link_fig *r = &g->bit->reads[lat];
	double asked = g->bit->kind[kind].v;

	*placed = *unplaced = 0;
	if (!r->known || asked <= 0)
		return;
	*placed = r->v * g->p[i].placed[kind].v / asked;
	*unplaced = r->v * g->p[i].unplaced[kind] / asked;
}

static bool direction_known(const struct link_counts *bit, int write, int cpl, int lat)
{
	return bit->kind[write].known && bit->kind[cpl].known && bit->reads[lat].known;
}

/* A direction from its kinds' parts: writes, completions and its reads' headers. */
static void settle(struct link *k, const struct group *g, size_t i, enum link_dir d)
{
	int write = d == LINK_RX ? HISI_PCIE_RX_MWR : HISI_PCIE_TX_MWR;
	int cpl = d == LINK_RX ? HISI_PCIE_RX_CPL : HISI_PCIE_TX_CPL;
	int read = d == LINK_RX ? HISI_PCIE_RX_MRD : HISI_PCIE_TX_MRD;
	int lat = d == LINK_RX ? HISI_PCIE_LAT_RX_MRD : HISI_PCIE_LAT_TX_MRD;
	const struct part *p = &g->p[i];
	struct link_flow *f = &k->dir[d];
	double reads, reads_open;
	struct pcie_flow mbps;

	if (!direction_known(g->bit, write, cpl, lat) || (g->n > 1 && !g->bit->kind[read].known))
		return;
	if (g->n > 1)
		reads_of(g, i, read, lat, &reads, &reads_open);
	else
		reads = g->bit->reads[lat].v, reads_open = 0;
	mbps = (struct pcie_flow){p->placed[write].v, p->placed[cpl].v,
				  reads * PCIE_READ_REQ_HDR_BYTES * 1e-6};
	link_flow_settle(f, g->n > 1 ? LINK_SPLIT : LINK_COUNTED, &mbps,
			 p->unplaced[write] + p->unplaced[cpl] +
			     reads_open * PCIE_READ_REQ_HDR_BYTES * 1e-6,
			 k->capacity_mbps);
	f->reads_per_s = reads_open > 0 ? -1 : reads;
	f->read_ns = g->bit->lat[lat].known ? g->bit->lat[lat].v : -1;
}

static void settle_link(struct link_model *m, const struct group *g, size_t i)
{
	struct link *k = &m->l[g->k[i]];
	const struct part *p = &g->p[i];

	link_figures_unknown(k);
	for (int c = 0; c < HISI_PCIE_BW_KINDS; c++)
		k->kind_mbps[c] = p->placed[c].known && !p->unplaced[c] ? p->placed[c].v : -1;
	for (int c = 0; c < HISI_PCIE_LAT_KINDS; c++)
		k->lat_ns[c] = g->bit->lat[c].known ? g->bit->lat[c].v : -1;
	settle(k, g, i, LINK_RX);
	settle(k, g, i, LINK_TX);
}

static void apply_group(struct link_model *m, struct group *g, const struct link_tally *t)
{
	memset(g->p, 0, sizeof(g->p));
	for (size_t k = 0; k < 3; k++) {
		int dev = device_side[k], host = host_side[k];

		if (g->n == 1) {
			g->p[0].placed[dev] = g->bit->kind[dev];
			g->p[0].placed[host] = g->bit->kind[host];
			continue;
		}
		if (g->bit->kind[dev].known)
			split_device_side(g, t, dev);
		if (g->bit->kind[host].known)
			split_host_side(g, t, host);
	}
	for (size_t i = 0; i < g->n; i++)
		settle_link(m, g, i);
}

void link_model_apply(struct link_model *m, const struct link_tally *t)
{
	for (size_t i = 0; i < m->n; i++) {
		const struct link *k = &m->l[i];
		struct group g;

		if (!link_first_of_bit(m, i) ||
		    !(g.bit = link_tally_find(t, k->sicl, k->core, k->port, 0)))
			continue;
		group_of(m, i, &g);
		apply_group(m, &g, t);
	}
}

static size_t add_target(struct link_target *out, size_t n, size_t max, const struct link *k,
			 int kind, uint16_t requester)
{
	if (out && n < max)
		out[n] = (struct link_target){k->sicl, k->core, kind, requester};
	return n + 1;
}

/* The counters that split one shared bit (link_split_targets). */
static size_t bit_targets(const struct group *g, struct link_target *out, size_t n, size_t max)
{
	for (size_t l = 0; g->n > 1 && l < g->n; l++) {
		const struct link *k = link_at(g, l);

		for (size_t r = 0; l != g->rest && r < k->nbelow; r++)
			for (size_t c = 0; c < 3; c++)
				n = add_target(out, n, max, k, device_side[c], k->below[r]);
		for (size_t c = 0; c < 3; c++)
			n = add_target(out, n, max, k, host_side[c], k->rid);
	}
	return n;
}

size_t link_bit_targets(const struct link_model *m, size_t first, struct link_target *out,
			size_t max)
{
	struct group g;

	group_of(m, first, &g);
	return bit_targets(&g, out, 0, max);
}

size_t link_split_targets(const struct link_model *m, const char *pmu, struct link_target *out,
			  size_t max)
{
	size_t n = 0;
	struct pmu_name name;
	bool one = pmu && pmu_name_parse(pmu, &name) == PMU_HISI_PCIE;

	for (size_t i = 0; i < m->n; i++) {
		const struct link *k = &m->l[i];

		if (!link_first_of_bit(m, i) ||
		    (one && (k->sicl != name.sicl || k->core != name.core)))
			continue;
		n += link_bit_targets(m, i, out ? out + (n < max ? n : max) : NULL,
				      n < max ? max - n : 0);
	}
	return n;
}
