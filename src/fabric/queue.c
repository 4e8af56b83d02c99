// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tx queues.  Power-of-two rings that only grow (amortised, never per TLP).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fabric_internal.h"

int pring_grow(struct pring *r)
{
	uint32_t n = r->tail - r->head;
	uint32_t cap = r->cap ? r->cap * 2 : 64;
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
	r->cap = cap;
	return 0;
}

void pring_free(struct pring *r)
{
	free(r->buf);
	memset(r, 0, sizeof(*r));
}
