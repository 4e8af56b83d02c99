// SPDX-License-Identifier: GPL-2.0-only
/* Number formatting shared by the exporters (out/num.h says the rules). */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/out/num.h>

/* Doubles hold every integer up to 2^53 exactly. */
#define WHOLE_MAX 9007199254740992.0
/* Past a nanosecond's ninth decimal a figure has nothing left to say. */
#define MAX_DECIMALS 9

static bool whole(double v)
{
	return v == floor(v) && fabs(v) <= WHOLE_MAX;
}

/* "12.3400" -> "12.34", "5.000" -> "5"; "-0" -> "0". */
static char *trim(char *buf)
{
	char *dot = strchr(buf, '.'), *end;

	if (dot) {
		end = buf + strlen(buf) - 1;
		while (end > dot && *end == '0')
			*end-- = 0;
		if (end == dot)
			*end = 0;
	}
	if (!strcmp(buf, "-0"))
		strcpy(buf, "0");
	return buf;
}

/*
 * What needs no decimals: NaN and infinities as words[0..2] say, a whole
 * number as one.  false for the rest.
 */
static bool special(char *buf, size_t n, double v, const char *const words[3])
{
	if (isnan(v))
		snprintf(buf, n, "%s", words[0]);
	else if (isinf(v))
		snprintf(buf, n, "%s", words[v > 0 ? 1 : 2]);
	else if (whole(v)) {
		snprintf(buf, n, "%.0f", v);
		trim(buf);
	} else
		return false;
	return true;
}

static const char *const READ[3] = {"-", "inf", "-inf"};

char *out_num_sig(char *buf, size_t n, double v, int digits)
{
	int decimals;

	if (special(buf, n, v, READ))
		return buf;
	decimals = v == 0 ? 0 : digits - 1 - (int)floor(log10(fabs(v)));
	if (decimals < 0)
		decimals = 0;
	if (decimals > MAX_DECIMALS)
		decimals = MAX_DECIMALS;
	snprintf(buf, n, "%.*f", decimals, v);
	return trim(buf);
}

char *out_num_whole(char *buf, size_t n, double v, int decimals)
{
	if (!special(buf, n, v, READ))
		snprintf(buf, n, "%.*f", decimals, v);
	return buf;
}

char *out_num_exact(char *buf, size_t n, double v)
{
	static const char *const words[3] = {"NaN", "+Inf", "-Inf"};

	if (special(buf, n, v, words))
		return buf;
	for (int p = 15; p <= 17; p++) {
		snprintf(buf, n, "%.*g", p, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return buf;
}
