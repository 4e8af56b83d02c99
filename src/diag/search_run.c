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

static int levels_io(struct backend *b, const struct diag_search_opts *o, int level[], bool write,
		     char *err, size_t errlen)
{
	struct error e;
	int r = write ? ptt_tune_write(b, o->ptt, level, &e) : ptt_tune_read(b, o->ptt, level, &e);

	if (r)
		snprintf(err, errlen, "%s", e.msg);
	return r;
}

static int read_levels(const struct diag_search_opts *o, int level[HISI_PTT_TUNE_NPARAM], char *err,
		       size_t errlen)
{
	struct backend *b;
	int r = open_backend(o, 0, &b, err, errlen);

	if (r)
		return r;
	r = levels_io(b, o, level, false, err, errlen);
	backend_close(b);
	return r;
}

static int write_levels(const struct diag_search_opts *o, const int level[HISI_PTT_TUNE_NPARAM],
			char *err, size_t errlen)
{
	int copy[HISI_PTT_TUNE_NPARAM], saved;
	struct backend *b;
	int r = open_backend(o, 0, &b, err, errlen);

	if (r)
		return r;
	memcpy(copy, level, sizeof(copy));
	r = levels_io(b, o, copy, true, err, errlen);
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
	struct error e;
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

static int measure(const struct diag_search_opts *o, const int level[HISI_PTT_TUNE_NPARAM],
		   unsigned rep, double *v, char *err, size_t errlen)
{
	int copy[HISI_PTT_TUNE_NPARAM];
	struct backend *b;
	int r = open_backend(o, rep, &b, err, errlen);

	if (r)
		return r;
	memcpy(copy, level, sizeof(copy));
	r = levels_io(b, o, copy, true, err, errlen);
	if (!r)
		r = count_run(b, o, v, err, errlen);
	backend_close(b);
	return r;
}

const struct search_ops search_backend_ops = {read_levels, write_levels, measure};
