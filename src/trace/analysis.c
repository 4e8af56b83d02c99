// SPDX-License-Identifier: GPL-2.0-only
/*
 * Life cycle and results of the trace analyser.  Class sums are derived from
 * the per-kind counts when asked for, so the hot path updates one counter
 * set per TLP instead of several.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_internal.h"

enum analysis_dir analysis_dir_of_setting(enum ptt_format f, unsigned direction)
{
	if (f == PTT_FMT_4DW)
		return direction == 0	? ANALYSIS_DIR_IN
		       : direction == 1 ? ANALYSIS_DIR_OUT
					: ANALYSIS_DIR_UNKNOWN;
	if (direction == 1)
		return ANALYSIS_DIR_OUT;
	return direction == 2 || direction == 3 ? ANALYSIS_DIR_IN : ANALYSIS_DIR_UNKNOWN;
}

const char *analysis_dir_name(enum analysis_dir d)
{
	return d == ANALYSIS_DIR_IN ? "in" : d == ANALYSIS_DIR_OUT ? "out" : "unknown";
}

static void lat_init(struct analysis_lat *l, enum tlp_kind k)
{
	memset(l, 0, sizeof(*l));
	l->kind = k;
	lat_hist_init(&l->hist);
}

/* The slots no requester owns: per kind, overall, and those of what was folded. */
static void lat_init_merged(struct analysis *a)
{
	for (int k = 0; k < TLP_KIND_COUNT; k++) {
		lat_init(&a->kind_lat[k], k);
		lat_init(&a->fold.latency[k], k);
	}
	lat_init(&a->all_lat, TLP_UNKNOWN);
}

static void lat_free_all(struct analysis *a)
{
	struct analysis_lat *l = a->lats.items;

	for (size_t i = 0; i < a->lats.n; i++)
		lat_hist_free(&l[i].hist);
	for (int k = 0; k < TLP_KIND_COUNT; k++) {
		lat_hist_free(&a->kind_lat[k].hist);
		lat_hist_free(&a->fold.latency[k].hist);
	}
	lat_hist_free(&a->all_lat.hist);
}

int analysis_create(const struct analysis_opts *o, struct analysis **out)
{
	struct analysis *a;

	if (o->tick_ns < 0)
		return -EINVAL;
	a = calloc(1, sizeof(*a));
	if (!a)
		return -ENOMEM;
	a->o = *o;
	a->filtered = !ptt_filter_none(&o->filter);
	if (a->o.tick_ns == 0)
		a->o.tick_ns = ANALYSIS_DEFAULT_TICK_NS;
	for (uint8_t fmt = 0; fmt < 8; fmt++) {
		int dws = tlp_header_dws(fmt);

		a->hdr_bytes[fmt] = (uint8_t)(dws > 0 ? 4 * dws : 0);
	}
	for (int k = 0; k < TLP_KIND_COUNT; k++)
		a->cls_of[k] = tlp_class_of(k);
	lat_init_merged(a);
	feed_plan_init(a);
	a->reqs.size = a->cpls.size = sizeof(struct analysis_node);
	a->req_lat_idx.size = sizeof(uint32_t) * TLP_KIND_COUNT;
	a->lats.size = sizeof(struct analysis_lat);
	if (timeline_init(a)) {
		analysis_destroy(a);
		return -EINVAL;
	}
	a->req_idx = calloc(RID_SPACE, sizeof(uint32_t));
	a->cpl_idx = calloc(RID_SPACE, sizeof(uint32_t));
	if (!a->req_idx || !a->cpl_idx || open_table_init(&a->open, OPEN_SLOTS_AT_START)) {
		analysis_destroy(a);
		return -ENOMEM;
	}
	*out = a;
	return 0;
}

void analysis_destroy(struct analysis *a)
{
	if (!a)
		return;
	lat_free_all(a);
	free(a->req_idx);
	free(a->cpl_idx);
	vec_free(&a->reqs);
	vec_free(&a->cpls);
	vec_free(&a->req_lat_idx);
	vec_free(&a->lats);
	vec_free(&a->win);
	open_table_free(&a->open);
	vec_free(&a->seg_tags);
	vec_free(&a->orphans);
	free(a);
}

/* Folded IDs are marked in idx but are in no node: then the whole index is cleared. */
static void forget_nodes(uint32_t *idx, struct vec *v, uint64_t folded)
{
	const struct analysis_node *n = v->items;

	if (folded)
		memset(idx, 0, RID_SPACE * sizeof(*idx));
	else
		for (size_t i = 0; i < v->n; i++)
			idx[n[i].rid] = 0;
	v->n = 0;
}

/*
 * Only what was used is cleared (a Requester ID table is 256 KiB), so a
 * reset costs about what the stream fed.
 */
void analysis_reset(struct analysis *a)
{
	forget_nodes(a->req_idx, &a->reqs, a->fold.requesters);
	forget_nodes(a->cpl_idx, &a->cpls, a->fold.completers);
	lat_free_all(a);
	memset(&a->fold, 0, sizeof(a->fold));
	lat_init_merged(a);
	a->req_lat_idx.n = a->lats.n = a->win.n = 0;
	a->open_peak = 0;
	a->seg_full = false;
	a->seg_tags.n = a->orphans.n = 0;
	a->seg_oom = false;
	memset(a->open.slot, 0, ((size_t)a->open.mask + 1) * sizeof(*a->open.slot));
	a->open.used = 0;
	a->clk = (struct clock){0};
	memset(&a->sum, 0, sizeof(a->sum));
	memset(a->kind, 0, sizeof(a->kind));
	a->win_end = 0;
	a->win_cur = 0;
	a->win_overflow = false;
	timeline_init(a);
}

void analysis_finish(struct analysis *a)
{
	match_finish(a);
}

double analysis_tick_ns(const struct analysis *a)
{
	return a->o.tick_ns;
}

bool analysis_clocked(const struct analysis *a)
{
	return a->clk.t.started;
}

const struct analysis_summary *analysis_summary(const struct analysis *a)
{
	return &a->sum;
}

const struct analysis_counts *analysis_kind(const struct analysis *a, enum analysis_dir d,
					    enum tlp_kind k)
{
	return &a->kind[d][k];
}

static void sum_into(struct analysis_counts *s, const struct analysis_counts *c)
{
	s->tlps += c->tlps;
	s->payload_bytes += c->payload_bytes;
	s->header_bytes += c->header_bytes;
}

struct analysis_counts analysis_class(const struct analysis *a, unsigned dir_mask, enum tlp_class c)
{
	struct analysis_counts s = {0};

	for (int d = 0; d < ANALYSIS_NDIR; d++)
		for (int k = 0; k < TLP_KIND_COUNT; k++)
			if ((dir_mask & (1u << d)) && k != TLP_UNKNOWN && a->cls_of[k] == c)
				sum_into(&s, &a->kind[d][k]);
	return s;
}

struct analysis_counts analysis_total(const struct analysis *a)
{
	struct analysis_counts s = {0};

	for (int d = 0; d < ANALYSIS_NDIR; d++)
		for (int k = 0; k < TLP_KIND_COUNT; k++)
			sum_into(&s, &a->kind[d][k]);
	return s;
}

const struct analysis_node *analysis_requesters(const struct analysis *a, size_t *n)
{
	*n = a->reqs.n;
	return a->reqs.items;
}

const struct analysis_node *analysis_completers(const struct analysis *a, size_t *n)
{
	*n = a->cpls.n;
	return a->cpls.items;
}

const struct analysis_lat *analysis_latencies(const struct analysis *a, size_t *n)
{
	*n = a->lats.n;
	return a->lats.items;
}

const struct analysis_folded *analysis_folded(const struct analysis *a)
{
	return &a->fold;
}

const struct analysis_lat *analysis_latency_of_kind(const struct analysis *a, enum tlp_kind k)
{
	return &a->kind_lat[k];
}

const struct analysis_lat *analysis_latency_all(const struct analysis *a)
{
	return &a->all_lat;
}

long analysis_windows(const struct analysis *a, const struct analysis_window **w,
		      uint64_t *width_ticks)
{
	*w = a->win.items;
	*width_ticks = a->win_ticks;
	return a->win_overflow ? -E2BIG : (long)a->win.n;
}
