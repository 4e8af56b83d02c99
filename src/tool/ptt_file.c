// SPDX-License-Identifier: GPL-2.0-only
/*
 * Walking a PTT recording's entries (tool/ptt_file.h): every record
 * noted with the AUX streams' bookkeeping (perf/aux_streams.h), which
 * pairs a payload with its device and its event; every payload cut to
 * whole entries of its format and handed over in pieces.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/tool/ptt_file.h>
#include <pciescope/trace/ptt_print.h>

/* Bytes handed over at a time: a multiple of both entry sizes. */
#define PIECE (256u << 10)

struct walk {
	const char *path;
	const struct ptt_file_ops *ops;
	void *ctx;
	struct perf_reader *rd;
	struct perf_aux_streams *st;
	size_t ndev;
	struct error *e;
	uint8_t piece[PIECE];
};

const struct perf_attr_info *ptt_file_event(const struct perf_aux_streams *s,
					    const struct perf_reader *r, size_t i)
{
	long a = perf_aux_streams_attr(s, r, i);

	return perf_reader_attr(r, a < 0 ? 0 : (size_t)a);
}

void ptt_file_pmu(const struct perf_attr_info *a, char *buf, size_t n)
{
	const char *slash = a && a->name ? strchr(a->name, '/') : NULL;

	buf[0] = 0;
	if (a && a->name)
		snprintf(buf, n, "%.*s", slash ? (int)(slash - a->name) : (int)strlen(a->name),
			 a->name);
}

static int chunk(struct walk *w, const struct perf_rec *rec, long dev)
{
	enum ptt_format f;
	size_t whole;
	int r;

	if (dev < 0)
		return error_set_errno(w->e, dev == -E2BIG ? -E2BIG : -ENOMEM, "%s", w->path);
	if ((size_t)dev == w->ndev) {
		r = w->ops->device(w->ctx, (size_t)dev, ptt_file_event(w->st, w->rd, (size_t)dev),
				   w->e);
		if (r)
			return r;
		w->ndev++;
	}
	whole = ptt_chunk_whole(rec->auxtrace.data, (size_t)rec->auxtrace.size, &f);
	for (size_t off = 0, n; off < whole; off += n) {
		const uint8_t *p;

		n = whole - off < PIECE ? whole - off : PIECE;
		p = perf_reader_aux_bytes(w->rd, rec, off, n, w->piece, w->e);
		if (!p)
			return error_wrap(w->e, "%s", w->path);
		w->ops->entries(w->ctx, (size_t)dev, p, n, f);
	}
	return 0;
}

static int info(struct walk *w, const struct perf_rec *rec)
{
	if (rec->auxtrace_info.type != PERF_AUXTRACE_HISI_PTT)
		return error_set(w->e, -EINVAL, "%s: unknown AUXTRACE type %u (not HISI PTT data)",
				 w->path, rec->auxtrace_info.type);
	return 0;
}

static int records(struct walk *w)
{
	struct perf_rec rec;
	bool seen_info = false;
	int got, r;

	while ((got = perf_reader_next(w->rd, &rec, w->e)) > 0) {
		long dev = perf_aux_streams_note(w->st, w->rd, &rec);

		if (dev == -ENOMEM)
			return error_set(w->e, -ENOMEM, "%s: out of memory", w->path);
		if (rec.type == PERF_REC_AUXTRACE_INFO) {
			if ((r = info(w, &rec)))
				return r;
			seen_info = true;
		}
		if (rec.type != PERF_REC_AUXTRACE)
			continue;
		if (!seen_info)
			return error_set(w->e, -EINVAL,
					 "%s: no PTT data (AUXTRACE at offset %#" PRIx64
					 " without an AUXTRACE_INFO record)",
					 w->path, rec.offset);
		if ((r = chunk(w, &rec, dev)))
			return r;
	}
	/* a file that ends inside a payload gave its whole entries: done tells the cut */
	if (got < 0 && !perf_reader_cut_auxtrace(w->rd, NULL))
		return error_wrap(w->e, "%s", w->path);
	if (!seen_info)
		return error_set(w->e, -EINVAL,
				 "%s: no PTT data (no HISI PTT AUXTRACE_INFO record)", w->path);
	return 0;
}

int ptt_file_walk(const char *path, const struct ptt_file_ops *ops, void *ctx, struct error *e)
{
	struct walk *w = calloc(1, sizeof(*w));
	int r;

	if (!w)
		return error_set(e, -ENOMEM, "%s: out of memory", path);
	*w = (struct walk){.path = path, .ops = ops, .ctx = ctx, .e = e};
	r = perf_reader_open(path, &w->rd, e);
	if (r)
		error_wrap(e, "%s", path);
	else if (perf_aux_streams_create(&w->st))
		r = error_set(e, -ENOMEM, "%s: out of memory", path);
	else if (!(r = records(w))) {
		perf_aux_streams_finish(w->st, w->rd, PTT_TRACE_BUF_BYTES);
		ops->done(ctx, w->st, w->rd);
	}
	perf_aux_streams_destroy(w->st);
	perf_reader_close(w->rd);
	free(w);
	return r;
}
