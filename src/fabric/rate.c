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
 * What a counting observer is shown of a skip, and what the statistics
 * add, is the closed part's (rate_groups.c: groups of TLPs alike for a
 * counter, each requester's share from every window so far); the TLPs of
 * rate-paced streams are counted from their rates instead (rate_fluid.c,
 * the fluid part).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rate.h"

#define RATE_WINDOW_PS (5000 * PS_PER_NS)
#define RATE_MAX_SKIP 1000 /* windows skipped per window run */
#define RATE_SETTLE 64	   /* windows run whole when the model begins (planned_skip) */
/*
 * Compressed time the requesters' shares are learnt over before a skip,
 * in a domain where requesters share a port (planned_skip): they take
 * turns of about 20 us, and their shares in the per-TLP engine from its
 * start stray 5 % over 1 ms, 1.7 % over 2 ms, 1 % over 5 ms (mixed's six
 * NIC functions at 00:10.0).
 */
#define RATE_SHARE_WARM_PS (5000000 * PS_PER_NS)
/*
 * The fluid part runs in domains skipping at least this many windows per
 * window: below it a window's count is scaled by little, and the part's
 * cost per window (each of its groups) would not be amortised over a skip.
 */
#define RATE_FLUID_MIN_SKIP 8
/*
 * A domain under twice the budget skips nothing: it runs TLP by TLP, and
 * its windows only learn its rate.  In a lazy domain (only counters that
 * ask look at it) such a window lasts RATE_QUIET_WINDOWS windows' time:
 * the model's work at each window's end (every node's statistics into the
 * history) was two thirds of a live view's cost on the light default
 * workload, for windows no skip scaled.
 */
#define RATE_QUIET_WINDOWS 64
/*
 * Windows spread over the span between two reads of the counts, at the
 * least (fabric_set_reading_span), for spans of RATE_SPAN_MIN and more:
 * a shorter run is as cheap under the budget alone.  Only in a domain the
 * budget skips long already (the fluid part's): the light default
 * workload's bursts, skipped a thousand windows at a time where the budget
 * skips one or two, read 30 % short in their read latencies (the host's
 * reads at 00:08.0-00:12.0: 353 ns against 506 ns over 4 s), where
 * mixed's figures stay within 0.5 % over 1 s.
 */
#define RATE_SPAN_WINDOWS 200
#define RATE_SPAN_MIN (100000000 * PS_PER_NS)
/*
 * But while a rate-paced stream faster than RATE_FIRES_PERIOD has had
 * fewer than RATE_LEARN_FIRES of its fires counted, no longer than lets
 * the windows see RATE_LEARN_PER_S of them a second: the fluid part learns
 * what a fire makes from them (a fire of sizes=real storage makes 1 to 33
 * reads, their spread 0.74 of their mean), its figure strays as that over
 * the square root of the fires seen, and a second or two of learning is
 * cheap once.  Its windows count fires only in a domain skipping long
 * (RATE_FLUID_MIN_SKIP), so the span's skips are never shorter.
 */
#define RATE_FIRES_PERIOD (1000000 * PS_PER_NS)
#define RATE_LEARN_FIRES 2000
#define RATE_LEARN_PER_S 2000

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

void fabric_set_reading_span(struct fabric *f, uint64_t span_ns)
{
	if (f->rate) /* no model, no skip to lengthen */
		f->rate->span = span_ns * PS_PER_NS;
}

void fabric_observer_counts(struct fabric *f, fabric_observer fn, void *ctx, bool counts)
{
	for (int o = 0; o < f->nobs; o++)
		if (f->obs[o].fn == fn && f->obs[o].ctx == ctx)
			f->obs[o].counts = counts;
	fab_port_observers(f);
}

/* It is owed nothing from now on: what it was owed is shown first. */
void fabric_observer_asks(struct fabric *f, fabric_observer fn, void *ctx, bool asks)
{
	if (!asks)
		fabric_observer_catch_up(f, fn, ctx);
	for (int o = 0; o < f->nobs; o++)
		if (f->obs[o].fn == fn && f->obs[o].ctx == ctx)
			f->obs[o].asks = asks;
	fab_port_observers(f);
}

/* Whether every observer of domain d's ports asks before it reads (fabric_observer_asks). */
static bool all_ask(const struct fabric *f, int d)
{
	for (int i = 0; i < f->nports; i++) {
		const struct fport *p = &f->ports[i];

		for (int o = 0; p->dom == d && o < p->nobs; o++)
			if (!p->obs[o].asks)
				return false;
	}
	return true;
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

/* Whether domain d's observers are owed a lazy skip's counts, noted for rate_owes. */
static void owed_note(struct fabric *f, struct fdomain *d)
{
	struct frate *r = rate_of(f, d);
	bool owed = r->phase == RATE_SKIP && r->shown < d->now;

	f->rate->nowed += (int)owed - (int)r->owed;
	r->owed = owed;
}

bool rate_owes(const struct fabric *f)
{
	return f->rate && f->rate->nowed;
}

/* Domain d starts in the rate model afresh (or leaves it). */
static void reset(struct fabric *f, struct frate *r, struct fdomain *d)
{
	rate_settle(f, d, true); /* what is owed is of the model as it was */
	r->phase = RATE_OFF;
	r->windows = r->run_tlps = r->run_ps = 0;
	r->tally = false;
	d->tap = NULL;
	free(r->fs);
	r->fs = NULL;
	r->nfs = 0;
	rate_groups_restart(r);
	rate_stats_restart(f, (int)(d - f->doms));
	rate_replay_restart(f, d);
	owed_note(f, d);
}

/*
 * A knob of domain d's cores changed: the rates, shares and what fires
 * make are to be learnt afresh, from the present.
 */
void rate_restart(struct fabric *f, int d)
{
	if (f->rate && d < f->rate->nd && f->rate->d[d].rated)
		reset(f, &f->rate->d[d], &f->doms[d]);
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
		bool lazy = rated && all_ask(f, d);

		if (r->lazy && !lazy)
			rate_settle(f, &f->doms[d], true);
		if (rated != r->rated || replay)
			reset(f, r, &f->doms[d]);
		r->rated = rated;
		r->lazy = lazy;
	}
}

static void states_free(struct rate_model *m)
{
	for (int d = 0; d < m->nd; d++) {
		rate_groups_free(&m->d[d]);
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
	m->nowed = 0;
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

void rate_destroy(struct fabric *f)
{
	if (!f->rate)
		return;
	states_free(f->rate);
	rate_stats_free(f->rate);
	free(f->rate);
	f->rate = NULL;
}

/* Windows to skip per window for the span between two reads, 0 none (fabric_set_reading_span). */
static uint64_t span_skip(const struct fabric *f, const struct frate *r, int dom)
{
	uint64_t k = f->rate->span / (RATE_SPAN_WINDOWS * RATE_WINDOW_PS);

	if (f->rate->span < RATE_SPAN_MIN)
		return 0;
	for (int s = 0; s < f->nstreams; s++) {
		uint64_t period = f->streams[s].period, most;

		if (!period || period >= RATE_FIRES_PERIOD ||
		    f->agents[f->streams[s].agent].dom != dom ||
		    (s < r->nfs && r->fs[s].fires >= RATE_LEARN_FIRES))
			continue;
		most = 1000000000000ull / (period * RATE_LEARN_PER_S);
		k = most < k ? most : k;
	}
	if (k <= RATE_FLUID_MIN_SKIP) /* the fluid part counts fires in the long skips' windows */
		k = RATE_FLUID_MIN_SKIP + 1;
	return k - 1;
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
 * instructions in a 100 ms top.  Where requesters share a port, no skip
 * either until the groups' history holds RATE_SHARE_WARM_PS of windows:
 * each requester's share of a skip comes from it (rate_groups.c).  Not in
 * a domain only tracers look at: its trace takes every requester's share
 * from its windows as they ran (rate_replay.c), and 5 ms run whole were 40
 * times the windows of a 100 ms trace of the PTT document's line.  *whole
 * says k without the draw (nor the settling).
 */
static uint64_t planned_skip(const struct fabric *f, const struct fdomain *d, uint64_t *whole)
{
	struct frate *r = rate_of(f, d);
	uint64_t want = r->run_tlps * (1000000000000ull / rate_replay_budget(f, d)), k = 0;
	uint64_t by_span = span_skip(f, r, (int)(d - f->doms));

	*whole = 0;
	if (!r->run_ps)
		return 0;
	if (want >= 2 * r->run_ps)
		k = want / r->run_ps - 1;
	if (k < RATE_FLUID_MIN_SKIP) /* see RATE_SPAN_WINDOWS */
		by_span = 0;
	*whole = k > by_span ? k : by_span;
	*whole = *whole < RATE_MAX_SKIP ? *whole : RATE_MAX_SKIP;
	if (!*whole || (r->windows < RATE_SETTLE && *whole < RATE_FLUID_MIN_SKIP))
		return 0;
	if (r->shared && r->hist_ps < RATE_SHARE_WARM_PS && rate_counted(f, (int)(d - f->doms)))
		return 0;
	if (k < by_span || k >= RATE_MAX_SKIP) /* the span's is whole: nothing to draw */
		return rate_replay_cap(f, d, *whole);
	return rate_replay_cap(f, d, k + (rng_next(&r->rng) % r->run_ps < want % r->run_ps));
}

static bool window_open(struct fabric *f, struct fdomain *d)
{
	struct frate *r = rate_of(f, d);
	uint64_t whole;

	if (!rate_groups_ready(r) || !rate_stats_ready(f) || !rate_fluid_ready(f, r))
		return false;
	rate_groups_open(r);
	rate_stats_open(f, d);
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
	r->tally = whole >= RATE_FLUID_MIN_SKIP && rate_counted(f, (int)(d - f->doms));
	d->tap = r->tally ? rate_fluid : NULL;
	if (r->tally && !r->warm)
		r->skip = 0;
	if (r->lazy && r->run_ps && !whole)
		r->len = RATE_QUIET_WINDOWS * RATE_WINDOW_PS;
	r->win_id++;
	d->epoch = (uint8_t)r->win_id; /* the fluid part tells fires apart by their window */
	r->fluid_seq = UINT64_MAX;
	rate_fluid_open(f, d);
	rate_replay_open(f, d);
	return true;
}

/* Into the history; then the next window, or the skip its opening planned. */
static void window_close(struct fabric *f, struct fdomain *d)
{
	struct frate *r = rate_of(f, d);
	bool skipping = r->skip && !r->overflow;

	if (++r->windows > 1) {
		r->run_tlps += d->seq - r->seq0;
		r->run_ps += r->len;
	}
	rate_stats_window(f, d);
	rate_fluid_close(f, d, skipping);
	rate_stats_close(f, d, skipping);
	rate_groups_close(r, skipping);
	rate_replay_close(f, d, skipping ? r->skip : 0, r->windows > 1);
	if (!skipping) {
		window_open(f, d);
		return;
	}
	r->phase = RATE_SKIP;
	r->win_len = r->len;
	r->start = r->shown = r->stats_to = d->now;
	r->len = r->skip * r->len;
}

/*
 * The skip up to the domain's present: the counting observers are given
 * what it adds so far, and if stats the statistics too.  Each is its count
 * of the whole time skipped so far less what it was given, so shown at
 * every slice or once at the end, a skip adds the same.
 */
static void skip_show(struct fabric *f, struct fdomain *d, bool stats)
{
	struct frate *r = rate_of(f, d);
	struct fdomain *outer = f->running;
	uint64_t to = d->now, done_ns = (to - r->start) / PS_PER_NS;
	uint64_t win_ns = r->win_len / PS_PER_NS;
	bool end = to == r->start + r->len, show = r->shown < to;

	r->shown = to; /* an observer asking from inside what is shown is owed nothing more */
	f->running = d;
	if ((stats || end) && r->stats_to < to) {
		r->stats_to = to;
		rate_stats_deliver(f, d, done_ns, win_ns, end);
	}
	if (show) {
		rate_groups_deliver(f, d, done_ns, win_ns, end);
		rate_fluid_deliver(f, d, to - r->start, end, done_ns, win_ns);
		rate_replay_deliver(f, d, to);
	}
	f->running = outer;
	if (end)
		r->phase = RATE_OFF;
}

/*
 * The skip up to to: the state moves on (dom_shift), and the counts are
 * shown, but in a lazy domain only at the skip's end: its observers ask
 * before they read (rate_settle), and a skip is delivered in the
 * platform's slices of 100 us, a thousand of them in a long skip.
 */
static void skip_to(struct fabric *f, struct fdomain *d, uint64_t to)
{
	struct frate *r = rate_of(f, d);

	dom_shift(f, d, to - d->now);
	if (!r->lazy || to == r->start + r->len)
		skip_show(f, d, true);
}

/* Whether a skip of domain d is not shown up to its present (nor stats), and may be now. */
static bool unshown(const struct fabric *f, const struct fdomain *d, bool stats)
{
	const struct frate *r = rate_of(f, d);

	return r->phase == RATE_SKIP && f->running != d &&
	       (r->shown < d->now || (stats && r->stats_to < d->now));
}

/*
 * Shown to the observers as they are now, their lists rebuilt first unless
 * an observer call may be walking them (one asking from inside another's).
 */
void rate_settle(struct fabric *f, struct fdomain *d, bool stats)
{
	uint64_t now = f->now;

	if (!f->rate || d - f->doms >= f->rate->nd)
		return;
	if (unshown(f, d, stats) && !f->running && f->obs_dirty)
		fab_observers_rebuild(f);
	if (unshown(f, d, stats)) {
		skip_show(f, d, stats);
		f->now = now;
	}
	owed_note(f, d);
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
	owed_note(f, d);
	f->now = end;
}

uint64_t rate_mul_div(uint64_t a, uint64_t b, uint64_t add, uint64_t d, uint64_t *rem)
{
#ifdef __SIZEOF_INT128__
	unsigned __int128 x = (unsigned __int128)a * b + add;

	if (!(x >> 64)) { /* most do (a count by a skip's ps): a 128-bit division is slow */
		if (rem)
			*rem = (uint64_t)x % d;
		return (uint64_t)x / d;
	}

	if (rem)
		*rem = (uint64_t)(x % d);
	return (uint64_t)(x / d);
#else
	uint64_t hi = 0, lo = 0, q = 0, r = 0;

	for (int i = 63; i >= 0; i--) { /* a x b, shift and add */
		hi = hi << 1 | lo >> 63;
		lo <<= 1;
		if (a >> i & 1) {
			lo += b;
			hi += lo < b;
		}
	}
	lo += add;
	hi += lo < add;
	for (int i = 127; i >= 0; i--) { /* long division; the quotient fits 64 bits */
		uint64_t top = r >> 63;

		r = r << 1 | ((i >= 64 ? hi >> (i - 64) : lo >> i) & 1);
		q <<= 1;
		if (top || r >= d) {
			r -= d;
			q |= 1;
		}
	}
	if (rem)
		*rem = r;
	return q;
#endif
}
