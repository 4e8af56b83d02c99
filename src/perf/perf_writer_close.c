// SPDX-License-Identifier: GPL-2.0-only
/*
 * The feature sections perf reads to describe a session (host, OS, arch,
 * CPUs, command line, event names, PMU mapping), and finishing the output:
 * in file mode the sections follow the data, where perf looks for them,
 * and the header's bitmap, written last, makes the file a closed one.
 * Features are built in memory first (they are small) so their table can
 * be written before them.
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "perf_bytes.h"
#include "perf_writer.h"

void perf_blob_put(struct perf_blob *b, const void *p, size_t n)
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

static void blob_u32(struct perf_blob *b, uint32_t v)
{
	perf_blob_put(b, &v, 4);
}

/* perf's string: u32 length padded to 64 with NUL included, then the bytes. */
static void blob_string(struct perf_blob *b, const char *s)
{
	static const uint8_t zero[64];
	size_t n = strlen(s) + 1, padded = (n + 63) & ~(size_t)63;

	blob_u32(b, (uint32_t)padded);
	perf_blob_put(b, s, n - 1);
	perf_blob_put(b, zero, padded - n + 1);
}

static void feat_event_desc(struct perf_writer *w, struct perf_blob *b)
{
	blob_u32(b, (uint32_t)w->nr_attrs);
	blob_u32(b, sizeof(struct perf_event_attr));
	for (size_t i = 0; i < w->nr_attrs; i++) {
		const struct perf_attr_info *a = &w->attrs[i];

		perf_blob_put(b, &a->attr, sizeof(a->attr));
		blob_u32(b, (uint32_t)a->nr_ids);
		blob_string(b, a->name ? a->name : "unknown");
		perf_blob_put(b, a->ids, a->nr_ids * sizeof(*a->ids));
	}
}

static void feat_pmu_mappings(struct perf_writer *w, struct perf_blob *b)
{
	blob_u32(b, (uint32_t)w->nr_pmus);
	for (size_t i = 0; i < w->nr_pmus; i++) {
		blob_u32(b, w->pmus[i].type);
		blob_string(b, w->pmus[i].name);
	}
}

bool perf_writer_feature(struct perf_writer *w, int bit, struct perf_blob *b)
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
		perf_blob_put(b, &e->clock->wall_ns, 8);
		perf_blob_put(b, &e->clock->clock_ns, 8);
		return true;
	case PERF_FEAT_PMU_MAPPINGS:
		if (!w->nr_pmus)
			return false;
		feat_pmu_mappings(w, b);
		return true;
	case PERF_FEAT_SAMPLE_TIME:
		if (!w->has_sample_time)
			return false;
		perf_blob_put(b, w->sample_time, sizeof(w->sample_time));
		return true;
	default:
		return false;
	}
	if (!s)
		return false;
	blob_string(b, s);
	return true;
}

/* The feature table and sections at the current end; sets the bitmap. */
static int write_features(struct perf_writer *w, uint64_t bitmap[PERF_FEAT_BITS / 64])
{
	uint64_t base = w->data_offset + w->data_size;
	struct perf_blob body = {0}, table = {0};
	size_t n = 0;
	int err;

	for (int bit = 0; bit < PERF_FEAT_BITS; bit++) {
		size_t before = body.len;
		uint64_t sec[2];

		if (!perf_writer_feature(w, bit, &body))
			continue;
		bitmap[bit / 64] |= 1ull << (bit % 64);
		sec[0] = before; /* relative until the table size is known */
		sec[1] = body.len - before;
		perf_blob_put(&table, sec, sizeof(sec));
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
		perf_writer_put(w, body.p, body.len);
		err = perf_writer_flush(w);
	}
	free(body.p);
	free(table.p);
	return err;
}

void perf_writer_sample_time(struct perf_writer *w, uint64_t first, uint64_t last)
{
	w->has_sample_time = true;
	w->sample_time[0] = first;
	w->sample_time[1] = last;
}

int perf_writer_close(struct perf_writer *w)
{
	uint64_t bitmap[PERF_FEAT_BITS / 64] = {0};
	int err = perf_writer_start(w);

	/* known only now: a pipe's other features went out with its start */
	if (!err && w->pipe && w->has_sample_time)
		err = perf_writer_pipe_feature(w, PERF_FEAT_SAMPLE_TIME);
	if (!err)
		err = perf_writer_flush(w);
	if (!err && !w->pipe)
		err = write_features(w, bitmap);
	if (!err && !w->pipe)
		err = perf_writer_write_header(w, bitmap);
	if (close(w->fd) && !err)
		err = -errno;
	perf_writer_release(w);
	return err;
}

void perf_writer_abort(struct perf_writer *w)
{
	if (!w)
		return;
	if (w->fd >= 0)
		close(w->fd);
	perf_writer_release(w);
}
