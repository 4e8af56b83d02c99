// SPDX-License-Identifier: GPL-2.0-only
/*
 * AUX areas, with the kernel's rules.  The size must be a power-of-two
 * number of pages.  In the normal (non-overwrite) mode a writer gets the
 * free space CIRC_SPACE gives (one byte short of the whole area when
 * empty); when there is none, begin fails and the event is disabled, and a
 * stretch ended with TRUNCATED also disables it: a tracer that ran out of
 * room stops rather than silently dropping data.  Every end that commits
 * bytes, or carries a flag other than OVERWRITE, emits a PERF_RECORD_AUX.
 * Disabling is deferred to the next tick, since drivers call these from
 * their start() and interrupt paths, like the kernel's irq_work.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/bus/pages.h>

#include "perf_internal.h"

int perf_event_aux_map(struct perf_event *e, size_t bytes, bool overwrite)
{
	size_t pages = bytes / PERF_PAGE;
	struct perf_aux *aux;

	if (!bytes || bytes % PERF_PAGE || (pages & (pages - 1)))
		return -EINVAL;
	if (!e->pmu || !e->pmu->setup_aux)
		return -EOPNOTSUPP;
	if (e->aux)
		return -EBUSY;
	aux = calloc(1, sizeof(*aux));
	if (!aux)
		return -ENOMEM;
	aux->pages = bus_pages_alloc(bytes);
	aux->priv = aux->pages ? e->pmu->setup_aux(e, aux->pages, (int)pages, overwrite) : NULL;
	if (!aux->priv) {
		bus_pages_free(aux->pages, bytes);
		free(aux);
		return -ENOMEM;
	}
	aux->event = e;
	aux->size = bytes;
	aux->overwrite = overwrite;
	e->aux = aux;
	return 0;
}

void perf_aux_free(struct perf_event *e)
{
	struct perf_aux *aux = e->aux;

	if (!aux)
		return;
	if (e->pmu && e->pmu->free_aux)
		e->pmu->free_aux(aux->priv);
	bus_pages_free(aux->pages, aux->size);
	free(aux);
	e->aux = NULL;
}

void *perf_aux_output_begin(struct perf_output_handle *h, struct perf_event *e)
{
	struct perf_aux *aux = e->aux;

	memset(h, 0, sizeof(*h));
	if (!aux || aux->nested)
		return NULL;
	h->head = aux->head;
	if (!aux->overwrite) {
		/* CIRC_SPACE alone would call a full area (head - tail == size) nearly empty */
		if (aux->head - aux->tail < aux->size)
			h->size = (size_t)((aux->tail - aux->head - 1) & (aux->size - 1));
		if (!h->size) {
			kev(e)->pending_disable = true;
			return NULL;
		}
	}
	aux->nested = true;
	h->event = e;
	h->aux = aux;
	return aux->priv;
}

void perf_aux_output_flag(struct perf_output_handle *h, uint64_t flags)
{
	h->aux_flags |= flags;
}

struct aux_record {
	uint64_t offset, size, flags;
};

void perf_aux_output_end(struct perf_output_handle *h, size_t size)
{
	struct perf_aux *aux = h->aux;
	struct aux_record r = {.size = size, .flags = h->aux_flags};

	if (!aux)
		return;
	if (h->aux_flags & PERF_AUX_FLAG_OVERWRITE) {
		r.offset = h->head;
		aux->head = h->head;
	} else {
		r.offset = aux->head;
		aux->head += size;
	}
	if (size || (h->aux_flags & ~(uint64_t)PERF_AUX_FLAG_OVERWRITE))
		perf_sb_output(h->event, PERF_RECORD_AUX, &r, sizeof(r));
	if (h->aux_flags & PERF_AUX_FLAG_TRUNCATED)
		kev(h->event)->pending_disable = true;
	aux->nested = false;
	h->event = NULL;
	h->aux = NULL;
}

void perf_aux_write(struct perf_aux *aux, uint64_t pos, const void *src, size_t len)
{
	size_t off, first;

	while (len > aux->size) { /* only the last area's worth survives */
		src = (const uint8_t *)src + aux->size;
		pos += aux->size;
		len -= aux->size;
	}
	off = pos & (aux->size - 1);
	first = aux->size - off < len ? aux->size - off : len;
	memcpy(aux->pages + off, src, first);
	memcpy(aux->pages, (const uint8_t *)src + first, len - first);
}

size_t perf_aux_data(struct perf_event *e, uint64_t *tail, const void **p1, size_t *n1,
		     const void **p2, size_t *n2)
{
	struct perf_aux *aux = e->aux;
	uint64_t from, len;
	size_t off;

	*n1 = *n2 = 0;
	*p1 = *p2 = NULL;
	if (!aux)
		return 0;
	from = aux->tail;
	if (aux->head - from > aux->size) /* overwritten: only the newest area is there */
		from = aux->head - aux->size;
	len = aux->head - from;
	off = from & (aux->size - 1);
	*tail = from;
	*p1 = aux->pages + off;
	*n1 = aux->size - off < len ? aux->size - off : (size_t)len;
	*p2 = aux->pages;
	*n2 = (size_t)len - *n1;
	return (size_t)len;
}

void perf_aux_consume(struct perf_event *e, size_t bytes)
{
	struct perf_aux *aux = e->aux;

	if (!aux)
		return;
	if (aux->head - aux->tail > aux->size)
		aux->tail = aux->head - aux->size;
	aux->tail += bytes;
	if (aux->tail > aux->head)
		aux->tail = aux->head;
}
