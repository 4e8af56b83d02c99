// SPDX-License-Identifier: GPL-2.0-only
/*
 * Segments: a trace cut into consecutive stretches, each analysed by its own
 * analyser, then merged in order into the analyser of the first one with
 * exactly the results one analyser fed everything would have.
 *
 * Counts add up.  Two things cross a cut:
 *
 * Time.  A segment unwraps its time from its own first entry.  At the merge
 * the first entry's raw time, the format and the previous stretch's last
 * raw time give where the segment starts on the merged clock (the same step
 * clock_tick takes), and the segment's times shift by that much.
 *
 * Requests still open at the cut.  In one pass the first thing that
 * happens to such a key after the cut is either a completion (it matches
 * the open request) or a new request (the old one counts as unmatched, its
 * tag reused).  A segment cannot tell, so it records its orphans, the
 * completions it found no request for, as long as it has not requested
 * that key itself and no orphan closed it yet; and per requester one bit
 * for each tag it requested at all.  The merge replays the orphans against
 * the requests open at the end of the previous stretch, then drops those
 * the segment requested again, then adds the segment's own open requests.
 *
 * The bandwidth timeline and on_txn need absolute times and order during
 * the pass, so an analyser with either cannot have segments.
 *
 * Bounded tables.  Keys are merged in the segment's order of first
 * appearance, which is their order in one pass, so the merged analyser
 * keeps and folds the keys one pass would.  A segment that folded a key
 * itself, followed no more requests (ANALYSIS_MAX_OPEN) or kept no more
 * orphans is full: the stretch before it may own what it let go, so it
 * refuses the merge (-EAGAIN) and its stretch is fed to the analyser
 * before it instead (analysis_spans.c).  So is one whose requests open at
 * once, added to those open before it, could have exceeded
 * ANALYSIS_MAX_OPEN in one pass.
 */
#include <errno.h>
#include <stdlib.h>

#include "analysis_match.h"

int analysis_create_segment(const struct analysis *first, struct analysis **out)
{
	struct analysis *s;
	int err;

	if (!first->o.no_timeline || first->o.on_txn)
		return -EINVAL;
	err = analysis_create(&first->o, &s);
	if (err)
		return err;
	s->segment = true;
	s->seg_tags.size = sizeof(struct seg_tags);
	s->orphans.size = sizeof(struct orphan);
	*out = s;
	return 0;
}

struct seg_tags *segment_tags(struct analysis *a, long node)
{
	static const struct seg_tags none;

	if (node == NODE_OTHER)
		return NULL; /* a full segment, never merged */
	while (a->seg_tags.n <= (size_t)node)
		if (vec_push(&a->seg_tags, &none)) {
			a->seg_oom = true;
			return NULL;
		}
	return (struct seg_tags *)a->seg_tags.items + node;
}

/* The bit of key in s's requested (or closed) tags; 0 for a requester never seen. */
static bool tag_bit(const struct analysis *s, uint32_t key, bool closed)
{
	uint32_t rid = (key - 1) >> 10, tag = (key - 1) & 0x3ff;
	size_t node = (size_t)s->req_idx[rid] - 1;
	const struct seg_tags *t;

	if (!s->req_idx[rid] || node >= s->seg_tags.n)
		return false; /* also NODE_OTHER */
	t = (const struct seg_tags *)s->seg_tags.items + node;
	return (closed ? t->closed : t->requested)[tag >> 6] >> (tag & 63) & 1;
}

void segment_orphan(struct analysis *a, const struct tlp_brief *b, uint32_t key, uint64_t now)
{
	struct orphan o = {
	    .key = key, .bytes = cpl_bytes(b), .now = now, .last = cpl_is_last(b, cpl_carried(b))};
	struct seg_tags *t;

	if (tag_bit(a, key, false) || tag_bit(a, key, true))
		return; /* the stretch before cannot own it: unmatched either way */
	if (a->orphans.n == SEG_MAX_ORPHANS) {
		a->seg_full = true;
		return;
	}
	if (vec_push(&a->orphans, &o)) {
		a->seg_oom = true;
		return;
	}
	if (o.last && a->req_idx[b->requester]) {
		t = segment_tags(a, (long)a->req_idx[b->requester] - 1);
		if (t)
			t->closed[(b->tag & 0x3ff) >> 6] |= 1ull << (b->tag & 63);
	}
}

/* Where the segment's times land on a's clock, as a difference to add. */
static uint64_t segment_shift(const struct analysis *a, const struct analysis *s)
{
	uint64_t start = a->clk.t.now;

	if (s->clk.first_fmt == a->clk.t.fmt)
		start += ((uint32_t)s->sum.first - a->clk.t.last_raw) & ptt_time_mask(a->clk.t.fmt);
	return start - s->sum.first;
}

static void add_counts(struct analysis_counts *d, const struct analysis_counts *c)
{
	d->tlps += c->tlps;
	d->payload_bytes += c->payload_bytes;
	d->header_bytes += c->header_bytes;
}

static void add_summary(struct analysis_summary *d, const struct analysis_summary *s)
{
	d->entries += s->entries;
	d->undecoded += s->undecoded;
	d->matched += s->matched;
	d->unmatched_requests += s->unmatched_requests;
	d->unmatched_completions += s->unmatched_completions;
}

static int merge_nodes(struct analysis *a, bool cpl, const struct vec *from)
{
	const struct analysis_node *n = from->items;

	for (size_t i = 0; i < from->n; i++) {
		long j = cpl ? completer_of(a, n[i].rid) : requester_of(a, n[i].rid);
		struct analysis_node *d;

		if (j < 0)
			return -ENOMEM;
		d = cpl ? node_at(&a->cpls, &a->fold.completer, j)
			: node_at(&a->reqs, &a->fold.requester, j);
		for (int c = 0; c < ANALYSIS_NCLASS; c++)
			add_counts(&d->cls[c], &n[i].cls[c]);
	}
	return 0;
}

/* Adds s's latency slots to a's; map[i]: a's slot of s's slot i. */
static int merge_lats(struct analysis *a, const struct analysis *s, uint32_t *map)
{
	const struct analysis_lat *l = s->lats.items;

	for (size_t i = 0; i < s->lats.n; i++) {
		long node = requester_of(a, l[i].requester);
		long j = node < 0 ? -1 : lat_of(a, node, l[i].kind);
		struct analysis_lat *d;

		if (j < 0)
			return -ENOMEM;
		d = lat_at(a, (uint32_t)j);
		d->requests += l[i].requests;
		d->completions += l[i].completions;
		d->bytes += l[i].bytes;
		lat_hist_merge(&d->hist, &l[i].hist);
		map[i] = (uint32_t)j;
	}
	return 0;
}

/* The completions the segment could not match that a's open requests own. */
static void replay_orphans(struct analysis *a, const struct analysis *s, uint64_t shift)
{
	const struct orphan *o = s->orphans.items;

	for (size_t k = 0; k < s->orphans.n; k++) {
		uint32_t i = open_find(&a->open, o[k].key);
		struct open_req *r = &a->open.slot[i];

		if (!r->key)
			continue;
		a->sum.unmatched_completions--;
		r->ncpl++;
		r->bytes += o[k].bytes;
		if (o[k].last)
			open_close(a, i, o[k].now + shift);
	}
}

static void insert(struct open_table *t, const struct open_req *r)
{
	t->slot[open_find(t, r->key)] = *r;
	t->used++;
}

/* Drops a's open requests whose tag the segment requested again (after the cut). */
static int drop_reused(struct analysis *a, const struct analysis *s)
{
	struct vec drop = {.size = sizeof(uint32_t)};
	const uint32_t *key;
	uint32_t seen = 0;

	for (uint32_t i = 0; seen < a->open.used; i++) {
		uint32_t k = a->open.slot[i].key;

		seen += k != 0;
		if (k && tag_bit(s, k, false) && vec_push(&drop, &k)) {
			vec_free(&drop);
			return -ENOMEM;
		}
	}
	key = drop.items;
	for (size_t i = 0; i < drop.n; i++)
		open_erase(&a->open, open_find(&a->open, key[i]));
	a->sum.unmatched_requests += drop.n;
	vec_free(&drop);
	return 0;
}

/* a's open requests the segment did not request again, then the segment's own. */
static int carry_open(struct analysis *a, const struct analysis *s, const uint32_t *map,
		      uint64_t shift)
{
	uint32_t seen = 0;
	int err = drop_reused(a, s);

	for (uint32_t i = 0; !err && seen < s->open.used; i++) {
		struct open_req r = s->open.slot[i];

		if (!r.key)
			continue;
		seen++;
		if ((a->open.used + 1) * 2 > a->open.mask + 1 && open_grow(&a->open))
			return -ENOMEM;
		r.lat = map[r.lat];
		r.start += shift;
		insert(&a->open, &r);
	}
	return err;
}

static void merge_clock(struct analysis *a, const struct analysis *s, uint64_t shift)
{
	if (!a->clk.t.started) {
		a->clk.t.started = true;
		a->clk.first_fmt = s->clk.first_fmt;
		a->sum.first = s->sum.first;
	}
	a->clk.t.fmt = s->clk.t.fmt;
	a->clk.t.last_raw = s->clk.t.last_raw;
	a->clk.t.now = s->clk.t.now + shift;
	a->sum.last = a->clk.t.now;
}

int analysis_merge(struct analysis *a, const struct analysis *s)
{
	uint64_t shift = a->clk.t.started ? segment_shift(a, s) : 0;
	uint32_t *map;
	int err;

	if (s->seg_oom)
		return -ENOMEM;
	if (s->seg_full || a->open.used + s->open_peak > ANALYSIS_MAX_OPEN)
		return -EAGAIN;
	if (!s->clk.t.started)
		return 0;
	map = malloc((s->lats.n + 1) * sizeof(*map));
	if (!map)
		return -ENOMEM;
	add_summary(&a->sum, &s->sum);
	for (int d = 0; d < ANALYSIS_NDIR; d++)
		for (int k = 0; k < TLP_KIND_COUNT; k++)
			add_counts(&a->kind[d][k], &s->kind[d][k]);
	err = merge_nodes(a, false, &s->reqs);
	if (!err)
		err = merge_nodes(a, true, &s->cpls);
	if (!err)
		err = merge_lats(a, s, map);
	if (!err) {
		replay_orphans(a, s, shift);
		err = carry_open(a, s, map, shift);
	}
	if (!err)
		merge_clock(a, s, shift);
	free(map);
	return err;
}
