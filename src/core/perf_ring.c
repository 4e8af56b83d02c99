// SPDX-License-Identifier: GPL-2.0-only
/*
 * The side-band ring of an event (the data part of perf's mmap): complete
 * perf records, each followed by the sample_id fields attr.sample_type asks
 * for when attr.sample_id_all is set, so the records are byte-for-byte what
 * the kernel would write into a perf.data stream.  When a record does not
 * fit, it is counted as lost; the next record that fits is preceded by one
 * PERF_RECORD_LOST carrying the count, as the kernel's output path does.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "perf_internal.h"

/* TID, TIME, ID, STREAM_ID, CPU, IDENTIFIER in that order; the order is the ABI. */
static size_t sample_id(struct perf_event *e, uint64_t *out)
{
	uint64_t t = e->attr.sample_type;
	uint32_t pid = (uint32_t)(e->pid < 0 ? 0 : e->pid);
	size_t n = 0;

	if (!e->attr.sample_id_all)
		return 0;
	if (t & PERF_SAMPLE_TID)
		out[n++] = (uint64_t)pid << 32 | pid;
	if (t & PERF_SAMPLE_TIME)
		out[n++] = perf_now(e->core);
	if (t & PERF_SAMPLE_ID)
		out[n++] = e->id;
	if (t & PERF_SAMPLE_STREAM_ID)
		out[n++] = e->id;
	if (t & PERF_SAMPLE_CPU)
		out[n++] = (uint32_t)(e->cpu < 0 ? 0 : e->cpu);
	if (t & PERF_SAMPLE_IDENTIFIER)
		out[n++] = e->id;
	return n * sizeof(uint64_t);
}

static int sb_alloc(struct perf_sb *sb, size_t size)
{
	sb->buf = calloc(1, size);
	if (!sb->buf)
		return -ENOMEM;
	sb->size = size;
	return 0;
}

int perf_event_set_data_size(struct perf_event *e, size_t bytes)
{
	struct perf_sb *sb = &kev(e)->sb;

	if (bytes < PERF_PAGE || (bytes & (bytes - 1)))
		return -EINVAL;
	if (sb->buf)
		return -EBUSY;
	return sb_alloc(sb, bytes);
}

static void sb_copy_in(struct perf_sb *sb, const void *src, size_t len)
{
	size_t off = sb->head & (sb->size - 1), first = sb->size - off;

	if (first > len)
		first = len;
	memcpy(sb->buf + off, src, first);
	memcpy(sb->buf, (const uint8_t *)src + first, len - first);
	sb->head += len;
}

static void sb_put(struct perf_event *e, uint32_t type, const void *body, size_t len)
{
	struct perf_sb *sb = &kev(e)->sb;
	uint64_t id[8];
	size_t idlen = sample_id(e, id);
	struct perf_event_header h = {.type = type, .size = (uint16_t)(sizeof(h) + len + idlen)};

	sb_copy_in(sb, &h, sizeof(h));
	sb_copy_in(sb, body, len);
	sb_copy_in(sb, id, idlen);
}

static size_t record_size(struct perf_event *e, size_t len)
{
	uint64_t id[8];

	return sizeof(struct perf_event_header) + len + sample_id(e, id);
}

void perf_sb_output(struct perf_event *e, uint32_t type, const void *body, size_t len)
{
	struct perf_sb *sb = &kev(e)->sb;
	uint64_t lost[2] = {e->id, sb->lost};
	size_t need = record_size(e, len), free_bytes;

	if (!sb->buf && sb_alloc(sb, PERF_DEFAULT_DATA))
		return;
	if (sb->lost)
		need += record_size(e, sizeof(lost));
	free_bytes = sb->size - (size_t)(sb->head - sb->tail);
	if (need > free_bytes) {
		sb->lost++;
		sb->total_lost++;
		return;
	}
	if (sb->lost) {
		sb_put(e, PERF_RECORD_LOST, lost, sizeof(lost));
		sb->lost = 0;
	}
	sb_put(e, type, body, len);
}

int perf_event_next_record(struct perf_event *e, void *buf, size_t n)
{
	struct perf_sb *sb = &kev(e)->sb;
	struct perf_event_header h;
	size_t off, first;

	if (!sb->buf || sb->tail == sb->head)
		return 0;
	off = sb->tail & (sb->size - 1);
	for (size_t i = 0; i < sizeof(h); i++)
		((uint8_t *)&h)[i] = sb->buf[(off + i) & (sb->size - 1)];
	if (h.size > n)
		return -ENOSPC;
	first = sb->size - off < h.size ? sb->size - off : h.size;
	memcpy(buf, sb->buf + off, first);
	memcpy((uint8_t *)buf + first, sb->buf, h.size - first);
	sb->tail += h.size;
	return h.size;
}

uint64_t perf_event_lost(struct perf_event *e)
{
	return kev(e)->sb.total_lost;
}

void perf_sb_free(struct perf_event *e)
{
	free(kev(e)->sb.buf);
	kev(e)->sb.buf = NULL;
}
