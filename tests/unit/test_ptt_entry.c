// SPDX-License-Identifier: GPL-2.0-only
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/trace/ptt_entry.h>

/* A 4DW entry's DW0 as the PTT document draws it. */
static void decodes_4dw_fields_per_document(void **state)
{
	/* Fmt 01, Type 00000 (MRd 4DW), T9 1, T8 0, TH 1, SO 1, Length 0x10, Time 0x2a5 */
	uint32_t w =
	    1u << 30 | 0u << 25 | 1u << 24 | 0u << 23 | 1u << 22 | 1u << 21 | 0x10u << 11 | 0x2a5;
	uint8_t buf[16] = {(uint8_t)w,
			   (uint8_t)(w >> 8),
			   (uint8_t)(w >> 16),
			   (uint8_t)(w >> 24),
			   0x0f,
			   0x12,
			   0x01,
			   0x01,
			   0x00,
			   0x00,
			   0x00,
			   0x10,
			   0x40,
			   0x00,
			   0x81,
			   0x02};
	struct ptt_entry e;

	assert_int_equal(ptt_detect_format(buf, sizeof(buf)), PTT_FMT_4DW);
	ptt_entry_decode(buf, PTT_FMT_4DW, &e);
	assert_int_equal(e.format, PTT_FMT_4DW);
	assert_int_equal(e.time, 0x2a5);
	assert_int_equal(e.hdr_dws, 3);
	/* Fmt 001, Type 0, T9 at bit 23, TH at bit 16, Length 0x10 */
	assert_int_equal(e.hdr[0], 1u << 29 | 1u << 23 | 1u << 16 | 0x10);
	assert_int_equal(e.hdr[1], 0x0101120f);
	assert_int_equal(e.hdr[2], 0x10000000);
	assert_int_equal(e.hdr[3], 0x02810040);
	assert_int_equal(e.dw[0], w);
}

static void detects_8dw_from_the_first_word_only(void **state)
{
	uint8_t mark[4] = {0x00, 0xf8, 0xff, 0xff}; /* 0xfffff800: low 11 bits free */
	uint8_t not_mark[4] = {0xff, 0xf7, 0xff, 0xff};

	assert_int_equal(ptt_detect_format(mark, 4), PTT_FMT_8DW);
	assert_int_equal(ptt_detect_format(not_mark, 4), PTT_FMT_4DW);
	assert_int_equal(ptt_detect_format(mark, 3), PTT_FMT_4DW);
	assert_int_equal(ptt_entry_size(PTT_FMT_8DW), 32);
	assert_int_equal(ptt_entry_size(PTT_FMT_4DW), 16);
}

static void encodes_8dw_as_the_document_draws_it(void **state)
{
	const uint32_t hdr[4] = {0x60000001, 0x01001e0f, 0x00000004, 0x02810040};
	uint8_t out[32];
	struct ptt_entry e;

	ptt_entry_encode_8dw(hdr, 0x91000001, 0x0004c033, out);
	assert_int_equal(out[0] & out[1] & out[2] & out[3], 0xff);
	assert_int_equal(out[8], 0x01); /* header DW0 little-endian in memory */
	assert_int_equal(out[11], 0x60);
	assert_int_equal(out[24] | out[25] | out[26] | out[27], 0); /* DW6 reserved */
	assert_int_equal(ptt_detect_format(out, sizeof(out)), PTT_FMT_8DW);
	ptt_entry_decode(out, PTT_FMT_8DW, &e);
	assert_int_equal(e.prefix, 0x91000001);
	assert_int_equal(e.time, 0x0004c033);
	assert_int_equal(e.hdr_dws, 4);
	assert_memory_equal(e.hdr, hdr, sizeof(hdr));
}

/* Every DW0 a 4DW entry can hold survives decode -> encode. */
static void roundtrips_4dw(void **state)
{
	uint32_t x = 0x12345678;

	for (int i = 0; i < 200000; i++) {
		uint8_t buf[16], again[16];
		struct ptt_entry e;

		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		for (int b = 0; b < 16; b++)
			buf[b] = (uint8_t)(x >> (b % 4 * 8)) ^ (uint8_t)(b * 37);
		buf[2] &= ~0x20; /* SO is not part of the TLP header: keep it 0 */
		ptt_entry_decode(buf, PTT_FMT_4DW, &e);
		ptt_entry_encode_4dw(e.hdr, e.time, again);
		assert_memory_equal(buf, again, sizeof(buf));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(decodes_4dw_fields_per_document),
	    cmocka_unit_test(detects_8dw_from_the_first_word_only),
	    cmocka_unit_test(encodes_8dw_as_the_document_draws_it),
	    cmocka_unit_test(roundtrips_4dw),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
