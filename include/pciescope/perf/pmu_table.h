/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A perf_pmu_source over a fixed table of files ("pmu/type", "pmu/format/x",
 * "pmu/events/y" with their text), for tests, fuzzing and tools that know a
 * PMU's files without a sysfs.
 */
#ifndef PCIESCOPE_PERF_PMU_TABLE_H
#define PCIESCOPE_PERF_PMU_TABLE_H

#include <pciescope/perf/pmu.h>

struct perf_pmu_table_file {
	const char *path; /* "<pmu>/<file>" */
	const char *text;
};

/* files ends with a NULL path; the source refers to it, it is not copied. */
void perf_pmu_table_source(const struct perf_pmu_table_file *files, struct perf_pmu_source *src);

#endif
