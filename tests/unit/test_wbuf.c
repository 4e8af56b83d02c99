// SPDX-License-Identifier: GPL-2.0-only
/* The hand-rolled number formatting of the text views agrees with printf. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>

#include <pciescope/out/wbuf.h>

static void decimal_matches_printf(void **state)
{
	static const uint64_t edges[] = {0,
					 1,
					 9,
					 10,
					 99,
					 100,
					 999,
					 1000,
					 9999,
					 10000,
					 65535,
					 4294967295ull,
					 9999999999999999999ull,
					 10000000000000000000ull,
					 UINT64_MAX};
	char got[32], want[32];
	uint64_t x = 88172645463325252ull;

	for (size_t i = 0; i < sizeof(edges) / sizeof(edges[0]); i++) {
		*wb_u64(got, edges[i]) = 0;
		snprintf(want, sizeof(want), "%llu", (unsigned long long)edges[i]);
		assert_string_equal(got, want);
	}
	for (int i = 0; i < 1000000; i++) {
		uint64_t v;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		v = x >> (x % 64);
		*wb_u64(got, v) = 0;
		snprintf(want, sizeof(want), "%llu", (unsigned long long)v);
		assert_string_equal(got, want);
		*wb_u16(got, (uint32_t)(v & 0xffff)) = 0;
		snprintf(want, sizeof(want), "%u", (unsigned)(v & 0xffff));
		assert_string_equal(got, want);
	}
}

static void hex_matches_printf(void **state)
{
	struct wbuf w;
	char want[64];

	assert_int_equal(wbuf_init_mem(&w), 0);
	for (uint64_t v = 1; v; v <<= 3) {
		w.len = 0;
		wbuf_hex(&w, v - 1, 16);
		wbuf_hexmin(&w, v);
		wbuf_hex(&w, v, 3);
		w.buf[w.len] = 0;
		snprintf(want, sizeof(want), "%016llx%llx%03llx", (unsigned long long)(v - 1),
			 (unsigned long long)v, (unsigned long long)(v & 0xfff));
		assert_string_equal(w.buf, want);
	}
	wbuf_close(&w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(decimal_matches_printf),
	    cmocka_unit_test(hex_matches_printf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
