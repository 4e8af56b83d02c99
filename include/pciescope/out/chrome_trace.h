/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Chrome trace-event JSON ({"traceEvents":[...]}) as chrome://tracing and
 * the Perfetto UI open it.  Slices are async begin/end pairs ("b"/"e") so
 * that slices of one track may overlap, as outstanding PCIe requests do:
 * the viewer stacks overlapping slices of a process on sub-tracks.
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
/*
 * One slice on track pid from ts_us lasting dur_us (microseconds, the unit of
 * the format).  args: NULL or a JSON object text for the slice's details.
 */
void chrome_trace_slice(struct chrome_trace *c, int pid, const char *name, double ts_us,
			double dur_us, const char *args);
/* Closes the document; returns 0 or -EIO if writing failed. */
int chrome_trace_end(struct chrome_trace *c);

#endif
