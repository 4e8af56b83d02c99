// SPDX-License-Identifier: GPL-2.0-only
/*
 * Property tests of the TLP codec over pseudo-random headers of every kind
 * (fixed-seed PRNG, so a failure reproduces): encode(decode(h)) == h bit for
 * bit, and decode(encode(s)) == s.  The valid Fmt/Type bytes and reserved
 * bits are restated here from PCIe r5.0 Table 2-3, independently of the
 * codec's own tables, and all 256 DW0[31:24] values are checked against them.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/pcie/tlp.h>

#include "xorshift.h"

#define ITERATIONS 200000

/* Expected kind of every DW0[31:24] that is not reserved. */
static enum tlp_kind spec_kind(uint8_t b)
{
	static const struct {
		uint8_t b0;
		enum tlp_kind k;
	} t[] = {
	    {0x00, TLP_MRD32},	 {0x20, TLP_MRD64},	 {0x01, TLP_MRDLK32},
	    {0x21, TLP_MRDLK64}, {0x40, TLP_MWR32},	 {0x60, TLP_MWR64},
	    {0x02, TLP_IORD},	 {0x42, TLP_IOWR},	 {0x04, TLP_CFGRD0},
	    {0x44, TLP_CFGWR0},	 {0x05, TLP_CFGRD1},	 {0x45, TLP_CFGWR1},
	    {0x0a, TLP_CPL},	 {0x4a, TLP_CPLD},	 {0x0b, TLP_CPLLK},
	    {0x4b, TLP_CPLDLK},	 {0x4c, TLP_FETCHADD32}, {0x6c, TLP_FETCHADD64},
	    {0x4d, TLP_SWAP32},	 {0x6d, TLP_SWAP64},	 {0x4e, TLP_CAS32},
	    {0x6e, TLP_CAS64},
	};

	if ((b & 0xf8) == 0x30)
		return TLP_MSG;
	if ((b & 0xf8) == 0x70)
		return TLP_MSGD;
	if ((b & 0xf0) == 0x80)
		return TLP_LPRFX;
	if ((b & 0xf0) == 0x90)
		return TLP_EPRFX;
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (t[i].b0 == b)
			return t[i].k;
	return TLP_UNKNOWN;
}

static bool is_cfg(enum tlp_kind k)
{
	return k >= TLP_CFGRD0 && k <= TLP_CFGWR1;
}

static bool is_cpl(enum tlp_kind k)
{
	return k >= TLP_CPL && k <= TLP_CPLDLK;
}

static uint8_t valid_header_byte(void)
{
	for (;;) {
		uint8_t b = rnd() & 0x7f;

		if (spec_kind(b) != TLP_UNKNOWN)
			return b;
	}
}

/* A random header; reserved bits cleared when valid, random otherwise. */
static size_t random_header(uint32_t *dw, bool valid)
{
	size_t np = rnd() % (TLP_MAX_PREFIXES + 1), n;
	enum tlp_kind k;

	for (size_t i = 0; i < np; i++)
		dw[i] = 0x80000000u | (rnd() & 0x1fffffff);
	dw[np] = (uint32_t)valid_header_byte() << 24 | (rnd() & 0xffffff);
	k = spec_kind(dw[np] >> 24);
	n = dw[np] >> 29 & 1 ? 4 : 3;
	for (size_t i = 1; i < n; i++)
		dw[np + i] = rnd();
	if (valid && is_cfg(k))
		dw[np + 2] &= ~0x0000f003u;
	if (valid && is_cpl(k))
		dw[np + 2] &= ~0x00000080u;
	return np + n;
}

static void every_fmt_type_byte_classifies_as_the_spec_says(void **state)
{
	for (unsigned int b = 0; b < 256; b++) {
		uint32_t dw0 = b << 24 | (rnd() & 0xffffff);

		assert_int_equal(tlp_kind_of(dw0), spec_kind((uint8_t)b));
	}
}

static void roundtrip(bool valid)
{
	uint32_t h[8], out[8];
	struct tlp_hdr t;

	for (int i = 0; i < ITERATIONS; i++) {
		size_t n = random_header(h, valid);

		assert_int_equal(tlp_decode(h, n, &t), (int)n);
		if (valid) {
			assert_int_equal(t.rsvd[0] | t.rsvd[1] | t.rsvd[2] | t.rsvd[3], 0);
		}
		assert_int_equal(tlp_encode(&t, out, 8), (int)n);
		assert_memory_equal(out, h, n * sizeof(h[0]));
		assert_int_equal(tlp_encode(&t, out, n - 1), -ENOSPC);
	}
}

static void encode_of_decode_is_identity(void **state)
{
	roundtrip(true);
}

static void reserved_bits_survive_the_roundtrip(void **state)
{
	roundtrip(false);
}

static void assert_hdr_equal(const struct tlp_hdr *a, const struct tlp_hdr *b)
{
	assert_int_equal(a->kind, b->kind);
	assert_int_equal(a->fmt, b->fmt);
	assert_int_equal(a->type, b->type);
	assert_int_equal(a->tc, b->tc);
	assert_int_equal(a->t9, b->t9);
	assert_int_equal(a->t8, b->t8);
	assert_int_equal(a->th, b->th);
	assert_int_equal(a->td, b->td);
	assert_int_equal(a->ep, b->ep);
	assert_int_equal(a->ln, b->ln);
	assert_int_equal(a->attr, b->attr);
	assert_int_equal(a->at, b->at);
	assert_int_equal(a->length, b->length);
	assert_int_equal(a->requester, b->requester);
	assert_int_equal(a->tag, b->tag);
	assert_int_equal(a->last_be, b->last_be);
	assert_int_equal(a->first_be, b->first_be);
	assert_int_equal(a->address, b->address);
	assert_int_equal(a->completer, b->completer);
	assert_int_equal(a->status, b->status);
	assert_int_equal(a->bcm, b->bcm);
	assert_int_equal(a->byte_count, b->byte_count);
	assert_int_equal(a->lower_address, b->lower_address);
	assert_int_equal(a->cfg_target, b->cfg_target);
	assert_int_equal(a->cfg_register, b->cfg_register);
	assert_int_equal(a->message_code, b->message_code);
	assert_int_equal(a->msg_dw2, b->msg_dw2);
	assert_int_equal(a->msg_dw3, b->msg_dw3);
	assert_int_equal(a->nprefix, b->nprefix);
	for (int i = 0; i < TLP_MAX_PREFIXES; i++)
		assert_int_equal(a->prefix[i], b->prefix[i]);
	for (int i = 0; i < 4; i++)
		assert_int_equal(a->rsvd[i], b->rsvd[i]);
}

/* A struct built field by field, as the fabric does, with in-range values. */
static void random_struct(enum tlp_kind k, struct tlp_hdr *s)
{
	unsigned int f;
	struct tlp_pasid p = {rnd() & 0xfffff, rnd() & 1, rnd() & 1};

	assert_int_equal(tlp_hdr_init(s, k), 0);
	if (k == TLP_MSG || k == TLP_MSGD)
		s->type |= rnd() & 7;
	s->tc = rnd() & 7;
	s->tag = rnd() & 0x3ff;
	s->t9 = s->tag >> 9 & 1;
	s->t8 = s->tag >> 8 & 1;
	s->th = rnd() & 1;
	s->td = rnd() & 1;
	s->ep = rnd() & 1;
	s->ln = rnd() & 1;
	s->attr = rnd() & 7;
	s->at = rnd() & 3;
	s->length = rnd() & 0x3ff;
	s->requester = rnd() & 0xffff;
	f = tlp_fields(k);
	if (f & TLP_F_BE) {
		s->last_be = rnd() & 0xf;
		s->first_be = rnd() & 0xf;
	}
	if (f & TLP_F_ADDRESS)
		s->address = (s->fmt & 1) ? (uint64_t)rnd() << 32 | rnd() : rnd();
	if (f & TLP_F_COMPLETER)
		s->completer = rnd() & 0xffff;
	if (f & TLP_F_CPL) {
		s->status = rnd() & 7;
		s->bcm = rnd() & 1;
		s->byte_count = rnd() & 0xfff;
		s->lower_address = rnd() & 0x7f;
	}
	if (f & TLP_F_CFG) {
		s->cfg_target = rnd() & 0xffff;
		s->cfg_register = rnd() & 0x3ff;
	}
	if (f & TLP_F_MSG) {
		s->message_code = rnd() & 0xff;
		s->msg_dw2 = rnd();
		s->msg_dw3 = rnd();
	}
	s->nprefix = rnd() % (TLP_MAX_PREFIXES + 1);
	for (int i = 0; i < s->nprefix; i++)
		s->prefix[i] =
		    rnd() & 1 ? tlp_pasid_encode(&p) : 0x80000000u | (rnd() & 0x0fffffff);
}

static void decode_of_encode_is_identity(void **state)
{
	struct tlp_hdr s, t;
	uint32_t out[8];

	for (int k = 0; k < TLP_KIND_COUNT; k++) {
		if (k == TLP_LPRFX || k == TLP_EPRFX || k == TLP_UNKNOWN) {
			assert_int_equal(tlp_hdr_init(&s, (enum tlp_kind)k), -EINVAL);
			continue;
		}
		for (int i = 0; i < ITERATIONS / 20; i++) {
			int n;

			random_struct((enum tlp_kind)k, &s);
			n = tlp_encode(&s, out, 8);
			assert_int_equal(n, s.nprefix + ((s.fmt & 1) ? 4 : 3));
			assert_int_equal(tlp_decode(out, (size_t)n, &t), n);
			assert_hdr_equal(&t, &s);
		}
	}
}

static void encode_refuses_what_does_not_fit(void **state)
{
	struct tlp_hdr s;
	uint32_t out[8];

	assert_int_equal(tlp_hdr_init(&s, TLP_MRD32), 0);
	assert_int_equal(tlp_encode(&s, out, 8), 3);
	s.address = 0x100000000ull;
	assert_int_equal(tlp_encode(&s, out, 8), -EINVAL);
	assert_int_equal(tlp_hdr_init(&s, TLP_MRD64), 0);
	s.address = 0x100000000ull;
	assert_int_equal(tlp_encode(&s, out, 8), 4);
	s.tag = 0x400;
	assert_int_equal(tlp_encode(&s, out, 8), -EINVAL);
	s.tag = 0;
	s.kind = TLP_MWR64;
	assert_int_equal(tlp_encode(&s, out, 8), -EINVAL);
	s.kind = TLP_MRD64;
	s.nprefix = 1;
	s.prefix[0] = 0x20000000u;
	assert_int_equal(tlp_encode(&s, out, 8), -EINVAL);
	s.prefix[0] = 0x91000000u;
	assert_int_equal(tlp_encode(&s, out, 4), -ENOSPC);
	assert_int_equal(tlp_encode(&s, out, 5), 5);
	s.rsvd[2] = 0x80;
	assert_int_equal(tlp_encode(&s, out, 8), -EINVAL);
	assert_int_equal(tlp_hdr_init(&s, TLP_CPLD), 0);
	s.rsvd[2] = 0x80;
	assert_int_equal(tlp_encode(&s, out, 8), 3);
	s.byte_count = 0x1000;
	assert_int_equal(tlp_encode(&s, out, 8), -EINVAL);
	s = (struct tlp_hdr){.kind = TLP_UNKNOWN, .fmt = 0, .type = 3};
	assert_int_equal(tlp_encode(&s, out, 8), -EINVAL);
	s = (struct tlp_hdr){.kind = TLP_LPRFX, .fmt = 4, .type = 0};
	assert_int_equal(tlp_encode(&s, out, 8), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(every_fmt_type_byte_classifies_as_the_spec_says),
	    cmocka_unit_test(encode_of_decode_is_identity),
	    cmocka_unit_test(reserved_bits_survive_the_roundtrip),
	    cmocka_unit_test(decode_of_encode_is_identity),
	    cmocka_unit_test(encode_refuses_what_does_not_fit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
