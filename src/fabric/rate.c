// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rate model: a domain that no observer looks at TLP by TLP runs the
 * engine a window at a time and skips ahead of it, so that it simulates at
 * most about the fabric's budget of TLPs per simulated second.
 *
 * A window is the engine itself, exact, for RATE_WINDOW_PS.  At its end the
 * domain's TLP rate over the window says how many windows' worth of time to
 * skip (rate / budget - 1, at most RATE_MAX_SKIP); the skip moves every time
 * of the domain's state later by the time skipped (agents, queued TLPs,
 * link and stream clocks), so the next window carries on from the very
 * state the last one left: the windows joined end to end are one run of the
 * per-TLP engine, and a skip adds to the statistics and to the counting
 * observers what its window saw, scaled by the time skipped.  The figures
 * are then those of the compressed run: the same rates, latencies and
 * shares wherever the workload is steady over a window, which rate-paced
 * and saturating streams are.  Counts are added as the skip goes, as
 * floor(window count x time skipped so far / window length), so what a
 * reader sees at a time does not depend on how the run was cut.
 *
 * What a counting observer is shown of a skip: one record per group of the
 * window's TLPs alike in what counters filter on (port, direction, class,
 * CPL set, header DW0, requester, payload, prefix, last completion), with
 * fabric_tlp.count and lat_sum_ns the scaled sums.  The groups are made by
 * an observer of the fabric's own (rate_record) on the ports of rated
 * domains; more groups than RATE_MAX_GROUPS and the window is not scaled.
 * The TLPs of rate-paced streams are counted from their rates instead
 * (rate_fluid.c, the fluid part).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rate.h"

#define RATE_WINDOW_PS (5000 * PS_PER_NS)
#define RATE_MAX_SKIP 1000 /* windows skipped per window run */
#define RATE_SLOTS 4096	   /* hash of the groups: a power of two */
#define RATE_MAX_GROUPS (RATE_SLOTS / 2)
#define RATE_SETTLE 64 /* windows run whole when the model begins (planned_skip) */
/*
 * The fluid part runs in domains skipping at least this many windows per
 * window: below it a window's count is scaled by little, and the part's
 * cost per window (each of its groups) would not be amortised over a skip.
 */
#define RATE_FLUID_MIN_SKIP 8

static bool is_recorder(const struct fobs *ob);

void fabric_set_rate_model(struct fabric *f, uint64_t tlps_per_s)
{
	dom_sync(f, DOM_ALL);
	if (!f->rate && !(f->rate = calloc(1, sizeof(*f->rate))))
		return; /* without memory the model stays off: every TLP is simulated */
	f->rate->budget = tlps_per_s;
	if (rate_domains(f))
		f->rate->budget = 0;
	fab_port_observers(f);
}

void fabric_observer_counts(struct fabric *f, fabric_observer fn, void *ctx, bool counts)
{
	for (int o = 0; o < f->nobs; o++)
		if (f->obs[o].fn == fn && f->obs[o].ctx == ctx)
			f->obs[o].counts = counts;
	fab_port_observers(f);
}

/* Whether domain d may run in the rate model, from its ports' observers. */
static bool allowed(const struct fabric *f, int d)
{
	if (!f->rate || !f->rate->budget || d >= f->rate->nd || f->log_fn)
		return false;
	for (int i = 0; i < f->nports; i++) {
		const struct fport *p = &f->ports[i];

		for (int o = 0; p->dom == d && o < p->nobs; o++)
			if (!p->obs[o].counts && !p->obs[o].repeats)
				return false;
	}
	return true;
}

/* Alike for a counter: the key of a TLP's group. */
static void group_key(const struct fabric_tlp *t, uint64_t k[2])
{
	bool cpl = t->cls == TLP_CLASS_CPL;
	uint32_t bc = t->hdr[1] & 0xfff;
	bool last = cpl && (bc ? bc : 4096) <= t->payload_bytes;
	uint32_t requester = (cpl ? t->hdr[2] : t->hdr[1]) >> 16;

	k[0] = (uint64_t)t->hdr[0] << 32 | requester << 16 | (t->payload_bytes & 0xffff);
	k[1] = (uint64_t)(uint32_t)t->port << 32 | (uint64_t)t->dir << 24 | (uint64_t)t->cls << 16 |
	       (uint64_t)t->cpl_set << 8 | (uint64_t)last << 1 | (t->prefix != 0);
}

static void rate_record(void *ctx, const struct fabric_tlp *t)
{
	struct fabric *f = ctx;
	struct frate *r = rate_of(f, f->running);
	uint64_t k[2], h;
	unsigned i;

	if (r->phase != RATE_WINDOW || r->overflow || !r->skip || r->fluid_seq == f->running->seq)
		return;
	group_key(t, k);
	h = (k[0] ^ (k[1] * 0x9e3779b97f4a7c15ull)) * 0xff51afd7ed558ccdull;
	for (i = (unsigned)(h >> 52) & (RATE_SLOTS - 1); r->slot[i] >= 0;
	     i = (i + 1) & (RATE_SLOTS - 1)) {
		struct frate_group *g = &r->g[r->slot[i]];

		if (g->key[0] == k[0] && g->key[1] == k[1]) {
			g->n += t->count;
			g->lat += t->lat_sum_ns;
			return;
		}
	}
	if (r->ng == RATE_MAX_GROUPS) {
		r->overflow = true;
		return;
	}
	r->slot[i] = r->ng;
	r->g[r->ng++] = (struct frate_group){
	    .rep = *t, .key = {k[0], k[1]}, .n = t->count, .lat = t->lat_sum_ns, .slot = (int)i};
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

/* Domain d starts in the rate model afresh (or leaves it). */
static void reset(struct frate *r, struct fdomain *d)
{
	r->phase = RATE_OFF;
	r->windows = r->run_tlps = r->run_ps = 0;
	r->tally = false;
	d->tap = NULL;
	free(r->fs);
	r->fs = NULL;
	r->nfs = 0;
}

bool rate_runs(const struct fabric *f, const struct fdomain *d)
{
	return f->rate && d - f->doms < f->rate->nd && rate_of(f, d)->rated;
}

void rate_wanted(struct fabric *f)
{
	for (int d = 0; f->rate && d < f->rate->nd; d++) {
		struct frate *r = &f->rate->d[d];
		bool rated = allowed(f, d);
		bool replay = rate_replay_set(f, &f->doms[d]);

		if (rated != r->rated || replay)
			reset(r, &f->doms[d]);
		r->rated = rated;
	}
}

/* Whether an observer of port p counts: the recorder's groups are shown to those alone. */
static bool counted(const struct fport *p)
{
	for (int o = 0; o < p->nobs; o++)
		if (p->obs[o].counts)
			return true;
	return false;
}

static bool counted_domain(const struct fabric *f, int d)
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
		p->obs[p->nobs++] = (struct fobs){.classes = FABRIC_CLASSES_ALL,
						  .fn = rate_record,
						  .ctx = f,
						  .sicl = 0xffff,
						  .core = 0xffff,
						  .want = true,
						  .counts = true};
		p->classes = FABRIC_CLASSES_ALL;
	}
}

static void states_free(struct rate_model *m)
{
	for (int d = 0; d < m->nd; d++) {
		free(m->d[d].g);
		free(m->d[d].slot);
		free(m->d[d].fl);
		free(m->d[d].fl_slot);
		free(m->d[d].fs);
	}
	free(m->d);
	m->d = NULL;
	m->nd = 0;
}

/*
 * Each domain's own generator, seeded apart from the domain's: what the
 * model draws (rate.c planned_skip) leaves the workload's draws to the
 * workload, so the windows joined end to end are the per-TLP engine's run.
 */
#define RATE_SEED_SALT 0x72617465ull /* "rate" */

int rate_domains(struct fabric *f)
{
	struct rate_model *m = f->rate;

	if (!m)
		return 0;
	states_free(m);
	if (!f->ndoms)
		return 0;
	m->d = calloc((size_t)f->ndoms, sizeof(*m->d));
	if (!m->d)
		return -ENOMEM;
	m->nd = f->ndoms;
	for (int d = 0; d < m->nd; d++) {
		f->doms[d].tap = NULL;
		m->d[d].rng =
		    fab_seed_mix(f->seed ^ RATE_SEED_SALT << 32 ^ ((uint64_t)f->builds << 16 | d));
	}
	return 0;
}

static void nodes_free(struct rate_model *m)
{
	free(m->snap);
	free(m->win);
	free(m->sent);
	m->snap = m->win = m->sent = NULL;
	m->nnodes = 0;
}

void rate_destroy(struct fabric *f)
{
	if (!f->rate)
		return;
	states_free(f->rate);
	nodes_free(f->rate);
	free(f->rate);
	f->rate = NULL;
}

/* Per node room for the windows' statistics; a new node restarts every window. */
static bool nodes_ready(struct fabric *f)
{
	struct rate_model *m = f->rate;
	size_t n = (size_t)f->nnodes, sz = sizeof(struct fabric_port_stats);

	if (m->nnodes == f->nnodes)
		return true;
	nodes_free(m);
	m->snap = calloc(n, sz);
	m->win = calloc(n, sz);
	m->sent = calloc(n, sz);
	if (!m->snap || !m->win || !m->sent) {
		nodes_free(m);
		return false;
	}
	m->nnodes = f->nnodes;
	for (int d = 0; d < m->nd; d++)
		m->d[d].phase = RATE_OFF;
	return true;
}

/*
 * How much to skip comes from the windows run so far, not from this one: a
 * window's own rate would skip longer after busier windows and weigh them
 * more (measured: +4 to +20 % on light streams sharing a port with heavy
 * ones).  So it is known when the window opens, and a window that will not
 * be scaled (a domain under the budget) records nothing.
 *
 * That rate over the budget is k + 1 and a fraction, and the fraction is a
 * window more with its odds, drawn from the domain's generator.  Rounded
 * down, k sat on a step that the last window's TLPs tipped, and at medium
 * loads (k of 1 to 8) the window after a busy one is often a light one of
 * another kind (a stream paced at the window's length alternating writes
 * and reads): a window more or less is much of a weight, and the kinds came
 * out weighed unlike (p2p:rate=200000, 20 ms, seeds 1-20: 00:08.0's writes
 * in +0.74 %, its completions out -0.72 %, eight standard errors; drawn,
 * +0.03 % and -0.03 %).  A window then weighs its rate's share whatever
 * came before.  Below twice the budget (k = 0) nothing is drawn: a skip
 * there doubles a window's weight, and the few windows that carry most of
 * a light domain's bytes would stray by it (storage-write's top 00:00.0
 * over 20 ms: 2.3 % across seeds against the engine's 1.1 %).
 *
 * The rate leaves out the model's first window, and its first RATE_SETTLE
 * windows are not skipped: a new workload's streams start at once, and
 * their first window holds five times the TLPs of a later one; counted, it
 * made k too high for a millisecond, over the start of the run, where
 * rate-paced streams' first fires are still in step, and a rate of a few
 * windows is as much the phase of those fires as a rate
 * (mixed:rate=20000,mmio=200k over 20 ms, seeds 1-20: the P2P reads'
 * completions at 00:12.0 +1.7 % with the draw alone, +0.7 % so).  A
 * domain skipping long (the fluid part's) is not held: the fluid part has
 * its own warm-up, and 64 windows of storage-read TLP by TLP cost 18 % more
 * instructions in a 100 ms top.  *whole says k without the draw (nor the
 * settling).
 */
static uint64_t planned_skip(const struct fabric *f, const struct fdomain *d, uint64_t *whole)
{
	struct frate *r = rate_of(f, d);
	uint64_t want = r->run_tlps * (1000000000000ull / rate_replay_budget(f, d)), k;

	*whole = 0;
	if (!r->run_ps || want < 2 * r->run_ps)
		return 0;
	k = want / r->run_ps - 1;
	*whole = k < RATE_MAX_SKIP ? k : RATE_MAX_SKIP;
	if (r->windows < RATE_SETTLE && k < RATE_FLUID_MIN_SKIP)
		return 0;
	return rate_replay_cap(f, d,
			       k < RATE_MAX_SKIP
				   ? k + (rng_next(&r->rng) % r->run_ps < want % r->run_ps)
				   : RATE_MAX_SKIP);
}

static bool window_open(struct fabric *f, struct fdomain *d)
{
	struct frate *r = rate_of(f, d);
	int dom = (int)(d - f->doms);
	uint64_t whole;

	if (!r->g && !(r->g = malloc(sizeof(*r->g) * RATE_MAX_GROUPS)))
		return false;
	if (!r->slot) {
		if (!(r->slot = malloc(sizeof(*r->slot) * RATE_SLOTS)))
			return false;
		memset(r->slot, 0xff, sizeof(*r->slot) * RATE_SLOTS);
		r->ng = 0;
	}
	if (!nodes_ready(f) || !rate_fluid_ready(f, r))
		return false;
	for (int g = 0; g < r->ng; g++) /* a window has a few groups: empty only theirs */
		r->slot[r->g[g].slot] = -1;
	r->ng = 0;
	r->overflow = false;
	r->phase = RATE_WINDOW;
	r->start = d->now;
	r->len = RATE_WINDOW_PS;
	r->seq0 = d->seq;
	r->skip = planned_skip(f, d, &whole);
	/*
	 * From k without the draw: the fluid part tallies runs of windows, for
	 * the counters.  A domain only tracers look at (rate_replay.c) has its
	 * statistics scaled from its windows instead: its tally and its warm-up
	 * (windows run whole until the fast streams' fires are counted, 64 at
	 * most) were a third of the instructions of a 100 ms trace of mixed's
	 * outbound posted TLPs, for figures nothing read.
	 */
	r->tally = whole >= RATE_FLUID_MIN_SKIP && counted_domain(f, dom);
	d->tap = r->tally ? rate_fluid : NULL;
	if (r->tally && !r->warm)
		r->skip = 0;
	for (int i = 0; r->skip && i < f->nnodes; i++)
		if (dom_has_node(f, i, dom))
			f->rate->snap[i] = f->nodes[i].st;
	r->win_id++;
	d->epoch = (uint8_t)r->win_id; /* the fluid part tells fires apart by their window */
	r->fluid_seq = UINT64_MAX;
	rate_fluid_open(f, d);
	rate_replay_open(f, d);
	return true;
}

/* The statistics as words, to scale them one like the other. */
#define STAT_WORDS (sizeof(struct fabric_port_stats) / sizeof(uint64_t))
_Static_assert(sizeof(struct fabric_port_stats) == STAT_WORDS * sizeof(uint64_t),
	       "the statistics are 64-bit counters only");

static void words_of(const struct fabric_port_stats *s, uint64_t w[STAT_WORDS])
{
	memcpy(w, s, sizeof(*s));
}

static void words_to(struct fabric_port_stats *s, const uint64_t w[STAT_WORDS])
{
	memcpy(s, w, sizeof(*s));
}

static void window_close(struct fabric *f, struct fdomain *d)
{
	struct frate *r = rate_of(f, d);
	int dom = (int)(d - f->doms);
	uint64_t skip = r->skip;

	if (++r->windows > 1) {
		r->run_tlps += d->seq - r->seq0;
		r->run_ps += r->len;
	}
	rate_replay_close(f, d, r->overflow ? 0 : skip, r->windows > 1);
	if (r->overflow || !skip) {
		rate_fluid_close(f, d, false);
		window_open(f, d);
		return;
	}
	for (int i = 0; i < f->nnodes; i++) {
		uint64_t now[STAT_WORDS], then[STAT_WORDS];

		if (!dom_has_node(f, i, dom))
			continue;
		words_of(&f->nodes[i].st, now);
		words_of(&f->rate->snap[i], then);
		for (size_t w = 0; w < STAT_WORDS; w++)
			now[w] -= then[w];
		words_to(&f->rate->win[i], now);
		memset(&f->rate->sent[i], 0, sizeof(f->rate->sent[i]));
	}
	rate_fluid_close(f, d, true);
	for (int g = 0; g < r->ng; g++)
		r->g[g].sent_n = r->g[g].sent_lat = 0;
	r->phase = RATE_SKIP;
	r->win_len = r->len;
	r->start = d->now;
	r->len = skip * r->len;
}

static void deliver(struct fabric *f, struct fdomain *d, uint64_t done_ns, uint64_t win_ns)
{
	struct frate *r = rate_of(f, d);

	for (int i = 0; i < r->ng; i++) {
		struct frate_group *g = &r->g[i];
		struct fabric_tlp o = g->rep;
		const struct fport *p = &f->ports[f->nodes[o.port].port];

		o.count = rate_scaled(g->n, done_ns, win_ns) - g->sent_n;
		o.lat_sum_ns = rate_scaled(g->lat, done_ns, win_ns) - g->sent_lat;
		if (!o.count)
			continue;
		g->sent_n += o.count;
		g->sent_lat += o.lat_sum_ns;
		o.time_ns = o.req_time_ns = d->now / PS_PER_NS;
		o.seq = d->seq | FABRIC_SEQ_BULK;
		rate_show(p, &o);
	}
}

static void stats_add(struct fabric *f, int dom, uint64_t done_ns, uint64_t win_ns)
{
	for (int i = 0; i < f->nnodes; i++) {
		uint64_t st[STAT_WORDS], win[STAT_WORDS], sent[STAT_WORDS];

		if (!dom_has_node(f, i, dom))
			continue;
		words_of(&f->nodes[i].st, st);
		words_of(&f->rate->win[i], win);
		words_of(&f->rate->sent[i], sent);
		for (size_t w = 0; w < STAT_WORDS; w++) {
			uint64_t want = rate_scaled(win[w], done_ns, win_ns);

			st[w] += want - sent[w];
			sent[w] = want;
		}
		words_to(&f->nodes[i].st, st);
		words_to(&f->rate->sent[i], sent);
	}
}

/* The skip up to to: the state moves on, the counts are added. */
static void skip_to(struct fabric *f, struct fdomain *d, uint64_t to)
{
	struct frate *r = rate_of(f, d);
	struct fdomain *outer = f->running;
	uint64_t done_ns = (to - r->start) / PS_PER_NS, win_ns = r->win_len / PS_PER_NS;

	f->running = d;
	dom_shift(f, d, to - d->now);
	stats_add(f, (int)(d - f->doms), done_ns, win_ns);
	deliver(f, d, done_ns, win_ns);
	rate_fluid_deliver(f, d, to - r->start, to == r->start + r->len, done_ns, win_ns);
	rate_replay_deliver(f, d, to);
	f->running = outer;
	if (to == r->start + r->len)
		r->phase = RATE_OFF;
}

void rate_run(struct fabric *f, struct fdomain *d, uint64_t end)
{
	struct frate *r = rate_of(f, d);

	while (d->now < end && r->rated) {
		if (r->phase == RATE_OFF && !window_open(f, d))
			break;
		if (r->phase == RATE_WINDOW) {
			uint64_t stop = r->start + r->len < end ? r->start + r->len : end;

			dom_run_tlps(f, d, stop);
			if (d->now == r->start + r->len && r->phase == RATE_WINDOW && r->rated)
				window_close(f, d);
		} else {
			skip_to(f, d, r->start + r->len < end ? r->start + r->len : end);
		}
	}
	if (d->now < end) {
		r->phase = RATE_OFF;
		r->tally = false;
		d->tap = NULL;
		dom_run_tlps(f, d, end);
	}
	f->now = end;
}
