// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf.data writer and reader: a written file reads back record for record;
 * truncated, corrupt and foreign files fail with a message, never a crash;
 * a file never closed reads up to its last complete record; pipe-mode and
 * big-endian images read like perf reads them.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/uio.h>
#include <unistd.h>

#include <pciescope/perf/perf_data.h>

static const uint64_t ids[2] = {101, 102};

static char *tmp_path(void)
{
	static char path[64];
	int fd;

	strcpy(path, "/tmp/pciescope-perfdata-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	return path;
}

static uint8_t payload[4096 + 3];

/* Writes the sample records; closed, or left as a killed recorder leaves it. */
static void write_sample_as(const char *path, bool closed)
{
	static const char *const argv[] = {"perf", "record"};
	struct perf_writer_env env = {.hostname = "h",
				      .os_release = "6.1",
				      .arch = "aarch64",
				      .nr_cpus_avail = 2,
				      .nr_cpus_online = 2,
				      .argc = 2,
				      .argv = argv,
				      .pmu_name = "hisi_ptt0_2",
				      .pmu_type = 42};
	struct perf_event_attr attr = {.type = 42,
				       .size = sizeof(attr),
				       .config = 0x1080001,
				       .sample_type = PERF_SAMPLE_TIME | PERF_SAMPLE_ID,
				       .sample_id_all = 1,
				       .disabled = 1};
	struct perf_sample_id sid = {.time = 77, .id = 101};
	struct perf_auxtrace_chunk c = {
	    .offset = 0x1000, .reference = 9, .idx = 1, .tid = 5, .cpu = 3};
	struct perf_id_index_entry idx = {101, 0, 3, 5};
	struct perf_time_conv tc = {10, 20, 30, 40, 50, true, false};
	uint8_t unknown[16] = {200, 0, 0, 0, 0, 0, 16, 0, 1, 2, 3, 4, 5, 6, 7, 8};
	uint64_t priv = 42;
	struct perf_writer *w;
	struct iovec span[2] = {{payload, 1000}, {payload + 1000, sizeof(payload) - 1000}};

	for (size_t i = 0; i < sizeof(payload); i++)
		payload[i] = (uint8_t)(i * 7);
	assert_int_equal(perf_writer_open(path, &env, &w), 0);
	assert_int_equal(perf_writer_add_attr(w, &attr, "hisi_ptt0_2/format=1/", ids, 2), 0);
	assert_int_equal(perf_writer_auxtrace_info(w, PERF_AUXTRACE_HISI_PTT, &priv, 1), 0);
	assert_int_equal(perf_writer_id_index(w, &idx, 1), 0);
	assert_int_equal(perf_writer_time_conv(w, &tc), 0);
	assert_int_equal(perf_writer_itrace_start(w, 1, 2, &sid), 0);
	assert_int_equal(perf_writer_aux(w, 0x1000, sizeof(payload),
					 PERF_AUX_FLAG_TRUNCATED | PERF_AUX_FLAG_PARTIAL, &sid),
			 0);
	/* the payload as two spans, as a wrapped AUX ring hands it over */
	assert_int_equal(perf_writer_auxtrace_iov(w, &c, span, 2), 0);
	assert_int_equal(perf_writer_lost(w, 101, 12, &sid), 0);
	assert_int_equal(perf_writer_raw(w, unknown, sizeof(unknown)), 0);
	assert_int_equal(perf_writer_finished_round(w), 0);
	if (!closed) {
		assert_int_equal(perf_writer_flush(w), 0);
		perf_writer_abort(w);
		return;
	}
	assert_int_equal(perf_writer_close(w), 0);
}

static void write_sample(const char *path)
{
	write_sample_as(path, true);
}

static void next_ok(struct perf_reader *r, struct perf_rec *rec, uint32_t type)
{
	assert_int_equal(perf_reader_next(r, rec, NULL), 1);
	assert_int_equal(rec->type, type);
}

static void check_sample(struct perf_reader *r)
{
	struct perf_id_index_entry e;
	struct perf_rec rec;
	uint64_t t = 0;

	next_ok(r, &rec, PERF_REC_AUXTRACE_INFO);
	assert_int_equal(perf_rec_sample_time(r, &rec, &t), -ENODATA);
	assert_int_equal(rec.auxtrace_info.type, PERF_AUXTRACE_HISI_PTT);
	assert_int_equal(rec.auxtrace_info.nr_priv, 1);
	assert_int_equal(rec.auxtrace_info.priv[0], 42);
	next_ok(r, &rec, PERF_REC_ID_INDEX);
	assert_int_equal(rec.id_index.nr, 1);
	perf_rec_id_index_entry(r, &rec, 0, &e);
	assert_int_equal(e.id, 101);
	assert_int_equal(e.cpu, 3);
	assert_int_equal(e.tid, 5);
	next_ok(r, &rec, PERF_REC_TIME_CONV);
	assert_int_equal(rec.time_conv.time_mult, 20);
	assert_int_equal(rec.time_conv.time_mask, 50);
	assert_true(rec.time_conv.cap_user_time_zero);
	next_ok(r, &rec, PERF_RECORD_ITRACE_START);
	assert_int_equal(rec.itrace_start.tid, 2);
	/* the trailer is TIME, ID: the time is its first word */
	assert_int_equal(perf_rec_sample_time(r, &rec, &t), 0);
	assert_int_equal(t, 77);
	next_ok(r, &rec, PERF_RECORD_AUX);
	t = 0;
	assert_int_equal(perf_rec_sample_time(r, &rec, &t), 0);
	assert_int_equal(t, 77);
	assert_int_equal(rec.aux.aux_size, sizeof(payload));
	assert_int_equal(rec.aux.flags, PERF_AUX_FLAG_TRUNCATED | PERF_AUX_FLAG_PARTIAL);
	next_ok(r, &rec, PERF_REC_AUXTRACE);
	assert_int_equal(perf_rec_sample_time(r, &rec, &t), -ENODATA);
	assert_int_equal(rec.auxtrace.size, (sizeof(payload) + 7) & ~7ul);
	assert_int_equal(rec.auxtrace.offset, 0x1000);
	assert_int_equal(rec.auxtrace.reference, 9);
	assert_int_equal(rec.auxtrace.idx, 1);
	assert_int_equal(rec.auxtrace.cpu, 3);
	assert_memory_equal(rec.auxtrace.data, payload, sizeof(payload));
	next_ok(r, &rec, PERF_RECORD_LOST);
	assert_int_equal(rec.lost.lost, 12);
	next_ok(r, &rec, 200);
	assert_int_equal(rec.size, 16);
	next_ok(r, &rec, PERF_REC_FINISHED_ROUND);
	assert_int_equal(perf_reader_next(r, &rec, NULL), 0);
}

static void written_file_reads_back(void **state)
{
	const char *path = tmp_path();
	const struct perf_attr_info *a;
	struct perf_reader *r;

	write_sample(path);
	assert_int_equal(perf_reader_open(path, &r, NULL), 0);
	assert_false(perf_reader_is_pipe(r));
	assert_false(perf_reader_needs_swap(r));
	assert_true(perf_reader_has_feature(r, PERF_FEAT_EVENT_DESC));
	assert_true(perf_reader_has_feature(r, PERF_FEAT_PMU_MAPPINGS));
	assert_false(perf_reader_has_feature(r, PERF_FEAT_BUILD_ID));
	assert_int_equal(perf_reader_nr_attrs(r), 1);
	a = perf_reader_attr(r, 0);
	assert_int_equal(a->attr.type, 42);
	assert_int_equal(a->attr.config, 0x1080001);
	assert_int_equal(a->attr.sample_id_all, 1);
	assert_int_equal(a->nr_ids, 2);
	assert_int_equal(a->ids[1], 102);
	assert_string_equal(a->name, "hisi_ptt0_2/format=1/");
	check_sample(r);
	perf_reader_close(r);
	unlink(path);
}

static uint8_t *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	*len = (size_t)ftell(f);
	rewind(f);
	buf = malloc(*len);
	assert_int_equal(fread(buf, 1, *len, f), *len);
	fclose(f);
	return buf;
}

/* Reads the whole image; returns the first error (0 if none). */
static int read_all(const uint8_t *buf, size_t len, char *msg, size_t n)
{
	struct perf_reader *r;
	struct perf_rec rec;
	struct error e;
	int ret = perf_reader_open_mem(buf, len, &r, &e);

	if (!ret) {
		while ((ret = perf_reader_next(r, &rec, &e)) > 0)
			;
		perf_reader_close(r);
	}
	if (ret)
		snprintf(msg, n, "%.255s", e.msg);
	return ret;
}

/* The payload of the sample's AUXTRACE record, read in pieces from r. */
static void check_aux_pieces(struct perf_reader *r)
{
	static uint8_t scratch[sizeof(payload)];
	struct perf_rec rec;
	const uint8_t *p;
	struct error e;

	while (perf_reader_next(r, &rec, NULL) == 1 && rec.type != PERF_REC_AUXTRACE)
		;
	assert_int_equal(rec.type, PERF_REC_AUXTRACE);
	p = perf_reader_aux_bytes(r, &rec, 0, 1000, scratch, &e);
	assert_non_null(p);
	assert_memory_equal(p, payload, 1000);
	p = perf_reader_aux_bytes(r, &rec, 1000, sizeof(payload) - 1000, scratch, &e);
	assert_non_null(p);
	assert_memory_equal(p, payload + 1000, sizeof(payload) - 1000);
	assert_null(perf_reader_aux_bytes(r, &rec, 8, rec.auxtrace.size, scratch, &e));
	assert_int_equal(e.code, -EINVAL);
	assert_non_null(strstr(e.msg, "has no bytes"));
}

/* CLOCK_DATA and a record's sample time, which report --pcap puts the trace's wall time from. */
static void clock_data_and_record_time_read_back(void **state)
{
	const char *path = tmp_path();
	struct perf_clock_data in = {
	    .clockid = 1, .wall_ns = 1700000000123456789ull, .clock_ns = 5000};
	struct perf_writer_env env = {.hostname = "h", .clock = &in};
	struct perf_event_attr attr = {.type = 42,
				       .size = sizeof(attr),
				       .sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
						      PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER,
				       .sample_id_all = 1};
	struct perf_sample_id sid = {.pid = 3, .tid = 4, .time = 6500, .id = 9, .cpu = 1};
	uint64_t id = 9, t = 0;
	struct perf_clock_data out;
	struct perf_writer *w;
	struct perf_reader *r;
	struct perf_rec rec;

	assert_int_equal(perf_writer_open(path, &env, &w), 0);
	assert_int_equal(perf_writer_add_attr(w, &attr, "e", &id, 1), 0);
	assert_int_equal(perf_writer_itrace_start(w, 3, 4, &sid), 0);
	assert_int_equal(perf_writer_close(w), 0);
	assert_int_equal(perf_reader_open(path, &r, NULL), 0);
	assert_true(perf_reader_has_feature(r, PERF_FEAT_CLOCK_DATA));
	assert_int_equal(perf_reader_clock_data(r, &out), 0);
	assert_int_equal(out.clockid, 1);
	assert_true(out.wall_ns == in.wall_ns);
	assert_int_equal(out.clock_ns, 5000);
	next_ok(r, &rec, PERF_RECORD_ITRACE_START);
	assert_int_equal(perf_rec_sample_time(r, &rec, &t), 0);
	assert_int_equal(t, 6500);
	perf_reader_close(r);
	/* the sample file has neither */
	write_sample(path);
	assert_int_equal(perf_reader_open(path, &r, NULL), 0);
	assert_int_equal(perf_reader_clock_data(r, &out), -ENOENT);
	next_ok(r, &rec, PERF_REC_AUXTRACE_INFO);
	assert_int_equal(perf_rec_sample_time(r, &rec, &t), -ENODATA);
	perf_reader_close(r);
	unlink(path);
}

/* What writer writes to "-" (pipe mode on standard output), into path. */
static void pipe_into(const char *path, void (*writer)(const char *))
{
	int saved = dup(STDOUT_FILENO), fd = open(path, O_WRONLY | O_TRUNC);

	assert_true(saved >= 0 && fd >= 0);
	assert_int_equal(dup2(fd, STDOUT_FILENO), STDOUT_FILENO);
	close(fd);
	writer("-");
	assert_int_equal(dup2(saved, STDOUT_FILENO), STDOUT_FILENO);
	close(saved);
}

/* One record and the session's span, into path ("-": pipe mode on standard output). */
static void write_span(const char *path)
{
	struct perf_writer_env env = {.hostname = "h"};
	struct perf_event_attr attr = {.type = 42, .size = sizeof(attr), .sample_id_all = 1};
	struct perf_writer *w;
	uint64_t id = 9;

	assert_int_equal(perf_writer_open(path, &env, &w), 0);
	assert_int_equal(perf_writer_add_attr(w, &attr, "e", &id, 1), 0);
	assert_int_equal(perf_writer_finished_round(w), 0);
	perf_writer_sample_time(w, 1000, 20001000);
	assert_int_equal(perf_writer_close(w), 0);
}

/* SAMPLE_TIME: a section in a file; a HEADER_FEATURE record after the data in a pipe. */
static void sample_time_reads_back(void **state)
{
	const char *path = tmp_path();
	uint64_t first = 0, last = 0;
	struct perf_reader *r;
	struct perf_rec rec;

	write_span(path);
	assert_int_equal(perf_reader_open(path, &r, NULL), 0);
	assert_true(perf_reader_has_feature(r, PERF_FEAT_SAMPLE_TIME));
	assert_int_equal(perf_reader_sample_time(r, &first, &last), 0);
	assert_int_equal(first, 1000);
	assert_int_equal(last, 20001000);
	perf_reader_close(r);

	pipe_into(path, write_span);
	assert_int_equal(perf_reader_open(path, &r, NULL), 0);
	while (perf_reader_next(r, &rec, NULL) == 1 && rec.type != PERF_REC_FINISHED_ROUND)
		;
	assert_int_equal(perf_reader_sample_time(r, &first, &last), -ENOENT);
	next_ok(r, &rec, PERF_REC_HEADER_FEATURE);
	assert_int_equal(perf_reader_sample_time(r, &first, &last), 0);
	assert_int_equal(last, 20001000);
	perf_reader_close(r);
	unlink(path);
}

static void aux_payload_reads_in_pieces(void **state)
{
	const char *path = tmp_path();
	struct perf_reader *r;
	uint8_t *image;
	size_t len;

	write_sample(path);
	assert_int_equal(perf_reader_open(path, &r, NULL), 0);
	check_aux_pieces(r);
	perf_reader_close(r);
	image = slurp(path, &len);
	assert_int_equal(perf_reader_open_mem(image, len, &r, NULL), 0);
	check_aux_pieces(r);
	perf_reader_close(r);
	free(image);
	unlink(path);
}

static void data_section(const uint8_t *img, uint64_t *off, uint64_t *size);

/*
 * A closed file cut anywhere in its records is an error after what it
 * holds; cut after them, in its features, it reads whole without them.
 */
static void every_truncation_is_an_error(void **state)
{
	const char *path = tmp_path();
	uint64_t off, size;
	char msg[256];
	size_t len;
	uint8_t *full;

	write_sample(path);
	full = slurp(path, &len);
	data_section(full, &off, &size);
	assert_int_equal(read_all(full, len, msg, sizeof(msg)), 0);
	for (size_t cut = 0; cut < len; cut++) {
		uint8_t *copy = malloc(cut ? cut : 1); /* exact size: ASan sees overreads */
		struct perf_reader *r;
		struct perf_rec rec;
		int ret;

		memcpy(copy, full, cut);
		if (cut >= off + size) {
			assert_int_equal(perf_reader_open_mem(copy, cut, &r, NULL), 0);
			while ((ret = perf_reader_next(r, &rec, NULL)) > 0)
				;
			assert_int_equal(ret, 0);
			assert_true(perf_reader_features_cut(r));
			assert_false(perf_reader_unclosed(r, NULL));
			perf_reader_close(r);
		} else {
			assert_true(read_all(copy, cut, msg, sizeof(msg)) < 0);
			assert_true(strstr(msg, "truncated") || strstr(msg, "not a perf.data"));
		}
		free(copy);
	}
	free(full);
	unlink(path);
}

static void corrupt_sizes_are_errors(void **state)
{
	const char *path = tmp_path();
	char msg[256];
	size_t len;
	uint8_t *img;
	uint16_t tiny = 4;
	uint64_t data_at;
	char want[64];

	write_sample(path);
	img = slurp(path, &len);
	/* first record: AUXTRACE_INFO at the data offset, after the attribute and its ids */
	memcpy(&data_at, img + 40, 8);
	assert_int_equal(data_at, 104 + 2 * 8 + sizeof(struct perf_event_attr) + 16);
	memcpy(img + data_at + 6, &tiny, 2);
	assert_int_equal(read_all(img, len, msg, sizeof(msg)), -EPROTO);
	snprintf(want, sizeof(want), "corrupt record at offset %#llx: size 4",
		 (unsigned long long)data_at);
	assert_non_null(strstr(msg, want));
	free(img);

	img = slurp(path, &len);
	memcpy(img, "PERFILE1", 8);
	assert_int_equal(read_all(img, len, msg, sizeof(msg)), -EINVAL);
	assert_string_equal(msg, "not a perf.data file (bad magic)");
	free(img);
	unlink(path);
}

/* Appends v as a big-endian integer of n bytes. */
static void be(uint8_t **p, uint64_t v, int n)
{
	for (int i = n - 1; i >= 0; i--)
		*(*p)++ = (uint8_t)(v >> (8 * i));
}

static void big_endian_file_reads_like_perf(void **state)
{
	uint8_t img[1024] = {0}, *p = img;
	const size_t attr_at = 104, ids_at = attr_at + 144, data_at = ids_at + 8;
	struct perf_reader *r;
	struct perf_rec rec;
	size_t data_len;

	memcpy(p, "2ELIFREP", 8); /* "PERFILE2" stored as a big-endian u64 */
	p += 8;
	be(&p, 104, 8);
	be(&p, 144, 8);
	be(&p, attr_at, 8);
	be(&p, 144, 8);
	p = img + attr_at;
	be(&p, 42, 4);		   /* type */
	be(&p, 128, 4);		   /* size */
	be(&p, 0x100000000ull, 8); /* config: format=1 */
	p = img + attr_at + 40;	   /* flags: disabled (bit 0), sample_id_all (bit 18) */
	p[0] = 0x80;
	p[2] = 0x20;
	p = img + attr_at + 128;
	be(&p, ids_at, 8);
	be(&p, 8, 8);
	be(&p, 0x1122334455667788ull, 8);
	p = img + data_at;
	be(&p, PERF_REC_AUXTRACE_INFO, 4);
	be(&p, 0, 2);
	be(&p, 24, 2);
	be(&p, PERF_AUXTRACE_HISI_PTT, 4);
	be(&p, 0, 4);
	be(&p, 42, 8);
	be(&p, PERF_REC_AUXTRACE, 4);
	be(&p, 0, 2);
	be(&p, 48, 2);
	be(&p, 16, 8);	 /* size */
	be(&p, 0x40, 8); /* offset */
	be(&p, 1, 8);	 /* reference */
	be(&p, 2, 4);	 /* idx */
	be(&p, 3, 4);	 /* tid */
	be(&p, 4, 4);	 /* cpu */
	be(&p, 0, 4);
	for (int i = 0; i < 16; i++)
		*p++ = (uint8_t)i; /* payload: stored as is */
	data_len = (size_t)(p - img) - data_at;
	p = img + 40;
	be(&p, data_at, 8);
	be(&p, data_len, 8);

	assert_int_equal(perf_reader_open_mem(img, data_at + data_len, &r, NULL), 0);
	assert_true(perf_reader_needs_swap(r));
	assert_int_equal(perf_reader_attr(r, 0)->attr.type, 42);
	assert_int_equal(perf_reader_attr(r, 0)->attr.config, 0x100000000ull);
	assert_int_equal(perf_reader_attr(r, 0)->attr.disabled, 1);
	assert_int_equal(perf_reader_attr(r, 0)->attr.sample_id_all, 1);
	assert_int_equal(perf_reader_attr(r, 0)->attr.exclude_kernel, 0);
	assert_int_equal(perf_reader_attr(r, 0)->ids[0], 0x1122334455667788ull);
	next_ok(r, &rec, PERF_REC_AUXTRACE_INFO);
	assert_int_equal(rec.auxtrace_info.type, PERF_AUXTRACE_HISI_PTT);
	assert_int_equal(rec.auxtrace_info.priv[0], 42);
	next_ok(r, &rec, PERF_REC_AUXTRACE);
	assert_int_equal(rec.auxtrace.size, 16);
	assert_int_equal(rec.auxtrace.offset, 0x40);
	assert_int_equal(rec.auxtrace.cpu, 4);
	assert_int_equal(rec.auxtrace.data[15], 15);
	assert_int_equal(perf_reader_next(r, &rec, NULL), 0);
	perf_reader_close(r);
}

static void pipe_image_carries_attrs_as_records(void **state)
{
	uint8_t img[512] = {0}, *p = img;
	struct perf_event_header h;
	struct perf_event_attr attr = {.type = 42, .size = sizeof(attr), .config = 7};
	uint64_t magic = PERF_MAGIC2, size = 16, id = 5, feat[2] = {PERF_FEAT_HOSTNAME, 0};
	struct perf_reader *r;
	struct perf_rec rec;
	struct error e;

	memcpy(p, &magic, 8);
	memcpy(p + 8, &size, 8);
	p += 16;
	h = (struct perf_event_header){PERF_REC_HEADER_ATTR, 0, 8 + sizeof(attr) + 8};
	memcpy(p, &h, 8);
	memcpy(p + 8, &attr, sizeof(attr));
	memcpy(p + 8 + sizeof(attr), &id, 8);
	p += h.size;
	h = (struct perf_event_header){PERF_REC_HEADER_FEATURE, 0, 24};
	memcpy(p, &h, 8);
	memcpy(p + 8, feat, 16);
	p += h.size;
	h = (struct perf_event_header){PERF_REC_AUXTRACE, 0, 48};
	memcpy(p, &h, 8);
	size = 32;
	memcpy(p + 8, &size, 8);
	p += 48 + 32;

	assert_int_equal(perf_reader_open_mem(img, (size_t)(p - img), &r, NULL), 0);
	assert_true(perf_reader_is_pipe(r));
	next_ok(r, &rec, PERF_REC_HEADER_ATTR);
	assert_int_equal(perf_reader_nr_attrs(r), 1);
	assert_int_equal(perf_reader_attr(r, 0)->attr.config, 7);
	assert_int_equal(perf_reader_attr(r, 0)->ids[0], 5);
	next_ok(r, &rec, PERF_REC_HEADER_FEATURE);
	assert_true(perf_reader_has_feature(r, PERF_FEAT_HOSTNAME));
	next_ok(r, &rec, PERF_REC_AUXTRACE);
	assert_int_equal(rec.auxtrace.size, 32);
	assert_int_equal(perf_reader_next(r, &rec, NULL), 0);
	perf_reader_close(r);

	/* the same stream cut inside the AUXTRACE payload: what it holds, then the cut told */
	assert_int_equal(perf_reader_open_mem(img, (size_t)(p - img) - 1, &r, NULL), 0);
	next_ok(r, &rec, PERF_REC_HEADER_ATTR);
	next_ok(r, &rec, PERF_REC_HEADER_FEATURE);
	next_ok(r, &rec, PERF_REC_AUXTRACE);
	assert_int_equal(rec.auxtrace.size, 31);
	assert_int_equal(perf_reader_next(r, &rec, &e), -EPROTO);
	assert_int_equal(e.code, -EPROTO);
	assert_non_null(strstr(e.msg, "truncated: the AUXTRACE record at offset "));
	assert_non_null(strstr(e.msg, "promised 32 bytes of trace, the stream holds 31 "));
	perf_reader_close(r);
}

/* The data offset and size the file header holds. */
static void data_section(const uint8_t *img, uint64_t *off, uint64_t *size)
{
	memcpy(off, img + 40, 8);
	memcpy(size, img + 48, 8);
}

/*
 * A recording that was never closed: the header vouches for every record
 * written and has no feature bitmap.  Cut anywhere after the attributes (a
 * kill, a power cut, a full disk at any byte), it reads without an error up
 * to its last complete record, and says what it recovered.
 */
static void unclosed_file_reads_every_complete_record(void **state)
{
	const char *path = tmp_path();
	struct perf_reader_recovery rc;
	uint64_t off, size, starts[16], heads[16], ends[16];
	size_t len, n = 0;
	uint8_t *full;

	write_sample_as(path, false);
	full = slurp(path, &len);
	data_section(full, &off, &size);
	assert_int_equal(off + size, len);
	for (int i = 72; i < 104; i++)
		assert_int_equal(full[i], 0);
	for (uint64_t at = off; at < len; n++) {
		uint16_t rs;
		uint64_t payload_size = 0;

		memcpy(&rs, full + at + 6, 2);
		if (full[at] == PERF_REC_AUXTRACE)
			memcpy(&payload_size, full + at + 8, 8);
		starts[n] = at;
		heads[n] = full[at] == PERF_REC_AUXTRACE ? at + rs : 0;
		at += rs + payload_size;
		ends[n] = at;
	}
	for (size_t cut = off; cut <= len; cut++) {
		uint8_t *copy = malloc(cut); /* exact size: ASan sees overreads */
		struct perf_reader_cut c;
		struct perf_reader *r;
		struct perf_rec rec;
		size_t want = 0;
		bool part;
		int ret;

		memcpy(copy, full, cut);
		while (want < n && ends[want] <= cut)
			want++;
		/* an AUXTRACE record cut in its payload is handed out with what there is */
		part = want < n && heads[want] && heads[want] < cut;
		assert_int_equal(perf_reader_open_mem(copy, cut, &r, NULL), 0);
		while ((ret = perf_reader_next(r, &rec, NULL)) > 0)
			;
		assert_int_equal(ret, 0);
		assert_true(perf_reader_unclosed(r, &rc));
		assert_int_equal(rc.records, want + part);
		assert_int_equal(rc.bytes, part ? cut - off : want ? ends[want - 1] - off : 0);
		assert_int_equal(rc.bytes + rc.dropped, cut - off);
		assert_int_equal(perf_reader_cut_auxtrace(r, &c), part);
		if (part) {
			assert_int_equal(c.offset, starts[want]);
			assert_int_equal(c.present, cut - heads[want]);
			assert_int_equal(c.promised, ends[want] - heads[want]);
		}
		perf_reader_close(r);
		free(copy);
	}
	/* the complete one reads record for record, with its attribute */
	{
		struct perf_reader *r;

		assert_int_equal(perf_reader_open(path, &r, NULL), 0);
		assert_int_equal(perf_reader_nr_attrs(r), 1);
		assert_int_equal(perf_reader_attr(r, 0)->ids[1], 102);
		check_sample(r);
		assert_true(perf_reader_unclosed(r, NULL));
		perf_reader_close(r);
	}
	free(full);
	unlink(path);
}

/* perf leaves data size 0 until it closes; zeros where records would follow end them. */
static void perf_style_unclosed_file_reads(void **state)
{
	const char *path = tmp_path();
	struct perf_reader_recovery rc;
	uint64_t off, size, zero = 0;
	size_t len;
	uint8_t *img, *padded;
	struct perf_reader *r;

	write_sample(path);
	img = slurp(path, &len);
	data_section(img, &off, &size);
	memcpy(img + 48, &zero, 8); /* perf's header before close; its bitmap is set */
	padded = calloc(1, off + size + 4096);
	memcpy(padded, img, off + size);
	assert_int_equal(perf_reader_open_mem(padded, off + size + 4096, &r, NULL), 0);
	check_sample(r);
	assert_true(perf_reader_unclosed(r, &rc));
	assert_int_equal(rc.records, 9);
	assert_int_equal(rc.bytes, size);
	assert_int_equal(rc.dropped, 4096);
	perf_reader_close(r);

	/* a closed file is not taken for one */
	assert_int_equal(perf_reader_open(path, &r, NULL), 0);
	assert_false(perf_reader_unclosed(r, &rc));
	perf_reader_close(r);
	free(padded);
	free(img);
	unlink(path);
}

/* "-" is pipe mode on standard output: the header's contents come as records. */
static void pipe_mode_writer_reads_back(void **state)
{
	const char *path = tmp_path();
	const struct perf_attr_info *a;
	struct perf_reader *r;
	struct perf_rec rec;

	pipe_into(path, write_sample);
	assert_int_equal(perf_reader_open(path, &r, NULL), 0);
	assert_true(perf_reader_is_pipe(r));
	next_ok(r, &rec, PERF_REC_HEADER_ATTR);
	next_ok(r, &rec, PERF_REC_EVENT_UPDATE);
	a = perf_reader_attr(r, 0);
	assert_int_equal(a->attr.config, 0x1080001);
	assert_int_equal(a->nr_ids, 2);
	assert_string_equal(a->name, "hisi_ptt0_2/format=1/");
	while (perf_reader_next(r, &rec, NULL) == 1 && rec.type == PERF_REC_HEADER_FEATURE)
		;
	assert_true(perf_reader_has_feature(r, PERF_FEAT_HOSTNAME));
	assert_true(perf_reader_has_feature(r, PERF_FEAT_PMU_MAPPINGS));
	assert_false(perf_reader_has_feature(r, PERF_FEAT_EVENT_DESC));
	assert_int_equal(rec.type, PERF_REC_AUXTRACE_INFO);
	perf_reader_close(r);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(written_file_reads_back),
	    cmocka_unit_test(aux_payload_reads_in_pieces),
	    cmocka_unit_test(clock_data_and_record_time_read_back),
	    cmocka_unit_test(sample_time_reads_back),
	    cmocka_unit_test(every_truncation_is_an_error),
	    cmocka_unit_test(corrupt_sizes_are_errors),
	    cmocka_unit_test(big_endian_file_reads_like_perf),
	    cmocka_unit_test(pipe_image_carries_attrs_as_records),
	    cmocka_unit_test(unclosed_file_reads_every_complete_record),
	    cmocka_unit_test(perf_style_unclosed_file_reads),
	    cmocka_unit_test(pipe_mode_writer_reads_back),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
