// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tracing in the rate model: a domain whose looking observers each count or
 * repeat (fabric_observer_repeats: a tracer, which needs every TLP's
 * header) runs in the rate model too.  Its windows are the per-TLP engine,
 * every TLP shown to the tracer as it crosses; a skip of k windows is shown
 * to it as the last REPLAY_STRETCH windows again, in their order, over and
 * over, each shifted to its place in the skip.  So every header a tracer
 * writes is one of a TLP the engine made, and each window stands for the
 * k + 1 windows' worth of time the rate model weighs it by (the counts a
 * counter is shown of a skip are the same weights): window n is shown k / S
 * times in each of the S skips after windows n .. n + S - 1 (S the
 * stretch).  The stretch shown ends with the window the skip follows, so
 * the next window carries on from the state the trace last showed: a
 * request and its completion either side of the skip's end stay a pair.
 * Stretches join where they did not follow each other in the engine once
 * per S windows shown.
 *
 * While the first S windows run there are not S of them: a skip is then
 * k x n / S windows after window n, so every window still weighs k + 1.
 * With the skips' full length at once, the first windows would be shown
 * over and over: 4.8 % too many outbound posted TLPs of 00:10.0 over 100 ms
 * of mixed.  And the first REPLAY_SETTLE windows are shown once, as they
 * ran: a workload's start, its streams all firing at once, is in them, and
 * weighed k + 1 it made the same figure 4-8 % too high over 10-20 ms.
 *
 * The windows of a traced domain simulate one crossing per REPLAY_RATIO
 * TLPs its tracers keep (write), or the fabric's budget if that is more:
 * what the trace costs to write, not what its domain carries, sets the
 * skips.
 * A skip of fewer than REPLAY_MIN_SKIP windows is not taken: such a domain
 * is light enough to run whole, and its few windows would stand for bursts
 * they happened to catch or miss (the light default workload's 00:08.0 over
 * 2 ms: a tenth off) and break a request from its completion at each seam.
 */
#include "rate.h"

#define REPLAY_RATIO 10
#define REPLAY_STRETCH 16
#define REPLAY_MIN_SKIP 8
#define REPLAY_SETTLE 4

_Static_assert(REPLAY_STRETCH < REPLAY_WINDOWS, "the windows a stretch shows are kept");

/* Whether a peer-to-peer stream has its two ends below Root Ports the observer sees. */
static bool sees_a_pair(const struct fabric *f, const struct fobs *ob)
{
	for (int s = 0; s < f->nstreams; s++) {
		const struct fstream *st = &f->streams[s];

		if (st->peer >= 0 &&
		    fab_obs_sees(ob, &f->nodes[f->ports[f->nodes[st->ep].port].node].d) &&
		    fab_obs_sees(ob, &f->nodes[f->ports[f->nodes[st->peer].port].node].d))
			return true;
	}
	return false;
}

/*
 * A repeat stands for a trace that holds no request with its completion:
 * where two stretches join, the requests open at the end of one never
 * complete and the completions at the start of the next answer requests
 * that are not there, or, their tags reused, others (diagnose's read
 * latencies of a 0.5 ms trace of mixed: a GPU's p50 from 324 ns to
 * 8576 ns).  A read's completion comes back the other way at its port,
 * and the same way at the other port of a peer-to-peer read.
 */
bool rate_replay_may(const struct fabric *f, const struct fobs *ob)
{
	unsigned c = ob->classes;
	bool np_in = c & FABRIC_CLASS_BIT(FABRIC_INBOUND, TLP_CLASS_NP);
	bool np_out = c & FABRIC_CLASS_BIT(FABRIC_OUTBOUND, TLP_CLASS_NP);
	bool cpl_in = c & FABRIC_CLASS_BIT(FABRIC_INBOUND, TLP_CLASS_CPL);
	bool cpl_out = c & FABRIC_CLASS_BIT(FABRIC_OUTBOUND, TLP_CLASS_CPL);

	if ((np_in && cpl_out) || (np_out && cpl_in))
		return false;
	return !((np_in && cpl_in) || (np_out && cpl_out)) || !sees_a_pair(f, ob);
}

static struct freplay *replay_of(const struct fabric *f, const struct fdomain *d)
{
	return &rate_of(f, d)->replay;
}

static bool sees_domain(const struct fabric *f, const struct fobs *ob, int d)
{
	for (int i = 0; i < f->nports; i++)
		if (f->ports[i].dom == d && fab_obs_sees(ob, &f->nodes[f->ports[i].node].d))
			return true;
	return false;
}

/*
 * Each repeating observer of domain d once (one may see several of its
 * ports); all those that could repeat, looking or not, when they are told
 * to keep nothing.  The TLPs they have kept in all.
 */
static uint64_t tell(struct fabric *f, int d, const struct fabric_repeat *r)
{
	bool all = r->keep_ns == UINT64_MAX;
	uint64_t kept = 0;

	for (int o = 0; o < f->nobs; o++) {
		const struct fobs *ob = &f->obs[o];

		if (ob->rep && (all || (ob->repeats && ob->want)) && sees_domain(f, ob, d))
			kept += ob->rep(ob->ctx, r);
	}
	return kept;
}

/* Which observers repeat what domain d shows, as one word: a change starts the replay over. */
static uint64_t repeaters(const struct fabric *f, int d)
{
	uint64_t sig = 0;

	for (int o = 0; o < f->nobs; o++) {
		const struct fobs *ob = &f->obs[o];

		if (ob->repeats && ob->want && sees_domain(f, ob, d))
			sig = (sig ^ (uint64_t)(uintptr_t)ob->ctx ^ (uint64_t)o << 56) *
			      0x9e3779b97f4a7c15ull;
	}
	return sig;
}

bool rate_replay_set(struct fabric *f, struct fdomain *d)
{
	struct freplay *rp = replay_of(f, d);
	uint64_t sig = repeaters(f, (int)(d - f->doms));

	if (sig == rp->sig)
		return false;
	rp->sig = sig;
	rp->on = sig != 0;
	return true;
}

void rate_replay_restart(struct fabric *f, struct fdomain *d)
{
	struct freplay *rp = replay_of(f, d);
	struct fabric_repeat forget = {.keep_ns = UINT64_MAX};

	*rp = (struct freplay){.on = rp->on, .sig = rp->sig};
	tell(f, (int)(d - f->doms), &forget);
}

uint64_t rate_replay_budget(const struct fabric *f, const struct fdomain *d)
{
	const struct freplay *rp = replay_of(f, d);
	uint64_t run_ns = rate_of(f, d)->run_ps / PS_PER_NS, per_s;

	if (!rp->on || !run_ns)
		return f->rate->budget;
	per_s = rate_scaled(rp->run_kept, 1000000000ull, run_ns) / REPLAY_RATIO;
	return per_s > f->rate->budget ? per_s : f->rate->budget;
}

uint64_t rate_replay_cap(const struct fabric *f, const struct fdomain *d, uint64_t k)
{
	const struct freplay *rp = replay_of(f, d);
	/* the window about to open is one the skip shows */
	uint64_t n = rp->windows + 1 > REPLAY_SETTLE ? rp->windows + 1 - REPLAY_SETTLE : 0;

	if (!rp->on)
		return k;
	if (k < REPLAY_MIN_SKIP)
		return 0;
	return n >= REPLAY_STRETCH ? k : k * n / REPLAY_STRETCH;
}

/* ns: the start of the first window the observers keep (while the first windows settle, now). */
static uint64_t kept_since(const struct freplay *rp, uint64_t now)
{
	return (rp->kept_from < rp->windows ? rp->start[rp->kept_from % REPLAY_WINDOWS] : now) /
	       PS_PER_NS;
}

void rate_replay_open(struct fabric *f, struct fdomain *d)
{
	struct freplay *rp = replay_of(f, d);
	uint64_t n = rp->windows;
	struct fabric_repeat keep = {0};

	if (!rp->on)
		return;
	rp->start[n % REPLAY_WINDOWS] = d->now;
	rp->windows++;
	rp->kept_from =
	    n + 1 > REPLAY_SETTLE + REPLAY_STRETCH ? n + 1 - REPLAY_STRETCH : REPLAY_SETTLE;
	keep.keep_ns = kept_since(rp, d->now);
	rp->kept0 = tell(f, (int)(d - f->doms), &keep);
}

void rate_replay_close(struct fabric *f, struct fdomain *d, uint64_t k, bool counted)
{
	struct freplay *rp = replay_of(f, d);

	struct fabric_repeat ask = {.keep_ns = kept_since(rp, d->now)};

	if (!rp->on || !rp->windows)
		return;
	if (counted)
		rp->run_kept += tell(f, (int)(d - f->doms), &ask) - rp->kept0;
	rp->k = k;
	rp->last = rp->windows - 1;
	rp->len = rate_of(f, d)->len;
	rp->at = d->now;
	rp->done = 0;
}

/* Slot m of the skip shows a window of the stretch, its part [lo, hi) of the slot. */
static void show_slot(struct fabric *f, struct fdomain *d, uint64_t m, uint64_t lo, uint64_t hi)
{
	struct freplay *rp = replay_of(f, d);
	uint64_t stretch = rp->last + 1 - rp->kept_from;
	uint64_t from = rp->start[(rp->last - (rp->k - 1 - m) % stretch) % REPLAY_WINDOWS];
	struct fabric_repeat r = {
	    .from_ns = (from + lo) / PS_PER_NS,
	    .to_ns = (from + hi) / PS_PER_NS,
	    .shift_ns = (rp->at + m * rp->len - from) / PS_PER_NS,
	    .keep_ns = kept_since(rp, rp->at),
	};

	tell(f, (int)(d - f->doms), &r);
}

void rate_replay_deliver(struct fabric *f, struct fdomain *d, uint64_t to)
{
	struct freplay *rp = replay_of(f, d);
	uint64_t end = to - rp->at;

	while (rp->on && rp->k && rp->done < end) {
		uint64_t m = rp->done / rp->len, slot_end = (m + 1) * rp->len;
		uint64_t hi = end < slot_end ? end : slot_end;

		show_slot(f, d, m, rp->done - m * rp->len, hi - m * rp->len);
		rp->done = hi;
	}
}
