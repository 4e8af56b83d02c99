// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a recording says when it ends, as perf record says it: the loss
 * warnings first (they are why a trace is shorter than the run), then the
 * wake-ups and the bytes written, with the PTT entry format.
 */
#include <stdio.h>

#include "record_summary.h"

void record_summary(const struct aux_record_opts *o, const struct aux_record_result *r)
{
	if (r->stopped)
		fprintf(stderr,
			"Warning: the trace stopped %.3f ms after it began, %.3f ms before the "
			"recording ended (%llu trace%s stopped): it filled the %zu KiB AUX area "
			"faster than it was drained, and the kernel stops such a trace without a "
			"word; TLPs after that were not traced (use a larger -m)\n",
			r->stopped_at_ns / 1e6, r->stopped_before_ns / 1e6,
			(unsigned long long)r->stopped, r->stopped == 1 ? "" : "s",
			o->aux_bytes >> 10);
	if (r->lost)
		fprintf(stderr, "Warning: %llu side-band records were lost\n",
			(unsigned long long)r->lost);
	if (o->quiet)
		return;
	fprintf(stderr, "[ pciescope record: Woken up %llu times to write data ]\n",
		(unsigned long long)r->wakeups);
	fprintf(stderr, "[ pciescope record: Captured and wrote %.3f MB %s",
		r->file_bytes / 1048576.0, o->output);
	if (r->entry_size && r->mixed_formats)
		fprintf(stderr, " (%llu TLP headers, 4DW and 8DW)", (unsigned long long)r->tlps);
	else if (r->entry_size)
		fprintf(stderr, " (%llu TLP headers, %s)", (unsigned long long)r->tlps,
			r->entry_size == 32 ? "8DW" : "4DW");
	fprintf(stderr, " ]\n");
}
