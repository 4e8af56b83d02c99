// SPDX-License-Identifier: GPL-2.0-only
/*
 * The agent calendar: when each agent (a link direction or a traffic
 * stream) acts next.  Transmitters act once per TLP, nine events in ten:
 * they sit in a winner tree (a tournament over their times, one leaf per
 * transmitter, the earliest at the root, internal.h), so rescheduling one
 * is log2(transmitters) comparisons and finding the earliest is one read.
 * Streams act about once per command: a timing wheel of 4096 buckets of
 * 65.5 ns covers the next ~268 us, so that streams paced at 10k..10M
 * issues per second sit in the wheel (with 1 ns buckets they all went
 * through the heap: 15 % of a light workload's time); streams further
 * out wait in a small binary heap and are taken from there when due,
 * without passing through the wheel.  The earliest agent of a bucket is
 * looked for among its few agents.  The earliest stream is remembered until a
 * stream agent moves.  Order is exact: by time, then by agent id
 * (transmitters, created first, have the lowest ids, so they win ties).
 * Each domain has a calendar of its own agents; an agent is placed in it
 * by calendar_build, after the workload says which domain it is in.
 */
#include <errno.h>
#include <stdlib.h>

#include "fabric_internal.h"

#define HORIZON ((uint64_t)CAL_BUCKETS << CAL_SHIFT)

_Static_assert(CAL_BUCKETS == 64 * 64, "one summary word covers the wheel");

static bool before(const struct fabric *f, int a, int b)
{
	uint64_t ta = f->agents[a].t, tb = f->agents[b].t;

	return ta < tb || (ta == tb && a < b);
}

static void far_put(struct fabric *f, struct fdomain *d, int i, int a)
{
	d->far[i] = a;
	f->agents[a].pos = i;
}

static void far_up(struct fabric *f, struct fdomain *d, int i)
{
	int a = d->far[i];

	while (i > 0 && before(f, a, d->far[(i - 1) / 2])) {
		far_put(f, d, i, d->far[(i - 1) / 2]);
		i = (i - 1) / 2;
	}
	far_put(f, d, i, a);
}

static void far_down(struct fabric *f, struct fdomain *d, int i)
{
	int a = d->far[i];

	for (;;) {
		int c = 2 * i + 1;

		if (c >= d->nfar)
			break;
		if (c + 1 < d->nfar && before(f, d->far[c + 1], d->far[c]))
			c++;
		if (!before(f, d->far[c], a))
			break;
		far_put(f, d, i, d->far[c]);
		i = c;
	}
	far_put(f, d, i, a);
}

static void far_del(struct fabric *f, struct fdomain *d, int a)
{
	int i = f->agents[a].pos, last = d->far[--d->nfar];

	if (last == a)
		return;
	far_put(f, d, i, last);
	far_up(f, d, i);
	far_down(f, d, f->agents[last].pos);
}

static void unlink_agent(struct fabric *f, struct fdomain *d, int a)
{
	struct fagent *g = &f->agents[a];

	if (d->stream_min == a)
		d->stream_min = CAL_STALE;

	if (g->slot == CAL_FAR) {
		far_del(f, d, a);
	} else if (g->slot >= 0) {
		if (g->prev >= 0)
			f->agents[g->prev].next = g->next;
		else
			d->bucket[g->slot] = g->next;
		if (g->next >= 0)
			f->agents[g->next].prev = g->prev;
		if (d->bucket[g->slot] < 0) {
			d->bucket_bits[g->slot >> 6] &= ~(1ull << (g->slot & 63));
			if (!d->bucket_bits[g->slot >> 6])
				d->bucket_words &= ~(1ull << (g->slot >> 6));
		}
	}
	g->slot = CAL_NONE;
}

static void link_agent(struct fabric *f, struct fdomain *d, int a)
{
	struct fagent *g = &f->agents[a];

	if (g->t == T_NEVER)
		return;
	if (d->stream_min != CAL_STALE && (d->stream_min < 0 || before(f, a, d->stream_min))) {
		d->stream_min = a;
		d->stream_t = g->t;
	}
	if (g->t >= d->cal_base + HORIZON) {
		g->slot = CAL_FAR;
		far_put(f, d, d->nfar++, a);
		far_up(f, d, d->nfar - 1);
		return;
	}
	g->slot = (int)((g->t >> CAL_SHIFT) & (CAL_BUCKETS - 1));
	g->prev = -1;
	g->next = d->bucket[g->slot];
	if (g->next >= 0)
		f->agents[g->next].prev = a;
	d->bucket[g->slot] = a;
	d->bucket_bits[g->slot >> 6] |= 1ull << (g->slot & 63);
	d->bucket_words |= 1ull << (g->slot >> 6);
}

void agent_set(struct fabric *f, int a, uint64_t t)
{
	struct fdomain *d;

	if (a < f->ntx) {
		tx_agent_set(f, a, t);
		return;
	}
	d = &f->doms[f->agents[a].dom];
	unlink_agent(f, d, a);
	f->agents[a].t = t;
	link_agent(f, d, a);
}

/* The first non-empty bucket from the wheel's base, in time order, or -1. */
static int first_bucket(const struct fdomain *d)
{
	int cur = (int)((d->cal_base >> CAL_SHIFT) & (CAL_BUCKETS - 1));
	int w = cur >> 6;
	uint64_t m = d->bucket_bits[w] & (~0ull << (cur & 63));
	uint64_t later, wrapped;

	if (m)
		return (w << 6) + __builtin_ctzll(m);
	later = w < 63 ? d->bucket_words & (~0ull << (w + 1)) : 0;
	wrapped = d->bucket_words & ((2ull << w) - 1);
	if (later)
		w = __builtin_ctzll(later);
	else if (wrapped)
		w = __builtin_ctzll(wrapped);
	else
		return -1;
	return (w << 6) + __builtin_ctzll(d->bucket_bits[w]);
}

int cal_first_stream(const struct fabric *f, const struct fdomain *d)
{
	int b = first_bucket(d), a = -1;

	if (b >= 0)
		for (int i = d->bucket[b]; i >= 0; i = f->agents[i].next)
			if (a < 0 || before(f, i, a))
				a = i;
	if (d->nfar && (a < 0 || before(f, d->far[0], a)))
		a = d->far[0];
	return a;
}

int agent_new(struct fabric *f, enum agent_kind kind, int idx, uint64_t t)
{
	int a;

	if (f->nagents == f->cap_agents) {
		int cap = f->cap_agents ? f->cap_agents * 2 : 64;
		struct fagent *ag = realloc(f->agents, sizeof(*ag) * cap);

		if (!ag)
			return -ENOMEM;
		f->agents = ag;
		f->cap_agents = cap;
	}
	a = f->nagents;
	if (kind == AG_TX && a != f->ntx)
		return -EINVAL; /* transmitters come first: streams are dropped before a port is
				   added */
	f->nagents++;
	f->ntx += kind == AG_TX;
	f->agents[a] = (struct fagent){.t = t, .kind = kind, .idx = idx, .slot = CAL_NONE};
	return a;
}

/* Drops every stream agent; transmitter agents (created first) stay. */
void agents_clear_streams(struct fabric *f)
{
	f->nagents = f->ntx;
}

/*
 * The winner tree over the domain's transmitters in heap order: n leaves at
 * nodes n .. 2n - 1, node i above 2i and 2i + 1, with no padding to a power
 * of two, so most leaves are a level nearer the root (10 transmitters: 3.4
 * levels, not 4).  The leaves below the left part of the tree (nodes m ..
 * 2n - 1, m the power of two at or above n) come first from left to right,
 * then nodes n .. m - 1; transmitters take them in agent id order, so a
 * left child always holds lower ids and wins ties.  A domain with no
 * transmitter has one unused leaf, the root.
 */
static int tx_tree_build(struct fabric *f, struct fdomain *d, int dom)
{
	unsigned n, m = 1, k = 0;
	uint64_t *wt;
	int32_t *wa;

	for (int a = 0; a < f->ntx; a++)
		d->ntx += f->agents[a].dom == dom;
	n = d->ntx ? d->ntx : 1;
	while (m < n)
		m *= 2;
	wt = malloc((sizeof(*wt) + sizeof(*wa)) * 2 * n);
	if (!wt)
		return -ENOMEM;
	wa = (int32_t *)(wt + 2 * n);
	wt[n] = T_NEVER;
	wa[n] = -1;
	for (int a = 0; a < f->ntx; a++)
		if (f->agents[a].dom == dom) {
			unsigned leaf = k < 2 * n - m ? m + k : k + m - n;

			f->agents[a].leaf = leaf;
			wt[leaf] = f->agents[a].t;
			wa[leaf] = a;
			k++;
		}
	for (unsigned i = n - 1; i; i--) {
		unsigned win = 2 * i + (wt[2 * i + 1] < wt[2 * i]);

		wt[i] = wt[win];
		wa[i] = wa[win];
	}
	d->tx_t = wt;
	d->tx_a = wa;
	d->tx_nodes = 2 * n;
	return 0;
}

int calendar_build(struct fabric *f, struct fdomain *d, int dom)
{
	for (int b = 0; b < CAL_BUCKETS; b++)
		d->bucket[b] = -1;
	d->stream_min = -1;
	d->stream_t = T_NEVER;
	d->cal_base = d->now & ~((1ull << CAL_SHIFT) - 1);
	d->far = malloc(sizeof(*d->far) * (size_t)(f->nagents + 1));
	if (!d->far || tx_tree_build(f, d, dom))
		return -ENOMEM;
	for (int a = f->ntx; a < f->nagents; a++)
		if (f->agents[a].dom == dom) {
			f->agents[a].slot = CAL_NONE;
			link_agent(f, d, a);
		}
	return 0;
}

void calendar_free(struct fdomain *d)
{
	free(d->far);
	free(d->tx_t);
}

/*
 * Empties the wheel through its summary bits: the rate model shifts a
 * domain's calendar once per window, and a few streams sit in 4096 buckets.
 */
static void wheel_clear(struct fdomain *d)
{
	for (uint64_t w = d->bucket_words; w; w &= w - 1) {
		int i = __builtin_ctzll(w);

		for (uint64_t b = d->bucket_bits[i]; b; b &= b - 1)
			d->bucket[(i << 6) + __builtin_ctzll(b)] = -1;
		d->bucket_bits[i] = 0;
	}
	d->bucket_words = 0;
}

/*
 * A uniform shift keeps every order: the winner tree only moves its times,
 * but the wheel's buckets are absolute, so its streams are placed again.
 */
void calendar_shift(struct fabric *f, struct fdomain *d, int dom, uint64_t delta)
{
	for (unsigned i = 1; i < d->tx_nodes; i++)
		if (d->tx_t[i] != T_NEVER)
			d->tx_t[i] += delta;
	for (int a = 0; a < f->nagents; a++)
		if (f->agents[a].dom == dom && f->agents[a].t != T_NEVER)
			f->agents[a].t += delta;
	wheel_clear(d);
	d->nfar = 0;
	d->stream_min = -1;
	d->stream_t = T_NEVER;
	d->cal_base = (d->cal_base + delta) & ~((1ull << CAL_SHIFT) - 1);
	for (int a = f->ntx; a < f->nagents; a++)
		if (f->agents[a].dom == dom) {
			f->agents[a].slot = CAL_NONE;
			link_agent(f, d, a);
		}
}
