// SPDX-License-Identifier: GPL-2.0-only
/*
 * The sample_id trailer of a kernel record (AUX, ITRACE_START, LOST, ...).
 * With attr.sample_id_all the kernel appends to every non-sample record the
 * fields of sample_type among TID, TIME, ID, STREAM_ID, CPU and IDENTIFIER,
 * in that order, at the record's end.  The first event's attr is taken:
 * perf too reads the trailer with one layout for the whole session.
 */
#include <errno.h>

#include "perf_bytes.h"
#include "perf_reader.h"

static const uint64_t trailer_bits[] = {PERF_SAMPLE_TID, PERF_SAMPLE_TIME,
					PERF_SAMPLE_ID,	 PERF_SAMPLE_STREAM_ID,
					PERF_SAMPLE_CPU, PERF_SAMPLE_IDENTIFIER};
#define TRAILER_FIELDS (sizeof(trailer_bits) / sizeof(trailer_bits[0]))

static void take(struct perf_sample_id *s, uint64_t bit, uint64_t v)
{
	if (bit == PERF_SAMPLE_TID) {
		s->pid = (uint32_t)v;
		s->tid = (uint32_t)(v >> 32);
	} else if (bit == PERF_SAMPLE_TIME) {
		s->time = v;
	} else if (bit == PERF_SAMPLE_ID || bit == PERF_SAMPLE_IDENTIFIER) {
		s->id = v;
	} else if (bit == PERF_SAMPLE_STREAM_ID) {
		s->stream_id = v;
	} else {
		s->cpu = (uint32_t)v;
	}
}

uint64_t perf_rec_sample_id(const struct perf_reader *r, const struct perf_rec *rec,
			    struct perf_sample_id *out)
{
	const struct perf_event_attr *a;
	uint64_t have = 0;
	size_t trailer = 0, at;

	*out = (struct perf_sample_id){0};
	if (!r->nr_attrs || rec->type == PERF_RECORD_SAMPLE || rec->type >= PERF_REC_HEADER_ATTR)
		return 0;
	a = &r->attrs[0].attr;
	if (!a->sample_id_all)
		return 0;
	for (size_t i = 0; i < TRAILER_FIELDS; i++)
		trailer += a->sample_type & trailer_bits[i] ? 8 : 0;
	if (rec->size < 8 + trailer)
		return 0;
	at = rec->size - trailer;
	for (size_t i = 0; i < TRAILER_FIELDS; i++) {
		if (!(a->sample_type & trailer_bits[i]))
			continue;
		take(out, trailer_bits[i], pb_get64(rec->raw + at, r->swap));
		have |= trailer_bits[i];
		at += 8;
	}
	return have;
}

int perf_rec_sample_time(const struct perf_reader *r, const struct perf_rec *rec, uint64_t *time)
{
	struct perf_sample_id s;

	if (!(perf_rec_sample_id(r, rec, &s) & PERF_SAMPLE_TIME))
		return -ENODATA;
	*time = s.time;
	return 0;
}
