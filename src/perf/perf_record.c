// SPDX-License-Identifier: GPL-2.0-only
/*
 * Typed fields of the records pciescope uses.  The caller has already made
 * rec->size bytes (plus an AUXTRACE payload) available; each parser checks
 * that its fixed fields fit in rec->size, so a short record is an error, not
 * an overread.  Types not listed pass through with only their header.
 */
#include <errno.h>
#include <stdlib.h>

#include "perf_bytes.h"
#include "perf_reader.h"

static int too_short(struct perf_reader *r, const struct perf_rec *rec)
{
	return perf_reader_fail(r, -EPROTO, "corrupt %s record at offset %#llx: size %u",
				perf_record_name(rec->type), (unsigned long long)rec->offset,
				rec->size);
}

#define NEED(n)                                                                                    \
	do {                                                                                       \
		if (rec->size < (n))                                                               \
			return too_short(r, rec);                                                  \
	} while (0)

int perf_reader_parse_record(struct perf_reader *r, struct perf_rec *rec)
{
	const uint8_t *p = rec->raw;
	bool sw = r->swap;

	switch (rec->type) {
	case PERF_REC_AUXTRACE_INFO:
		NEED(16);
		rec->auxtrace_info.type = pb_get32(p + 8, sw);
		rec->auxtrace_info.nr_priv = (uint32_t)((rec->size - 16) / 8);
		if (rec->auxtrace_info.nr_priv > PERF_AUXTRACE_MAX_PRIV)
			rec->auxtrace_info.nr_priv = PERF_AUXTRACE_MAX_PRIV;
		for (uint32_t i = 0; i < rec->auxtrace_info.nr_priv; i++)
			rec->auxtrace_info.priv[i] = pb_get64(p + 16 + 8 * i, sw);
		break;
	case PERF_REC_AUXTRACE:
		rec->auxtrace.size = pb_get64(p + 8, sw);
		rec->auxtrace.offset = pb_get64(p + 16, sw);
		rec->auxtrace.reference = pb_get64(p + 24, sw);
		rec->auxtrace.idx = pb_get32(p + 32, sw);
		rec->auxtrace.tid = pb_get32(p + 36, sw);
		rec->auxtrace.cpu = pb_get32(p + 40, sw);
		rec->auxtrace.data = p + rec->size;
		break;
	case PERF_RECORD_AUX:
		NEED(32);
		rec->aux.aux_offset = pb_get64(p + 8, sw);
		rec->aux.aux_size = pb_get64(p + 16, sw);
		rec->aux.flags = pb_get64(p + 24, sw);
		break;
	case PERF_RECORD_ITRACE_START:
		NEED(16);
		rec->itrace_start.pid = pb_get32(p + 8, sw);
		rec->itrace_start.tid = pb_get32(p + 12, sw);
		break;
	case PERF_RECORD_LOST:
		NEED(24);
		rec->lost.id = pb_get64(p + 8, sw);
		rec->lost.lost = pb_get64(p + 16, sw);
		break;
	case PERF_REC_ID_INDEX:
		NEED(16);
		rec->id_index.nr = pb_get64(p + 8, sw);
		if (rec->id_index.nr > (uint64_t)(rec->size - 16) / 32)
			return too_short(r, rec);
		rec->id_index.entries = p + 16;
		break;
	case PERF_REC_TIME_CONV:
		NEED(32);
		rec->time_conv.time_shift = pb_get64(p + 8, sw);
		rec->time_conv.time_mult = pb_get64(p + 16, sw);
		rec->time_conv.time_zero = pb_get64(p + 24, sw);
		if (rec->size >= 50) {
			rec->time_conv.time_cycles = pb_get64(p + 32, sw);
			rec->time_conv.time_mask = pb_get64(p + 40, sw);
			rec->time_conv.cap_user_time_zero = p[48];
			rec->time_conv.cap_user_time_short = p[49];
		}
		break;
	default:
		break;
	}
	return 0;
}

void perf_rec_id_index_entry(const struct perf_reader *r, const struct perf_rec *rec, uint64_t i,
			     struct perf_id_index_entry *e)
{
	const uint8_t *p = rec->id_index.entries + 32 * i;

	e->id = pb_get64(p, r->swap);
	e->idx = pb_get64(p + 8, r->swap);
	e->cpu = pb_get64(p + 16, r->swap);
	e->tid = pb_get64(p + 24, r->swap);
}

/* Pipe mode carries the header's contents as records. */
int perf_reader_note_pipe_record(struct perf_reader *r, const struct perf_rec *rec)
{
	const uint8_t *p = rec->raw;
	uint32_t attr_len;

	switch (rec->type) {
	case PERF_REC_HEADER_ATTR:
		NEED(8 + PERF_ATTR_SIZE_VER0);
		attr_len = pb_get32(p + 12, r->swap);
		if (!attr_len)
			attr_len = PERF_ATTR_SIZE_VER0;
		if (attr_len > rec->size - 8u || attr_len < PERF_ATTR_SIZE_VER0)
			return too_short(r, rec);
		return perf_reader_add_attr(r, p + 8, attr_len, p + 8 + attr_len,
					    (rec->size - 8u - attr_len) / 8);
	case PERF_REC_HEADER_FEATURE: {
		uint64_t feat;

		NEED(16);
		feat = pb_get64(p + 8, r->swap);
		if (feat < PERF_FEAT_BITS)
			r->features[feat / 64] |= 1ull << (feat % 64);
		if (feat == PERF_FEAT_CLOCK_DATA)
			perf_reader_note_clock_data(r, p + 16, rec->size - 16u);
		if (feat == PERF_FEAT_SAMPLE_TIME)
			perf_reader_note_sample_time(r, p + 16, rec->size - 16u);
		if (feat == PERF_FEAT_CMDLINE)
			perf_reader_note_cmdline(r, p + 16, rec->size - 16u);
		return 0;
	}
	case PERF_REC_EVENT_UPDATE: {
		uint64_t kind, id;

		NEED(24);
		kind = pb_get64(p + 8, r->swap);
		id = pb_get64(p + 16, r->swap);
		if (kind != 2 /* name */ || !memchr(p + 24, 0, rec->size - 24u))
			return 0;
		for (size_t i = 0; i < r->nr_attrs; i++)
			for (size_t j = 0; j < r->attrs[i].nr_ids; j++)
				if (r->attrs[i].ids[j] == id && !r->attrs[i].name)
					r->attrs[i].name = strdup((const char *)p + 24);
		return 0;
	}
	default:
		return 0;
	}
}

/* version u32 (1), clockid u32, wall clock ns u64, the clock's ns u64 */
void perf_reader_note_clock_data(struct perf_reader *r, const uint8_t *p, uint64_t n)
{
	if (n < 24 || pb_get32(p, r->swap) != 1)
		return;
	r->clock.clockid = pb_get32(p + 4, r->swap);
	r->clock.wall_ns = pb_get64(p + 8, r->swap);
	r->clock.clock_ns = pb_get64(p + 16, r->swap);
	r->has_clock = true;
}

/* first u64, last u64 */
void perf_reader_note_sample_time(struct perf_reader *r, const uint8_t *p, uint64_t n)
{
	if (n < 16)
		return;
	r->sample_time[0] = pb_get64(p, r->swap);
	r->sample_time[1] = pb_get64(p + 8, r->swap);
	r->has_sample_time = true;
}

int perf_reader_sample_time(const struct perf_reader *r, uint64_t *first, uint64_t *last)
{
	if (!r->has_sample_time)
		return -ENOENT;
	*first = r->sample_time[0];
	*last = r->sample_time[1];
	return 0;
}

void perf_reader_free_cmdline(struct perf_reader *r)
{
	for (uint32_t i = 0; r->argv && i < r->argc; i++)
		free(r->argv[i]);
	free(r->argv);
	r->argv = NULL;
	r->argc = 0;
}

/* nr u32, then nr strings: a u32 length (padded, with the NUL) and the bytes */
void perf_reader_note_cmdline(struct perf_reader *r, const uint8_t *p, uint64_t n)
{
	const uint8_t *end = p + n;
	uint32_t nr;

	perf_reader_free_cmdline(r);
	if (n < 4)
		return;
	nr = pb_get32(p, r->swap);
	p += 4;
	if (nr > n / 4 || !(r->argv = calloc(nr ? nr : 1, sizeof(*r->argv))))
		return;
	for (r->argc = 0; r->argc < nr; r->argc++) {
		uint32_t len = end - p >= 4 ? pb_get32(p, r->swap) : 0;

		if (!len || (uint64_t)(end - p - 4) < len || !memchr(p + 4, 0, len) ||
		    !(r->argv[r->argc] = strdup((const char *)p + 4))) {
			perf_reader_free_cmdline(r);
			return;
		}
		p += 4 + len;
	}
}

int perf_reader_cmdline(const struct perf_reader *r, const char *const **argv, uint32_t *argc)
{
	if (!r->argv)
		return -ENOENT;
	*argv = (const char *const *)r->argv;
	*argc = r->argc;
	return 0;
}

int perf_reader_clock_data(const struct perf_reader *r, struct perf_clock_data *out)
{
	if (!r->has_clock)
		return -ENOENT;
	*out = r->clock;
	return 0;
}
