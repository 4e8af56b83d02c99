/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Chrome trace-event JSON ({"traceEvents":[...]}) as chrome://tracing and
 * the Perfetto UI open it, written as a stream: each call appends one
 * event, so memory does not depend on how many there are.
 *
 * - slices that may overlap on one track (outstanding PCIe requests) are
 *   async begin/end pairs ("b"/"e") with an id of their own: the viewer
 *   stacks overlapping slices of a process on sub-tracks;
 * - slices on a thread ("X") must nest; flow arrows ("s" -> "f") join the
 *   thread slices that enclose their two ends;
 * - instants ("i") are marks on a thread; counters ("C") are samples of a
 *   named counter of a process, in time order.
 * Times are microseconds, the unit of the format.
 */
#ifndef PCIESCOPE_OUT_CHROME_TRACE_H
#define PCIESCOPE_OUT_CHROME_TRACE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct chrome_trace {
	FILE *f;
	bool first;
	uint64_t next_id;
};

void chrome_trace_begin(struct chrome_trace *c, FILE *f);
/* Names the track (process) pid in the viewer. */
void chrome_trace_track(struct chrome_trace *c, int pid, const char *name);
/* Names thread tid of process pid. */
void chrome_trace_thread(struct chrome_trace *c, int pid, int tid, const char *name);
/*
 * One slice on track pid from ts_us lasting dur_us.  args: NULL or a JSON
 * object text for the slice's details (the same for the calls below).
 */
void chrome_trace_slice(struct chrome_trace *c, int pid, const char *name, double ts_us,
			double dur_us, const char *args);

/* What the calls below share: where an event goes, what it is called and shows. */
struct chrome_event {
	int pid, tid;
	const char *cat; /* category, e.g. "tlp" */
	const char *name;
	const char *cname; /* NULL, or a colour name of the viewers' palette ("terrible") */
	const char *args;  /* NULL or a JSON object text */
};

/* A slice of thread (e->pid, e->tid) ("X"); the slices of a thread must nest. */
void chrome_trace_complete(struct chrome_trace *c, const struct chrome_event *e, double ts_us,
			   double dur_us);
/* A mark on thread (e->pid, e->tid) at ts_us ("i", thread scope). */
void chrome_trace_instant(struct chrome_trace *c, const struct chrome_event *e, double ts_us);
/* A sample of counter name of process pid: args holds its series ({"P":1.5,...}). */
void chrome_trace_counter(struct chrome_trace *c, int pid, const char *name, double ts_us,
			  const char *args);
/*
 * An arrow from the thread slice enclosing from_us on (from->pid, from->tid)
 * to the one enclosing to_us on (to->pid, to->tid): an "s" and an "f" with
 * an id of their own (from's cat and name name the flow).
 */
void chrome_trace_flow(struct chrome_trace *c, const struct chrome_event *from, double from_us,
		       const struct chrome_event *to, double to_us);
/* Closes the document; returns 0 or -EIO if writing failed. */
int chrome_trace_end(struct chrome_trace *c);

#endif
