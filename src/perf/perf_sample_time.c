// SPDX-License-Identifier: GPL-2.0-only
/*
 * The time in the sample_id trailer of a kernel record (AUX, ITRACE_START,
 * LOST, ...).  With attr.sample_id_all the kernel appends to every
 * non-sample record the fields of sample_type among TID, TIME, ID,
 * STREAM_ID, CPU and IDENTIFIER, in that order, at the record's end.  The
 * first event's attr is taken: perf too reads the trailer with one layout
 * for the whole session.
 */
#include <errno.h>

#include "perf_bytes.h"
#include "perf_reader.h"

int perf_rec_sample_time(const struct perf_reader *r, const struct perf_rec *rec, uint64_t *time)
{
	static const uint64_t trailer_bits[] = {PERF_SAMPLE_TID, PERF_SAMPLE_TIME,
						PERF_SAMPLE_ID,	 PERF_SAMPLE_STREAM_ID,
						PERF_SAMPLE_CPU, PERF_SAMPLE_IDENTIFIER};
	const struct perf_event_attr *a;
	size_t trailer = 0, at = 0;

	if (!r->nr_attrs || rec->type == PERF_RECORD_SAMPLE || rec->type >= PERF_REC_HEADER_ATTR)
		return -ENODATA;
	a = &r->attrs[0].attr;
	if (!a->sample_id_all || !(a->sample_type & PERF_SAMPLE_TIME))
		return -ENODATA;
	for (size_t i = 0; i < sizeof(trailer_bits) / sizeof(trailer_bits[0]); i++) {
		if (trailer_bits[i] == PERF_SAMPLE_TIME)
			at = trailer;
		if (a->sample_type & trailer_bits[i])
			trailer += 8;
	}
	if (rec->size < 8 + trailer)
		return -ENODATA;
	*time = pb_get64(rec->raw + rec->size - trailer + at, r->swap);
	return 0;
}
