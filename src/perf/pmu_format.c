// SPDX-License-Identifier: GPL-2.0-only
/*
 * Format strings.  The grammar is perf's ("configN:" then comma-separated
 * decimal bits or ranges); the bit placement walks the format's bits in
 * ascending order, consuming the value's bits one at a time, which is what
 * makes split fields such as "config1:0-15,32-35" behave like perf.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <pciescope/perf/pmu_format.h>

static const char *const field_names[] = {"config", "config1", "config2"};

static const char *skip_space(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

static int parse_field(const char **s, enum perf_format_field *field)
{
	size_t len = 0;

	while (isalnum((unsigned char)(*s)[len]))
		len++;
	for (int i = 2; i >= 0; i--) {
		if (strlen(field_names[i]) == len && !strncmp(*s, field_names[i], len)) {
			*field = (enum perf_format_field)i;
			*s += len;
			return 0;
		}
	}
	return -EINVAL;
}

static int parse_bitnum(const char **s, unsigned *out)
{
	unsigned v = 0;

	if (!isdigit((unsigned char)**s))
		return -EINVAL;
	while (isdigit((unsigned char)**s)) {
		v = v * 10 + (unsigned)(**s - '0');
		if (v >= 64)
			return -EINVAL;
		(*s)++;
	}
	*out = v;
	return 0;
}

static uint64_t range_bits(unsigned from, unsigned to)
{
	uint64_t bits = 0;

	if (!to)
		to = from;
	for (unsigned b = from; b <= to; b++)
		bits |= 1ULL << b;
	return bits;
}

int perf_format_parse(const char *text, struct perf_format *f)
{
	const char *s = skip_space(text);
	unsigned from, to;

	if (parse_field(&s, &f->field) || *s++ != ':')
		return -EINVAL;
	f->bits = 0;
	for (;;) {
		if (parse_bitnum(&s, &from))
			return -EINVAL;
		to = 0;
		if (*s == '-') {
			s++;
			if (parse_bitnum(&s, &to))
				return -EINVAL;
		}
		f->bits |= range_bits(from, to);
		if (*s != ',')
			break;
		s++;
	}
	return *skip_space(s) ? -EINVAL : 0;
}

int perf_format_width(const struct perf_format *f)
{
	return __builtin_popcountll(f->bits);
}

uint64_t perf_format_max(const struct perf_format *f)
{
	int w = perf_format_width(f);

	return w >= 64 ? ~0ULL : (1ULL << w) - 1;
}

static __u64 *attr_field(enum perf_format_field field, struct perf_event_attr *a)
{
	switch (field) {
	case PERF_FMT_CONFIG1:
		return &a->config1;
	case PERF_FMT_CONFIG2:
		return &a->config2;
	default:
		return &a->config;
	}
}

void perf_format_apply(const struct perf_format *f, uint64_t value, struct perf_event_attr *a)
{
	__u64 *v = attr_field(f->field, a);
	unsigned vbit = 0;

	for (unsigned fbit = 0; fbit < 64; fbit++) {
		if (!(f->bits & (1ULL << fbit)))
			continue;
		if (value & (1ULL << vbit))
			*v |= 1ULL << fbit;
		vbit++;
	}
}

uint64_t perf_format_extract(const struct perf_format *f, const struct perf_event_attr *a)
{
	uint64_t v = *attr_field(f->field, (struct perf_event_attr *)a), out = 0;
	unsigned vbit = 0;

	for (unsigned fbit = 0; fbit < 64; fbit++) {
		if (!(f->bits & (1ULL << fbit)))
			continue;
		if (v & (1ULL << fbit))
			out |= 1ULL << vbit;
		vbit++;
	}
	return out;
}

int perf_format_print(const struct perf_format *f, char *buf, size_t n)
{
	size_t len;
	int w = snprintf(buf, n, "%s:", field_names[f->field]);
	unsigned b = 0;

	if (w < 0 || (size_t)w >= n)
		return -ENOSPC;
	len = (size_t)w;
	while (b < 64) {
		unsigned e;

		if (!(f->bits & (1ULL << b))) {
			b++;
			continue;
		}
		for (e = b; e + 1 < 64 && (f->bits & (1ULL << (e + 1))); e++)
			;
		const char *sep = buf[len - 1] == ':' ? "" : ",";

		if (e > b)
			w = snprintf(buf + len, n - len, "%s%u-%u", sep, b, e);
		else
			w = snprintf(buf + len, n - len, "%s%u", sep, b);
		if (w < 0 || (size_t)w >= n - len)
			return -ENOSPC;
		len += (size_t)w;
		b = e + 1;
	}
	return (int)len;
}
