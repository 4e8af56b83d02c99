// SPDX-License-Identifier: GPL-2.0-only
/*
 * strtoull alone is a poor judge of what a user typed: it skips blanks,
 * takes a sign ("-1" becomes 2^64 - 1), reads "010" as octal when asked to
 * guess the base, saturates on overflow, and callers that then narrow the
 * result to 16 or 32 bits turn 4294967296 into 0.  Every numeric option
 * goes through here instead, with the largest value it can take.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>

#include "cli_number.h"

static bool is_digit(char c, int base)
{
	return (c >= '0' && c <= '9') ||
	       (base == 16 && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')));
}

int cli_parse_uint(const char *s, int base, uint64_t max, uint64_t *out)
{
	unsigned long long v;

	if (!s)
		return -EINVAL;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		s += 2;
		base = 16;
	}
	if (!*s)
		return -EINVAL;
	for (const char *p = s; *p; p++)
		if (!is_digit(*p, base))
			return -EINVAL;
	errno = 0;
	v = strtoull(s, NULL, base);
	if (errno || v > max)
		return -EINVAL;
	*out = v;
	return 0;
}
