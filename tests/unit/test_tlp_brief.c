// SPDX-License-Identifier: GPL-2.0-only
/*
 * The brief decoder agrees with the full one: for a large pseudo-random set
 * of header DWs (every Fmt/Type byte, prefixes, short inputs) it returns
 * the same value, and on success the same field values.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/pcie/tlp.h>

#include "xorshift.h"

/* Random DWs; about one in eight is a TLP prefix. */
static void fill(uint32_t *dw, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		dw[i] = rnd();
		if (!(rnd() & 7))
			dw[i] = (dw[i] & 0x1fffffffu) | 4u << 29;
	}
}

static void check_same(const uint32_t *dw, size_t ndw)
{
	struct tlp_hdr h;
	struct tlp_brief b;
	int full = tlp_decode(dw, ndw, &h);

	assert_int_equal(tlp_decode_brief(dw, ndw, &b), full);
	if (full < 0)
		return;
	assert_int_equal(b.kind, h.kind);
	assert_int_equal(b.fmt, h.fmt);
	assert_int_equal(b.payload, tlp_payload_bytes(&h));
	assert_int_equal(b.requester, h.requester);
	assert_int_equal(b.tag, h.tag);
	assert_int_equal(b.completer, h.completer);
	assert_int_equal(b.status, h.status);
	assert_int_equal(b.byte_count, h.byte_count);
	assert_int_equal(b.lower_address, h.lower_address);
}

static void random_headers_decode_alike(void **state)
{
	uint32_t dw[8];
	int decoded = 0;

	(void)state;
	for (int i = 0; i < 200000; i++) {
		size_t ndw = rnd() % 9;

		fill(dw, 8);
		check_same(dw, ndw);
		decoded += tlp_decode_brief(dw, ndw, &(struct tlp_brief){0}) > 0;
	}
	/* the set must reach the success path often, not only the errors */
	assert_true(decoded > 10000);
}

static void every_fmt_type_byte_decodes_alike(void **state)
{
	uint32_t dw[4];

	(void)state;
	for (uint32_t top = 0; top < 256; top++)
		for (int i = 0; i < 64; i++) {
			fill(dw, 4);
			dw[0] = top << 24 | (dw[0] & 0xffffff);
			check_same(dw, 4);
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(random_headers_decode_alike),
	    cmocka_unit_test(every_fmt_type_byte_decodes_alike),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
