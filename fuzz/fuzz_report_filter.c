// SPDX-License-Identifier: GPL-2.0-only
/*
 * The report filter's parsers (trace/ptt_filter.h) on any text (up to a
 * NUL), each parser in turn; the last byte picks the tick length.
 * What they accept must mean what the text says: a kind set only of
 * existing kinds; a window whose whole-tick ends are the digits typed and
 * whose from is not after to when both are ticks; a refusal leaves the
 * filter as it was and, for kinds, points inside the text.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/trace/ptt_filter.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The value of a run of decimal digits, or -1 when it is not one or is longer than 18 digits. */
static int64_t ticks_typed(const char *s, size_t len)
{
	int64_t v = 0;

	if (!len || len > 18)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

static void check_time(const char *s, double tick)
{
	struct ptt_filter f = {0};
	const char *dots = strstr(s, "..");
	int err = ptt_filter_parse_time(s, tick, &f);

	if (err) {
		if (err != -EINVAL && err != -ERANGE)
			abort();
		if (f.by_time)
			abort();
		return;
	}
	if (!f.by_time || !dots)
		abort();
	int64_t a = ticks_typed(s, (size_t)(dots - s)), b = ticks_typed(dots + 2, strlen(dots + 2));

	if (a >= 0 && f.from != (uint64_t)a)
		abort();
	if (b >= 0 && f.to != (uint64_t)b)
		abort();
	if (a >= 0 && b >= 0 && f.from > f.to)
		abort();
	if (dots == s && f.from != 0)
		abort();
	if (!dots[2] && f.to != UINT64_MAX)
		abort();
}

static void check_kinds(const char *s)
{
	struct ptt_filter f = {0};
	const char *bad = NULL;
	size_t len = 0;

	if (ptt_filter_parse_kinds(s, &f, &bad, &len)) {
		if (f.by_kind || !bad || bad < s || bad + len > s + strlen(s))
			abort();
		return;
	}
	if (!f.by_kind || !f.kinds || f.kinds >> TLP_KIND_COUNT)
		abort();
}

static void check_requester(const char *s)
{
	struct ptt_filter f = {0};

	int err = ptt_filter_parse_requester(s, &f);

	if (f.by_requester != !err || (err && err != -EINVAL))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	static const double ticks[] = {1.0, 0.5, 3.3, 1e-9, 1e12};

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = 0;
	check_time(s, ticks[(size ? data[size - 1] : 0) % 5]);
	check_kinds(s);
	check_requester(s);
	free(s);
	return 0;
}
