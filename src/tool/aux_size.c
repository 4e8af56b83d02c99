// SPDX-License-Identifier: GPL-2.0-only
/*
 * The -m value of `record` (aux_record.h), apart from the recording loop so
 * that the fuzzer can link it alone.  The count is checked against the limit
 * before it is scaled: a scaled overflow would wrap to a small valid size.
 */
#include <errno.h>
#include <stdlib.h>
#include <strings.h>

#include <pciescope/tool/aux_record.h>

#define AUX_SIZE_MAX (1ull << 40)

static int unit_shift(const char *end)
{
	int shift;

	switch (*end) {
	case 0:
		return 12; /* pages */
	case 'k':
	case 'K':
		shift = 10;
		break;
	case 'm':
	case 'M':
		shift = 20;
		break;
	case 'g':
	case 'G':
		shift = 30;
		break;
	default:
		return -EINVAL;
	}
	if (end[1] && strcasecmp(end + 1, "B") && strcasecmp(end + 1, "iB"))
		return -EINVAL;
	return shift;
}

int aux_record_parse_size(const char *s, size_t *bytes)
{
	char *end;
	unsigned long long v;
	int shift;

	if (*s < '0' || *s > '9') /* strtoull would skip blanks, '+' and wrap '-' */
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -EINVAL;
	shift = unit_shift(end);
	if (shift < 0 || !v || v > AUX_SIZE_MAX >> shift)
		return -EINVAL;
	v <<= shift;
	if ((v & (v - 1)) || v < 4096)
		return -EINVAL;
	*bytes = (size_t)v;
	return 0;
}
