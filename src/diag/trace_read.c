// SPDX-License-Identifier: GPL-2.0-only
/*
 * A PTT perf.data read into the diagnosis collector: the recording setting
 * (format, direction, type) from the file's first event, the PMU's name
 * from that event's name, then every AUXTRACE payload in order; each traced
 * device of the recording gets a trace of its own (its own clock, its own
 * setting and PMU), chained after the first, and what the records say of
 * its span and loss (diag/trace.h's diag_trace_read).  Problems with the
 * file are one line naming it, as `report` words them.  A payload is read
 * in pieces into one buffer
 * (perf_reader_aux_bytes), not through the file's mapping, whose pages
 * would stay in the RSS: memory does not follow the trace's size.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/base/error.h>
#include <pciescope/diag/trace.h>
#include <pciescope/perf/aux_streams.h>
#include <pciescope/perf/perf_data.h>
#include <pciescope/tool/warn.h>
#include <pciescope/trace/ptt_print.h>

static void pmu_of(const struct perf_attr_info *a, char *pmu, size_t n)
{
	const char *slash;

	pmu[0] = 0;
	if (!a || !a->name)
		return;
	slash = strchr(a->name, '/');
	snprintf(pmu, n, "%.*s", slash ? (int)(slash - a->name) : (int)strlen(a->name), a->name);
}

/* Bytes fed at a time: a multiple of both entry sizes. */
#define PIECE (256u << 10)

/* The traces of a file being read: one per traced device, the first is the chain's head. */
struct traces {
	const char *path;
	struct perf_reader *rd;
	struct perf_aux_streams *st;
	struct diag_trace_opts o; /* of the first device; the others change config and pmu */
	struct error *e;
	struct diag_trace *dev[PERF_AUX_MAX_STREAMS];
	char pmu[PERF_AUX_MAX_STREAMS][64];
	size_t ndev;
	uint8_t piece[PIECE]; /* the payload being fed */
};

/* Device i's first payload: a trace of its own, with its event's setting and PMU. */
static int start_device(struct traces *x, size_t i)
{
	long a = perf_aux_streams_attr(x->st, x->rd, i);
	struct diag_trace_opts o = x->o;
	const struct perf_attr_info *ai;

	if (a < 0)
		a = 0;
	ai = (size_t)a < perf_reader_nr_attrs(x->rd) ? perf_reader_attr(x->rd, (size_t)a) : NULL;
	pmu_of(ai, x->pmu[i], sizeof(x->pmu[i]));
	o.config = ai ? ai->attr.config : 0;
	o.have_config = ai != NULL;
	o.pmu = x->pmu[i];
	x->ndev = i + 1;
	return i ? diag_trace_add_device(x->dev[0], &o, &x->dev[i])
		 : diag_trace_create(&o, &x->dev[0]);
}

static int chunk(struct traces *x, const struct perf_rec *rec, long dev)
{
	enum ptt_format f;
	size_t whole;
	int err;

	if (dev < 0)
		return error_set_errno(x->e, dev == -E2BIG ? -E2BIG : -ENOMEM, "%s", x->path);
	if ((size_t)dev == x->ndev) {
		err = start_device(x, (size_t)dev);
		if (err)
			return error_set_errno(x->e, err, "%s", x->path);
	}
	whole = ptt_chunk_whole(rec->auxtrace.data, (size_t)rec->auxtrace.size, &f);
	for (size_t off = 0, n; off < whole; off += n) {
		const uint8_t *p;

		n = whole - off < PIECE ? whole - off : PIECE;
		p = perf_reader_aux_bytes(x->rd, rec, off, n, x->piece, x->e);
		if (!p)
			return error_wrap(x->e, "%s", x->path);
		diag_trace_feed(x->dev[dev], p, n, f);
	}
	return 0;
}

/* Every payload to its device's trace. */
static int feed(struct traces *x)
{
	struct perf_rec rec;
	bool info = false;
	int got;

	while ((got = perf_reader_next(x->rd, &rec, x->e)) > 0) {
		long dev = perf_aux_streams_note(x->st, x->rd, &rec);
		int err;

		if (dev == -ENOMEM)
			return error_set_errno(x->e, -ENOMEM, "%s", x->path);
		if (rec.type == PERF_REC_AUXTRACE_INFO) {
			if (rec.auxtrace_info.type != PERF_AUXTRACE_HISI_PTT)
				return error_set(x->e, -EINVAL,
						 "%s: unknown AUXTRACE type %u (not HISI PTT data)",
						 x->path, rec.auxtrace_info.type);
			info = true;
		}
		if (rec.type != PERF_REC_AUXTRACE)
			continue;
		if (!info)
			return error_set(x->e, -EINVAL,
					 "%s: no PTT data (AUXTRACE at offset %#" PRIx64
					 " without an AUXTRACE_INFO record)",
					 x->path, rec.offset);
		if ((err = chunk(x, &rec, dev)))
			return err;
	}
	if (got < 0)
		return error_wrap(x->e, "%s", x->path);
	if (!info)
		return error_set(x->e, -EINVAL,
				 "%s: no PTT data (no HISI PTT AUXTRACE_INFO record)", x->path);
	return 0;
}

/* Each device's span and loss to its rules; a file never closed is said. */
static void tell(struct traces *x)
{
	struct perf_reader_recovery rc;

	perf_aux_streams_finish(x->st, x->rd);
	for (size_t i = 0; i < x->ndev; i++) {
		const struct perf_aux_stream *s = perf_aux_streams_get(x->st, i);
		struct diag_recording r = {.rec_ns =
					       s->timed ? (double)(s->end_ns - s->start_ns) : 0,
					   .timed = s->timed,
					   .start_ns = s->start_ns,
					   .loss = s->loss};

		diag_trace_recording(x->dev[i], &r);
		diag_trace_finish(x->dev[i]);
	}
	if (perf_reader_unclosed(x->rd, &rc))
		tool_warn("%s: warning: the file was not closed (the recording was killed or its "
			  "disk filled): the findings judge the %" PRIu64 " records it holds",
			  x->path, rc.records);
}

int diag_trace_read(const char *path, const struct diag_trace_opts *o, struct diag_trace **out,
		    struct error *e)
{
	struct traces *x = calloc(1, sizeof(*x));
	int ret;

	if (!x)
		return error_set_errno(e, -ENOMEM, "%s", path);
	*x = (struct traces){.path = path, .o = *o, .e = e};
	ret = perf_reader_open(path, &x->rd, e);
	if (ret) {
		free(x);
		return error_wrap(e, "%s", path);
	}
	ret = perf_aux_streams_create(&x->st) ? error_set_errno(e, -ENOMEM, "%s", path) : feed(x);
	/* a recording with no payload still gets a trace: its setting alone can be judged */
	if (!ret && !x->ndev && (ret = start_device(x, 0)))
		error_set_errno(e, ret, "%s", path);
	if (!ret)
		tell(x);
	*out = ret ? NULL : x->dev[0];
	if (ret)
		diag_trace_destroy(x->dev[0]);
	perf_aux_streams_destroy(x->st);
	perf_reader_close(x->rd);
	free(x);
	return ret;
}
