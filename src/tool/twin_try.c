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

#include <pciescope/tool/ptt_tune.h>

#include "twin_internal.h"

/* The levels the change sets (-1 in c->level: left alone). */
static unsigned changed_levels(const struct twin_change *c)
{
	unsigned mask = 0;

	for (int i = 0; i < HISI_PTT_TUNE_NPARAM; i++)
		mask |= c->level[i] >= 0 ? 1u << i : 0;
	return mask;
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

static int count(struct backend *b, const struct twin_try_opts *o, double *v, struct error *e)
{
	uint64_t elapsed;
	int status = 0, r = event_list_open(o->events, b, e);

	if (r)
		return r;
	r = b->ops->run(b, o->argv, NULL, NULL, &elapsed, &status);
	if (r)
		error_set_errno(e, r, "running '%s'", o->argv[0]);
	else if (status)
		r = error_set(e, -ECHILD, "'%s' exited with status %d", o->argv[0], status);
	else if (!(r = event_list_read(o->events, e)))
		values(o->events, v);
	event_list_close(o->events);
	return r;
}

/* One run; with the change's levels when changed, written back after. */
static int run(const struct twin_try_opts *o, bool changed, double *v, struct error *e)
{
	const struct twin_change *c = &o->change;
	struct backend_options bo = {
	    .kind = "emulated",
	    .platform = changed && c->platform ? c->platform : o->platform,
	    .workload = "replay",
	    .replay = changed && c->model ? c->model : o->model,
	    .seed = o->seed,
	};
	int old[HISI_PTT_TUNE_NPARAM], r, put = 0;
	struct backend *b;

	r = backend_open(&bo, &b, e);
	if (r)
		return error_wrap(e, "cannot boot the twin on %s",
				  bo.platform ? bo.platform : "kunpeng930");
	if (changed && c->ptt) {
		ptt_tune_read(b, c->ptt, old, NULL);
		r = ptt_tune_write(b, c->ptt, c->level, changed_levels(c), e);
	}
	if (!r)
		r = count(b, o, v, e);
	if (changed && c->ptt)
		put = ptt_tune_write(b, c->ptt, old, changed_levels(c), r ? &(struct error){0} : e);
	if (backend_close(b) && !r && !put)
		r = error_set(e, -EIO, "the levels of %s were not saved back", c->ptt);
	return r ? r : put;
}

int twin_try(const struct twin_try_opts *o, double *before, double *after, struct error *e)
{
	int r = run(o, false, before, e);

	return r ? r : run(o, true, after, e);
}
