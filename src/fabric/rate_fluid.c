// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rate model's fluid part (rate.c has the windows and skips): a window
 * holds only a few TLPs of a light rate-paced stream (a status register
 * read every 10 us), so its window count is
 * mostly 0 or 1 and scaling it by a thousand windows makes a figure of its
 * granularity.  But such a stream's fires during a skip are known from its
 * period: unless credits, buffers or tags held it back in the windows
 * (then it is closed-loop there and scaled like the rest), a skip of tau
 * adds, per group of its TLPs, tau / period fires times the TLPs per fire
 * measured over all its fires so far (counted once all their TLPs are in),
 * and the group's mean latency times that count; remainders below one
 * carry from skip to skip.  Its TLPs are kept out of the window's groups
 * and taken from the window's statistics, so they are counted once.  It
 * is faithful for the same reason as the rest: the fires are those of the
 * stream's own schedule (jittered around its period, whose mean the
 * period is), and what each one makes is what the per-TLP engine made of
 * the fires it ran.
 */
#include <stdlib.h>
#include <string.h>

#include "rate.h"

#define RATE_FLUID_SLOTS 4096 /* hash of the fluid part's groups: a power of two */
#define RATE_MAX_FLUID (RATE_FLUID_SLOTS / 2)
/*
 * No skip until every stream paced faster than RATE_WARM_PERIOD that keeps
 * its rate (kept_rate) has RATE_WARM_FIRES fires counted whole, or
 * RATE_WARM_WINDOWS windows have run: before that what one of its fires
 * makes is a guess.
 */
#define RATE_WARM_PERIOD (100000 * PS_PER_NS)
#define RATE_WARM_FIRES 2
#define RATE_WARM_WINDOWS 64
/*
 * The fluid part.  Every TLP carries the stream whose fire caused it and
 * the domain's epoch then, mod 4 (the completions and a command's last
 * writes those of the fire that issued the command); the model advances
 * the epoch with each window, so here each window counts a rate-paced
 * stream's TLPs by group and by the window of their fire.  A fire's TLPs are in three windows
 * later (a latency of 15 us; one slower still is counted with a later
 * window's fires, never twice or not at all), so at each window's end the
 * fires of three windows before are counted whole: the groups' cum over
 * the stream's fires is what one fire makes, without the deficit of the
 * fires still in flight.
 */
void rate_fluid(struct fabric *f, struct fport *p, int dir, const struct ptlp *t, uint64_t now)
{
	struct fdomain *d = f->running;
	struct frate *r = rate_of(f, d);
	int s = t->src - 1;
	struct frate_fluid *e;
	uint64_t k[3], h, *q, olat, rlat;
	unsigned i;

	if (s < 0 || s >= r->nfs || !f->streams[s].period)
		return; /* no stream's, or a closed-loop one's: the window's groups scale it */
	/* what the header (but its tag), the CPL set and the statistics are made of */
	k[0] = (uint64_t)t->kind | (uint64_t)t->cls << 4 | (uint64_t)dir << 6 |
	       (uint64_t)(t->flags & (PF_LAST | PF_P2P | PF_CPU | PF_REMOTE | PF_CFG0)) << 8 |
	       (uint64_t)(t->addr >> 32 != 0) << 16 | (uint64_t)(t->prefix != 0) << 17 |
	       (uint64_t)t->bytes << 32 | (uint64_t)t->byte_count << 48;
	k[1] =
	    (uint64_t)(uint32_t)p->node | (uint64_t)t->rid << 32 | (uint64_t)(uint16_t)t->ep << 48;
	k[2] = (uint64_t)s;
	h = (k[0] ^ (k[1] * 0x9e3779b97f4a7c15ull) ^ (k[2] * 0xc2b2ae3d27d4eb4full)) *
	    0xff51afd7ed558ccdull;
	for (i = (unsigned)(h >> 54) & (RATE_FLUID_SLOTS - 1);;
	     i = (i + 1) & (RATE_FLUID_SLOTS - 1)) {
		if (r->fl_slot[i] < 0) {
			bool rd = t->kind == FK_CPLD &&
				  (t->flags & (PF_LAST | PF_P2P)) == PF_LAST && t->ep >= 0;

			if (r->nfl == RATE_MAX_FLUID)
				return; /* left to the window's groups */
			r->fl_slot[i] = r->nfl;
			e = &r->fl[r->nfl++];
			*e = (struct frate_fluid){
			    .key = {k[0], k[1], k[2]},
			    .stream = s,
			    .ep = t->ep,
			    .hdr = t->wire - 8u - ((t->bytes + 3) & ~3u),
			    .rd = (uint8_t)(rd ? (dir == FABRIC_INBOUND ? 2 : 1) : 0),
			};
			fab_tlp_view(f, p, dir, t, now, &e->rep);
			fab_header(f, t, e->rep.hdr);
			break;
		}
		e = &r->fl[r->fl_slot[i]];
		if (e->key[0] == k[0] && e->key[1] == k[1] && e->key[2] == k[2])
			break;
	}
	olat = fab_shown_latency(t, now);
	rlat = e->rd ? (now - t->req_time) / PS_PER_NS : 0;
	for (int b = 0; b < 2; b++) {
		q = b ? e->cur : e->pend[(t->flags & PF_EPOCH) >> PF_EPOCH_SHIFT];
		q[FQ_N]++;
		q[FQ_OLAT] += olat;
		q[FQ_RLAT] += rlat;
	}
	r->fluid_seq = d->seq;
}

static bool stream_in(const struct fabric *f, int s, int dom)
{
	return f->agents[f->streams[s].agent].dom == dom;
}

/* Room for the fluid part: its groups outlive the windows, as long as the streams do. */
bool rate_fluid_ready(struct fabric *f, struct frate *r)
{
	if (!r->fl && !(r->fl = malloc(sizeof(*r->fl) * RATE_MAX_FLUID)))
		return false;
	if (!r->fl_slot && !(r->fl_slot = malloc(sizeof(*r->fl_slot) * RATE_FLUID_SLOTS)))
		return false;
	if (r->fs && r->nfs == f->nstreams)
		return true;
	free(r->fs);
	r->nfs = 0;
	r->fs = calloc(f->nstreams ? (size_t)f->nstreams : 1, sizeof(*r->fs));
	if (!r->fs)
		return false;
	r->nfs = f->nstreams;
	r->nfl = 0;
	r->run = 0;
	r->tally_ps = 0;
	memset(r->fl_slot, 0xff, sizeof(*r->fl_slot) * RATE_FLUID_SLOTS);
	return true;
}

/* The fluid part starts afresh: what the windows before the break left is not whole. */
static void fluid_restart(struct fabric *f, struct fdomain *d)
{
	struct frate *r = rate_of(f, d);

	for (int i = 0; i < r->nfl; i++) {
		memset(r->fl[i].pend, 0, sizeof(r->fl[i].pend));
		memset(r->fl[i].cur, 0, sizeof(r->fl[i].cur));
	}
	for (int s = 0; s < r->nfs; s++)
		memset(r->fs[s].pend, 0, sizeof(r->fs[s].pend));
}

/*
 * What q of group e's TLPs count at its port and its endpoint, added to
 * their statistics (live) or taken from the window's (its closed part).
 */
static void fluid_stats(struct fabric *f, const struct frate_fluid *e, const uint64_t q[FQ_COUNT],
			bool live)
{
	int dir = e->rep.dir, cls = e->rep.cls;
	/* taken away as adding its two's complement: the counters wrap alike */
	uint64_t n = live ? q[FQ_N] : -q[FQ_N], lat = live ? q[FQ_RLAT] : -q[FQ_RLAT];

	for (int at_ep = 0; at_ep < 2; at_ep++) {
		int node = at_ep ? e->ep : e->rep.port;
		struct fabric_port_stats *st;

		if (node < 0)
			continue;
		st = live ? &f->nodes[node].st : &f->rate->win[node];
		st->tlps[dir][cls] += n;
		st->bytes[dir][cls] += n * e->rep.payload_bytes;
		st->hdr_bytes[dir][cls] += n * e->hdr;
		if (e->rd > at_ep) {
			st->rd_count += n;
			st->rd_latency_sum_ns += lat;
		}
	}
}

/*
 * A stream kept its rate if its fires over the windows are what its period
 * gives (within 5 %, and two fires: a jittered period puts the last fire
 * up to one period late, and one in flight): then the credits,
 * buffers and tags it needs did not hold it back, and a skip counts its
 * fires from the period.  Otherwise it is closed-loop there, and its
 * groups are scaled by the window as the others are.
 */
static bool kept_rate(const struct fabric *f, const struct frate *r, int s)
{
	uint64_t period = f->streams[s].period;

	return period && (r->fs[s].all_fires + 2) * period * 20 >= r->tally_ps * 19;
}

/*
 * The window's end for the fluid part: the fires of the window before it
 * are counted whole, and for the skip each group of a stream that kept its
 * rate is to add cum x (time skipped) / (period x fires), what the fires
 * its period gives in that time make; the others add their window's
 * count, scaled.  What a skip leaves below one is carried to the next, so
 * that rounding does not drift.
 */
void rate_fluid_close(struct fabric *f, struct fdomain *d, bool skipping)
{
	struct frate *r = rate_of(f, d);
	int dom = (int)(d - f->doms);
	unsigned now = (unsigned)(r->win_id & 3), old = (now + 1) & 3; /* old: three windows ago */
	bool tallied = r->tally, whole, warm = true;

	r->tally = false;
	d->tap = NULL;
	r->run = tallied ? r->run + 1 : 0;
	r->fluid_skip = tallied && skipping;
	if (!tallied)
		return;
	r->tally_ps += r->len;
	whole = r->run >= 4;
	for (int s = 0; s < r->nfs; s++) {
		struct frate_stream *fs = &r->fs[s];
		uint64_t n;

		if (!stream_in(f, s, dom))
			continue;
		n = f->streams[s].fires - fs->fires0;
		fs->all_fires += n;
		fs->pend[now] = n;
		if (whole)
			fs->fires += fs->pend[old];
		fs->pend[old] = 0;
		fs->fluid = kept_rate(f, r, s) && fs->all_fires;
		fs->den =
		    fs->fluid ? f->streams[s].period * (fs->fires ? fs->fires : fs->all_fires) : 0;
		if (kept_rate(f, r, s) && fs->fires < RATE_WARM_FIRES &&
		    f->streams[s].period < RATE_WARM_PERIOD)
			warm = false;
	}
	r->warm = warm || r->win_id >= RATE_WARM_WINDOWS;
	for (int i = 0; i < r->nfl; i++) {
		struct frate_fluid *e = &r->fl[i];
		const struct frate_stream *fs = &r->fs[e->stream];
		const uint64_t *lat;

		for (int q = 0; q < FQ_COUNT; q++) {
			e->win[q] = e->cur[q];
			e->all[q] += e->cur[q];
			e->seen[q] += skipping ? e->cur[q] : 0;
			e->cur[q] = 0;
			if (whole)
				e->cum[q] += e->pend[old][q];
			e->pend[old][q] = 0;
		}
		/* out of the window's statistics, whose history shares the closed part's */
		fluid_stats(f, e, e->win, false);
		if (!skipping)
			continue;
		for (int q = 0; q < FQ_COUNT; q++) {
			e->sent[q] = 0;
			if (fs->den != e->res_den)
				e->res[q] =
				    e->res_den && fs->den
					? rate_mul_div(e->res[q], fs->den, 0, e->res_den, NULL)
					: 0;
		}
		e->res_den = fs->den;
		/*
		 * TLPs per fire from the fires counted whole (until there are
		 * some, from all, in flight or not); latencies from the mean of
		 * those crossed in the windows that skips followed, as the
		 * closed part weighs them (the fires counted whole miss the
		 * slowest, the first windows start from empty queues).
		 */
		e->x[FQ_N] = fs->fires ? e->cum[FQ_N] : e->all[FQ_N];
		lat = e->seen[FQ_N] ? e->seen : e->all;
		for (int q = FQ_OLAT; q < FQ_COUNT; q++)
			e->x[q] =
			    lat[FQ_N] ? rate_mul_div(lat[q], e->x[FQ_N], 0, lat[FQ_N], NULL) : 0;
	}
}

/* The fluid part of the skip up to tau ps of it; at its end the remainders carry. */
void rate_fluid_deliver(struct fabric *f, struct fdomain *d, uint64_t tau, bool end,
			uint64_t done_ns, uint64_t win_ns)
{
	struct frate *r = rate_of(f, d);

	for (int i = 0; r->fluid_skip && i < r->nfl; i++) {
		struct frate_fluid *e = &r->fl[i];
		const struct frate_stream *fs = &r->fs[e->stream];
		const struct fport *p = &f->ports[f->nodes[e->rep.port].port];
		uint64_t delta[FQ_COUNT];
		struct fabric_tlp o;

		for (int q = 0; q < FQ_COUNT; q++) {
			uint64_t total, rem;

			if (fs->den) {
				total = rate_mul_div(e->x[q], tau, e->res[q], fs->den, &rem);
				if (end)
					e->res[q] = rem;
			} else {
				total = rate_scaled(e->win[q], done_ns, win_ns);
			}
			delta[q] = total - e->sent[q];
			e->sent[q] = total;
		}
		if (delta[FQ_N] || delta[FQ_RLAT])
			fluid_stats(f, e, delta, true);
		if (!delta[FQ_N]) {
			e->sent[FQ_OLAT] -= delta[FQ_OLAT]; /* shown with the next TLPs */
			continue;
		}
		o = e->rep;
		o.count = delta[FQ_N];
		o.lat_sum_ns = delta[FQ_OLAT];
		o.time_ns = o.req_time_ns = d->now / PS_PER_NS;
		o.seq = d->seq | FABRIC_SEQ_BULK;
		rate_show(p, &o);
	}
}

/* A window opens: the fluid part notes each stream's fires so far (and starts afresh after a
 * break). */
void rate_fluid_open(struct fabric *f, struct fdomain *d)
{
	struct frate *r = rate_of(f, d);
	int dom = (int)(d - f->doms);

	if (!r->tally)
		return;
	if (!r->run)
		fluid_restart(f, d);
	for (int s = 0; s < r->nfs; s++)
		if (stream_in(f, s, dom))
			r->fs[s].fires0 = f->streams[s].fires;
}
