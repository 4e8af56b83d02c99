// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tune search's strategy (diag/search.h): coordinate descent from the
 * starting levels, a check of every two-parameter neighbour, a cache of
 * measured candidates, and the levels written back whatever happens.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/backend/interrupt.h>

#include "search_internal.h"

#define MAX_ROUNDS 8

struct search {
	const struct search_ops *ops;
	const struct diag_search_opts *o;
	struct diag_search_result *r;
	struct hold *hold; /* the device's levels, while the search runs */
	struct error *e;
};

static long find(const struct search *s, const int level[])
{
	for (size_t i = 0; i < s->r->n; i++)
		if (!memcmp(s->r->c[i].level, level, sizeof(s->r->c[i].level)))
			return (long)i;
	return -1;
}

static int add(struct search *s, const int level[], struct diag_candidate **out)
{
	struct diag_search_result *r = s->r;

	if (r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 32;
		struct diag_candidate *p = realloc(r->c, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		r->c = p;
		r->cap = cap;
	}
	*out = &r->c[r->n];
	memset(*out, 0, sizeof(**out));
	memcpy((*out)->level, level, sizeof((*out)->level));
	return 0;
}

/* Runs the candidate repeat times unless measured already; its index in *idx. */
static int measure(struct search *s, const int level[], size_t *idx)
{
	long have = find(s, level);
	struct diag_candidate *c;
	double sum = 0, sq = 0;
	int err;

	if (have >= 0) {
		*idx = (size_t)have;
		return 0;
	}
	err = add(s, level, &c);
	for (unsigned k = 0; !err && k < s->o->repeat; k++) {
		double v;

		err = s->ops->measure(s->o, s->hold, level, k, &v, s->e);
		if (err)
			break;
		s->r->runs++;
		c->runs++;
		sum += v;
		sq += v * v;
		c->min = k && c->min < v ? c->min : v;
		c->max = k && c->max > v ? c->max : v;
	}
	if (err)
		return err;
	c->mean = sum / c->runs;
	c->sd = c->runs > 1 ? sqrt(fmax(0, (sq - sum * sum / c->runs) / (c->runs - 1))) : 0;
	*idx = s->r->n++;
	if (s->o->progress)
		s->o->progress(s->o->ctx, c);
	return 0;
}

static bool better(const struct search *s, size_t a, size_t b)
{
	double x = s->r->c[a].mean, y = s->r->c[b].mean;

	return s->o->minimize ? x < y : x > y;
}

/* Tries level with the best so far; makes it the best when it wins. */
static int try(struct search *s, const int level[], bool *moved)
{
	size_t i;
	int err = measure(s, level, &i);

	if (!err && better(s, i, s->r->best)) {
		s->r->best = i;
		*moved = true;
	}
	return err;
}

static int descend(struct search *s, bool *moved)
{
	bool pass = true;
	int err = 0;

	for (int round = 0; pass && !err && round < MAX_ROUNDS; round++) {
		pass = false;
		for (int p = 0; p < HISI_PTT_TUNE_NPARAM && !err; p++) {
			int level[HISI_PTT_TUNE_NPARAM];

			for (int v = 0; s->o->search[p] && v < HISI_PTT_TUNE_LEVELS && !err; v++) {
				memcpy(level, s->r->c[s->r->best].level, sizeof(level));
				level[p] = v;
				err = try(s, level, &pass);
			}
		}
		*moved |= pass;
	}
	return err;
}

static int neighbours(struct search *s, bool *moved)
{
	int base[HISI_PTT_TUNE_NPARAM], err = 0;

	memcpy(base, s->r->c[s->r->best].level, sizeof(base));
	for (int p = 0; p < HISI_PTT_TUNE_NPARAM && !err; p++)
		for (int q = p + 1; q < HISI_PTT_TUNE_NPARAM && !err; q++)
			for (int d = 0; s->o->search[p] && s->o->search[q] && d < 4 && !err; d++) {
				int level[HISI_PTT_TUNE_NPARAM];

				memcpy(level, base, sizeof(level));
				level[p] += d & 1 ? 1 : -1;
				level[q] += d & 2 ? 1 : -1;
				if (level[p] < 0 || level[p] > 2 || level[q] < 0 || level[q] > 2)
					continue;
				err = try(s, level, moved);
			}
	return err;
}

static int grid(struct search *s)
{
	int total = 1, err = 0;
	bool moved;

	for (int p = 0; p < HISI_PTT_TUNE_NPARAM; p++)
		total *= s->o->search[p] ? HISI_PTT_TUNE_LEVELS : 1;
	for (int g = 0; g < total && !err; g++) {
		int level[HISI_PTT_TUNE_NPARAM], rest = g;

		memcpy(level, s->r->c[0].level, sizeof(level));
		for (int p = 0; p < HISI_PTT_TUNE_NPARAM; p++) {
			if (!s->o->search[p])
				continue;
			level[p] = rest % HISI_PTT_TUNE_LEVELS;
			rest /= HISI_PTT_TUNE_LEVELS;
		}
		err = try(s, level, &moved);
	}
	return err;
}

static int strategy(struct search *s)
{
	bool moved = true;
	int err = 0;

	if (s->o->grid)
		return grid(s);
	for (int round = 0; moved && !err && round < MAX_ROUNDS; round++) {
		moved = false;
		err = descend(s, &moved);
		if (!err)
			err = neighbours(s, &moved);
	}
	return err;
}

/* Takes the device's levels and reads where they start; the hold stays only when this succeeds. */
static int begin(struct search *s, int start[HISI_PTT_TUNE_NPARAM])
{
	const struct diag_search_opts *o = s->o;
	int ret = hold_take(&o->bo, HOLD_SEARCH, o->ptt, "tune --search", o->wait, &s->hold,
			    &s->r->busy, s->e);

	if (ret)
		return ret;
	memset(&s->r->busy, 0, sizeof(s->r->busy));
	ret = s->ops->read_levels(o, start, s->e);
	if (!ret && (ret = hold_note(s->hold, HOLD_START, start)))
		error_set_errno(s->e, ret, "cannot note the starting levels in the search's hold");
	if (ret) {
		hold_release(s->hold);
		s->hold = NULL;
	}
	return ret;
}

int diag_search(const struct diag_search_opts *o, struct diag_search_result *r, struct error *e)
{
	return search_with(&search_backend_ops, o, r, e);
}

int search_with(const struct search_ops *ops, const struct diag_search_opts *o,
		struct diag_search_result *r, struct error *e)
{
	struct search s = {.ops = ops, .o = o, .r = r, .e = e};
	int start[HISI_PTT_TUNE_NPARAM], ret, wr;
	struct error werr;
	size_t idx;

	memset(r, 0, sizeof(*r));
	ret = begin(&s, start);
	if (ret)
		return ret;
	ret = measure(&s, start, &idx);
	if (!ret)
		ret = strategy(&s);
	if (interrupt_requested())
		ret = error_set(e, -EINTR, "stopped");
	/* the run's own error stays the one told; a failed restore is told when nothing else is */
	wr = ops->write_levels(o, s.hold, o->apply && !ret ? r->c[r->best].level : start, r, &werr);
	hold_release(s.hold);
	r->restored = !wr;
	if (wr && !ret) {
		*e = werr;
		ret = wr;
	}
	return ret;
}

void diag_search_free(struct diag_search_result *r)
{
	free(r->c);
	memset(r, 0, sizeof(*r));
}

double diag_search_gain(const struct diag_search_opts *o, const struct diag_search_result *r,
			size_t i)
{
	double start = r->c[0].mean, v = r->c[i].mean;

	if (!r->n || start == 0)
		return 0;
	return 100.0 * (o->minimize ? start - v : v - start) / fabs(start);
}
