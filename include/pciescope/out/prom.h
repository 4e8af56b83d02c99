/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The Prometheus text exposition format (version 0.0.4), as `serve` writes
 * it: a family's HELP and TYPE lines, then its samples, each a metric name,
 * an optional {label="value",...} set and a number.  The writer escapes
 * what the format asks (a label value's backslash, double quote and
 * newline; HELP text's backslash and newline) and refuses names outside the
 * format's character sets, so no caller can make a page that promtool or
 * a scrape rejects.  Labels are built first into a bounded set, so a
 * sample is written whole or not at all.
 */
#ifndef PCIESCOPE_OUT_PROM_H
#define PCIESCOPE_OUT_PROM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* A metric name: [a-zA-Z_:][a-zA-Z0-9_:]*. */
bool prom_metric_name_valid(const char *name);
/* A label name: [a-zA-Z_][a-zA-Z0-9_]*, not starting with "__" (reserved for Prometheus). */
bool prom_label_name_valid(const char *name);

/* The # HELP and # TYPE lines of a family (type: counter, gauge, ...).  0 or -EINVAL (a name). */
int prom_family(FILE *f, const char *name, const char *type, const char *help);

#define PROM_LABELS_MAX 512

/* A sample's label set; zero-initialise it ({0}) to start empty. */
struct prom_labels {
	char text[PROM_LABELS_MAX]; /* name="escaped value",... */
	size_t len;
	int err; /* the first -EINVAL (a label name) or -ENOSPC; a sample with it is not written */
};

void prom_label(struct prom_labels *l, const char *name, const char *value);
void prom_labelf(struct prom_labels *l, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * One sample line; l may be NULL (no labels).  A whole number up to 2^53
 * prints as one ("8", not "8.0000"), any other finite value with the 17
 * digits that read back as the same double, and NaN, +Inf, -Inf as the
 * format spells them.  0, or -EINVAL / -ENOSPC (nothing written).
 */
int prom_sample(FILE *f, const char *name, const struct prom_labels *l, double v);
/* A counter's exact value, whatever its size. */
int prom_sample_u64(FILE *f, const char *name, const struct prom_labels *l, uint64_t v);
/* A time in nanoseconds as exact decimal seconds (9 digits after the point). */
int prom_sample_ns(FILE *f, const char *name, const struct prom_labels *l, uint64_t ns);

#endif
