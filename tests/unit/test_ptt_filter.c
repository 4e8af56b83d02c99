// SPDX-License-Identifier: GPL-2.0-only
/*
 * The report filter: its parsers take what report --requester, --kind and
 * --time document and nothing else, and a decoded entry matches as the
 * line view shows it (a completion by the Requester ID it answers, an
 * entry that does not decode as Unknown with no requester).
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/trace/ptt_filter.h>

static void requester_is_a_bdf(void **state)
{
	struct ptt_filter f = {0};

	(void)state;
	assert_int_equal(ptt_filter_parse_requester("39:00.1", &f), 0);
	assert_true(f.by_requester);
	assert_int_equal(f.requester, 0x3901);
	assert_int_equal(ptt_filter_parse_requester("0000:01:1f.7", &f), 0);
	assert_int_equal(f.requester, 0x01ff);
	for (const char *bad[] = {"", "1:2", "01:00", "01:00.8", "zz:00.0", "01:00.0x", NULL},
			**p = bad;
	     *p; p++) {
		struct ptt_filter g = {0};

		assert_int_equal(ptt_filter_parse_requester(*p, &g), -EINVAL);
		assert_false(g.by_requester);
	}
}

static void kinds_by_name_in_any_case_and_by_class(void **state)
{
	struct ptt_filter f = {0};
	const char *bad = NULL;
	size_t len = 0;

	(void)state;
	assert_int_equal(ptt_filter_parse_kinds("mrd64,CPLD", &f, &bad, &len), 0);
	assert_true(f.by_kind);
	assert_int_equal(f.kinds, 1u << TLP_MRD64 | 1u << TLP_CPLD);
	assert_int_equal(ptt_filter_parse_kinds("cpl", &f, &bad, &len), 0);
	assert_int_equal(f.kinds,
			 1u << TLP_CPL | 1u << TLP_CPLD | 1u << TLP_CPLLK | 1u << TLP_CPLDLK);
	/* the kind Cpl by its exact name, the class otherwise */
	assert_int_equal(ptt_filter_parse_kinds("Cpl", &f, &bad, &len), 0);
	assert_int_equal(f.kinds, 1u << TLP_CPL);
	assert_int_equal(ptt_filter_parse_kinds("CPL", &f, &bad, &len), 0);
	assert_int_equal(f.kinds,
			 1u << TLP_CPL | 1u << TLP_CPLD | 1u << TLP_CPLLK | 1u << TLP_CPLDLK);
	assert_int_equal(ptt_filter_parse_kinds("P,unknown", &f, &bad, &len), 0);
	assert_int_equal(f.kinds, 1u << TLP_MWR32 | 1u << TLP_MWR64 | 1u << TLP_MSG |
				      1u << TLP_MSGD | 1u << TLP_UNKNOWN);
	assert_int_equal(ptt_filter_parse_kinds("NP", &f, &bad, &len), 0);
	assert_true(f.kinds >> TLP_MRD32 & 1);
	assert_true(f.kinds >> TLP_CAS64 & 1);
	assert_false(f.kinds >> TLP_MWR64 & 1);
}

static void unknown_kind_is_pointed_at(void **state)
{
	static const char *const cases[][2] = {
	    {"MRd64,MRd6", "MRd6"}, {"x", "x"}, {"CplD,", ""}, {",CplD", ""}, {"", ""}};
	const char *bad;
	size_t len;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct ptt_filter f = {0};

		assert_int_equal(ptt_filter_parse_kinds(cases[i][0], &f, &bad, &len), -EINVAL);
		assert_false(f.by_kind);
		assert_int_equal(len, strlen(cases[i][1]));
		assert_memory_equal(bad, cases[i][1], len);
	}
}

static void time_in_ticks_or_units(void **state)
{
	struct ptt_filter f = {0};

	(void)state;
	assert_int_equal(ptt_filter_parse_time("100..200", 2.0, &f), 0);
	assert_true(f.by_time);
	assert_int_equal(f.from, 100);
	assert_int_equal(f.to, 200);
	/* 1.5us / 2 ns = 750 ticks; 3001 ns rounds down to 1500 ticks */
	assert_int_equal(ptt_filter_parse_time("1.5us..3001ns", 2.0, &f), 0);
	assert_int_equal(f.from, 750);
	assert_int_equal(f.to, 1500);
	assert_int_equal(ptt_filter_parse_time("1ns..", 4.0, &f), 0);
	assert_int_equal(f.from, 1); /* rounded up: the ticks inside */
	assert_int_equal(f.to, UINT64_MAX);
	assert_int_equal(ptt_filter_parse_time("..2ms", 1.0, &f), 0);
	assert_int_equal(f.from, 0);
	assert_int_equal(f.to, 2000000);
	assert_int_equal(ptt_filter_parse_time("1s..2s", 1.0, &f), 0);
	assert_int_equal(f.to, 2000000000);
	/* whole tick counts are exact beyond a double's 53 bits */
	assert_int_equal(ptt_filter_parse_time("18446744073709551614..", 1.0, &f), 0);
	assert_int_equal(f.from, UINT64_MAX - 1);
	assert_int_equal(ptt_filter_parse_time("..1e30s", 1.0, &f), 0);
	assert_int_equal(f.to, UINT64_MAX);
}

static void bad_windows_are_refused(void **state)
{
	static const char *const bad[] = {"",
					  "..",
					  "100",
					  "a..b",
					  "1..2..3",
					  "-1..5",
					  "1.5..3",
					  "1..2x",
					  "inf..",
					  "nans..",
					  "1 ..2",
					  "..1e400s",
					  "99999999999999999999..",
					  "5us.."};
	struct ptt_filter f = {0};

	(void)state;
	for (size_t i = 0; i + 1 < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(ptt_filter_parse_time(bad[i], 1.0, &f), -EINVAL);
		assert_false(f.by_time);
	}
	assert_int_equal(ptt_filter_parse_time("5us..", 0, &f), -EINVAL); /* no tick */
	assert_int_equal(ptt_filter_parse_time("200..100", 1.0, &f), -ERANGE);
	assert_int_equal(ptt_filter_parse_time("2us..1999", 1.0, &f), -ERANGE);
	assert_false(f.by_time);
	/* B after A in time, though both round to no tick: an empty window, not an error */
	assert_int_equal(ptt_filter_parse_time("1.2ns..1.5ns", 1.0, &f), 0);
	assert_true(f.from > f.to);
}

static void entry_of(struct ptt_entry *e, const uint32_t hdr[4])
{
	uint8_t raw[PTT_8DW_BYTES];

	ptt_entry_encode_8dw(hdr, 0, 0, raw);
	ptt_entry_decode(raw, PTT_FMT_8DW, e);
}

static void entries_match_as_the_views_show_them(void **state)
{
	/* MRd64 from 39:00.1, its CplD from 00:00.0, a header that does not decode */
	static const uint32_t mrd[4] = {0x20000001u, 0x390100ffu, 0x1u, 0x0u};
	static const uint32_t cpld[4] = {0x4a000001u, 0x00000004u, 0x39010000u, 0};
	static const uint32_t junk[4] = {0x3e000000u, 0, 0, 0};
	struct ptt_filter rq = {0}, cpl = {0}, unk = {0}, win = {0};
	struct ptt_entry a, b, c;
	const char *bad;
	size_t len;

	(void)state;
	entry_of(&a, mrd);
	entry_of(&b, cpld);
	entry_of(&c, junk);
	assert_int_equal(ptt_filter_parse_requester("39:00.1", &rq), 0);
	assert_true(ptt_filter_entry(&rq, &a, 0));
	assert_true(ptt_filter_entry(&rq, &b, 0)); /* the completion it asked for */
	assert_false(ptt_filter_entry(&rq, &c, 0));
	assert_int_equal(ptt_filter_parse_requester("00:00.0", &rq), 0);
	assert_false(ptt_filter_entry(&rq, &b, 0)); /* the completer is not the requester */
	assert_int_equal(ptt_filter_parse_kinds("CPL", &cpl, &bad, &len), 0);
	assert_false(ptt_filter_entry(&cpl, &a, 0));
	assert_true(ptt_filter_entry(&cpl, &b, 0));
	assert_int_equal(ptt_filter_parse_kinds("Unknown", &unk, &bad, &len), 0);
	assert_true(ptt_filter_entry(&unk, &c, 0));
	assert_false(ptt_filter_entry(&unk, &a, 0));
	assert_int_equal(ptt_filter_parse_time("10..20", 1.0, &win), 0);
	assert_false(ptt_filter_entry(&win, &a, 9));
	assert_true(ptt_filter_entry(&win, &a, 10));
	assert_true(ptt_filter_entry(&win, &a, 20));
	assert_false(ptt_filter_entry(&win, &a, 21));
	assert_true(ptt_filter_none(&(struct ptt_filter){0}));
	assert_true(ptt_filter_none(NULL));
	assert_false(ptt_filter_none(&win));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(requester_is_a_bdf),
	    cmocka_unit_test(kinds_by_name_in_any_case_and_by_class),
	    cmocka_unit_test(unknown_kind_is_pointed_at),
	    cmocka_unit_test(time_in_ticks_or_units),
	    cmocka_unit_test(bad_windows_are_refused),
	    cmocka_unit_test(entries_match_as_the_views_show_them),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
