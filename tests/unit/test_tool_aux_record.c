// SPDX-License-Identifier: GPL-2.0-only
/*
 * The AUX recorder's loss accounting: a reader that drains only every
 * 1000th poll lets the 16 MiB area fill; the driver commits four whole
 * 4 MiB buffers and stops, flagging nothing, as Linux does, and the result
 * still says so (the last hand-over was whole buffers and the recording
 * went on), when, and that exactly 4 * 4 MiB of 4DW entries reached the
 * file.  A reader that keeps up loses nothing and counts every entry it
 * wrote.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <pciescope/tool/aux_record.h>

#include "test_scale.h"

#define EVENT "hisi_ptt0_2/filter=0x80011,type=7,direction=0/"

static char dir[] = "/tmp/pciescope-aux-XXXXXX";

static int make_dir(void **state)
{
	return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
	char path[64];

	snprintf(path, sizeof(path), "%s/perf.data", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/perf.data.old", dir);
	unlink(path);
	return rmdir(dir);
}

static void record(unsigned drain_every, const char *sleep_s, struct aux_record_result *r)
{
	struct backend_options bo = {.ephemeral = true, .workload = "mixed"};
	char *argv[] = {"sleep", (char *)sleep_s, NULL};
	char out[64];
	struct error err;
	struct aux_record_opts o = {.events = {EVENT},
				    .nr_events = 1,
				    .aux_bytes = AUX_RECORD_DEFAULT_BYTES,
				    .output = out,
				    .drain_every = drain_every,
				    .argv = argv};
	struct backend *b;

	snprintf(out, sizeof(out), "%s/perf.data", dir);
	assert_int_equal(backend_open(&bo, &b, &err), 0);
	assert_int_equal(aux_record(b, &o, r), 0);
	backend_close(b);
}

static void a_slow_reader_loses_the_rest_and_is_told(void **state)
{
	struct aux_record_result r;

	record(1000, test_size(0, 1) ? "0.006" : "0.02", &r);
	assert_int_equal(r.truncated, 0);
	assert_int_equal(r.stopped, 1);
	assert_true(r.stopped_at_ns > 0);
	assert_true(r.stopped_before_ns > 0);
	assert_int_equal(r.stopped_at_ns + r.stopped_before_ns, r.elapsed_ns);
	assert_int_equal(r.aux_bytes, 4u << 22);
	assert_int_equal(r.entry_size, 16);
	assert_int_equal(r.tlps, (4u << 22) / 16);
	assert_true(r.file_bytes > r.aux_bytes);
}

static void a_reader_that_keeps_up_loses_nothing(void **state)
{
	struct aux_record_result r;

	record(1, "0.005", &r);
	assert_int_equal(r.truncated, 0);
	assert_int_equal(r.stopped, 0);
	assert_int_equal(r.lost, 0);
	assert_true(r.aux_records > 0);
	assert_true(r.tlps > 0);
	assert_int_equal(r.tlps * 16, r.aux_bytes);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(a_slow_reader_loses_the_rest_and_is_told),
	    cmocka_unit_test(a_reader_that_keeps_up_loses_nothing),
	};

	return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
