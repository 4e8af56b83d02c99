// SPDX-License-Identifier: GPL-2.0-only
/*
 * The analyser's growable arrays.  They grow by doubling when a new
 * requester, latency key or time window first appears, never per TLP.
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
