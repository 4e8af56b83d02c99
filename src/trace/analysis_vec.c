// SPDX-License-Identifier: GPL-2.0-only
/*
 * The analyser's growable arrays and what grows them.  They grow by
 * doubling when a new requester, latency key or time window first appears,
 * never per TLP.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_internal.h"

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

long lat_new(struct analysis *a, long node, enum tlp_kind k)
{
	static const uint32_t none[TLP_KIND_COUNT];
	struct analysis_lat *l;

	while (a->req_lat_idx.n <= (size_t)node)
		if (vec_push(&a->req_lat_idx, none))
			return -1;
	/* In place: a slot holds a 15 KiB histogram, not worth a temporary. */
	l = vec_add(&a->lats);
	if (!l)
		return -1;
	memset(l, 0, sizeof(*l));
	l->requester = ((struct analysis_node *)a->reqs.items)[node].rid;
	l->kind = k;
	lat_hist_init(&l->hist);
	((uint32_t *)a->req_lat_idx.items)[(size_t)node * TLP_KIND_COUNT + k] = (uint32_t)a->lats.n;
	return (long)a->lats.n - 1;
}
