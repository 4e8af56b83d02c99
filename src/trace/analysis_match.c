// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rare paths of request matching (see analysis_match.h for the per-TLP
 * part): the table's life cycle and growth, closing a request with its
 * latency, and the end of the stream.
 */
#include <errno.h>
#include <stdlib.h>

#include "analysis_match.h"

int open_table_init(struct open_table *t, uint32_t capacity)
{
	t->slot = calloc(capacity, sizeof(*t->slot));
	if (!t->slot)
		return -ENOMEM;
	t->mask = capacity - 1;
	t->used = 0;
	return 0;
}

void open_table_free(struct open_table *t)
{
	free(t->slot);
	t->slot = NULL;
}

void open_erase(struct open_table *t, uint32_t i)
{
	uint32_t j = i;

	for (;;) {
		j = (j + 1) & t->mask;
		if (!t->slot[j].key)
			break;
		if (((j - open_home(t, t->slot[j].key)) & t->mask) >= ((j - i) & t->mask)) {
			t->slot[i] = t->slot[j];
			i = j;
		}
	}
	t->slot[i].key = 0;
	t->used--;
}

int open_grow(struct open_table *t)
{
	struct open_table n;

	if (open_table_init(&n, (t->mask + 1) * 2))
		return -ENOMEM;
	for (uint32_t i = 0; i <= t->mask; i++)
		if (t->slot[i].key)
			n.slot[open_find(&n, t->slot[i].key)] = t->slot[i];
	n.used = t->used;
	free(t->slot);
	*t = n;
	return 0;
}

int open_room(struct analysis *a)
{
	if (a->open.used >= ANALYSIS_MAX_OPEN) {
		a->fold.untracked++;
		a->seg_full |= a->segment;
		return -ENOSPC;
	}
	return open_grow(&a->open);
}

void match_close(struct analysis *a, uint32_t i, struct tlp_brief b, uint64_t now)
{
	if (a->o.on_txn) {
		const struct open_req *r = &a->open.slot[i];
		const struct analysis_lat *l = lat_at(a, r->lat);
		struct analysis_txn x = {
		    .requester = b.requester,
		    .completer = b.completer,
		    .tag = b.tag & 0x3ff,
		    .kind = l->kind,
		    .status = b.status,
		    .ncpl = r->ncpl,
		    .bytes = r->bytes,
		    .start = r->start,
		    .end = now,
		};
		a->o.on_txn(a->o.ctx, &x);
	}
	open_close(a, i, now);
}

static void merge_lat(struct analysis_lat *dst, const struct analysis_lat *src)
{
	dst->requests += src->requests;
	dst->completions += src->completions;
	dst->bytes += src->bytes;
	lat_hist_merge(&dst->hist, &src->hist);
}

/* Per-kind and overall latencies are merged once here, not on every completion. */
void match_finish(struct analysis *a)
{
	const struct analysis_lat *l = a->lats.items;

	a->sum.open_at_end = a->open.used;
	a->sum.unmatched_requests += a->open.used;
	for (size_t i = 0; i < a->lats.n; i++) {
		merge_lat(&a->kind_lat[l[i].kind], &l[i]);
		merge_lat(&a->all_lat, &l[i]);
	}
	for (int k = 0; k < TLP_KIND_COUNT; k++) {
		merge_lat(&a->kind_lat[k], &a->fold.latency[k]);
		merge_lat(&a->all_lat, &a->fold.latency[k]);
	}
}
