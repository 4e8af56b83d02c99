// SPDX-License-Identifier: GPL-2.0-only
/*
 * What precedes the records.  File mode lays out what perf lays out at the
 * start of a recording: the 104-byte header, the ids of every attribute,
 * the attributes (each followed by where its ids are), then the records.
 * The header's data size starts at 0 and is rewritten after every write
 * (perf_writer_write_iov), its feature bitmap only at close, when the
 * feature sections follow the data: a file that was never closed has no
 * bitmap, which is how a reader knows it to be one.  Pipe mode has no place
 * to come back to: a 16-byte header, then the attributes as HEADER_ATTR
 * records, their names as EVENT_UPDATE records and the features as
 * HEADER_FEATURE records, as `perf record -o -` sends them.
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "perf_bytes.h"
#include "perf_writer.h"

#define FILE_ATTR_SIZE (sizeof(struct perf_event_attr) + 16)
#define EVENT_UPDATE_NAME 2 /* perf's PERF_EVENT_UPDATE__NAME */

static uint64_t ids_bytes(const struct perf_writer *w)
{
	uint64_t n = 0;

	for (size_t i = 0; i < w->nr_attrs; i++)
		n += 8 * w->attrs[i].nr_ids;
	return n;
}

static void header_bytes(const struct perf_writer *w, const uint64_t *bitmap,
			 uint64_t hdr[PERF_FILE_HEADER_SIZE / 8])
{
	memset(hdr, 0, PERF_FILE_HEADER_SIZE);
	hdr[0] = PERF_MAGIC2;
	hdr[1] = PERF_FILE_HEADER_SIZE;
	hdr[2] = FILE_ATTR_SIZE;
	hdr[3] = PERF_FILE_HEADER_SIZE + ids_bytes(w);
	hdr[4] = w->nr_attrs * FILE_ATTR_SIZE;
	hdr[5] = w->data_offset;
	hdr[6] = w->data_size;
	if (bitmap)
		memcpy(&hdr[9], bitmap, PERF_FEAT_BITS / 8);
}

int perf_writer_write_header(struct perf_writer *w, const uint64_t bitmap[PERF_FEAT_BITS / 64])
{
	uint64_t hdr[PERF_FILE_HEADER_SIZE / 8];
	ssize_t n;

	header_bytes(w, bitmap, hdr);
	do
		n = pwrite(w->fd, hdr, sizeof(hdr), 0);
	while (n < 0 && errno == EINTR);
	return n < 0 ? -errno : n != (ssize_t)sizeof(hdr) ? -EIO : 0;
}

static int start_file(struct perf_writer *w)
{
	uint64_t hdr[PERF_FILE_HEADER_SIZE / 8], at = PERF_FILE_HEADER_SIZE;

	w->data_offset = PERF_FILE_HEADER_SIZE + ids_bytes(w) + w->nr_attrs * FILE_ATTR_SIZE;
	header_bytes(w, NULL, hdr);
	perf_writer_put(w, hdr, sizeof(hdr));
	for (size_t i = 0; i < w->nr_attrs; i++)
		perf_writer_put(w, w->attrs[i].ids, w->attrs[i].nr_ids * 8);
	for (size_t i = 0; i < w->nr_attrs; i++) {
		uint64_t sec[2] = {at, w->attrs[i].nr_ids * 8};

		at += sec[1];
		perf_writer_put(w, &w->attrs[i].attr, sizeof(w->attrs[i].attr));
		perf_writer_put(w, sec, sizeof(sec));
	}
	return w->err;
}

static int pipe_attr(struct perf_writer *w, const struct perf_attr_info *a)
{
	uint8_t body[sizeof(a->attr) + 8 * 256];
	size_t n = a->nr_ids;

	if (n > 256) /* more than a record holds comfortably; a recorder has one per CPU */
		return w->err = -EMSGSIZE;
	memcpy(body, &a->attr, sizeof(a->attr));
	memcpy(body + sizeof(a->attr), a->ids, 8 * n);
	return perf_writer_record(w, PERF_REC_HEADER_ATTR, body, sizeof(a->attr) + 8 * n);
}

static int pipe_name(struct perf_writer *w, const struct perf_attr_info *a)
{
	uint8_t body[16 + 4096] = {0};
	size_t len;

	if (!a->name || !a->nr_ids)
		return 0;
	len = strnlen(a->name, sizeof(body) - 17);
	pb_put64(body, EVENT_UPDATE_NAME);
	pb_put64(body + 8, a->ids[0]);
	memcpy(body + 16, a->name, len);
	return perf_writer_record(w, PERF_REC_EVENT_UPDATE, body, 16 + len + 1);
}

/* A feature as a record; names travel as EVENT_UPDATE instead of EVENT_DESC, as perf sends them. */
int perf_writer_pipe_feature(struct perf_writer *w, int bit)
{
	struct perf_blob b = {0};
	uint64_t id = (uint64_t)bit;
	int err = 0;

	if (bit == PERF_FEAT_EVENT_DESC)
		return 0;
	perf_blob_put(&b, &id, sizeof(id));
	if (perf_writer_feature(w, bit, &b))
		err = b.err ? b.err : perf_writer_record(w, PERF_REC_HEADER_FEATURE, b.p, b.len);
	free(b.p);
	return err;
}

static int start_pipe(struct perf_writer *w)
{
	uint64_t hdr[2] = {PERF_MAGIC2, PERF_PIPE_HEADER_SIZE};

	perf_writer_put(w, hdr, sizeof(hdr));
	for (size_t i = 0; i < w->nr_attrs && !w->err; i++)
		if (pipe_attr(w, &w->attrs[i]) || pipe_name(w, &w->attrs[i]))
			break;
	for (int bit = 0; bit < PERF_FEAT_BITS && !w->err; bit++) {
		int err = perf_writer_pipe_feature(w, bit);

		if (err)
			return w->err ? w->err : err;
	}
	return w->err;
}

int perf_writer_start(struct perf_writer *w)
{
	if (w->started)
		return w->err;
	w->started = true;
	return w->pipe ? start_pipe(w) : start_file(w);
}
