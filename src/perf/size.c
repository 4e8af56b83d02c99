// SPDX-License-Identifier: GPL-2.0-only
/*
 * The size syntax of perf/size.h.  strtoull alone would skip blanks, take a
 * sign ("-1" is 2^64 - 1) and read "010" as octal, so the digits are
 * checked first; the count is checked against the limit before it is
 * scaled, because a scaled overflow wraps to a small, valid-looking size.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <pciescope/perf/size.h>

static const char units[] = "KMGT";

/* The whole number at the start of s into *v, *end after it; 0 or -EINVAL/-ERANGE. */
static int number(const char *s, uint64_t *v, const char **end)
{
	const char *digits = "0123456789";
	int base = 10;
	char *e;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		s += 2;
		base = 16;
		digits = "0123456789abcdefABCDEF";
	}
	if (!*s || !strchr(digits, *s))
		return -EINVAL;
	errno = 0;
	*v = strtoull(s, &e, base);
	*end = e;
	return errno ? -ERANGE : 0;
}

/* The multiplier the text after the number stands for, 0 if it is not a unit. */
static uint64_t unit_of(const char *u, uint64_t bare_unit)
{
	const char *at;

	if (!*u)
		return bare_unit;
	if (!strcasecmp(u, "B"))
		return 1;
	at = strchr(units, toupper((unsigned char)u[0]));
	if (!at || (u[1] && strcasecmp(u + 1, "B") && strcasecmp(u + 1, "iB")))
		return 0;
	return 1ull << (10 * (at - units + 1));
}

int size_parse(const char *s, uint64_t bare_unit, uint64_t *bytes)
{
	const char *end;
	uint64_t v, mult;
	int err;

	if (!s)
		return -EINVAL;
	err = number(s, &v, &end);
	if (err)
		return err;
	mult = unit_of(end, bare_unit);
	if (!mult)
		return -EINVAL;
	if (v > UINT64_MAX / mult)
		return -ERANGE;
	*bytes = v * mult;
	return 0;
}

char *size_format(uint64_t bytes, char *buf, size_t n)
{
	int u = -1;

	while (bytes >= 1024 && !(bytes % 1024) && u < 3) {
		bytes /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, n, "%" PRIu64, bytes);
	else
		snprintf(buf, n, "%" PRIu64 "%c", bytes, units[u]);
	return buf;
}
