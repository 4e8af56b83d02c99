/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Counting perf events through a backend, as perf stat does: every event
 * with time_enabled/time_running, system-wide on the first CPU of its PMU's
 * cpumask when the PMU has one (uncore PMUs), else following the measured
 * command; group leaders opened disabled and enabled together.  The
 * primitives (counter_cpu, counter_open, counter_unsupported, count_scaled)
 * are the one place these rules live: `stat`'s engine (tool/stat.h) is
 * built on them, and struct counters is the plain event list of live
 * diagnosis and the tune search.
 */
#ifndef PCIESCOPE_TOOL_COUNTERS_H
#define PCIESCOPE_TOOL_COUNTERS_H

#include <stdbool.h>

#include <pciescope/backend/backend.h>

/* The CPU an event of this PMU counts on: the first of its cpumask; -1 if none (or pmu NULL/""). */
int counter_cpu(struct backend *b, const char *pmu);
/*
 * Opens one counting event of PMU pmu (NULL or "" for a legacy or raw
 * event) in group (-1: a leader, opened disabled); a handle or -errno.
 */
int counter_open(struct backend *b, const struct perf_event_attr *attr, const char *pmu, int group);
/*
 * perf stat's "<not supported>": the open failed because the machine has
 * no such event (no PMU for a generic hardware event, as in a VM), so it is
 * shown and counting goes on.  A PMU refusing a configuration stays an error.
 */
bool counter_unsupported(const struct perf_event_attr *attr, int err);
/* A count scaled by time_enabled / time_running, as perf prints it. */
double count_scaled(const struct backend_count *v);

struct counter_event {
	struct perf_event_attr attr; /* type and config fields */
	char pmu[64];		     /* "" for a legacy or raw event */
	size_t leader;		     /* index of its group leader (itself for a leader) */
};

struct counters {
	struct backend *b;
	const struct counter_event *ev;
	size_t n;
	int *h;			   /* backend handles, -1 when not open */
	struct backend_count *val; /* after counters_read */
};

/* Opens and enables every event; 0 or -errno (the backend's reason in backend_strerror). */
int counters_open(struct backend *b, const struct counter_event *ev, size_t n, struct counters *c);
int counters_read(struct counters *c);
void counters_close(struct counters *c);

#endif
