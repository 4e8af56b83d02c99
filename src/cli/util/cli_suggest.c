// SPDX-License-Identifier: GPL-2.0-only
/*
 * "Did you mean ...?" for every name a user types (commands, options,
 * actions, PMUs, events and terms, tune parameters, devices, platforms,
 * workloads), as git and perf offer: the known name at the smallest edit
 * distance (insertions, deletions, substitutions and swaps of neighbours),
 * if it is close enough to be a typo rather than another word: at most 2
 * edits, and fewer than half the typed name.  A known name the typed one
 * begins ("--js") counts as one edit, behind a name truly one edit away
 * ("--metric": "--metrics" before "--metrics-group").  A name that differs
 * only in digits at the same places is another device, not a typo
 * (hisi_pcie0_core2 is not hisi_pcie0_core0 mistyped).
 *
 * One wording for all of them: "<what is wrong>; did you mean 'x'? (<where
 * to look>)", or "<what is wrong> (<where to look>)" when no name is close.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

#define MAXLEN 64

static size_t min3(size_t a, size_t b, size_t c)
{
	return a < b ? (a < c ? a : c) : (b < c ? b : c);
}

/* Optimal string alignment distance; names longer than MAXLEN never match. */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), d[MAXLEN + 1][MAXLEN + 1];

	if (la > MAXLEN || lb > MAXLEN)
		return (size_t)-1;
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			d[i][j] = min3(d[i - 1][j] + 1, d[i][j - 1] + 1,
				       d[i - 1][j - 1] + (a[i - 1] != b[j - 1]));
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < d[i][j])
				d[i][j] = d[i - 2][j - 2] + 1;
		}
	return d[la][lb];
}

/* Whether a and b are the same but for digits in the same places. */
static bool other_number(const char *a, const char *b)
{
	bool differ = false;

	if (strlen(a) != strlen(b))
		return false;
	for (; *a; a++, b++) {
		if (*a == *b)
			continue;
		if (!isdigit((unsigned char)*a) || !isdigit((unsigned char)*b))
			return false;
		differ = true;
	}
	return differ;
}

const char *cli_suggest(const char *typed, const char *const *known)
{
	size_t best = (size_t)-1, best_real = (size_t)-1, len = strlen(typed);
	const char *pick = NULL;

	for (size_t i = 0; known[i]; i++) {
		size_t real = distance(typed, known[i]), d = real;

		if (other_number(typed, known[i]))
			continue;
		if (len >= 3 && d > 1 && !strncmp(known[i], typed, len))
			d = 1;
		if (d < best || (d == best && real < best_real)) {
			best = d;
			best_real = real;
			pick = known[i];
		}
	}
	return best <= 2 && 2 * best < len ? pick : NULL;
}

/* "one of: a, b, c" from known, cut (with ", ...") where buf ends. */
static const char *one_of(char *buf, size_t n, const char *const *known)
{
	size_t len = (size_t)snprintf(buf, n, "one of:");

	for (size_t i = 0; known[i] && len < n; i++) {
		size_t w = strlen(known[i]) + 2;

		if (len + w + 5 >= n) {
			snprintf(buf + len, n - len, ", ...");
			break;
		}
		len += (size_t)snprintf(buf + len, n - len, "%s %s", i ? "," : "", known[i]);
	}
	return buf;
}

static int vsay(const char *pick, const char *see, const char *fmt, va_list ap)
{
	char msg[1024];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (pick)
		return cli_error("%s; did you mean '%s'? (%s)", msg, pick, see);
	return cli_error("%s (%s)", msg, see);
}

int cli_did_you_mean(const char *pick, const char *see, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsay(pick, see, fmt, ap);
	va_end(ap);
	return r;
}

int cli_unknown_name(const char *typed, const char *const *known, const char *see, const char *fmt,
		     ...)
{
	char list[512];
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsay(cli_suggest(typed, known), see ? see : one_of(list, sizeof(list), known), fmt, ap);
	va_end(ap);
	return r;
}
