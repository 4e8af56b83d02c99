// SPDX-License-Identifier: GPL-2.0-only
/*
 * Non-posted request -> completion matching.  Outstanding requests live in
 * an open-addressing table keyed by (Requester ID, 10-bit tag) with linear
 * probing and backward-shift deletion, so a lookup touches one or two cache
 * lines and nothing is allocated per request.  A request is closed by the
 * completion whose Byte Count says that no bytes remain after it (split
 * completions count down), or by any completion with an error status.
 */
#include <errno.h>
#include <stdlib.h>

#include "analysis_priv.h"

static uint32_t req_key(const struct tlp_brief *b)
{
	return ((uint32_t)b->requester << 10 | (b->tag & 0x3ff)) + 1;
}

static uint32_t home(const struct open_table *t, uint32_t key)
{
	uint32_t x = key * 0x9e3779b1u;

	return (x ^ (x >> 15)) & t->mask;
}

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

/* Slot of key, or of the free slot where it would go. */
static uint32_t find(const struct open_table *t, uint32_t key)
{
	uint32_t i = home(t, key);

	while (t->slot[i].key && t->slot[i].key != key)
		i = (i + 1) & t->mask;
	return i;
}

static void erase(struct open_table *t, uint32_t i)
{
	uint32_t j = i;

	for (;;) {
		j = (j + 1) & t->mask;
		if (!t->slot[j].key)
			break;
		if (((j - home(t, t->slot[j].key)) & t->mask) >= ((j - i) & t->mask)) {
			t->slot[i] = t->slot[j];
			i = j;
		}
	}
	t->slot[i].key = 0;
	t->used--;
}

static int grow(struct open_table *t)
{
	struct open_table n;

	if (open_table_init(&n, (t->mask + 1) * 2))
		return -ENOMEM;
	for (uint32_t i = 0; i <= t->mask; i++)
		if (t->slot[i].key)
			n.slot[find(&n, t->slot[i].key)] = t->slot[i];
	n.used = t->used;
	free(t->slot);
	*t = n;
	return 0;
}

void match_request(struct analysis *a, const struct tlp_brief *b, uint32_t lat)
{
	struct open_table *t = &a->open;
	uint32_t key = req_key(b), i;

	if ((t->used + 1) * 2 > t->mask + 1 && grow(t)) {
		a->sum.unmatched_requests++;
		return;
	}
	i = find(t, key);
	if (t->slot[i].key)
		a->sum.unmatched_requests++; /* tag reused: its completion never came */
	else
		t->used++;
	t->slot[i] = (struct open_req){.key = key, .lat = lat, .start = a->now};
}

/* Payload bytes this completion carries of the remaining Byte Count. */
static uint32_t cpl_carried(const struct tlp_brief *b)
{
	uint32_t len = b->payload, skip = b->lower_address & 3;

	return len > skip ? len - skip : 0;
}

static bool cpl_is_last(const struct tlp_brief *b, uint32_t carried)
{
	uint32_t bc = b->byte_count ? b->byte_count : 4096;

	if (b->status != TLP_CPL_SC || b->kind == TLP_CPL || b->kind == TLP_CPLLK)
		return true;
	return bc <= carried;
}

static void close_request(struct analysis *a, struct open_req *r, const struct tlp_brief *b)
{
	struct analysis_lat *l = (struct analysis_lat *)a->lats.items + r->lat;

	lat_hist_add(&l->hist, a->now - r->start);
	l->completions += r->ncpl;
	l->bytes += r->bytes;
	a->sum.matched++;
	if (a->o.on_txn) {
		struct analysis_txn x = {
		    .requester = b->requester,
		    .completer = b->completer,
		    .tag = b->tag & 0x3ff,
		    .kind = l->kind,
		    .status = b->status,
		    .ncpl = r->ncpl,
		    .bytes = r->bytes,
		    .start = r->start,
		    .end = a->now,
		};
		a->o.on_txn(a->o.ctx, &x);
	}
}

void match_completion(struct analysis *a, const struct tlp_brief *b)
{
	struct open_table *t = &a->open;
	uint32_t i = find(t, req_key(b)), carried, bc;
	struct open_req *r = &t->slot[i];

	if (!r->key) {
		a->sum.unmatched_completions++;
		return;
	}
	carried = cpl_carried(b);
	bc = b->byte_count ? b->byte_count : 4096;
	r->ncpl++;
	r->bytes += carried < bc ? carried : bc;
	if (cpl_is_last(b, carried)) {
		close_request(a, r, b);
		erase(t, i);
	}
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
}
