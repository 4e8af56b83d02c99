// SPDX-License-Identifier: GPL-2.0-only
/*
 * The AUX streams of a recording: each device's payloads, the times of its
 * ITRACE_START and AUX records and its loss (TRUNCATED, LOST) end up on the
 * stream of that device, whether the file joins events to buffers by
 * ID_INDEX or only by cpu, and a record no stream can be told for is kept
 * apart rather than given to one.
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

static struct perf_sample_id at(uint64_t t, uint64_t id, uint32_t cpu)
{
	return (struct perf_sample_id){.time = t, .id = id, .cpu = cpu};
}

static void chunk(struct perf_writer *w, uint32_t idx, uint32_t cpu, uint64_t bytes)
{
	struct perf_auxtrace_chunk c = {.idx = idx, .tid = (uint32_t)-1, .cpu = cpu};

	assert_int_equal(perf_writer_auxtrace(w, &c, payload, bytes), 0);
}

/*
 * Two PTT events on one cpu, as pciescope record writes them: buffer idx 0
 * is event a (traced 100..10100 ns), idx 1 event b, truncated at 3400 ns.
 * With index, ID_INDEX says b owns buffer 0 and a buffer 1.
 */
static void write_two(const char *path, bool index)
{
	struct perf_writer_env env = {.hostname = "h"};
	struct perf_event_attr attr = {.type = 42,
				       .size = sizeof(attr),
				       .sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
						      PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER,
				       .sample_id_all = 1};
	struct perf_id_index_entry ix[2] = {{id_b, 0, 0, 0}, {id_a, 1, 0, 0}};
	struct perf_sample_id s;
	struct perf_writer *w;
	uint64_t priv = 42;

	assert_int_equal(perf_writer_open(path, &env, &w), 0);
	assert_int_equal(perf_writer_add_attr(w, &attr, "a", &id_a, 1), 0);
	assert_int_equal(perf_writer_add_attr(w, &attr, "b", &id_b, 1), 0);
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
	perf_aux_streams_finish(s, r);
	perf_reader_close(r);
	unlink(path);
	/* the event a payload's device is known by when it comes is the final answer */
	assert_int_equal(early[0], perf_aux_streams_get(s, 0)->attr);
	assert_int_equal(early[1], perf_aux_streams_get(s, 1)->attr);
	/* payloads go to their buffer's stream, numbered in order of first payload */
	assert_int_equal(chunks, 3);
	assert_int_equal(routed[0], 0);
	assert_int_equal(routed[1], 1);
	assert_int_equal(routed[2], 0);
	return s;
}

static void check_a(const struct perf_aux_stream *a, long attr)
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
}

static void check_b(const struct perf_aux_stream *b, long attr)
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
	assert_int_equal(perf_aux_streams_count(s), 2);
	check_a(perf_aux_streams_get(s, 0), 0);
	check_b(perf_aux_streams_get(s, 1), 1);
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
	const struct perf_aux_stream *b, *a;

	(void)state;
	write_two(path, true);
	s = read_streams(path);
	b = perf_aux_streams_get(s, 0);
	a = perf_aux_streams_get(s, 1);
	assert_int_equal(b->attr, 1);
	assert_int_equal(b->loss.truncated, 1);
	assert_int_equal(a->attr, 0);
	assert_int_equal(a->loss.lost, 7);
	assert_int_equal(a->end_ns, 10100);
	perf_aux_streams_destroy(s);
}

/* An event whose cpu no buffer has, in a recording of two buffers: its loss is told apart. */
static void loss_of_no_known_buffer_is_kept_apart(void **state)
{
	const char *path = tmp_path();
	struct perf_writer_env env = {.hostname = "h"};
	struct perf_event_attr attr = {.type = 42,
				       .size = sizeof(attr),
				       .sample_type = PERF_SAMPLE_TIME | PERF_SAMPLE_CPU,
				       .sample_id_all = 1};
	struct perf_sample_id s9 = at(40, 0, 9);
	struct perf_aux_streams *s;
	struct perf_writer *w;
	struct perf_reader *r;
	struct perf_rec rec;
	uint64_t id = 5;

	(void)state;
	assert_int_equal(perf_writer_open(path, &env, &w), 0);
	assert_int_equal(perf_writer_add_attr(w, &attr, "a", &id, 1), 0);
	chunk(w, 0, 0, 16);
	chunk(w, 1, 1, 16);
	assert_int_equal(perf_writer_lost(w, 5, 3, &s9), 0);
	assert_int_equal(perf_writer_close(w), 0);
	assert_int_equal(perf_aux_streams_create(&s), 0);
	assert_int_equal(perf_reader_open(path, &r, NULL), 0);
	while (perf_reader_next(r, &rec, NULL) > 0)
		perf_aux_streams_note(s, r, &rec);
	perf_aux_streams_finish(s, r);
	perf_reader_close(r);
	unlink(path);
	assert_false(perf_aux_loss_any(&perf_aux_streams_get(s, 0)->loss));
	assert_false(perf_aux_loss_any(&perf_aux_streams_get(s, 1)->loss));
	assert_int_equal(perf_aux_streams_unjoined(s)->lost, 3);
	assert_int_equal(perf_aux_streams_unjoined(s)->lost_ns, 40);
	perf_aux_streams_destroy(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(events_pair_with_buffers_of_their_cpu_in_order),
	    cmocka_unit_test(id_index_names_each_events_buffer),
	    cmocka_unit_test(loss_of_no_known_buffer_is_kept_apart),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
