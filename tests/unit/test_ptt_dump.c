// SPDX-License-Identifier: GPL-2.0-only
/*
 * The `perf report -D` views.  Expected 6.1 lines were printed by the
 * installed perf 6.1 for the same bytes (tests/e2e/ext_perf_interop.sh
 * checks whole files against perf itself).  Expected 7.3 lines were worked
 * out by hand from perf 7.3's decoder (docs/trace-format.md): each DW as a
 * little-endian word printed most significant byte first, the 4DW DW0
 * fields taken with the PTT document's masks.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/trace/ptt_print.h>

static char *dump_as(const uint8_t *buf, size_t len, struct wbuf *w, enum ptt_dump_layout l)
{
	assert_int_equal(wbuf_init_mem(w), 0);
	assert_int_equal(ptt_dump_chunk(w, buf, len, l), 0);
	w->buf[w->len] = 0;
	return w->buf;
}

static char *dump(const uint8_t *buf, size_t len, struct wbuf *w)
{
	return dump_as(buf, len, w, PTT_DUMP_PERF_6_1);
}

static const uint8_t entry_4dw[] = {0x18, 0x29, 0xd9, 0x14, 0x4b, 0x90, 0xcc, 0x70, 0xc9, 0x88,
				    0xe6, 0xaa, 0x40, 0x5c, 0x5a, 0x3b, 0xb9, 0x1e, 0x13};

static void dumps_4dw_with_perf_61_bitfield_order(void **state)
{
	struct wbuf w;

	assert_string_equal(
	    dump(entry_4dw, sizeof(entry_4dw), &w),
	    ". ... HISI PTT data: size 16 bytes\n"
	    ".  00000000: 18 29 d9 14                                 Format 0 Type 6 T9 0 T8 1 TH "
	    "0 SO 0 Length 325 Time a6\n"
	    ".  00000004: 4b 90 cc 70                                 Header DW1\n"
	    ".  00000008: c9 88 e6 aa                                 Header DW2\n"
	    ".  0000000c: 40 5c 5a 3b                                 Header DW3\n");
	wbuf_close(&w);
}

/* DW0 0x14d92918: Fmt 0, Type 0xa, T9 0, T8 1, TH 1, SO 0, Length 0x325, Time 0x118 */
static void dumps_4dw_as_perf_73(void **state)
{
	struct wbuf w;

	assert_string_equal(
	    dump_as(entry_4dw, sizeof(entry_4dw), &w, PTT_DUMP_PERF_7_3),
	    ". ... HISI PTT data: size 16 bytes\n"
	    ".  00000000: 14 d9 29 18                                 Format 0 Type a T9 0 T8 1 TH "
	    "1 SO 0 Length 325 Time 118\n"
	    ".  00000004: 70 cc 90 4b                                 Header DW1\n"
	    ".  00000008: aa e6 88 c9                                 Header DW2\n"
	    ".  0000000c: 3b 5a 5c 40                                 Header DW3\n");
	wbuf_close(&w);
}

/* Every DW0 field at its widest, at an offset whose digits all change. */
static void dumps_4dw_widest_fields_at_high_offset(void **state)
{
	uint8_t *buf = calloc(1, 0x10000 + 16);
	struct wbuf w;
	const char *out;

	assert_non_null(buf);
	memset(buf + 0xfff0, 0xff, 4);
	out = dump_as(buf, 0x10000, &w, PTT_DUMP_PERF_7_3);
	assert_non_null(
	    strstr(out, "\n.  0000fff0: ff ff ff ff                                 Format 3 "
			"Type 1f T9 1 T8 1 TH 1 SO 1 Length 3ff Time 7ff\n"
			".  0000fff4: 00 00 00 00                                 Header DW1\n"));
	wbuf_close(&w);
	out = dump(buf, 0x10000, &w);
	assert_non_null(
	    strstr(out, "\n.  0000ffe0: 00 00 00 00                                 Format 0 "
			"Type 0 T9 0 T8 0 TH 0 SO 0 Length 0 Time 0\n"));
	assert_non_null(
	    strstr(out, "\n.  0000fff0: ff ff ff ff                                 Format 3 "
			"Type 1f T9 1 T8 1 TH 1 SO 1 Length 3ff Time 7ff\n"));
	wbuf_close(&w);
	free(buf);
}

static const uint8_t entries_8dw[64] = {
    0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x60,
    0x0f, 0x1e, 0x00, 0x01, 0x04, 0x00, 0x00, 0x00, 0x40, 0x00, 0x81, 0x02,
    0x00, 0x00, 0x00, 0x00, 0x33, 0xc0, 0x04, 0x00, 0xff, 0xff, 0xff, 0xff,
};

static void dumps_8dw_skipping_marker_and_reserved(void **state)
{
	struct wbuf w;
	const char *out = dump(entries_8dw, sizeof(entries_8dw), &w);

	assert_non_null(
	    strstr(out, ". ... HISI PTT data: size 64 bytes\n"
			".  00000004: 00 00 00 00                                 Prefix\n"
			".  00000008: 01 00 00 60                                 Header DW0\n"
			".  0000000c: 0f 1e 00 01                                 Header DW1\n"
			".  00000010: 04 00 00 00                                 Header DW2\n"
			".  00000014: 40 00 81 02                                 Header DW3\n"
			".  0000001c: 33 c0 04 00                                 Time\n"
			".  00000024: 00 00 00 00                                 Prefix\n"));
	/* header line + 6 lines for each of the 2 entries, each line 57 bytes + label */
	assert_int_equal(w.len, 35 + 2 * (6 * 58 + 6 + 4 * 10 + 4));
	wbuf_close(&w);
}

static void dumps_8dw_as_perf_73(void **state)
{
	struct wbuf w;
	const char *out = dump_as(entries_8dw, sizeof(entries_8dw), &w, PTT_DUMP_PERF_7_3);

	assert_non_null(
	    strstr(out, ". ... HISI PTT data: size 64 bytes\n"
			".  00000004: 00 00 00 00                                 Prefix\n"
			".  00000008: 60 00 00 01                                 Header DW0\n"
			".  0000000c: 01 00 1e 0f                                 Header DW1\n"
			".  00000010: 00 00 00 04                                 Header DW2\n"
			".  00000014: 02 81 00 40                                 Header DW3\n"
			".  0000001c: 00 04 c0 33                                 Time\n"
			".  00000024: 00 00 00 00                                 Prefix\n"));
	assert_int_equal(w.len, 35 + 2 * (6 * 58 + 6 + 4 * 10 + 4));
	wbuf_close(&w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(dumps_4dw_with_perf_61_bitfield_order),
	    cmocka_unit_test(dumps_4dw_as_perf_73),
	    cmocka_unit_test(dumps_4dw_widest_fields_at_high_offset),
	    cmocka_unit_test(dumps_8dw_skipping_marker_and_reserved),
	    cmocka_unit_test(dumps_8dw_as_perf_73),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
