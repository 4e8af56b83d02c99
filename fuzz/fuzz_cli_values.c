// SPDX-License-Identifier: GPL-2.0-only
/*
 * The option values users type: `record -m` sizes (perf/size.h), BDFs (`platform
 * remove`, `ioda`, PTT filters) and whole numbers (cli_parse_uint: seeds,
 * intervals, counts, PE numbers, addresses).  An accepted size must be
 * exactly the typed count times its unit (computed here without overflow),
 * a power of two from 4 KiB to 1 TiB; an accepted BDF must format and parse
 * back to itself; an accepted number must be what its digits say, within
 * the limit.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/pcie/bdf.h>
#include <pciescope/tool/aux_record.h>

#include "cli/util/cli_number.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A digit of base, -1 if c is none. */
static int digit(char c, int base)
{
	int d = c >= '0' && c <= '9'   ? c - '0'
		: c >= 'a' && c <= 'f' ? c - 'a' + 10
		: c >= 'A' && c <= 'F' ? c - 'A' + 10
				       : -1;

	return d < base ? d : -1;
}

static unsigned __int128 expected(const char *s)
{
	unsigned __int128 v = 0;
	const char *p = s;
	int base = 10;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		p += 2;
		base = 16;
	}
	for (; digit(*p, base) >= 0 && v < ((unsigned __int128)1 << 100); p++)
		v = v * (unsigned)base + (unsigned)digit(*p, base);
	switch (*p) {
	case 'k':
	case 'K':
		return v << 10;
	case 'm':
	case 'M':
		return v << 20;
	case 'g':
	case 'G':
		return v << 30;
	case 't':
	case 'T':
		return v << 40;
	case 'b':
	case 'B':
		return v;
	default:
		return v << 12;
	}
}

static void size_value(const char *s)
{
	size_t bytes;

	if (aux_record_parse_size(s, &bytes))
		return;
	if (bytes < 4096 || bytes > (1ull << 40) || (bytes & (bytes - 1)) || expected(s) != bytes)
		abort();
}

static void bdf_value(const char *s)
{
	struct pci_bdf b, again;
	char buf[16];

	if (pci_bdf_parse(s, &b))
		return;
	if (pci_bdf_parse(pci_bdf_format(b, buf, sizeof(buf)), &again) ||
	    memcmp(&b, &again, sizeof(b)))
		abort();
}

/* The digits of s in base (16 after a 0x), read here without strtoull; -1 if not all digits. */
static __int128 digits(const char *s, int base)
{
	__int128 v = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		s += 2;
		base = 16;
	}
	if (!*s)
		return -1;
	for (; *s; s++) {
		int d = digit(*s, base);

		if (d < 0)
			return -1;
		if (v < ((__int128)1 << 80))
			v = v * base + d;
	}
	return v;
}

static void uint_value(const char *s, int base, uint64_t max)
{
	__int128 want = digits(s, base);
	uint64_t v;
	int r = cli_parse_uint(s, base, max, &v);

	if (r ? want >= 0 && want <= max : want != v)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = 0;
	size_value(s);
	bdf_value(s);
	uint_value(s, 10, 255);
	uint_value(s, 16, 0xffff);
	uint_value(s, 10, UINT64_MAX);
	free(s);
	return 0;
}
