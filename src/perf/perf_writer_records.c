// SPDX-License-Identifier: GPL-2.0-only
/*
 * The small records a recorder writes beside the trace: AUX, ITRACE_START
 * and LOST with the sample_id trailer the first attribute announces, and
 * perf's own FINISHED_ROUND, TIME_CONV and ID_INDEX.
 */
#include <errno.h>

#include "perf_bytes.h"
#include "perf_writer.h"

static size_t sample_id(const struct perf_writer *w, const struct perf_sample_id *sid, uint8_t *out)
{
	struct perf_sample_id none = {0};
	uint64_t st;
	size_t n = 0;

	if (!w->nr_attrs || !w->attrs[0].attr.sample_id_all)
		return 0;
	st = w->attrs[0].attr.sample_type;
	if (!sid)
		sid = &none;
	if (st & PERF_SAMPLE_TID) {
		pb_put32(out + n, sid->pid);
		pb_put32(out + n + 4, sid->tid);
		n += 8;
	}
	if (st & PERF_SAMPLE_TIME)
		pb_put64(out + (n += 8) - 8, sid->time);
	if (st & PERF_SAMPLE_ID)
		pb_put64(out + (n += 8) - 8, sid->id);
	if (st & PERF_SAMPLE_STREAM_ID)
		pb_put64(out + (n += 8) - 8, sid->stream_id);
	if (st & PERF_SAMPLE_CPU) {
		pb_put32(out + n, sid->cpu);
		pb_put32(out + n + 4, 0);
		n += 8;
	}
	if (st & PERF_SAMPLE_IDENTIFIER)
		pb_put64(out + (n += 8) - 8, sid->id);
	return n;
}

int perf_writer_aux(struct perf_writer *w, uint64_t aux_offset, uint64_t aux_size, uint64_t flags,
		    const struct perf_sample_id *sid)
{
	uint8_t body[24 + 64];

	pb_put64(body, aux_offset);
	pb_put64(body + 8, aux_size);
	pb_put64(body + 16, flags);
	return perf_writer_record(w, PERF_RECORD_AUX, body, 24 + sample_id(w, sid, body + 24));
}

int perf_writer_itrace_start(struct perf_writer *w, uint32_t pid, uint32_t tid,
			     const struct perf_sample_id *sid)
{
	uint8_t body[8 + 64];

	pb_put32(body, pid);
	pb_put32(body + 4, tid);
	return perf_writer_record(w, PERF_RECORD_ITRACE_START, body,
				  8 + sample_id(w, sid, body + 8));
}

int perf_writer_lost(struct perf_writer *w, uint64_t id, uint64_t lost,
		     const struct perf_sample_id *sid)
{
	uint8_t body[16 + 64];

	pb_put64(body, id);
	pb_put64(body + 8, lost);
	return perf_writer_record(w, PERF_RECORD_LOST, body, 16 + sample_id(w, sid, body + 16));
}

int perf_writer_finished_round(struct perf_writer *w)
{
	return perf_writer_record(w, PERF_REC_FINISHED_ROUND, NULL, 0);
}

int perf_writer_time_conv(struct perf_writer *w, const struct perf_time_conv *tc)
{
	uint8_t body[48] = {0};

	pb_put64(body, tc->time_shift);
	pb_put64(body + 8, tc->time_mult);
	pb_put64(body + 16, tc->time_zero);
	pb_put64(body + 24, tc->time_cycles);
	pb_put64(body + 32, tc->time_mask);
	body[40] = tc->cap_user_time_zero;
	body[41] = tc->cap_user_time_short;
	return perf_writer_record(w, PERF_REC_TIME_CONV, body, sizeof(body));
}

int perf_writer_id_index(struct perf_writer *w, const struct perf_id_index_entry *e, size_t n)
{
	uint8_t body[8 + 32 * 64];

	if (n > 64)
		return -EINVAL;
	pb_put64(body, n);
	for (size_t i = 0; i < n; i++) {
		pb_put64(body + 8 + 32 * i, e[i].id);
		pb_put64(body + 16 + 32 * i, e[i].idx);
		pb_put64(body + 24 + 32 * i, e[i].cpu);
		pb_put64(body + 32 + 32 * i, e[i].tid);
	}
	return perf_writer_record(w, PERF_REC_ID_INDEX, body, 8 + 32 * n);
}
