/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `pciescope list` in three views of one collected tree (a jansson array
 * of PMUs, each with its sysfs files): perf list's layout (list_perf.c),
 * the detailed view of -v (list_verbose.c) and --json (builtin-list.c).
 */
#ifndef PCIESCOPE_CLI_LIST_H
#define PCIESCOPE_CLI_LIST_H

#include <jansson.h>
#include <stdbool.h>

struct list_globs {
	char **pat;
	int n;
	bool *hit; /* per pattern: something matched it */
};

/* A PMU name or an event name matches when no pattern is given, or any matches. */
bool list_glob_match(struct list_globs *g, const char *name, bool nocase);

/* perf list's "  pmu/event/   [Kernel PMU event]" lines, in perf's order, then each
 * PMU's raw descriptor (its format terms); details adds every term. */
int list_print_perf(json_t *pmus, struct list_globs *g, bool details);
/* Every PMU with its type, formats, events, tune values and filters, wrapped to the terminal. */
void list_print_verbose(json_t *pmus);

#endif
