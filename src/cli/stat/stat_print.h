/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The three output layouts of perf stat (text, CSV with -x, JSON with -j)
 * over the counts of the tool library's stat engine.
 */
#ifndef PCIESCOPE_CLI_STAT_PRINT_H
#define PCIESCOPE_CLI_STAT_PRINT_H

#include <stdint.h>

#include <pciescope/tool/stat.h>

/* Prints one set of values: final (ts < 0) or one interval at ts seconds. */
void stat_print(const struct stat_config *s, const struct backend_count *vals, double ts);
void stat_print_header(const struct stat_config *s);
void stat_print_footer(const struct stat_config *s, uint64_t elapsed_ns);

#endif
