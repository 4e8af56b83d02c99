// SPDX-License-Identifier: GPL-2.0-only
/*
 * The perf 6.1 `perf report -D` view.  Expected lines were printed by the
 * installed perf 6.1 for the same bytes (tests/e2e/ext_perf_interop.sh
 * checks whole files against perf itself).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/trace/ptt_print.h>

static char *dump(const uint8_t *buf, size_t len, struct wbuf *w)
{
	assert_int_equal(wbuf_init_mem(w), 0);
	assert_int_equal(ptt_dump_chunk(w, buf, len), 0);
	w->buf[w->len] = 0;
	return w->buf;
}

static void dumps_4dw_with_perf_61_bitfield_order(void **state)
{
	static const uint8_t buf[] = { 0x18, 0x29, 0xd9, 0x14, 0x4b, 0x90, 0xcc, 0x70,
				       0xc9, 0x88, 0xe6, 0xaa, 0x40, 0x5c, 0x5a, 0x3b,
				       0xb9, 0x1e, 0x13 };
	struct wbuf w;

	assert_string_equal(
		dump(buf, sizeof(buf), &w),
		". ... HISI PTT data: size 16 bytes\n"
		".  00000000: 18 29 d9 14                                 Format 0 Type 6 T9 0 T8 1 TH 0 SO 0 Length 325 Time a6\n"
		".  00000004: 4b 90 cc 70                                 Header DW1\n"
		".  00000008: c9 88 e6 aa                                 Header DW2\n"
		".  0000000c: 40 5c 5a 3b                                 Header DW3\n");
	wbuf_close(&w);
}

static void dumps_8dw_skipping_marker_and_reserved(void **state)
{
	static const uint8_t buf[64] = {
		0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x60,
		0x0f, 0x1e, 0x00, 0x01, 0x04, 0x00, 0x00, 0x00, 0x40, 0x00, 0x81, 0x02,
		0x00, 0x00, 0x00, 0x00, 0x33, 0xc0, 0x04, 0x00, 0xff, 0xff, 0xff, 0xff,
	};
	struct wbuf w;
	const char *out = dump(buf, sizeof(buf), &w);

	assert_non_null(strstr(out, ". ... HISI PTT data: size 64 bytes\n"
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dumps_4dw_with_perf_61_bitfield_order),
		cmocka_unit_test(dumps_8dw_skipping_marker_and_reserved),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
