/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A PMU as perf sees it in sysfs: its type number, format/ and events/.  The
 * files are read through a small callback interface instead of the file
 * system, so the same code works on the emulated sysfs (through a backend)
 * and on the real /sys/bus/event_source/devices.  Its functions are named
 * perf_pmu__<verb>, as perf names its tool-side methods, apart from the
 * kernel side's perf_pmu_register() and struct pmu (core/perf_core.h).
 */
#ifndef PCIESCOPE_PERF_PMU_H
#define PCIESCOPE_PERF_PMU_H

#include <stddef.h>
#include <stdint.h>

#include <pciescope/base/error.h>
#include <pciescope/perf/pmu_format.h>

struct perf_pmu_source {
	void *ctx;
	/*
	 * Reads <pmu>/<file> ("type", "format/event", "events/rx_mwr_cnt")
	 * into buf, NUL-terminated; returns the length or -errno (-ENOENT
	 * when the PMU or file does not exist).
	 */
	int (*read)(void *ctx, const char *pmu, const char *file, char *buf, size_t n);
	/* Calls fn(arg, name) for each entry of <pmu>/<dir>; 0 or -errno. */
	int (*list)(void *ctx, const char *pmu, const char *dir,
		    int (*fn)(void *arg, const char *name), void *arg);
};

struct perf_pmu_format {
	char *name;
	struct perf_format fmt;
};

struct perf_pmu_alias {
	char *name;  /* as the events/ file is named */
	char *terms; /* its content, e.g. "config=0x10010" */
};

struct perf_pmu {
	char *name;
	uint32_t type;
	struct perf_pmu_format *formats;
	size_t nformats;
	struct perf_pmu_alias *aliases;
	size_t naliases;
};

/*
 * Loads a PMU.  -ENOENT when it does not exist, -EINVAL (with the bad file
 * named in e) when type or a format file cannot be parsed; e says why.
 */
int perf_pmu__load(const struct perf_pmu_source *src, const char *name, struct perf_pmu **out,
		   struct error *e);
void perf_pmu__free(struct perf_pmu *p);

const struct perf_format *perf_pmu__format(const struct perf_pmu *p, const char *name);
/* Case-insensitive, as perf matches event names. */
const struct perf_pmu_alias *perf_pmu__alias(const struct perf_pmu *p, const char *name);

#endif
