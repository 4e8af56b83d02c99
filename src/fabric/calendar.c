// SPDX-License-Identifier: GPL-2.0-only
/*
 * The agent calendar: when each agent (a link direction or a traffic
 * stream) acts next.  Transmitters act once per TLP, nine events in ten:
 * they sit in a winner tree (a tournament over their times, one leaf per
 * transmitter, the earliest at the root, internal.h), so rescheduling one
 * is log2(transmitters) comparisons and finding the earliest is one read.
 * Streams act about once per command: a timing wheel of 4096
 * one-nanosecond buckets covers the next ~4 us; streams further out wait
 * in a small binary heap and are taken from there when due, without
 * passing through the wheel.  The earliest stream is remembered until a
 * stream agent moves.  Order is exact: by time, then by agent id
 * (transmitters, created first, have the lowest ids, so they win ties).
 */
#include <errno.h>
#include <stdlib.h>

#include "internal.h"

#define HORIZON ((uint64_t)CAL_BUCKETS << CAL_SHIFT)

_Static_assert(CAL_BUCKETS == 64 * 64, "one summary word covers the wheel");

static bool before(const struct fabric *f, int a, int b)
{
	uint64_t ta = f->agents[a].t, tb = f->agents[b].t;

	return ta < tb || (ta == tb && a < b);
}

static void far_put(struct fabric *f, int i, int a)
{
	f->far[i] = a;
	f->agents[a].pos = i;
}

static void far_up(struct fabric *f, int i)
{
	int a = f->far[i];

	while (i > 0 && before(f, a, f->far[(i - 1) / 2])) {
		far_put(f, i, f->far[(i - 1) / 2]);
		i = (i - 1) / 2;
	}
	far_put(f, i, a);
}

static void far_down(struct fabric *f, int i)
{
	int a = f->far[i];

	for (;;) {
		int c = 2 * i + 1;

		if (c >= f->nfar)
			break;
		if (c + 1 < f->nfar && before(f, f->far[c + 1], f->far[c]))
			c++;
		if (!before(f, f->far[c], a))
			break;
		far_put(f, i, f->far[c]);
		i = c;
	}
	far_put(f, i, a);
}

static void far_del(struct fabric *f, int a)
{
	int i = f->agents[a].pos, last = f->far[--f->nfar];

	if (last == a)
		return;
	far_put(f, i, last);
	far_up(f, i);
	far_down(f, f->agents[last].pos);
}

static void unlink_agent(struct fabric *f, int a)
{
	struct fagent *g = &f->agents[a];

	if (f->stream_min == a)
		f->stream_min = CAL_STALE;

	if (g->slot == CAL_FAR) {
		far_del(f, a);
	} else if (g->slot >= 0) {
		if (g->prev >= 0)
			f->agents[g->prev].next = g->next;
		else
			f->bucket[g->slot] = g->next;
		if (g->next >= 0)
			f->agents[g->next].prev = g->prev;
		if (f->bucket[g->slot] < 0) {
			f->bucket_bits[g->slot >> 6] &= ~(1ull << (g->slot & 63));
			if (!f->bucket_bits[g->slot >> 6])
				f->bucket_words &= ~(1ull << (g->slot >> 6));
		}
	}
	g->slot = CAL_NONE;
}

static void link_agent(struct fabric *f, int a)
{
	struct fagent *g = &f->agents[a];

	if (g->t == T_NEVER)
		return;
	if (f->stream_min != CAL_STALE && (f->stream_min < 0 || before(f, a, f->stream_min)))
		f->stream_min = a;
	if (g->t >= f->cal_base + HORIZON) {
		g->slot = CAL_FAR;
		far_put(f, f->nfar++, a);
		far_up(f, f->nfar - 1);
		return;
	}
	g->slot = (int)((g->t >> CAL_SHIFT) & (CAL_BUCKETS - 1));
	g->prev = -1;
	g->next = f->bucket[g->slot];
	if (g->next >= 0)
		f->agents[g->next].prev = a;
	f->bucket[g->slot] = a;
	f->bucket_bits[g->slot >> 6] |= 1ull << (g->slot & 63);
	f->bucket_words |= 1ull << (g->slot >> 6);
}

/* Room for transmitter a: a tree of twice the leaves, rebuilt (only while ports are added). */
static int tx_grow(struct fabric *f, int a)
{
	unsigned cap = f->tx_cap ? f->tx_cap : 2;
	struct txwin *w;

	if ((unsigned)a < f->tx_cap)
		return 0;
	while (cap <= (unsigned)a)
		cap *= 2;
	w = malloc(sizeof(*w) * 2 * cap);
	if (!w)
		return -ENOMEM;
	for (unsigned i = 0; i < cap; i++)
		w[cap + i] = (int)i < f->ntx ? (struct txwin){.t = f->agents[i].t, .a = (int)i}
					  : (struct txwin){.t = T_NEVER, .a = -1};
	for (unsigned i = cap - 1; i; i--)
		w[i] = w[2 * i].t <= w[2 * i + 1].t ? w[2 * i] : w[2 * i + 1];
	free(f->tx_tree);
	f->tx_tree = w;
	f->tx_cap = cap;
	return 0;
}

void agent_set(struct fabric *f, int a, uint64_t t)
{
	if (a < f->ntx) {
		tx_agent_set(f, a, t);
		return;
	}
	unlink_agent(f, a);
	f->agents[a].t = t;
	link_agent(f, a);
}

/* The first non-empty bucket from the wheel's base, in time order, or -1. */
static int first_bucket(const struct fabric *f)
{
	int cur = (int)((f->cal_base >> CAL_SHIFT) & (CAL_BUCKETS - 1));
	int w = cur >> 6;
	uint64_t m = f->bucket_bits[w] & (~0ull << (cur & 63));
	uint64_t later, wrapped;

	if (m)
		return (w << 6) + __builtin_ctzll(m);
	later = w < 63 ? f->bucket_words & (~0ull << (w + 1)) : 0;
	wrapped = f->bucket_words & ((2ull << w) - 1);
	if (later)
		w = __builtin_ctzll(later);
	else if (wrapped)
		w = __builtin_ctzll(wrapped);
	else
		return -1;
	return (w << 6) + __builtin_ctzll(f->bucket_bits[w]);
}

static int first_stream(const struct fabric *f)
{
	int b = first_bucket(f), a = -1;

	if (b >= 0)
		for (int i = f->bucket[b]; i >= 0; i = f->agents[i].next)
			if (a < 0 || before(f, i, a))
				a = i;
	if (f->nfar && (a < 0 || before(f, f->far[0], a)))
		a = f->far[0];
	return a;
}

int agent_next(struct fabric *f, uint64_t limit)
{
	uint64_t t = T_NEVER;
	int a = -1;

	if (f->ntx) {
		t = f->tx_tree[1].t;
		a = f->tx_tree[1].a;
	}
	if (f->stream_min == CAL_STALE)
		f->stream_min = first_stream(f);
	if (f->stream_min >= 0 && f->agents[f->stream_min].t < t) {
		a = f->stream_min;
		t = f->agents[a].t;
	}
	if (a < 0 || t >= limit)
		return -1;
	f->cal_base = t & ~((1ull << CAL_SHIFT) - 1);
	return a;
}

static int grow(struct fabric *f)
{
	int cap = f->cap_agents ? f->cap_agents * 2 : 64;
	struct fagent *ag = realloc(f->agents, sizeof(*ag) * cap);
	int *far;

	if (!ag)
		return -ENOMEM;
	f->agents = ag;
	far = realloc(f->far, sizeof(*far) * cap);
	if (!far)
		return -ENOMEM;
	f->far = far;
	f->cap_agents = cap;
	return 0;
}

int agent_new(struct fabric *f, enum agent_kind kind, int idx, int dir, uint64_t t)
{
	int a;

	if (f->nagents == f->cap_agents && grow(f))
		return -ENOMEM;
	a = f->nagents;
	if (kind == AG_TX && a != f->ntx)
		return -EINVAL; /* transmitters come first: streams are dropped before a port is added */
	if (kind == AG_TX && tx_grow(f, a))
		return -ENOMEM;
	f->nagents++;
	f->agents[a] =
	    (struct fagent){.t = t, .kind = kind, .dir = dir, .idx = idx, .slot = CAL_NONE};
	if (kind == AG_TX) {
		f->ntx++;
		f->tx_tree[f->tx_cap + (unsigned)a].a = a;
		tx_agent_set(f, a, t);
	} else {
		link_agent(f, a);
	}
	return a;
}

/* Drops every stream agent; transmitter agents (created first) stay. */
void agents_clear_streams(struct fabric *f)
{
	int n = 0;

	for (int a = 0; a < f->nagents; a++)
		if (f->agents[a].kind != AG_STREAM)
			n = a + 1;
	for (int a = n; a < f->nagents; a++)
		unlink_agent(f, a);
	f->nagents = n;
}

void calendar_init(struct fabric *f)
{
	for (int b = 0; b < CAL_BUCKETS; b++)
		f->bucket[b] = -1;
	f->stream_min = -1;
}
