// SPDX-License-Identifier: GPL-2.0-only
/*
 * One measured run of the tune search, and reading and writing the levels.
 * Every run opens its own backend: on the emulated platform that boots the
 * same platform and workload from the run's seed (the levels persist as
 * the hardware's state between runs), on the host it is the machine as it
 * is.  The target comes from event 0, or from events 0 and 1 as a PCIe PMU
 * pair (main and extended counter, in either order).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/backend/interrupt.h>
#include <pciescope/perf/hisi_pcie_events.h>
#include <pciescope/tool/ptt_tune.h>

#include "search_internal.h"

static int open_backend(const struct diag_search_opts *o, unsigned rep, struct backend **b,
			struct error *e)
{
	struct backend_options bo = o->bo;
	int r;

	bo.seed += rep;
	r = backend_open(&bo, b, e);
	return r ? error_wrap(e, "cannot open the %s backend", backend_kind(&bo)) : 0;
}

static int read_levels(const struct diag_search_opts *o, int level[HISI_PTT_TUNE_NPARAM],
		       struct error *e)
{
	struct backend *b;
	int r = open_backend(o, 0, &b, e);

	if (r)
		return r;
	r = ptt_tune_read(b, o->ptt, level, e);
	backend_close(b);
	return r;
}

static int write_levels(const struct diag_search_opts *o, const int level[HISI_PTT_TUNE_NPARAM],
			struct error *e)
{
	struct backend *b;
	int r = open_backend(o, 0, &b, e), saved;

	if (r)
		return r;
	r = ptt_tune_write(b, o->ptt, level, e);
	saved = backend_close(b);
	if (!r && saved)
		r = error_set_errno(e, saved, "the levels were not saved");
	return r;
}

static int poll_stop(void *ctx)
{
	(void)ctx;
	return interrupt_requested() ? -EINTR : 0;
}

static int target(const struct diag_search_opts *o, double *v)
{
	const struct event *ev = o->events->ev;
	size_t main = ev[0].metric != HISI_PCIE_OTHER ? 0 : 1;
	const char *unit;

	if (o->metric == DIAG_METRIC_COUNT) {
		*v = count_scaled(&ev[0].cur);
		return 0;
	}
	if (!hisi_pcie_metric(ev[main].metric, count_scaled(&ev[main].cur),
			      count_scaled(&ev[1 - main].cur), v, &unit))
		return -ENODATA;
	return 0;
}

static int count_run(struct backend *b, const struct diag_search_opts *o, double *v,
		     struct error *e)
{
	uint64_t elapsed;
	int status = 0, r = event_list_open(o->events, b, e);

	if (r)
		return error_wrap(e, "cannot open the events");
	r = b->ops->run(b, o->argv, poll_stop, NULL, &elapsed, &status);
	if (!r)
		r = event_list_read(o->events, e);
	if (!r && !interrupt_requested() && !status && target(o, v))
		r = -ENODATA;
	event_list_close(o->events);
	if (r == -EINTR || interrupt_requested())
		return error_set(e, -EINTR, "stopped");
	if (r == -ENODATA)
		return error_set(e, r, "the pair counted nothing (its extended counter is 0)");
	if (r)
		return error_set_errno(e, r, "running '%s'", o->argv[0]);
	if (status)
		return error_set(e, -ECHILD, "'%s' exited with status %d", o->argv[0], status);
	return 0;
}

static int measure(const struct diag_search_opts *o, const int level[HISI_PTT_TUNE_NPARAM],
		   unsigned rep, double *v, struct error *e)
{
	struct backend *b;
	int r = open_backend(o, rep, &b, e);

	if (r)
		return r;
	r = ptt_tune_write(b, o->ptt, level, e);
	if (!r)
		r = count_run(b, o, v, e);
	backend_close(b);
	return r;
}

const struct search_ops search_backend_ops = {read_levels, write_levels, measure};
