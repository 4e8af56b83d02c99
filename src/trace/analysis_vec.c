// SPDX-License-Identifier: GPL-2.0-only
/*
 * The analyser's growable arrays and what grows them.  They grow by
 * doubling when a new requester, latency key or time window first appears,
 * never per TLP, and the tables of keys stop at ANALYSIS_MAX_KEYS: a key
 * past that is folded, marked so in its index so that it is counted once
 * and found again in one step.  A segment that folds is full (seg_full):
 * what it folded may be a key the stretch before it kept, so its results
 * cannot be merged exactly.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_priv.h"

void *vec_add(struct vec *v)
{
	if (v->n == v->cap) {
		size_t cap = v->cap ? v->cap * 2 : 16;
		void *p = realloc(v->items, cap * v->size);

		if (!p)
			return NULL;
		v->items = p;
		v->cap = cap;
	}
	return (char *)v->items + v->n++ * v->size;
}

int vec_push(struct vec *v, const void *item)
{
	void *slot = vec_add(v);

	if (!slot)
		return -ENOMEM;
	memcpy(slot, item, v->size);
	return 0;
}

void vec_free(struct vec *v)
{
	free(v->items);
	v->items = NULL;
	v->n = v->cap = 0;
}

long node_new(struct analysis *a, struct vec *v, uint32_t *idx, uint64_t *folded, uint16_t rid)
{
	struct analysis_node n = {.rid = rid};

	if (v->n == ANALYSIS_MAX_KEYS) {
		a->seg_full |= a->segment;
		(*folded)++;
		idx[rid] = (uint32_t)NODE_OTHER + 1;
		return NODE_OTHER;
	}
	if (vec_push(v, &n))
		return -1;
	idx[rid] = (uint32_t)v->n;
	return (long)v->n - 1;
}

long lat_new(struct analysis *a, long node, enum tlp_kind k)
{
	static const uint32_t none[TLP_KIND_COUNT];
	uint32_t *idx;
	struct analysis_lat *l;

	while (a->req_lat_idx.n <= (size_t)node)
		if (vec_push(&a->req_lat_idx, none))
			return -1;
	idx = (uint32_t *)a->req_lat_idx.items + (size_t)node * TLP_KIND_COUNT + k;
	if (a->lats.n == ANALYSIS_MAX_KEYS) {
		a->seg_full |= a->segment;
		a->fold.latencies++;
		*idx = LAT_OTHER + k + 1;
		return (long)(LAT_OTHER + k);
	}
	l = vec_add(&a->lats);
	if (!l)
		return -1;
	memset(l, 0, sizeof(*l));
	l->requester = ((struct analysis_node *)a->reqs.items)[node].rid;
	l->kind = k;
	lat_hist_init(&l->hist);
	*idx = (uint32_t)a->lats.n;
	return (long)a->lats.n - 1;
}
