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
#include <pciescope/backend/sysfs_read.h>
#include <pciescope/perf/hisi_pcie_events.h>
#include <pciescope/tool/tune_levels.h>

#include "search_internal.h"

static int open_backend(const struct diag_search_opts *o, unsigned rep, struct backend **b,
			char *err, size_t errlen)
{
	struct backend_options bo = o->bo;
	char why[256] = "";
	int r;

	bo.seed += rep;
	r = backend_open(&bo, b, why, sizeof(why));
	if (r)
		snprintf(err, errlen, "cannot open the %s backend: %s", backend_kind(&bo),
			 why[0] ? why : strerror(-r));
	return r;
}

int search_read_levels(const struct diag_search_opts *o, int level[HISI_PTT_TUNE_NPARAM], char *err,
		       size_t errlen)
{
	struct backend *b;
	struct tool_err e;
	int r = open_backend(o, 0, &b, err, errlen);

	if (r)
		return r;
	r = tune_levels_read(b, o->ptt, level, &e);
	if (r)
		snprintf(err, errlen, "%s", e.msg);
	backend_close(b);
	return r;
}

/* Writes level where the device holds the search's own last write; *kept: the others that differ.
 */
static int put_back(struct backend *b, const struct diag_search_opts *o, const struct hold *h,
		    const int level[HISI_PTT_TUNE_NPARAM], struct diag_search_result *res,
		    struct tool_err *e)
{
	int *cur = res->kept_level;
	unsigned mine, differ = 0;
	int r = tune_levels_read(b, o->ptt, cur, e);

	if (r)
		return r;
	mine = h ? hold_restore_mask(hold_own(h), cur) : TUNE_LEVELS_ALL;
	for (int i = 0; i < HISI_PTT_TUNE_NPARAM; i++)
		differ |= cur[i] != level[i] ? 1u << i : 0;
	res->kept = differ & ~mine;
	return tune_levels_write(b, o->ptt, level, differ & mine, e);
}

int search_write_levels(const struct diag_search_opts *o, const struct hold *h,
			const int level[HISI_PTT_TUNE_NPARAM], struct diag_search_result *res,
			char *err, size_t errlen)
{
	struct backend *b;
	struct tool_err e;
	int saved, r = open_backend(o, 0, &b, err, errlen);

	if (r)
		return r;
	r = put_back(b, o, h, level, res, &e);
	if (r)
		snprintf(err, errlen, "%s", e.msg);
	saved = backend_close(b);
	if (!r && saved) {
		snprintf(err, errlen, "the levels were not saved: %s", strerror(-saved));
		r = saved;
	}
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

static int count_run(struct backend *b, const struct diag_search_opts *o, double *v, char *err,
		     size_t errlen)
{
	struct tool_err e;
	uint64_t elapsed;
	int status = 0, r = event_list_open(o->events, b, &e);

	if (r) {
		snprintf(err, errlen, "cannot open the events: %s", e.msg);
		return r;
	}
	r = b->ops->run(b, o->argv, poll_stop, NULL, &elapsed, &status);
	if (!r)
		r = event_list_read(o->events, &e);
	if (!r && !interrupt_requested() && !status && target(o, v))
		r = -ENODATA;
	event_list_close(o->events);
	if (r == -EINTR || interrupt_requested())
		return -EINTR;
	if (r == -ENODATA)
		snprintf(err, errlen, "the pair counted nothing (its extended counter is 0)");
	else if (r)
		snprintf(err, errlen, "running '%s': %s", o->argv[0], strerror(-r));
	else if (status) {
		snprintf(err, errlen, "'%s' exited with status %d", o->argv[0], status);
		r = -ECHILD;
	}
	return r;
}

/*
 * The hold says what is being written before the write and what was kept
 * after the close (which saves it, on the emulated machine): should the
 * search die in between, the device holds one or the other.
 */
int search_measure(const struct diag_search_opts *o, struct hold *h,
		   const int level[HISI_PTT_TUNE_NPARAM], unsigned rep, double *v, char *err,
		   size_t errlen)
{
	struct backend *b;
	struct tool_err e;
	int w, r = hold_note(h, HOLD_NEXT, level);

	if (r) {
		snprintf(err, errlen, "cannot note the levels in the search's hold: %s",
			 strerror(-r));
		return r;
	}
	r = open_backend(o, rep, &b, err, errlen);
	if (r)
		return r;
	r = w = tune_levels_write(b, o->ptt, level, TUNE_LEVELS_ALL, &e);
	if (r)
		snprintf(err, errlen, "%s", e.msg);
	if (!r)
		r = count_run(b, o, v, err, errlen);
	if (!backend_close(b) && !w)
		hold_note(h, HOLD_LAST, level);
	return r;
}
