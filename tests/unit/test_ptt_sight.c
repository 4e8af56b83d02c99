// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a PTT setting lets a trace see: every format/direction/type the
 * driver accepts either allows request latency (4DW direction 2 or 3 with
 * NP and CPL) or gets a sentence naming the setting that was used and one
 * that would show the completions; the time sentence follows the record
 * times.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/trace/ptt_sight.h>

static void latency_needs_both_ways_np_and_cpl(void **state)
{
	char buf[512];

	for (int f = 0; f < 2; f++)
		for (unsigned int d = 0; d < 4; d++)
			for (unsigned int t = 1; t < 8; t++) {
				struct ptt_setting s = { (enum ptt_format)f, d, t };
				bool sees = f == PTT_FMT_4DW && d >= 2 && (t & 6) == 6;
				int n = ptt_sight_latency(&s, buf, sizeof(buf));

				assert_int_equal(n > 0, !sees);
				if (sees)
					continue;
				assert_int_equal((size_t)n, strlen(buf));
				assert_non_null(strstr(buf, "record with "));
				assert_null(strchr(buf, '\n'));
			}
}

static void sentences_name_the_setting(void **state)
{
	struct ptt_setting in = { PTT_FMT_4DW, 0, 7 }, out = { PTT_FMT_4DW, 1, 6 };
	struct ptt_setting posted = { PTT_FMT_4DW, 2, 1 }, eight = { PTT_FMT_8DW, 3, 6 };
	char buf[512];

	ptt_sight_latency(&in, buf, sizeof(buf));
	assert_non_null(strstr(buf, "direction=0 traces inbound TLPs only"));
	assert_non_null(strstr(buf, "record with direction=2"));
	ptt_sight_latency(&out, buf, sizeof(buf));
	assert_non_null(strstr(buf, "record with direction=3"));
	ptt_sight_latency(&posted, buf, sizeof(buf));
	assert_non_null(strstr(buf, "type=1 traces no non-posted requests"));
	ptt_sight_latency(&eight, buf, sizeof(buf));
	assert_non_null(strstr(buf, "format=1 (8DW) with direction=3 traces inbound completions"));
}

static void settings_the_driver_refuses_say_nothing(void **state)
{
	struct ptt_setting bad[] = { { PTT_FMT_4DW, 4, 6 }, { PTT_FMT_4DW, 0, 0 },
				     { PTT_FMT_4DW, 0, 8 }, { (enum ptt_format)2, 0, 6 } };
	char buf[64];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(ptt_sight_latency(&bad[i], buf, sizeof(buf)), 0);
}

static void config_terms(void **state)
{
	struct ptt_setting s = ptt_setting_of_config(1ull << 32 | 6ull << 24 | 2ull << 20 | 0x80001);

	assert_int_equal(s.format, PTT_FMT_8DW);
	assert_int_equal(s.type, 6);
	assert_int_equal(s.direction, 2);
}

static void time_sentence_follows_the_record_times(void **state)
{
	char buf[512];

	/* 10 ms recorded, 1.4 ms of 4DW times: flagged with both */
	assert_true(ptt_sight_time(PTT_FMT_4DW, 1.4e6, 1e7, 1, buf, sizeof(buf)) > 0);
	assert_non_null(strstr(buf, "lasted 10.000 ms"));
	assert_non_null(strstr(buf, "span only 1.400 ms"));
	/* within one wrap of the recording: nothing to say */
	assert_int_equal(ptt_sight_time(PTT_FMT_4DW, 1e7 - 2000, 1e7, 1, buf, sizeof(buf)), 0);
	/* one wrap is 2048 ticks of the tick given */
	assert_true(ptt_sight_time(PTT_FMT_4DW, 1e7 - 2100, 1e7, 1, buf, sizeof(buf)) > 0);
	assert_int_equal(ptt_sight_time(PTT_FMT_4DW, 1e7 - 2100, 1e7, 2, buf, sizeof(buf)), 0);
	/* 8DW wraps after 2^32 ticks */
	assert_int_equal(ptt_sight_time(PTT_FMT_8DW, 1.4e6, 1e7, 1, buf, sizeof(buf)), 0);
	assert_true(ptt_sight_time(PTT_FMT_8DW, 1e6, 5e9, 1, buf, sizeof(buf)) > 0);
	/* without record times: always for 4DW, never for 8DW */
	assert_true(ptt_sight_time(PTT_FMT_4DW, 1e7, 0, 1, buf, sizeof(buf)) > 0);
	assert_non_null(strstr(buf, "no record times"));
	assert_int_equal(ptt_sight_time(PTT_FMT_8DW, 1e7, 0, 1, buf, sizeof(buf)), 0);
}

/* The README's recipe: 10 ms of 4DW whose times span 1.34 ms: rates over the 10 ms. */
static void short_times_take_the_recordings_span(void **state)
{
	struct ptt_timing t = ptt_sight_timing(PTT_FMT_4DW, 1.34e6, 1e7, 1);
	char buf[512];

	(void)state;
	assert_int_equal(t.times, PTT_TIMES_SHORT);
	assert_true(t.rate_ns == 1e7);
	assert_true(ptt_sight_placing(&t, "--timeline", buf, sizeof(buf)) > 0);
	assert_non_null(strstr(buf, "--timeline: entries cannot be placed in time"));
	assert_non_null(strstr(buf, "span 1.340 ms of a 10.000 ms recording"));
	/* times that hold keep their own span, and place entries */
	t = ptt_sight_timing(PTT_FMT_8DW, 9.99e6, 1e7, 1);
	assert_int_equal(t.times, PTT_TIMES_HOLD);
	assert_true(t.rate_ns == 9.99e6);
	assert_int_equal(ptt_sight_placing(&t, "--timeline", buf, sizeof(buf)), 0);
	/* 4DW without record times: its own span, flagged but drawn */
	t = ptt_sight_timing(PTT_FMT_4DW, 1.34e6, 0, 1);
	assert_int_equal(t.times, PTT_TIMES_MAY_BE_SHORT);
	assert_true(t.rate_ns == 1.34e6);
	assert_int_equal(ptt_sight_placing(&t, "--timeline", buf, sizeof(buf)), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(latency_needs_both_ways_np_and_cpl),
		cmocka_unit_test(sentences_name_the_setting),
		cmocka_unit_test(settings_the_driver_refuses_say_nothing),
		cmocka_unit_test(config_terms),
		cmocka_unit_test(time_sentence_follows_the_record_times),
		cmocka_unit_test(short_times_take_the_recordings_span),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
