// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bandwidth over time: the bytes that crossed per class (header and
 * payload, a read by its header: pcie/traffic.h) in consecutive windows
 * from the first entry.  A fixed width is the user's; the automatic width starts
 * at one tick and doubles (merging window pairs) whenever the trace would
 * need more than ANALYSIS_AUTO_WINDOWS, which suits charts of a trace whose
 * length is not known until its end.
 */
#include <errno.h>
#include <math.h>

#include "analysis_internal.h"

int timeline_init(struct analysis *a)
{
	a->win.size = sizeof(struct analysis_window);
	if (!a->o.window_ns) {
		a->win_auto = true;
		a->win_ticks = 1;
		return 0;
	}
	a->win_ticks = (uint64_t)llround((double)a->o.window_ns / a->o.tick_ns);
	return a->win_ticks ? 0 : -EINVAL;
}

static void coarsen(struct analysis *a)
{
	struct analysis_window *w = a->win.items;
	size_t n = (a->win.n + 1) / 2;

	for (size_t i = 0; i < n; i++) {
		struct analysis_window m = w[2 * i];

		if (2 * i + 1 < a->win.n) {
			m.tlps += w[2 * i + 1].tlps;
			for (int c = 0; c < ANALYSIS_NCLASS; c++)
				m.bytes[c] += w[2 * i + 1].bytes[c];
		}
		w[i] = m;
	}
	a->win.n = n;
	a->win_ticks *= 2;
}

static void advance(struct analysis *a, uint64_t now)
{
	static const struct analysis_window zero;
	uint64_t idx = (now - a->sum.first) / a->win_ticks;

	while (a->win_auto && idx >= ANALYSIS_AUTO_WINDOWS) {
		coarsen(a);
		idx = (now - a->sum.first) / a->win_ticks;
	}
	if (idx >= ANALYSIS_MAX_WINDOWS) {
		a->win_overflow = true;
		return;
	}
	while (a->win.n <= idx)
		if (vec_push(&a->win, &zero)) {
			a->win_overflow = true;
			return;
		}
	a->win_cur = idx;
	a->win_end = a->sum.first + (idx + 1) * a->win_ticks;
}

void timeline_add(struct analysis *a, enum tlp_class c, uint32_t bytes, uint64_t now)
{
	struct analysis_window *w;

	if (now >= a->win_end && !a->win_overflow)
		advance(a, now);
	if (a->win_overflow)
		return;
	w = (struct analysis_window *)a->win.items + a->win_cur;
	w->tlps++;
	if (c < ANALYSIS_NCLASS)
		w->bytes[c] += bytes;
}
