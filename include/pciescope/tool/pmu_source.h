/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The perf library's PMU source over a backend: the PMU files are read from
 * /sys/bus/event_source/devices/<pmu>/ through the backend, so event strings
 * resolve the same way on the emulated platform and on the host.
 */
#ifndef PCIESCOPE_TOOL_PMU_SOURCE_H
#define PCIESCOPE_TOOL_PMU_SOURCE_H

#include <pciescope/backend/backend.h>
#include <pciescope/perf/pmu.h>

#define PMU_SYSFS_DIR "/sys/bus/event_source/devices"

void pmu_source_backend(struct backend *b, struct perf_pmu_source *src);

#endif
