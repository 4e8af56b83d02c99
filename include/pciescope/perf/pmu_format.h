/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sysfs PMU format strings ("config:0-16", "config1:0-15,32-35", "config2:5")
 * and how perf places a term's value into perf_event_attr through them: the
 * value's bits, lowest first, fill the format's bits in ascending order, so a
 * value may be split across ranges.  Values are ORed in (perf never clears
 * bits for PMUs without a default config).
 */
#ifndef PCIESCOPE_PERF_PMU_FORMAT_H
#define PCIESCOPE_PERF_PMU_FORMAT_H

#include <linux/perf_event.h>
#include <stddef.h>
#include <stdint.h>

enum perf_format_field { PERF_FMT_CONFIG, PERF_FMT_CONFIG1, PERF_FMT_CONFIG2 };

struct perf_format {
	enum perf_format_field field;
	uint64_t bits; /* bit i set: attr field bit i belongs to the format */
};

/*
 * Parses a format file's text (surrounding white space allowed).  Ranges
 * follow perf: "a-b" sets a..b (none when b < a, except "a-0", which perf
 * reads as the single bit a).  Returns 0 or -EINVAL.
 */
int perf_format_parse(const char *text, struct perf_format *f);

/* Number of bits and the largest value the format can hold. */
int perf_format_width(const struct perf_format *f);
uint64_t perf_format_max(const struct perf_format *f);

/* ORs value into the attr field the format names. */
void perf_format_apply(const struct perf_format *f, uint64_t value, struct perf_event_attr *a);
/* The value the format's bits hold in attr. */
uint64_t perf_format_extract(const struct perf_format *f, const struct perf_event_attr *a);

/* Canonical text ("config1:0-15,32-35") into buf; returns length or -ENOSPC. */
int perf_format_print(const struct perf_format *f, char *buf, size_t n);

#endif
