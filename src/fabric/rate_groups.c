// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rate model's closed part (rate.c has the windows and skips): what a
 * skip adds to the counting observers and to the statistics, from the
 * window before it.
 *
 * Each window's TLPs are grouped by what a counter filters on (port,
 * direction, class, CPL set, header DW0 but its tag bits, requester,
 * payload, prefix, last completion) by an observer of the model's own, the
 * recorder.  A skip shows each group in bulk records, scaled by the time
 * skipped.  But not as the window counted it, requester by requester:
 * requesters that share a port take turns (mixed's six NIC functions
 * share 00:10.0's request slots round robin, about 20 us each), so a
 * window of 5 us holds one or two of them, and the few windows that stand
 * for milliseconds give one requester's share at random (01:00.0's
 * completions over 5 ms: 140608 bytes against the per-TLP engine's
 * 10108896).  So the window gives the total of the TLPs alike but for
 * their requester (an aggregate), and each requester's share of it comes
 * from every window since the model began in the domain: the windows
 * joined end to end are the per-TLP engine's run, so that is the share
 * the engine gives over all that time, and it averages over the turns
 * (the engine's own share over 1 ms strays 2.6 %, over 100 us 30 %).
 * The statistics of the endpoints below a port are shared out alike.  A
 * group alone in its aggregate is scaled as its window counted it.
 *
 * Shares are fixed-point (RATE_FRAC bits), so a requester's fraction of a
 * window's TLPs is not rounded away before the skip scales it, and what a
 * skip leaves below one carries to the next: a status read in one window
 * of twenty, shared six ways, is a twentieth of a TLP per skip.
 */
#include <stdlib.h>
#include <string.h>

#include "rate.h"

#define RATE_SLOTS 4096 /* hash of the groups, and of the aggregates: powers of two */
#define RATE_MAX_GROUPS (RATE_SLOTS / 2)
#define RATE_FRAC 16
#define REQUESTER_BITS (0xffffull << 16)			    /* in group key[0] */
#define TAG_HI_BITS (((uint64_t)1 << 23 | (uint64_t)1 << 19) << 32) /* DW0's T9 and T8 */

/* Alike for a counter: the key of a TLP's group (its tag's high bits left out). */
static void group_key(const struct fabric_tlp *t, uint64_t k[2])
{
	bool cpl = t->cls == TLP_CLASS_CPL;
	uint32_t bc = t->hdr[1] & 0xfff;
	bool last = cpl && (bc ? bc : 4096) <= t->payload_bytes;
	uint32_t requester = (cpl ? t->hdr[2] : t->hdr[1]) >> 16;

	k[0] = ((uint64_t)t->hdr[0] << 32 & ~TAG_HI_BITS) | requester << 16 |
	       (t->payload_bytes & 0xffff);
	k[1] = (uint64_t)(uint32_t)t->port << 32 | (uint64_t)t->dir << 24 | (uint64_t)t->cls << 16 |
	       (uint64_t)t->cpl_set << 8 | (uint64_t)last << 1 | (t->prefix != 0);
}

static unsigned slot_of(const uint64_t k[2])
{
	uint64_t h = (k[0] ^ (k[1] * 0x9e3779b97f4a7c15ull)) * 0xff51afd7ed558ccdull;

	return (unsigned)(h >> 52) & (RATE_SLOTS - 1);
}

/* The aggregate of key k (its requester left out): found, or made; -1 when full. */
static int agg_of(struct frate *r, const uint64_t key[2])
{
	uint64_t k[2] = {key[0] & ~REQUESTER_BITS, key[1]};
	unsigned i;

	for (i = slot_of(k); r->agg_slot[i] >= 0; i = (i + 1) & (RATE_SLOTS - 1)) {
		const struct frate_agg *a = &r->agg[r->agg_slot[i]];

		if (a->key[0] == k[0] && a->key[1] == k[1])
			return r->agg_slot[i];
	}
	if (r->nagg == RATE_MAX_GROUPS)
		return -1;
	r->agg_slot[i] = r->nagg;
	r->agg[r->nagg] = (struct frate_agg){.key = {k[0], k[1]}, .first = -1};
	return r->nagg++;
}

static struct frate_group *group_new(struct frate *r, const struct fabric_tlp *t,
				     const uint64_t k[2], unsigned i)
{
	int a = r->ng < RATE_MAX_GROUPS ? agg_of(r, k) : -1;
	struct frate_group *g;

	if (a < 0) {
		r->overflow = true;
		return NULL;
	}
	r->slot[i] = r->ng;
	r->shared |= r->agg[a].first >= 0;
	g = &r->g[r->ng];
	*g =
	    (struct frate_group){.rep = *t, .key = {k[0], k[1]}, .agg = a, .next = r->agg[a].first};
	r->agg[a].first = r->ng++;
	return g;
}

/* The recorder: every TLP of a window that the fluid part did not take, into its group. */
static void rate_record(void *ctx, const struct fabric_tlp *t)
{
	struct fabric *f = ctx;
	struct frate *r = rate_of(f, f->running);
	struct frate_group *g = NULL;
	uint64_t k[2];
	unsigned i;

	if (r->phase != RATE_WINDOW || r->overflow || r->fluid_seq == f->running->seq)
		return;
	group_key(t, k);
	for (i = slot_of(k); r->slot[i] >= 0; i = (i + 1) & (RATE_SLOTS - 1)) {
		g = &r->g[r->slot[i]];
		if (g->key[0] == k[0] && g->key[1] == k[1])
			break;
		g = NULL;
	}
	if (!g && !(g = group_new(r, t, k, i)))
		return;
	if (!g->n && !g->lat)
		r->touched[r->ntouched++] = (int)(g - r->g);
	g->n += t->count;
	g->lat += t->lat_sum_ns;
}

static bool is_recorder(const struct fobs *ob)
{
	return ob->fn == rate_record;
}

void rate_show(const struct fport *p, const struct fabric_tlp *o)
{
	for (int k = 0; k < p->nobs; k++)
		if (p->obs[k].counts && !is_recorder(&p->obs[k]) &&
		    (p->obs[k].classes & FABRIC_CLASS_BIT(o->dir, o->cls)))
			p->obs[k].fn(p->obs[k].ctx, o);
}

/* Whether an observer of port p counts: the recorder's groups are shown to those alone. */
static bool counted(const struct fport *p)
{
	for (int o = 0; o < p->nobs; o++)
		if (p->obs[o].counts)
			return true;
	return false;
}

bool rate_counted(const struct fabric *f, int d)
{
	for (int i = 0; i < f->nports; i++)
		if (f->ports[i].dom == d && counted(&f->ports[i]))
			return true;
	return false;
}

void rate_observers(struct fabric *f)
{
	for (int i = 0; i < f->nports; i++) {
		struct fport *p = &f->ports[i];

		if (!counted(p) || !rate_runs(f, &f->doms[p->dom]) ||
		    is_recorder(&p->obs[p->nobs - 1]))
			continue;
		/* it asks: it reads nothing, and a skip is not shown to it */
		p->obs[p->nobs++] = (struct fobs){.classes = FABRIC_CLASSES_ALL,
						  .fn = rate_record,
						  .ctx = f,
						  .sicl = 0xffff,
						  .core = 0xffff,
						  .want = true,
						  .counts = true,
						  .asks = true};
		p->classes = FABRIC_CLASSES_ALL;
	}
}

/* The groups forget every window: the shares start afresh. */
static void groups_forget(struct frate *r)
{
	memset(r->slot, 0xff, sizeof(*r->slot) * RATE_SLOTS);
	memset(r->agg_slot, 0xff, sizeof(*r->agg_slot) * RATE_SLOTS);
	r->ng = r->nagg = r->ntouched = r->ndl = 0;
	r->forget = r->shared = false;
	r->hist_ps = 0;
}

bool rate_groups_ready(struct frate *r)
{
	if (r->g)
		return true;
	r->g = malloc(sizeof(*r->g) * RATE_MAX_GROUPS);
	r->agg = malloc(sizeof(*r->agg) * RATE_MAX_GROUPS);
	r->slot = malloc(sizeof(*r->slot) * RATE_SLOTS);
	r->agg_slot = malloc(sizeof(*r->agg_slot) * RATE_SLOTS);
	r->touched = malloc(sizeof(*r->touched) * RATE_MAX_GROUPS);
	r->dl = malloc(sizeof(*r->dl) * RATE_MAX_GROUPS);
	if (!r->g || !r->agg || !r->slot || !r->agg_slot || !r->touched || !r->dl) {
		rate_groups_free(r);
		return false;
	}
	groups_forget(r);
	return true;
}

void rate_groups_free(struct frate *r)
{
	free(r->g);
	free(r->agg);
	free(r->slot);
	free(r->agg_slot);
	free(r->touched);
	free(r->dl);
	r->g = NULL;
	r->agg = NULL;
	r->slot = r->agg_slot = r->touched = r->dl = NULL;
}

void rate_groups_restart(struct frate *r)
{
	if (r->g)
		r->forget = true;
}

/* A window opens: the last one's counts are emptied (the history keeps them). */
void rate_groups_open(struct frate *r)
{
	if (r->forget)
		groups_forget(r);
	for (int i = 0; i < r->ntouched; i++) {
		struct frate_group *g = &r->g[r->touched[i]];

		g->n = g->lat = 0;
		r->agg[g->agg].n = r->agg[g->agg].lat = 0;
	}
	r->ntouched = 0;
	r->overflow = false;
}

/*
 * The window into the history; for a skip, what each group of an
 * aggregate the window saw is to add: the aggregate's window count by the
 * group's share of the history.
 */
void rate_groups_close(struct frate *r, bool skipping)
{
	if (r->overflow) {
		r->forget = true;
		return;
	}
	r->hist_ps += r->len;
	for (int i = 0; i < r->ntouched; i++) {
		struct frate_group *g = &r->g[r->touched[i]];
		struct frate_agg *a = &r->agg[g->agg];

		g->hn += g->n;
		g->hlat += g->lat;
		a->n += g->n;
		a->lat += g->lat;
		a->hn += g->n;
		a->hlat += g->lat;
		a->seen = false;
	}
	r->ndl = 0;
	for (int i = 0; skipping && i < r->ntouched; i++) {
		struct frate_agg *a = &r->agg[r->g[r->touched[i]].agg];

		if (a->seen)
			continue;
		a->seen = true;
		for (int j = a->first; j >= 0; j = r->g[j].next) {
			struct frate_group *g = &r->g[j];

			g->wn = rate_mul_div(a->n << RATE_FRAC, g->hn, 0, a->hn, NULL);
			g->wlat = a->hlat
				      ? rate_mul_div(a->lat << RATE_FRAC, g->hlat, 0, a->hlat, NULL)
				      : 0;
			g->sent_n = g->sent_lat = 0;
			if (g->wn || g->wlat)
				r->dl[r->ndl++] = j;
		}
	}
}

/* What x, fixed-point, comes to over done_ns of a skip, with the last skip's carry. */
static uint64_t scaled_whole(uint64_t x, uint64_t *carry, uint64_t done_ns, uint64_t win_ns,
			     bool end)
{
	uint64_t v = rate_scaled(x, done_ns, win_ns) + *carry;

	if (end)
		*carry = v & ((1u << RATE_FRAC) - 1);
	return v >> RATE_FRAC;
}

void rate_groups_deliver(struct fabric *f, struct fdomain *d, uint64_t done_ns, uint64_t win_ns,
			 bool end)
{
	struct frate *r = rate_of(f, d);

	for (int i = 0; i < r->ndl; i++) {
		struct frate_group *g = &r->g[r->dl[i]];
		struct fabric_tlp o = g->rep;
		const struct fport *p = &f->ports[f->nodes[o.port].port];

		o.count = scaled_whole(g->wn, &g->carry_n, done_ns, win_ns, end) - g->sent_n;
		o.lat_sum_ns =
		    scaled_whole(g->wlat, &g->carry_lat, done_ns, win_ns, end) - g->sent_lat;
		if (!o.count) { /* its latency is shown with its next TLPs */
			g->carry_lat += end ? o.lat_sum_ns << RATE_FRAC : 0;
			continue;
		}
		g->sent_n += o.count;
		g->sent_lat += o.lat_sum_ns;
		o.time_ns = o.req_time_ns = d->now / PS_PER_NS;
		o.seq = d->seq | FABRIC_SEQ_BULK;
		rate_show(p, &o);
	}
}

/* The statistics as words, to scale them one like the other. */
#define STAT_WORDS (sizeof(struct fabric_port_stats) / sizeof(uint64_t))
_Static_assert(sizeof(struct fabric_port_stats) == STAT_WORDS * sizeof(uint64_t),
	       "the statistics are 64-bit counters only");

/* Copied, not cast: the statistics are read as one array of words. */
static void words_of(const struct fabric_port_stats *s, uint64_t w[STAT_WORDS])
{
	memcpy(w, s, sizeof(*s));
}

static void words_to(struct fabric_port_stats *s, const uint64_t w[STAT_WORDS])
{
	memcpy(s, w, sizeof(*s));
}

static void stats_free(struct rate_model *m)
{
	free(m->snap);
	free(m->win);
	free(m->sent);
	free(m->hist);
	free(m->port_win);
	free(m->port_hist);
	free(m->carry);
	m->snap = m->win = m->sent = m->hist = m->port_win = m->port_hist = m->carry = NULL;
	m->nnodes = 0;
}

void rate_stats_free(struct rate_model *m)
{
	stats_free(m);
}

/* Per node room for the windows' statistics; a new node restarts every window. */
bool rate_stats_ready(struct fabric *f)
{
	struct rate_model *m = f->rate;
	size_t n = (size_t)f->nnodes, sz = sizeof(struct fabric_port_stats);

	if (m->nnodes == f->nnodes)
		return true;
	stats_free(m);
	m->snap = calloc(n, sz);
	m->win = calloc(n, sz);
	m->sent = calloc(n, sz);
	m->hist = calloc(n, sz);
	m->port_win = calloc(n, sz);
	m->port_hist = calloc(n, sz);
	m->carry = calloc(n, sz);
	if (!m->snap || !m->win || !m->sent || !m->hist || !m->port_win || !m->port_hist ||
	    !m->carry) {
		stats_free(m);
		return false;
	}
	m->nnodes = f->nnodes;
	for (int d = 0; d < m->nd; d++)
		m->d[d].phase = RATE_OFF;
	return true;
}

/* The port node i is below (an endpoint), or -1 (the port itself, or no port's). */
static int below(const struct fabric *f, int i)
{
	int p = f->nodes[i].port;

	return p >= 0 && f->ports[p].node != i ? p : -1;
}

void rate_stats_open(struct fabric *f, struct fdomain *d)
{
	int dom = (int)(d - f->doms);

	for (int i = 0; i < f->nnodes; i++)
		if (dom_has_node(f, i, dom))
			f->rate->snap[i] = f->nodes[i].st;
}

/* The window's statistics, per node (the fluid part then takes its own out). */
void rate_stats_window(struct fabric *f, struct fdomain *d)
{
	struct rate_model *m = f->rate;
	int dom = (int)(d - f->doms);

	for (int i = 0; i < f->nnodes; i++) {
		uint64_t now[STAT_WORDS], then[STAT_WORDS];

		if (!dom_has_node(f, i, dom))
			continue;
		words_of(&f->nodes[i].st, now);
		words_of(&m->snap[i], then);
		for (size_t w = 0; w < STAT_WORDS; w++)
			now[w] -= then[w];
		words_to(&m->win[i], now);
	}
}

/*
 * The window into the history of node i, and into its port's sums if it is
 * below one; a second endpoint of a port with TLPs makes the domain shared.
 */
static void stats_fold(struct rate_model *m, struct frate *r, int i, int p)
{
	uint64_t win[STAT_WORDS], hist[STAT_WORDS], pw[STAT_WORDS], ph[STAT_WORDS];
	bool mine = false, before = false;

	words_of(&m->win[i], win);
	words_of(&m->hist[i], hist);
	for (size_t w = 0; w < STAT_WORDS; w++)
		hist[w] += win[w];
	words_to(&m->hist[i], hist);
	if (p < 0)
		return;
	words_of(&m->port_win[p], pw);
	words_of(&m->port_hist[p], ph);
	for (size_t w = 0; w < STAT_WORDS; w++) {
		mine |= hist[w] != 0;
		before |= ph[w] != 0;
		pw[w] += win[w];
		ph[w] += hist[w];
	}
	r->shared |= mine && before;
	words_to(&m->port_win[p], pw);
	words_to(&m->port_hist[p], ph);
}

/* What node i (below port p, or -1) is to add over a skip, fixed-point. */
static void stats_share(struct rate_model *m, int i, int p)
{
	uint64_t win[STAT_WORDS], hist[STAT_WORDS], pw[STAT_WORDS], ph[STAT_WORDS];

	words_of(&m->win[i], win);
	words_of(&m->hist[i], hist);
	if (p >= 0) {
		words_of(&m->port_win[p], pw);
		words_of(&m->port_hist[p], ph);
	}
	for (size_t w = 0; w < STAT_WORDS; w++)
		win[w] = p >= 0 && ph[w] ? rate_mul_div(pw[w] << RATE_FRAC, hist[w], 0, ph[w], NULL)
					 : win[w] << RATE_FRAC;
	words_to(&m->win[i], win);
	memset(&m->sent[i], 0, sizeof(m->sent[i]));
}

/*
 * The window into the history; for a skip, what each node is to add: a
 * port its window's, an endpoint the window's sum over its port's
 * endpoints by its share of their history.
 */
void rate_stats_close(struct fabric *f, struct fdomain *d, bool skipping)
{
	struct rate_model *m = f->rate;
	int dom = (int)(d - f->doms);

	for (int i = 0; i < f->nports; i++)
		if (f->ports[i].dom == dom) {
			memset(&m->port_win[i], 0, sizeof(m->port_win[i]));
			memset(&m->port_hist[i], 0, sizeof(m->port_hist[i]));
		}
	for (int i = 0; i < f->nnodes; i++)
		if (dom_has_node(f, i, dom))
			stats_fold(m, rate_of(f, d), i, below(f, i));
	for (int i = 0; skipping && i < f->nnodes; i++)
		if (dom_has_node(f, i, dom))
			stats_share(m, i, below(f, i));
}

void rate_stats_restart(struct fabric *f, int dom)
{
	for (int i = 0; f->rate->hist && i < f->nnodes; i++)
		if (dom_has_node(f, i, dom)) {
			memset(&f->rate->hist[i], 0, sizeof(f->rate->hist[i]));
			memset(&f->rate->carry[i], 0, sizeof(f->rate->carry[i]));
		}
}

void rate_stats_deliver(struct fabric *f, struct fdomain *d, uint64_t done_ns, uint64_t win_ns,
			bool end)
{
	struct rate_model *m = f->rate;
	int dom = (int)(d - f->doms);

	for (int i = 0; i < f->nnodes; i++) {
		uint64_t st[STAT_WORDS], win[STAT_WORDS], sent[STAT_WORDS], carry[STAT_WORDS];

		if (!dom_has_node(f, i, dom))
			continue;
		words_of(&f->nodes[i].st, st);
		words_of(&m->win[i], win);
		words_of(&m->sent[i], sent);
		words_of(&m->carry[i], carry);
		for (size_t w = 0; w < STAT_WORDS; w++) {
			uint64_t want = scaled_whole(win[w], &carry[w], done_ns, win_ns, end);

			st[w] += want - sent[w];
			sent[w] = want;
		}
		words_to(&f->nodes[i].st, st);
		words_to(&m->sent[i], sent);
		words_to(&m->carry[i], carry);
	}
}
