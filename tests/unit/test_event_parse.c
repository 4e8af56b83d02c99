// SPDX-License-Identifier: GPL-2.0-only
/*
 * The event syntax against a PMU shaped like hisi_pcie0_core0; expected
 * encodings were checked against perf 6.1 (perf stat -vv) on the same files.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/perf/event_parse.h>
#include <pciescope/perf/pmu_table.h>

static const struct perf_pmu_table_file files[] = {
    {"hisi_pcie0_core0/type", "30\n"},
    {"hisi_pcie0_core0/format/event", "config:0-16\n"},
    {"hisi_pcie0_core0/format/thr_len", "config1:0-3\n"},
    {"hisi_pcie0_core0/format/thr_mode", "config1:4\n"},
    {"hisi_pcie0_core0/format/len_mode", "config1:10-11\n"},
    {"hisi_pcie0_core0/format/port", "config2:0-15\n"},
    {"hisi_pcie0_core0/format/bdf", "config2:16-31\n"},
    {"hisi_pcie0_core0/format/split", "config1:20-23,40-43\n"},
    {"hisi_pcie0_core0/events/rx_mwr_latency", "config=0x0010\n"},
    {"hisi_pcie0_core0/events/rx_mwr_cnt", "config=0x10010\n"},
    {"hisi_pcie0_core0/events/combo", "event=0x5,port=0x3\n"},
    {"hisi_pcie0_core0/events/combo.unit", "MB\n"},
    {"msr/type", "9\n"},
    {"msr/format/event", "config:0-63\n"},
    {"msr/events/tsc", "event=0x00\n"},
    {NULL, NULL},
};

struct expect {
	const char *str;
	uint32_t type;
	uint64_t config, config1, config2;
};

static void encodes_like_perf(void **state)
{
	static const struct expect cases[] = {
	    {"hisi_pcie0_core0/rx_mwr_cnt,port=0x1/", 30, 0x10010, 0, 0x1},
	    {"hisi_pcie0_core0/port/", 30, 0, 0, 0x1},
	    {"hisi_pcie0_core0/thr_mode/", 30, 0, 0x10, 0},
	    {"hisi_pcie0_core0/split=0xab/", 30, 0, 0xa0000b00000ULL, 0},
	    {"hisi_pcie0_core0/event=0x10,event=0x1/", 30, 0x11, 0, 0},
	    {"hisi_pcie0_core0/event=0x10,config=0x100/", 30, 0x110, 0, 0},
	    {"hisi_pcie0_core0/config=0x100,event=0x10,config=0x2/", 30, 0x12, 0, 0},
	    {"hisi_pcie0_core0/combo,port=4/", 30, 0x5, 0, 0x7},
	    {"hisi_pcie0_core0/RX_MWR_CNT/", 30, 0x10010, 0, 0},
	    {"hisi_pcie0_core0/event=rx_mwr_cnt/", 30, 0x10010, 0, 0},
	    {"hisi_pcie0_core0/port=010/", 30, 0, 0, 0xa},
	    {"hisi_pcie0_core0/ port=1 /", 30, 0, 0, 0x1},
	    {"hisi_pcie0_core0//", 30, 0, 0, 0},
	    {"hisi_pcie0_core0/bdf=0x3900,len_mode=2,thr_len=4/", 30, 0, 0x804, 0x39000000},
	    {"hisi_pcie0_core0/config1=0xff,config2=7/", 30, 0, 0xff, 7},
	    {"msr/tsc/", 9, 0, 0, 0},
	    {"cpu-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, 0, 0},
	    {"cs", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES, 0, 0},
	    {"r1a8", PERF_TYPE_RAW, 0x1a8, 0, 0},
	};
	struct perf_pmu_source src;
	struct error e = {0};

	perf_pmu_table_source(files, &src);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct perf_event_list l = {0};

		if (perf_events_parse(&l, cases[i].str, &src, &e))
			fail_msg("%s: %s", cases[i].str, e.msg);
		assert_int_equal(l.n, 1);
		assert_string_equal(l.ev[0].text, cases[i].str);
		assert_int_equal(l.ev[0].attr.type, cases[i].type);
		assert_int_equal(l.ev[0].attr.config, cases[i].config);
		assert_int_equal(l.ev[0].attr.config1, cases[i].config1);
		assert_int_equal(l.ev[0].attr.config2, cases[i].config2);
		perf_events_free(&l);
	}
}

static void lists_groups_and_modifiers(void **state)
{
	struct perf_event_list l = {0};
	struct perf_pmu_source src;
	struct error e = {0};

	perf_pmu_table_source(files, &src);
	assert_int_equal(perf_events_parse(&l,
					   "{hisi_pcie0_core0/rx_mwr_latency,port=1/,"
					   "hisi_pcie0_core0/rx_mwr_cnt,port=1/},cpu-clock:u",
					   &src, &e),
			 0);
	assert_int_equal(perf_events_parse(&l,
					   "hisi_pcie0_core0/rx_mwr_cnt/k,"
					   "{cs,task-clock}:u",
					   &src, &e),
			 0);
	assert_int_equal(l.n, 6);
	assert_int_equal(l.ev[0].leader, 0);
	assert_int_equal(l.ev[1].leader, 0);
	assert_string_equal(l.ev[1].alias, "rx_mwr_cnt");
	assert_int_equal(l.ev[2].leader, 2);
	assert_int_equal(l.ev[2].attr.exclude_kernel, 1);
	assert_int_equal(l.ev[2].attr.exclude_hv, 1);
	assert_int_equal(l.ev[2].attr.exclude_user, 0);
	assert_int_equal(l.ev[2].attr.exclude_guest, 1);
	assert_int_equal(l.ev[3].leader, 3);
	assert_int_equal(l.ev[3].attr.exclude_user, 1);
	assert_int_equal(l.ev[3].attr.exclude_kernel, 0);
	assert_int_equal(l.ev[3].attr.exclude_guest, 0);
	assert_int_equal(l.ev[4].leader, 4);
	assert_int_equal(l.ev[5].leader, 4);
	assert_int_equal(l.ev[5].attr.exclude_kernel, 1);
	assert_string_equal(l.ev[3].text, "hisi_pcie0_core0/rx_mwr_cnt/k");
	perf_events_free(&l);
}

static void terms_after_alias_expansion(void **state)
{
	struct perf_event_list l = {0};
	struct perf_pmu_source src;
	struct error e = {0};
	uint64_t v;

	perf_pmu_table_source(files, &src);
	assert_int_equal(
	    perf_events_parse(&l, "hisi_pcie0_core0/combo,len_mode=1,name=x/", &src, &e), 0);
	assert_string_equal(l.ev[0].name, "x");
	assert_true(perf_event_term(&l.ev[0], "port", &v));
	assert_int_equal(v, 3);
	assert_true(perf_event_term(&l.ev[0], "len_mode", &v));
	assert_int_equal(v, 1);
	assert_false(perf_event_term(&l.ev[0], "bdf", &v));
	perf_events_free(&l);
}

static void expect_error(const char *str, int code, const char *msg)
{
	struct perf_event_list l = {0};
	struct perf_pmu_source src;
	struct error e = {0};

	perf_pmu_table_source(files, &src);
	assert_int_equal(perf_events_parse(&l, "cpu-clock", &src, &e), 0);
	assert_int_equal(perf_events_parse(&l, str, &src, &e), code);
	assert_int_equal(e.code, code);
	if (!strstr(e.msg, msg))
		fail_msg("%s: got '%s', want '%s'", str, e.msg, msg);
	assert_int_equal(l.n, 1);
	perf_events_free(&l);
}

static void errors_name_term_and_pmu(void **state)
{
	expect_error("hisi_pcie0_core0/foo=1/", -22,
		     "unknown term 'foo' for pmu 'hisi_pcie0_core0'");
	expect_error("hisi_pcie0_core0/bogus/", -22,
		     "unknown term 'bogus' for pmu 'hisi_pcie0_core0' (valid terms: ");
	expect_error("hisi_pcie0_core0/thr_len=16/", -22,
		     "value too big for format 'thr_len' of pmu 'hisi_pcie0_core0', maximum is 15");
	expect_error("hisi_pcie0_core0/event=0x1ffffffff/", -22, "maximum is 131071");
	expect_error("hisi_pcie0_core0/port=abc/", -22, "expected numeric value for term 'port'");
	expect_error("nopmu/event=1/", -2, "Cannot find PMU `nopmu'");
	expect_error("hisi_pcie0_core0/event=1,,port=1/", -22, "parser error");
	expect_error("hisi_pcie0_core0/event=1,/", -22, "parser error");
	expect_error("hisi_pcie0_core0/event=1/:u", -22, "unexpected character");
	expect_error("hisi_pcie0_core0/event=1/,", -22, "expected an event");
	expect_error("hisi_pcie0_core0/event=1", -22, "missing '/'");
	expect_error("hisi_pcie0_core0/rx_mwr_cnt,rx_mwr_latency/", -22, "more than one event");
	expect_error("{cs,{cs}}", -22, "nested group");
	expect_error("{cs,cs", -22, "expected '}'");
	expect_error("cs:uu", -22, "bad modifier");
	expect_error("cs:x", -22, "bad modifier");
	expect_error("nosuchevent", -22, "unknown event");
	expect_error("", -22, "expected an event");
	expect_error("hisi_pcie0_core0/port=99999999999999999999999/", -22, "parser error");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(encodes_like_perf),
	    cmocka_unit_test(lists_groups_and_modifiers),
	    cmocka_unit_test(terms_after_alias_expansion),
	    cmocka_unit_test(errors_name_term_and_pmu),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
