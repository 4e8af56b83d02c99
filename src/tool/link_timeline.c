// SPDX-License-Identifier: GPL-2.0-only
/*
 * A trace's link traffic over time (link_trace_timeline): the analyser's
 * timeline windows (trace/analysis.h: header and payload bytes per class)
 * as MB/s.  Windows start at the first entry; the last one covers only up
 * to the last entry, so its rate is over what it holds, not over a whole
 * window it never saw.
 */
#include <errno.h>
#include <stdlib.h>

#include <pciescope/tool/link_model.h>

long link_trace_timeline(const struct analysis *a, struct link_window **out)
{
	const struct analysis_summary *s = analysis_summary(a);
	const struct analysis_window *w;
	uint64_t width, covered = s->last - s->first + 1;
	long n = analysis_windows(a, &w, &width);
	double tick = analysis_tick_ns(a);

	*out = NULL;
	if (n <= 0)
		return n;
	*out = calloc((size_t)n, sizeof(**out));
	if (!*out)
		return -ENOMEM;
	for (long i = 0; i < n; i++) {
		struct link_window *o = &(*out)[i];
		uint64_t start = (uint64_t)i * width;
		uint64_t span = i == n - 1 && covered - start < width ? covered - start : width;

		o->start_ns = (double)start * tick;
		o->span_ns = (double)span * tick;
		o->tlps = w[i].tlps;
		o->mbps =
		    (struct pcie_flow){link_mbps((double)w[i].bytes[TLP_CLASS_P], o->span_ns),
				       link_mbps((double)w[i].bytes[TLP_CLASS_CPL], o->span_ns),
				       link_mbps((double)w[i].bytes[TLP_CLASS_NP], o->span_ns)};
		o->traffic_mbps = pcie_flow_total(&o->mbps);
	}
	return n;
}
