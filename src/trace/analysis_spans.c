// SPDX-License-Identifier: GPL-2.0-only
/*
 * A trace analysed by several threads.  The spans are cut into one stretch
 * per thread at entry boundaries; the caller's thread takes the first
 * stretch with the caller's analyser, the others each a segment
 * (analysis_merge.c), and the segments are merged in order at the end, so
 * the results do not depend on the number of threads.  A filter by time
 * needs the absolute clock, which a segment learns only at the merge, so it
 * keeps to one thread.  Each thread reads
 * its stretch in pieces that stay in its CPU cache.
 *
 * A segment whose tables fill up (a corrupt trace naming thousands of
 * requesters) cannot be merged exactly; it stops at the next piece, and its
 * stretch and the later ones are fed to the caller's analyser in order
 * after the merges that did succeed, so the results stay those of one
 * pass, at the cost of one thread.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "analysis_priv.h"

/* Bytes read and analysed at a time: a multiple of both entry sizes. */
#define PIECE (256u << 10)
/* No thread gets less: below this, starting one costs more than it saves. */
#define MIN_STRETCH (64u << 10)

struct stretch {
	struct analysis *a;
	const struct analysis_span *span;
	size_t first, last;  /* spans [first, last] */
	uint64_t start, end; /* byte offsets in span[first] and span[last] */
	analysis_read_fn read;
	void *ctx;
	pthread_t thread;
	bool started;
	int err;
};

static int feed_range(struct stretch *s, const struct analysis_span *sp, uint64_t from, uint64_t to,
		      uint8_t *buf)
{
	for (uint64_t off = from; off < to;) {
		size_t n = to - off < PIECE ? (size_t)(to - off) : PIECE;
		int err = s->read(s->ctx, sp->pos + off, n, buf);

		if (err)
			return err;
		analysis_feed_entries(s->a, buf, n, sp->f, sp->d);
		if (s->a->seg_full)
			return -EAGAIN; /* the rest would be wasted: see finish */
		off += n;
	}
	return 0;
}

static void *run_stretch(void *arg)
{
	struct stretch *s = arg;
	uint8_t *buf = malloc(PIECE);

	s->err = buf ? 0 : -ENOMEM;
	for (size_t i = s->first; !s->err && i <= s->last; i++)
		s->err = feed_range(s, &s->span[i], i == s->first ? s->start : 0,
				    i == s->last ? s->end : s->span[i].len, buf);
	free(buf);
	return NULL;
}

/* Span and offset of byte g of the whole, rounded down to an entry of that span. */
static void locate(const struct analysis_span *sp, size_t nsp, uint64_t g, size_t *i, uint64_t *off)
{
	size_t k = 0;

	while (k + 1 < nsp && g >= sp[k].len)
		g -= sp[k++].len;
	if (g > sp[k].len)
		g = sp[k].len;
	*i = k;
	*off = g - g % ptt_entry_size(sp[k].f);
}

/* Cuts the spans into n stretches of about total / n bytes, on entry boundaries. */
static void cut(struct stretch *st, unsigned n, const struct analysis_span *sp, size_t nsp,
		uint64_t total)
{
	for (unsigned t = 0; t < n; t++) {
		locate(sp, nsp, total * t / n, &st[t].first, &st[t].start);
		if (t + 1 < n) {
			locate(sp, nsp, total * (t + 1) / n, &st[t].last, &st[t].end);
		} else {
			st[t].last = nsp - 1;
			st[t].end = sp[nsp - 1].len;
		}
	}
}

static unsigned thread_count(const struct analysis *a, unsigned threads, uint64_t total)
{
	uint64_t most = total / MIN_STRETCH;

	if (!a->o.no_timeline || a->o.on_txn || a->o.on_entry || a->o.filter.by_time || !threads)
		return 1;
	if (threads > most)
		threads = most ? (unsigned)most : 1;
	return threads;
}

static int start(struct stretch *st, unsigned n)
{
	for (unsigned t = 1; t < n; t++) {
		int err = analysis_create_segment(st[0].a, &st[t].a);

		if (err)
			return err;
		st[t].started = !pthread_create(&st[t].thread, NULL, run_stretch, &st[t]);
	}
	return 0;
}

/* Feeds stretch t to the caller's analyser: its segment could not be merged. */
static int feed_alone(struct stretch *st, unsigned t)
{
	st[t].a = st[0].a;
	run_stretch(&st[t]);
	st[t].a = NULL;
	return st[t].err;
}

static int finish(struct stretch *st, unsigned n, int err)
{
	bool alone = false; /* a segment was full: the later stretches are fed in order too */

	for (unsigned t = 1; t < n; t++) {
		if (st[t].started)
			pthread_join(st[t].thread, NULL);
		else if (st[t].a && !err && !alone)
			run_stretch(&st[t]); /* no thread to be had: do it here */
		if (!err && !alone) {
			err = st[t].err;
			if (!err || err == -EAGAIN)
				err = analysis_merge(st[0].a, st[t].a);
			alone = err == -EAGAIN;
			err = alone ? 0 : err;
		}
		analysis_destroy(st[t].a);
		st[t].a = NULL;
		if (alone && !err)
			err = feed_alone(st, t);
	}
	return err;
}

int analysis_feed_spans(struct analysis *a, const struct analysis_span *span, size_t nspan,
			unsigned threads, analysis_read_fn read, void *ctx)
{
	uint64_t total = 0;
	struct stretch *st;
	unsigned n;
	int err;

	for (size_t i = 0; i < nspan; i++)
		total += span[i].len;
	if (!total)
		return 0;
	n = thread_count(a, threads, total);
	st = calloc(n, sizeof(*st));
	if (!st)
		return -ENOMEM;
	cut(st, n, span, nspan, total);
	for (unsigned t = 0; t < n; t++) {
		st[t].a = t ? NULL : a;
		st[t].span = span;
		st[t].read = read;
		st[t].ctx = ctx;
	}
	err = start(st, n);
	if (!err) {
		run_stretch(&st[0]);
		err = st[0].err;
	}
	err = finish(st, n, err);
	free(st);
	return err;
}
