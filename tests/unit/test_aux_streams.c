// SPDX-License-Identifier: GPL-2.0-only
/*
 * The traced devices of a recording: each device's payloads, the times of
 * its ITRACE_START and AUX records and its loss (TRUNCATED, LOST, a trace
 * stopped early) end up on that device, whether the file joins events to
 * buffers by ID_INDEX or only by cpu; one PMU's buffers (perf record -a: one
 * event per CPU) are one device; and a record no device can be told for is
 * kept apart rather than given to one.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pciescope/perf/aux_streams.h>

static const uint64_t id_a = 11, id_b = 12;
static uint8_t payload[64];

static char *tmp_path(void)
{
	static char path[64];
	int fd;

	strcpy(path, "/tmp/pciescope-auxstreams-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	return path;
}

/* The bytes of a whole buffer, as the tests' tracer hands them over. */
#define UNIT 4096

static struct perf_sample_id at(uint64_t t, uint64_t id, uint32_t cpu)
{
	return (struct perf_sample_id){.time = t, .id = id, .cpu = cpu};
}

static void chunk(struct perf_writer *w, uint32_t idx, uint32_t cpu, uint64_t bytes)
{
	struct perf_auxtrace_chunk c = {.idx = idx, .tid = (uint32_t)-1, .cpu = cpu};

	assert_int_equal(perf_writer_auxtrace(w, &c, payload, bytes), 0);
}

static struct perf_event_attr ptt_attr(uint32_t type)
{
	return (struct perf_event_attr){.type = type,
					.size = sizeof(struct perf_event_attr),
					.sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
						       PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER,
					.sample_id_all = 1};
}

/*
 * Two PTT devices (PMU types 42 and 43) on one cpu, as pciescope record
 * writes them: buffer idx 0 is event a (traced 100..10100 ns), idx 1 event
 * b, truncated at 3400 ns.  With index, ID_INDEX says b owns buffer 0 and a
 * buffer 1.
 */
static void write_two(const char *path, bool index)
{
	struct perf_writer_env env = {.hostname = "h"};
	struct perf_event_attr a42 = ptt_attr(42), a43 = ptt_attr(43);
	struct perf_id_index_entry ix[2] = {{id_b, 0, 0, 0}, {id_a, 1, 0, 0}};
	struct perf_sample_id s;
	struct perf_writer *w;
	uint64_t priv = 42;

	assert_int_equal(perf_writer_open(path, &env, &w), 0);
	assert_int_equal(perf_writer_add_attr(w, &a42, "a", &id_a, 1), 0);
	assert_int_equal(perf_writer_add_attr(w, &a43, "b", &id_b, 1), 0);
	assert_int_equal(perf_writer_auxtrace_info(w, PERF_AUXTRACE_HISI_PTT, &priv, 1), 0);
	if (index)
		assert_int_equal(perf_writer_id_index(w, ix, 2), 0);
	s = at(100, id_a, 0);
	assert_int_equal(perf_writer_itrace_start(w, 0, 0, &s), 0);
	s = at(150, id_b, 0);
	assert_int_equal(perf_writer_itrace_start(w, 0, 0, &s), 0);
	s = at(3400, id_b, 0);
	assert_int_equal(perf_writer_aux(w, 0, 32, PERF_AUX_FLAG_TRUNCATED, &s), 0);
	chunk(w, 0, 0, 48);
	chunk(w, 1, 0, 32);
	s = at(5000, id_a, 0);
	assert_int_equal(perf_writer_lost(w, id_a, 7, &s), 0);
	s = at(10100, id_a, 0);
	assert_int_equal(perf_writer_aux(w, 0, 48, 0, &s), 0);
	chunk(w, 0, 0, 16);
	assert_int_equal(perf_writer_close(w), 0);
}

static struct perf_aux_streams *read_streams(const char *path)
{
	struct perf_aux_streams *s;
	struct perf_reader *r;
	struct perf_rec rec;
	long routed[3] = {-1, -1, -1}, early[2] = {-2, -2};
	size_t chunks = 0;

	assert_int_equal(perf_aux_streams_create(&s), 0);
	assert_int_equal(perf_reader_open(path, &r, NULL), 0);
	while (perf_reader_next(r, &rec, NULL) > 0) {
		long i = perf_aux_streams_note(s, r, &rec);

		if (rec.type == PERF_REC_AUXTRACE && i >= 0 && i < 2 && early[i] == -2)
			early[i] = perf_aux_streams_attr(s, r, (size_t)i);
		if (rec.type == PERF_REC_AUXTRACE)
			routed[chunks++] = i;
		else
			assert_int_equal(i, -1);
	}
	perf_aux_streams_finish(s, r, UNIT);
	perf_reader_close(r);
	unlink(path);
	/* the event a payload's device is known by when it comes is the final answer */
	assert_int_equal(early[0], perf_aux_streams_device(s, 0)->attr);
	assert_int_equal(early[1], perf_aux_streams_device(s, 1)->attr);
	/* payloads go to their buffer's device, numbered in order of first payload */
	assert_int_equal(chunks, 3);
	assert_int_equal(routed[0], 0);
	assert_int_equal(routed[1], 1);
	assert_int_equal(routed[2], 0);
	return s;
}

static void check_a(const struct perf_aux_device *a, long attr)
{
	assert_int_equal(a->attr, attr);
	assert_true(a->timed);
	assert_int_equal(a->start_ns, 100);
	assert_int_equal(a->end_ns, 10100);
	assert_int_equal(a->loss.truncated, 0);
	assert_int_equal(a->loss.lost_records, 1);
	assert_int_equal(a->loss.lost, 7);
	assert_true(a->loss.lost_timed);
	assert_int_equal(a->loss.lost_ns, 5000);
	assert_int_equal(a->loss.stopped, 0);
	assert_int_equal(a->streams, 1);
}

static void check_b(const struct perf_aux_device *b, long attr)
{
	assert_int_equal(b->attr, attr);
	assert_int_equal(b->start_ns, 150);
	assert_int_equal(b->end_ns, 3400);
	assert_int_equal(b->loss.truncated, 1);
	assert_true(b->loss.truncated_timed);
	assert_int_equal(b->loss.truncated_ns, 3400);
	assert_false(b->loss.lost_records);
}

static void events_pair_with_buffers_of_their_cpu_in_order(void **state)
{
	const char *path = tmp_path();
	struct perf_aux_streams *s;
	uint64_t first, last;

	(void)state;
	write_two(path, false);
	s = read_streams(path);
	assert_int_equal(perf_aux_streams_devices(s), 2);
	check_a(perf_aux_streams_device(s, 0), 0);
	check_b(perf_aux_streams_device(s, 1), 1);
	assert_false(perf_aux_loss_any(perf_aux_streams_unjoined(s)));
	assert_true(perf_aux_streams_times(s, &first, &last));
	assert_int_equal(first, 100);
	assert_int_equal(last, 10100);
	perf_aux_streams_destroy(s);
}

static void id_index_names_each_events_buffer(void **state)
{
	const char *path = tmp_path();
	struct perf_aux_streams *s;
	const struct perf_aux_device *b, *a;

	(void)state;
	write_two(path, true);
	s = read_streams(path);
	b = perf_aux_streams_device(s, 0);
	a = perf_aux_streams_device(s, 1);
	assert_int_equal(b->attr, 1);
	assert_int_equal(b->loss.truncated, 1);
	assert_int_equal(a->attr, 0);
	assert_int_equal(a->loss.lost, 7);
	assert_int_equal(a->end_ns, 10100);
	perf_aux_streams_destroy(s);
}

/* Reads path whole into devices, finished with UNIT; unlinks it. */
static struct perf_aux_streams *read_all(const char *path)
{
	struct perf_aux_streams *s;
	struct perf_reader *r;
	struct perf_rec rec;

	assert_int_equal(perf_aux_streams_create(&s), 0);
	assert_int_equal(perf_reader_open(path, &r, NULL), 0);
	while (perf_reader_next(r, &rec, NULL) > 0)
		perf_aux_streams_note(s, r, &rec);
	perf_aux_streams_finish(s, r, UNIT);
	perf_reader_close(r);
	unlink(path);
	return s;
}

/* An event of another PMU whose cpu no buffer has: its loss is told apart. */
static void loss_of_no_known_buffer_is_kept_apart(void **state)
{
	const char *path = tmp_path();
	struct perf_writer_env env = {.hostname = "h"};
	struct perf_event_attr attr = {.type = 42,
				       .size = sizeof(attr),
				       .sample_type = PERF_SAMPLE_TIME | PERF_SAMPLE_CPU,
				       .sample_id_all = 1},
			       other = attr;
	struct perf_sample_id s9 = at(40, 0, 9);
	struct perf_aux_streams *s;
	struct perf_writer *w;
	uint64_t id = 5, id2 = 6;

	(void)state;
	other.type = 43;
	assert_int_equal(perf_writer_open(path, &env, &w), 0);
	assert_int_equal(perf_writer_add_attr(w, &attr, "a", &id, 1), 0);
	assert_int_equal(perf_writer_add_attr(w, &other, "b", &id2, 1), 0);
	chunk(w, 0, 0, 16);
	chunk(w, 1, 1, 16);
	assert_int_equal(perf_writer_lost(w, 5, 3, &s9), 0);
	assert_int_equal(perf_writer_close(w), 0);
	s = read_all(path);
	assert_int_equal(perf_aux_streams_devices(s), 2);
	assert_false(perf_aux_loss_any(&perf_aux_streams_device(s, 0)->loss));
	assert_false(perf_aux_loss_any(&perf_aux_streams_device(s, 1)->loss));
	assert_int_equal(perf_aux_streams_unjoined(s)->lost, 3);
	assert_int_equal(perf_aux_streams_unjoined(s)->lost_ns, 40);
	perf_aux_streams_destroy(s);
}

/*
 * perf record -a of one PTT: one attribute, an event per CPU.  cpu 0's
 * event traces first and stops when its area is full (its last AUX record
 * whole buffers, at 400 ns), then cpu 2's traces to the end, where the
 * stop hands over part of a buffer (1000 ns).  One device, two buffers,
 * one stop, and the trace resumed.
 */
static void one_pmu_in_several_buffers_is_one_device(void **state)
{
	const char *path = tmp_path();
	struct perf_writer_env env = {.hostname = "h"};
	struct perf_event_attr a = ptt_attr(42);
	uint64_t ids[4] = {1, 2, 3, 4};
	const struct perf_aux_device *d;
	struct perf_aux_streams *s;
	struct perf_sample_id t;
	struct perf_reader *r;
	struct perf_rec rec;
	struct perf_writer *w;
	long streams[4], devs[4];
	size_t n = 0;

	(void)state;
	assert_int_equal(perf_writer_open(path, &env, &w), 0);
	assert_int_equal(perf_writer_add_attr(w, &a, "hisi_ptt0_2/x/", ids, 4), 0);
	for (uint64_t k = 1; k <= 2; k++) {
		t = at(200 * k, 1, 0);
		assert_int_equal(perf_writer_aux(w, (k - 1) * 2 * UNIT, 2 * UNIT, 0, &t), 0);
		chunk(w, 0, 0, 32);
	}
	t = at(700, 3, 2);
	assert_int_equal(perf_writer_aux(w, 0, UNIT, 0, &t), 0);
	chunk(w, 2, 2, 32);
	t = at(1000, 3, 2);
	assert_int_equal(perf_writer_aux(w, UNIT, 100, 0, &t), 0);
	chunk(w, 2, 2, 16);
	assert_int_equal(perf_writer_close(w), 0);

	assert_int_equal(perf_aux_streams_create(&s), 0);
	assert_int_equal(perf_reader_open(path, &r, NULL), 0);
	while (perf_reader_next(r, &rec, NULL) > 0) {
		long dev = perf_aux_streams_note(s, r, &rec);

		if (rec.type != PERF_REC_AUXTRACE)
			continue;
		devs[n] = dev;
		streams[n++] = perf_aux_streams_stream(s, &rec);
	}
	perf_aux_streams_finish(s, r, UNIT);
	perf_reader_close(r);
	unlink(path);
	assert_int_equal(n, 4);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(devs[i], 0);
	assert_int_equal(streams[0], 0);
	assert_int_equal(streams[1], 0);
	assert_int_equal(streams[2], 1);
	assert_int_equal(streams[3], 1);
	assert_int_equal(perf_aux_streams_devices(s), 1);
	d = perf_aux_streams_device(s, 0);
	assert_int_equal(d->attr, 0);
	assert_int_equal(d->streams, 2);
	assert_int_equal(d->chunks, 4);
	assert_int_equal(d->bytes, 112);
	assert_int_equal(d->start_ns, 200);
	assert_int_equal(d->end_ns, 1000);
	assert_int_equal(d->loss.truncated, 0);
	assert_int_equal(d->loss.stopped, 1);
	assert_int_equal(d->loss.stopped_ns, 400);
	assert_int_equal(d->loss.stopped_until_ns, 1000);
	assert_true(d->loss.resumed);
	perf_aux_streams_destroy(s);
}

/*
 * One buffer: a last hand-over of part of a buffer is a stop's; one of
 * whole buffers with nothing after it may be the end; one of whole
 * buffers the recording outlasted (SAMPLE_TIME) is a trace that stopped.
 */
static void a_stop_is_told_by_the_times(void **state)
{
	static const struct {
		uint64_t last_bytes;
		bool sample_time;
		uint64_t stopped;
	} cases[] = {{100, true, 0}, {2 * UNIT, false, 0}, {2 * UNIT, true, 1}};

	(void)state;
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		const char *path = tmp_path();
		struct perf_writer_env env = {.hostname = "h"};
		struct perf_event_attr a = ptt_attr(42);
		const struct perf_aux_device *d;
		struct perf_aux_streams *s;
		struct perf_sample_id t = at(100, id_a, 0);
		struct perf_writer *w;
		char line[512];

		assert_int_equal(perf_writer_open(path, &env, &w), 0);
		assert_int_equal(perf_writer_add_attr(w, &a, "a", &id_a, 1), 0);
		assert_int_equal(perf_writer_itrace_start(w, 0, 0, &t), 0);
		t = at(300, id_a, 0);
		assert_int_equal(perf_writer_aux(w, 0, UNIT, 0, &t), 0);
		t = at(500, id_a, 0);
		assert_int_equal(perf_writer_aux(w, UNIT, cases[c].last_bytes, 0, &t), 0);
		chunk(w, 0, 0, 32);
		if (cases[c].sample_time)
			perf_writer_sample_time(w, 100, 2500);
		assert_int_equal(perf_writer_close(w), 0);
		s = read_all(path);
		d = perf_aux_streams_device(s, 0);
		assert_int_equal(d->loss.stopped, cases[c].stopped);
		assert_int_equal(perf_aux_loss_any(&d->loss), cases[c].stopped);
		if (cases[c].stopped) {
			assert_int_equal(d->loss.stopped_ns, 500);
			assert_int_equal(d->loss.stopped_until_ns, 2500);
			assert_false(d->loss.resumed);
			assert_true(
			    perf_aux_loss_describe(&d->loss, true, 100, line, sizeof(line)) > 0);
			assert_non_null(strstr(line, "the AUX area was full 0.000 ms after tracing "
						     "began and the trace stopped"));
			assert_non_null(strstr(line, "went on 0.002 ms"));
		}
		perf_aux_streams_destroy(s);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(events_pair_with_buffers_of_their_cpu_in_order),
	    cmocka_unit_test(id_index_names_each_events_buffer),
	    cmocka_unit_test(loss_of_no_known_buffer_is_kept_apart),
	    cmocka_unit_test(one_pmu_in_several_buffers_is_one_device),
	    cmocka_unit_test(a_stop_is_told_by_the_times),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
