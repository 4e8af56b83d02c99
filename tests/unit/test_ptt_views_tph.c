// SPDX-License-Identifier: GPL-2.0-only
/*
 * TLP Processing Hints seen alike by every view: for random memory and
 * AtomicOp request headers with and without TH, in 4DW and 8DW entries, the
 * JSON view, the readable line and the TLP codec's own text (tlp_format)
 * give the same address, PH and ST, and those are what PCIe r5.0 §2.2.7.1
 * puts in the header bits: PH in the address's low two bits, ST in the Tag
 * byte of MWr and in the byte-enable byte of reads and AtomicOps.  The
 * expected values are taken from the raw DWs here, not from the decoder.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/trace/ptt_print.h>

#include "xorshift.h"

struct seen {
	bool has_addr, has_hints, has_be;
	uint64_t addr;
	unsigned int ph, st;
};

/* fmt/type of the kinds that may carry hints */
static const uint8_t fmt_type[][2] = {
    {0, 0x00}, {1, 0x00}, {0, 0x01}, {1, 0x01}, /* MRd, MRdLk */
    {2, 0x00}, {3, 0x00},			/* MWr */
    {2, 0x0c}, {3, 0x0c}, {2, 0x0d}, {3, 0x0d}, /* FetchAdd, Swap */
    {2, 0x0e}, {3, 0x0e},			/* CAS */
};

static void random_header(uint32_t hdr[4], bool th, unsigned int *kind_ix)
{
	unsigned int k = rnd() % (sizeof(fmt_type) / sizeof(fmt_type[0]));

	*kind_ix = k;
	hdr[0] = (uint32_t)fmt_type[k][0] << 29 | (uint32_t)fmt_type[k][1] << 24 |
		 (th ? 1u << 16 : 0) | (rnd() % 1023 + 1);
	hdr[1] = rnd();
	hdr[2] = rnd();
	hdr[3] = rnd();
}

static bool json_u(const char *s, const char *key, unsigned int *v)
{
	const char *p = strstr(s, key);

	return p && sscanf(p + strlen(key), "%u", v) == 1;
}

static void from_json(const char *s, struct seen *o)
{
	const char *a = strstr(s, "\"address\":\"0x");

	o->has_addr = a && sscanf(a + 13, "%" SCNx64, &o->addr) == 1;
	o->has_hints = json_u(s, "\"ph\":", &o->ph);
	assert_int_equal(o->has_hints, json_u(s, "\"st\":", &o->st));
	o->has_be = strstr(s, "\"first_be\":") != NULL;
}

static void from_text(const char *s, const char *addr_key, const char *be_key, struct seen *o)
{
	const char *a = strstr(s, addr_key), *ph = strstr(s, " ph="), *st = strstr(s, " st=0x");

	o->has_addr = a && sscanf(a + strlen(addr_key), "%" SCNx64, &o->addr) == 1;
	o->has_hints = ph && st;
	if (ph)
		assert_int_equal(sscanf(ph + 4, "%u", &o->ph), 1);
	if (st)
		assert_int_equal(sscanf(st + 6, "%x", &o->st), 1);
	o->has_be = strstr(s, be_key) != NULL;
}

static void same(const struct seen *a, const struct seen *b)
{
	assert_int_equal(a->has_addr, b->has_addr);
	assert_int_equal(a->addr, b->addr);
	assert_int_equal(a->has_hints, b->has_hints);
	if (a->has_hints) {
		assert_int_equal(a->ph, b->ph);
		assert_int_equal(a->st, b->st);
	}
}

static void expected(const uint32_t hdr[4], bool th, unsigned int k, struct seen *o)
{
	bool four = hdr[0] >> 29 & 1, mwr = k == 4 || k == 5;
	uint32_t low = four ? hdr[3] : hdr[2];

	o->has_addr = true;
	o->addr = four ? (uint64_t)hdr[2] << 32 | hdr[3] : hdr[2];
	o->has_hints = th;
	if (th) {
		o->addr &= ~3ull;
		o->ph = low & 3;
		o->st = mwr ? hdr[1] >> 8 & 0xff : hdr[1] & 0xff;
	}
}

static void views_agree(enum ptt_format f)
{
	struct wbuf jw, lw;

	for (int i = 0; i < 4000; i++) {
		bool th = rnd() & 1;
		uint32_t hdr[4];
		unsigned int k;
		uint8_t buf[PTT_8DW_BYTES];
		struct ptt_entry e;
		struct tlp_hdr h;
		struct seen j, l, t, want;
		char text[256];

		random_header(hdr, th, &k);
		if (f == PTT_FMT_8DW)
			ptt_entry_encode_8dw(hdr, 0, rnd(), buf);
		else
			ptt_entry_encode_4dw(hdr, rnd(), buf);
		ptt_entry_decode(buf, f, &e);
		assert_int_equal(wbuf_init_mem(&jw), 0);
		assert_int_equal(wbuf_init_mem(&lw), 0);
		ptt_json_entry(&jw, &e, 0, e.time);
		ptt_line_entry(&lw, &e, 0, e.time);
		jw.buf[jw.len] = 0;
		lw.buf[lw.len] = 0;
		assert_true(tlp_decode(e.hdr, 4, &h) > 0);
		tlp_format(&h, text, sizeof(text));

		expected(hdr, th, k, &want);
		from_json(jw.buf, &j);
		from_text(lw.buf, " addr=0x", " lbe=", &l);
		from_text(text, " addr=0x", " lbe=", &t);
		same(&want, &j);
		same(&want, &l);
		same(&want, &t);
		/* byte enables only where they are byte enables, alike in both report views */
		assert_int_equal(j.has_be, l.has_be);
		assert_int_equal(j.has_be, k < 6 && (!th || k >= 4));
		wbuf_close(&jw);
		wbuf_close(&lw);
	}
}

static void views_agree_4dw(void **state)
{
	views_agree(PTT_FMT_4DW);
}

static void views_agree_8dw(void **state)
{
	views_agree(PTT_FMT_8DW);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(views_agree_4dw),
	    cmocka_unit_test(views_agree_8dw),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
