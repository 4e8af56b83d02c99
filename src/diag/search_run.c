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

/* Writes level where the device holds the search's own last write; *kept: the others that differ.
 */
static int put_back(struct backend *b, const struct diag_search_opts *o, const struct hold *h,
		    const int level[HISI_PTT_TUNE_NPARAM], struct diag_search_result *res,
		    struct error *e)
{
	int *cur = res->kept_level;
	unsigned mine, differ = 0;
	int r = ptt_tune_read(b, o->ptt, cur, e);

	if (r)
		return r;
	mine = h ? hold_restore_mask(hold_own(h), cur) : PTT_TUNE_ALL;
	for (int i = 0; i < HISI_PTT_TUNE_NPARAM; i++)
		differ |= cur[i] != level[i] ? 1u << i : 0;
	res->kept = differ & ~mine;
	return ptt_tune_write(b, o->ptt, level, differ & mine, e);
}

static int write_levels(const struct diag_search_opts *o, const struct hold *h,
			const int level[HISI_PTT_TUNE_NPARAM], struct diag_search_result *res,
			struct error *e)
{
	struct backend *b;
	int r = open_backend(o, 0, &b, e), saved;

	if (r)
		return r;
	r = put_back(b, o, h, level, res, e);
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

/*
 * The hold says what is being written before the write and what was kept
 * after the close (which saves it, on the emulated machine): should the
 * search die in between, the device holds one or the other.
 */
static int measure(const struct diag_search_opts *o, struct hold *h,
		   const int level[HISI_PTT_TUNE_NPARAM], unsigned rep, double *v, struct error *e)
{
	struct backend *b;
	int w, r = hold_note(h, HOLD_NEXT, level);

	if (r)
		return error_set_errno(e, r, "cannot note the levels in the search's hold");
	r = open_backend(o, rep, &b, e);
	if (r)
		return r;
	r = w = ptt_tune_write(b, o->ptt, level, PTT_TUNE_ALL, e);
	if (!r)
		r = count_run(b, o, v, e);
	if (!backend_close(b) && !w)
		hold_note(h, HOLD_LAST, level);
	return r;
}

const struct search_ops search_backend_ops = {read_levels, write_levels, measure};
