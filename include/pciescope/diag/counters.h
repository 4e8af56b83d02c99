/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Counting a set of perf events through a backend, as perf stat does:
 * every event with time_enabled/time_running, system-wide on the first CPU
 * of its PMU's cpumask when the PMU has one (uncore PMUs), else following
 * the measured command; group leaders opened disabled and enabled together.
 * Shared by live diagnosis and the tune search.
 */
#ifndef PCIESCOPE_DIAG_COUNTERS_H
#define PCIESCOPE_DIAG_COUNTERS_H

#include <pciescope/backend/backend.h>

struct diag_event {
	struct perf_event_attr attr; /* type and config fields */
	char pmu[64];		     /* "" for a legacy or raw event */
	size_t leader;		     /* index of its group leader (itself for a leader) */
};

struct diag_counters {
	struct backend *b;
	const struct diag_event *ev;
	size_t n;
	int *h;			   /* backend handles, -1 when not open */
	struct backend_count *val; /* after diag_counters_read */
};

/* Opens and enables every event; 0 or -errno (the backend's reason in backend_strerror). */
int diag_counters_open(struct backend *b, const struct diag_event *ev, size_t n,
		       struct diag_counters *c);
int diag_counters_read(struct diag_counters *c);
void diag_counters_close(struct diag_counters *c);
/* A count scaled by time_enabled / time_running, as perf prints it. */
double diag_count_scaled(const struct backend_count *v);

#endif
