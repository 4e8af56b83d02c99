// SPDX-License-Identifier: GPL-2.0-only
/*
 * Advice tried on a twin: the same traffic, from the same seed, once as it
 * was and once with a change (tune levels, another platform file, another
 * model), counted alike.  Each run opens its own machine, as the tune
 * search does, so the two see the very same devices; levels written for a
 * run are written back before it closes, so nothing a user set is lost.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/backend/sysfs_read.h>

#include "twin_internal.h"

/* Reads (write false) or writes the levels of ptt set in level[] (-1: left alone). */
static int levels_io(struct backend *b, const char *ptt, int level[], bool write,
		     struct tool_err *e)
{
	for (int i = 0; i < HISI_PTT_TUNE_NPARAM; i++) {
		char path[384], buf[16];
		ssize_t n;

		if (level[i] < 0)
			continue;
		snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/tune/%s", ptt,
			 hisi_ptt_tune_params[i]);
		if (write) {
			snprintf(buf, sizeof(buf), "%d", level[i]);
			n = b->ops->sysfs_write(b, path, buf, strlen(buf));
		} else {
			n = backend_read_line(b, path, buf, sizeof(buf));
			level[i] = n > 0 ? atoi(buf) : level[i];
		}
		if (n < 0)
			return tool_fail_errno(e, (int)n, "%s %s", write ? "writing" : "reading",
					       path);
	}
	return 0;
}

static void values(const struct event_list *l, double *v)
{
	for (size_t i = 0; i < l->n; i++) {
		const struct event *ev = &l->ev[i];
		const char *unit;

		v[i] = count_scaled(&ev->cur);
		if (ev->metric != HISI_PCIE_OTHER && ev->partner >= 0 &&
		    !hisi_pcie_metric(ev->metric, v[i], count_scaled(&l->ev[ev->partner].cur),
				      &v[i], &unit))
			v[i] = 0;
	}
}

static int count(struct backend *b, const struct twin_try_opts *o, double *v, struct tool_err *e)
{
	uint64_t elapsed;
	int status = 0, r = event_list_open(o->events, b, e);

	if (r)
		return r;
	r = b->ops->run(b, o->argv, NULL, NULL, &elapsed, &status);
	if (r)
		tool_fail_errno(e, r, "running '%s'", o->argv[0]);
	else if (status)
		r = tool_fail(e, -ECHILD, "'%s' exited with status %d", o->argv[0], status);
	else if (!(r = event_list_read(o->events, e)))
		values(o->events, v);
	event_list_close(o->events);
	return r;
}

/* One run; with the change's levels when changed, written back after. */
static int run(const struct twin_try_opts *o, bool changed, double *v, struct tool_err *e)
{
	const struct twin_change *c = &o->change;
	struct backend_options bo = {
	    .kind = "emulated",
	    .platform = changed && c->platform ? c->platform : o->platform,
	    .workload = "replay",
	    .replay = changed && c->model ? c->model : o->model,
	    .seed = o->seed,
	};
	int old[HISI_PTT_TUNE_NPARAM], want[HISI_PTT_TUNE_NPARAM], r, put = 0;
	struct backend *b;
	char why[256] = "";

	r = backend_open(&bo, &b, why, sizeof(why));
	if (r)
		return tool_fail(e, r, "cannot boot the twin on %s: %s",
				 bo.platform ? bo.platform : "kunpeng930",
				 why[0] ? why : strerror(-r));
	memcpy(old, c->level, sizeof(old));
	memcpy(want, c->level, sizeof(want));
	if (changed && c->ptt) {
		r = levels_io(b, c->ptt, old, false, e);
		if (!r)
			r = levels_io(b, c->ptt, want, true, e);
	}
	if (!r)
		r = count(b, o, v, e);
	if (changed && c->ptt)
		put = levels_io(b, c->ptt, old, true, r ? &(struct tool_err){{0}} : e);
	if (backend_close(b) && !r && !put)
		r = tool_fail(e, -EIO, "the levels of %s were not saved back", c->ptt);
	return r ? r : put;
}

int twin_try(const struct twin_try_opts *o, double *before, double *after, struct tool_err *e)
{
	int r = run(o, false, before, e);

	return r ? r : run(o, true, after, e);
}
