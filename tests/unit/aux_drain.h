/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * For tests that trace through the perf core: drain an event's side-band
 * records (counting the AUX ones, the bytes they announce and their flags)
 * and append its AUX bytes to a growing buffer, as a tool's mmap reader
 * would.
 */
#ifndef PCIESCOPE_TESTS_AUX_DRAIN_H
#define PCIESCOPE_TESTS_AUX_DRAIN_H

#include <stdlib.h>
#include <string.h>

#include <pciescope/core/perf_core.h>

struct aux_drained {
	uint8_t *data;
	size_t len, cap;
	int aux_records, truncated;
	uint64_t announced, aux_flags;
	uint64_t last_size; /* bytes the last AUX record handed over */
};

static inline void aux_drain(struct perf_event *e, struct aux_drained *d)
{
	uint64_t rec[64], tail;
	const void *p1, *p2;
	size_t n1, n2, total;
	struct perf_event_header h;

	while (perf_event_next_record(e, rec, sizeof(rec)) > 0) {
		memcpy(&h, rec, sizeof(h));
		if (h.type != PERF_RECORD_AUX)
			continue;
		d->aux_records++;
		d->truncated += !!(rec[3] & PERF_AUX_FLAG_TRUNCATED);
		d->announced += rec[2];
		d->aux_flags |= rec[3];
		d->last_size = rec[2];
	}
	total = perf_aux_data(e, &tail, &p1, &n1, &p2, &n2);
	if (!total)
		return;
	if (d->len + total > d->cap) {
		d->cap = (d->len + total) * 2;
		d->data = realloc(d->data, d->cap);
	}
	memcpy(d->data + d->len, p1, n1);
	if (n2) /* the second span exists only when the ring wrapped */
		memcpy(d->data + d->len + n1, p2, n2);
	d->len += total;
	perf_aux_consume(e, total);
}

#endif
