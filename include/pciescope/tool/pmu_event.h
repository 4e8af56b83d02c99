/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A PMU event written `pmu/term=value,.../` turned into a perf_event_attr
 * the way perf does it (perf/event_parse.h over the PMU's sysfs files, read
 * through the backend).  The terms are kept, in order, so that tool-side
 * rules can look at what the user wrote, not only at the result.
 */
#ifndef PCIESCOPE_TOOL_PMU_EVENT_H
#define PCIESCOPE_TOOL_PMU_EVENT_H

#include <linux/perf_event.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/backend/backend.h>

#define PMU_EVENT_MAX_TERMS 16

struct pmu_event_term {
	char name[32];
	uint64_t value;
};

struct pmu_event {
	char pmu[64];
	struct pmu_event_term term[PMU_EVENT_MAX_TERMS];
	int nterms;
	struct perf_event_attr attr; /* type and config fields set */
};

/* Parses and encodes text; on error writes one line into err and returns -errno. */
int pmu_event_parse(struct backend *b, const char *text, struct pmu_event *ev, char *err,
		    size_t errlen);
/* Number of times term was given; *value gets the last one. */
int pmu_event_term(const struct pmu_event *ev, const char *name, uint64_t *value);

#endif
