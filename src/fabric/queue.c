// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tx queues and the agent heap.  Queues are power-of-two rings that only
 * grow (amortised, never per TLP).  The heap holds agents, not TLPs: one per
 * link direction and one per traffic stream, so it stays a few dozen entries
 * deep however much traffic flows, and an agent's time is updated in place.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

int pring_push(struct pring *r, const struct ptlp *t)
{
	uint32_t n = r->tail - r->head;

	if (!r->buf || n > r->mask) {
		uint32_t cap = r->buf ? (r->mask + 1) * 2 : 64;
		struct ptlp *b = malloc(sizeof(*b) * cap);

		if (!b)
			return -ENOMEM;
		for (uint32_t i = 0; i < n; i++)
			b[i] = r->buf[(r->head + i) & r->mask];
		free(r->buf);
		r->buf = b;
		r->head = 0;
		r->tail = n;
		r->mask = cap - 1;
	}
	r->buf[r->tail++ & r->mask] = *t;
	return 0;
}

void pring_free(struct pring *r)
{
	free(r->buf);
	memset(r, 0, sizeof(*r));
}

static bool before(const struct fabric *f, int a, int b)
{
	uint64_t ta = f->agents[a].t, tb = f->agents[b].t;

	return ta < tb || (ta == tb && a < b);
}

static void heap_put(struct fabric *f, int i, int a)
{
	f->heap[i] = a;
	f->hpos[a] = i;
}

static void sift_up(struct fabric *f, int i)
{
	int a = f->heap[i];

	while (i > 0) {
		int p = (i - 1) / 2;

		if (!before(f, a, f->heap[p]))
			break;
		heap_put(f, i, f->heap[p]);
		i = p;
	}
	heap_put(f, i, a);
}

static void sift_down(struct fabric *f, int i)
{
	int a = f->heap[i];

	for (;;) {
		int c = 2 * i + 1;

		if (c >= f->nheap)
			break;
		if (c + 1 < f->nheap && before(f, f->heap[c + 1], f->heap[c]))
			c++;
		if (!before(f, f->heap[c], a))
			break;
		heap_put(f, i, f->heap[c]);
		i = c;
	}
	heap_put(f, i, a);
}

void agent_set(struct fabric *f, int a, uint64_t t)
{
	uint64_t old = f->agents[a].t;

	f->agents[a].t = t;
	if (t < old)
		sift_up(f, f->hpos[a]);
	else if (t > old)
		sift_down(f, f->hpos[a]);
}

int agent_new(struct fabric *f, enum agent_kind kind, int idx, int dir, uint64_t t)
{
	if (f->nagents == f->cap_agents) {
		int cap = f->cap_agents ? f->cap_agents * 2 : 64;
		struct fagent *ag = realloc(f->agents, sizeof(*ag) * cap);
		int *h, *p;

		if (!ag)
			return -ENOMEM;
		f->agents = ag;
		h = realloc(f->heap, sizeof(*h) * cap);
		if (!h)
			return -ENOMEM;
		f->heap = h;
		p = realloc(f->hpos, sizeof(*p) * cap);
		if (!p)
			return -ENOMEM;
		f->hpos = p;
		f->cap_agents = cap;
	}
	int a = f->nagents++;

	f->agents[a] = (struct fagent){.t = t, .kind = kind, .dir = dir, .idx = idx};
	heap_put(f, f->nheap++, a);
	sift_up(f, f->nheap - 1);
	return a;
}

/* Drops every stream agent; transmitter agents (created first) stay. */
void agents_clear_streams(struct fabric *f)
{
	int n = 0;

	for (int a = 0; a < f->nagents; a++)
		if (f->agents[a].kind != AG_STREAM)
			n = a + 1;
	f->nagents = n;
	f->nheap = 0;
	for (int a = 0; a < n; a++) {
		heap_put(f, f->nheap++, a);
		sift_up(f, f->nheap - 1);
	}
}
