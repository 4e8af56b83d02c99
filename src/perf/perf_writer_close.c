// SPDX-License-Identifier: GPL-2.0-only
/*
 * Finishing a perf.data file: the feature sections perf reads to describe a
 * session (host, OS, arch, CPUs, command line, event names, PMU mapping),
 * then the attributes with their ids, then the header.  Features are built
 * in memory first (they are small) so their table can be written before them.
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "perf_bytes.h"
#include "perf_writer.h"

struct blob {
	uint8_t *p;
	size_t len, cap;
	int err;
};

static void blob_put(struct blob *b, const void *p, size_t n)
{
	if (b->err)
		return;
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 4096;
		uint8_t *q;

		while (cap < b->len + n)
			cap *= 2;
		q = realloc(b->p, cap);
		if (!q) {
			b->err = -ENOMEM;
			return;
		}
		b->p = q;
		b->cap = cap;
	}
	memcpy(b->p + b->len, p, n);
	b->len += n;
}

static void blob_u32(struct blob *b, uint32_t v)
{
	blob_put(b, &v, 4);
}

/* perf's string: u32 length padded to 64 with NUL included, then the bytes. */
static void blob_string(struct blob *b, const char *s)
{
	static const uint8_t zero[64];
	size_t n = strlen(s) + 1, padded = (n + 63) & ~(size_t)63;

	blob_u32(b, (uint32_t)padded);
	blob_put(b, s, n - 1);
	blob_put(b, zero, padded - n + 1);
}

static void feat_event_desc(struct perf_writer *w, struct blob *b)
{
	blob_u32(b, (uint32_t)w->nr_attrs);
	blob_u32(b, sizeof(struct perf_event_attr));
	for (size_t i = 0; i < w->nr_attrs; i++) {
		const struct perf_attr_info *a = &w->attrs[i];

		blob_put(b, &a->attr, sizeof(a->attr));
		blob_u32(b, (uint32_t)a->nr_ids);
		blob_string(b, a->name ? a->name : "unknown");
		blob_put(b, a->ids, a->nr_ids * sizeof(*a->ids));
	}
}

/* Appends the payload of feature bit; false when there is nothing to say. */
static bool feature(struct perf_writer *w, int bit, struct blob *b)
{
	const struct perf_writer_env *e = &w->env;
	const char *s = NULL;

	switch (bit) {
	case PERF_FEAT_HOSTNAME:
		s = e->hostname;
		break;
	case PERF_FEAT_OSRELEASE:
		s = e->os_release;
		break;
	case PERF_FEAT_VERSION:
		s = e->version;
		break;
	case PERF_FEAT_ARCH:
		s = e->arch;
		break;
	case PERF_FEAT_CPUDESC:
		s = e->cpudesc;
		break;
	case PERF_FEAT_NRCPUS:
		if (!e->nr_cpus_avail)
			return false;
		blob_u32(b, e->nr_cpus_avail);
		blob_u32(b, e->nr_cpus_online);
		return true;
	case PERF_FEAT_CMDLINE:
		if (!e->argc)
			return false;
		blob_u32(b, (uint32_t)e->argc);
		for (int i = 0; i < e->argc; i++)
			blob_string(b, e->argv[i]);
		return true;
	case PERF_FEAT_EVENT_DESC:
		if (!w->nr_attrs)
			return false;
		feat_event_desc(w, b);
		return true;
	case PERF_FEAT_CLOCK_DATA:
		if (!e->clock)
			return false;
		blob_u32(b, 1);
		blob_u32(b, e->clock->clockid);
		blob_put(b, &e->clock->wall_ns, 8);
		blob_put(b, &e->clock->clock_ns, 8);
		return true;
	case PERF_FEAT_PMU_MAPPINGS:
		if (!e->pmu_name)
			return false;
		blob_u32(b, 1);
		blob_u32(b, e->pmu_type);
		blob_string(b, e->pmu_name);
		return true;
	default:
		return false;
	}
	if (!s)
		return false;
	blob_string(b, s);
	return true;
}

int perf_writer_features(struct perf_writer *w, uint64_t bitmap[PERF_FEAT_BITS / 64])
{
	uint64_t base = PERF_FILE_HEADER_SIZE + w->data_size;
	struct blob body = { 0 }, table = { 0 };
	size_t n = 0;
	int err;

	for (int bit = 0; bit < PERF_FEAT_BITS; bit++) {
		size_t before = body.len;
		uint64_t sec[2];

		if (!feature(w, bit, &body))
			continue;
		bitmap[bit / 64] |= 1ull << (bit % 64);
		sec[0] = before; /* relative until the table size is known */
		sec[1] = body.len - before;
		blob_put(&table, sec, sizeof(sec));
		n++;
	}
	for (size_t i = 0; i < n; i++) {
		uint64_t off;

		memcpy(&off, table.p + 16 * i, 8);
		off += base + 16 * n;
		memcpy(table.p + 16 * i, &off, 8);
	}
	err = body.err ? body.err : table.err;
	if (!err) {
		perf_writer_put(w, table.p, table.len);
		err = perf_writer_put(w, body.p, body.len);
	}
	free(body.p);
	free(table.p);
	return err;
}

int perf_writer_close(struct perf_writer *w)
{
	uint64_t bitmap[PERF_FEAT_BITS / 64] = { 0 }, hdr[PERF_FILE_HEADER_SIZE / 8] = { 0 };
	uint64_t at, ids_at;
	int err = perf_writer_features(w, bitmap);

	/* Where the feature sections ended: ids, then attributes, go there. */
	at = PERF_FILE_HEADER_SIZE + w->data_size;
	if (!err)
		err = perf_writer_flush(w);
	if (!err) {
		off_t end = lseek(w->fd, 0, SEEK_CUR);

		err = end < 0 ? -errno : 0;
		at = (uint64_t)end;
	}
	ids_at = at;
	for (size_t i = 0; i < w->nr_attrs && !err; i++)
		err = perf_writer_put(w, w->attrs[i].ids, w->attrs[i].nr_ids * 8);
	at = ids_at;
	for (size_t i = 0; i < w->nr_attrs && !err; i++) {
		uint64_t sec[2] = { at, w->attrs[i].nr_ids * 8 };

		at += sec[1];
		perf_writer_put(w, &w->attrs[i].attr, sizeof(w->attrs[i].attr));
		err = perf_writer_put(w, sec, sizeof(sec));
	}
	if (!err)
		err = perf_writer_flush(w);
	hdr[0] = PERF_MAGIC2;
	hdr[1] = PERF_FILE_HEADER_SIZE;
	hdr[2] = sizeof(struct perf_event_attr) + 16;
	hdr[3] = at; /* attributes follow the ids */
	hdr[4] = w->nr_attrs * hdr[2];
	hdr[5] = PERF_FILE_HEADER_SIZE;
	hdr[6] = w->data_size;
	memcpy(&hdr[9], bitmap, sizeof(bitmap));
	if (!err) {
		ssize_t n = pwrite(w->fd, hdr, sizeof(hdr), 0);

		err = n < 0 ? -errno : n != (ssize_t)sizeof(hdr) ? -EIO : 0;
	}
	if (close(w->fd) && !err)
		err = -errno;
	w->fd = -1;
	perf_writer_release(w);
	return err;
}

void perf_writer_abort(struct perf_writer *w)
{
	if (!w)
		return;
	close(w->fd);
	perf_writer_release(w);
}
