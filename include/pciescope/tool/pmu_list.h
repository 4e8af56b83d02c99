/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The PMUs of a backend as data, for `list` (its perf list layout, -v and
 * --json) and anything else that shows them: every PMU under the PMU
 * directory with its type, cpumask, cpus, format/, events/ and tune/
 * files, and the PTT's root_port_filters/ and requester_filters/.  The
 * directories are walked generically, so any PMU a driver registers (or
 * the host kernel has) shows up.
 */
#ifndef PCIESCOPE_TOOL_PMU_LIST_H
#define PCIESCOPE_TOOL_PMU_LIST_H

#include <jansson.h>
#include <stdbool.h>

#include <pciescope/backend/backend.h>

/*
 * One PMU: {"name", "type" (a number), "cpumask", "cpus", "format",
 * "events", "tune": {file: text (tune levels as numbers)},
 * "root_port_filters", "requester_filters": {"multiselect": bool,
 * "filters": {file: text}}}; a field the PMU lacks is left out, a file
 * that cannot be read is {"error": its strerror}.
 */
json_t *pmu_list_one(struct backend *b, const char *name);
/* The PMUs want takes (NULL: all), appended to the array out; 0 or -errno. */
int pmu_list_all(struct backend *b, bool (*want)(const char *name, void *ctx), void *ctx,
		 json_t *out);

#endif
