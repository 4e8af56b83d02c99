// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tx queues.  Power-of-two rings that only grow (amortised, never per TLP).
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct ptlp *pring_push(struct pring *r, const struct ptlp *t)
{
	uint32_t n = r->tail - r->head;

	if (!r->buf || n > r->mask) {
		uint32_t cap = r->buf ? (r->mask + 1) * 2 : 64;
		struct ptlp *b = malloc(sizeof(*b) * cap);

		if (!b)
			return NULL;
		for (uint32_t i = 0; i < n; i++)
			b[i] = r->buf[(r->head + i) & r->mask];
		free(r->buf);
		r->buf = b;
		r->head = 0;
		r->tail = n;
		r->mask = cap - 1;
	}
	struct ptlp *slot = &r->buf[r->tail++ & r->mask];

	*slot = *t;
	return slot;
}

void pring_free(struct pring *r)
{
	free(r->buf);
	memset(r, 0, sizeof(*r));
}
