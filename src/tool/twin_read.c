// SPDX-License-Identifier: GPL-2.0-only
/*
 * A PTT recording read for its twin: each traced device of the file (an
 * AUX stream: one PTT) gets a trace of its own, with its event's setting,
 * PMU name and filter, fed every payload in order, then told how long the
 * recording lasted by its records (a 4DW trace's own times may be short).
 * Payloads are read in pieces into one buffer, so memory does not follow
 * the file's size.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/perf/aux_streams.h>
#include <pciescope/perf/perf_data.h>
#include <pciescope/trace/ptt_print.h>

#include "twin_internal.h"

#define PIECE (256u << 10) /* a multiple of both entry sizes */

struct reading {
	const char *path;
	const struct twin_topo *topo;
	double tick_ns;
	struct perf_reader *rd;
	struct perf_aux_streams *st;
	struct twin_trace *tr; /* [PERF_AUX_MAX_STREAMS], made as devices appear */
	unsigned n;
	uint8_t piece[PIECE];
	struct tool_err *e;
};

static void pmu_of(const struct perf_attr_info *a, char *pmu, size_t n)
{
	const char *slash = a && a->name ? strchr(a->name, '/') : NULL;

	pmu[0] = 0;
	if (a && a->name)
		snprintf(pmu, n, "%.*s", slash ? (int)(slash - a->name) : (int)strlen(a->name),
			 a->name);
}

static int start_device(struct reading *x, size_t i)
{
	long a = perf_aux_streams_attr(x->st, x->rd, i);
	const struct perf_attr_info *ai;
	char pmu[64];

	if (a < 0)
		a = 0;
	ai = (size_t)a < perf_reader_nr_attrs(x->rd) ? perf_reader_attr(x->rd, (size_t)a) : NULL;
	pmu_of(ai, pmu, sizeof(pmu));
	if (twin_trace_init(&x->tr[i], x->topo, pmu, ai ? ai->attr.config : 0, x->tick_ns))
		return tool_fail(x->e, -ENOMEM, "%s: out of memory", x->path);
	x->n = (unsigned)i + 1;
	return 0;
}

static int chunk(struct reading *x, const struct perf_rec *rec, long dev)
{
	enum ptt_format f;
	size_t whole;

	if (dev < 0)
		return tool_fail_errno(x->e, dev == -E2BIG ? -E2BIG : -ENOMEM, "%s", x->path);
	if ((size_t)dev == x->n && start_device(x, (size_t)dev))
		return -ENOMEM;
	whole = ptt_chunk_whole(rec->auxtrace.data, (size_t)rec->auxtrace.size, &f);
	for (size_t off = 0, n; off < whole; off += n) {
		const uint8_t *p;

		n = whole - off < PIECE ? whole - off : PIECE;
		p = perf_reader_aux_bytes(x->rd, rec, off, n, x->piece);
		if (!p)
			return tool_fail(x->e, -EIO, "%s: %s", x->path, perf_reader_errmsg(x->rd));
		twin_trace_feed(&x->tr[dev], p, n, f);
	}
	return 0;
}

static int feed(struct reading *x)
{
	struct perf_rec rec;
	bool info = false;
	int got;

	while ((got = perf_reader_next(x->rd, &rec)) > 0) {
		long dev = perf_aux_streams_note(x->st, x->rd, &rec);

		if (dev == -ENOMEM)
			return tool_fail(x->e, -ENOMEM, "%s: out of memory", x->path);
		if (rec.type == PERF_REC_AUXTRACE_INFO) {
			if (rec.auxtrace_info.type != PERF_AUXTRACE_HISI_PTT)
				return tool_fail(x->e, -EINVAL,
						 "%s: unknown AUXTRACE type %u (not HISI PTT data)",
						 x->path, rec.auxtrace_info.type);
			info = true;
		}
		if (rec.type != PERF_REC_AUXTRACE)
			continue;
		if (!info)
			return tool_fail(x->e, -EINVAL,
					 "%s: no PTT data (AUXTRACE before its info)", x->path);
		got = chunk(x, &rec, dev);
		if (got)
			return got;
	}
	if (got < 0)
		return tool_fail(x->e, got, "%s: %s", x->path, perf_reader_errmsg(x->rd));
	if (!x->n)
		return tool_fail(x->e, -ENODATA, "%s: no PTT trace data", x->path);
	return 0;
}

static void finish(struct reading *x)
{
	perf_aux_streams_finish(x->st, x->rd);
	for (unsigned i = 0; i < x->n; i++) {
		const struct perf_aux_stream *s = perf_aux_streams_get(x->st, i);

		x->tr[i].rec_ns = s && s->timed ? (double)(s->end_ns - s->start_ns) : 0;
		twin_trace_finish(&x->tr[i]);
	}
}

int twin_read(const char *path, const struct twin_topo *topo, double tick_ns,
	      struct twin_trace **out, unsigned *n, struct tool_err *e)
{
	struct reading *x = calloc(1, sizeof(*x));
	char msg[256] = "";
	int r;

	if (!x || !(x->tr = calloc(PERF_AUX_MAX_STREAMS, sizeof(*x->tr)))) {
		free(x);
		return tool_fail(e, -ENOMEM, "%s: out of memory", path);
	}
	x->path = path;
	x->topo = topo;
	x->tick_ns = tick_ns;
	x->e = e;
	r = perf_reader_open(path, &x->rd, msg, sizeof(msg));
	if (r)
		tool_fail(e, r, "%s: %s", path, msg[0] ? msg : "out of memory");
	else if ((r = perf_aux_streams_create(&x->st)))
		tool_fail(e, r, "%s: out of memory", path);
	else if (!(r = feed(x)))
		finish(x);
	*out = x->tr;
	*n = x->n;
	if (r) {
		for (unsigned i = 0; i < x->n; i++)
			twin_trace_free(&x->tr[i]);
		free(x->tr);
		*out = NULL;
		*n = 0;
	}
	perf_aux_streams_destroy(x->st);
	perf_reader_close(x->rd);
	free(x);
	return r;
}

int twin_recorded_platform(const char *path, char *buf, size_t n, struct tool_err *e)
{
	struct perf_reader *rd;
	const char *const *argv;
	char msg[256] = "";
	uint32_t argc;
	int r = perf_reader_open(path, &rd, msg, sizeof(msg));

	buf[0] = 0;
	if (r)
		return tool_fail(e, r, "%s: %s", path, msg[0] ? msg : "out of memory");
	if (perf_reader_cmdline(rd, &argv, &argc))
		argc = 0;
	for (uint32_t i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "--platform=", 11))
			snprintf(buf, n, "%s", argv[i] + 11);
		else if (!strcmp(argv[i], "--platform") && i + 1 < argc)
			snprintf(buf, n, "%s", argv[i + 1]);
	}
	perf_reader_close(rd);
	return 0;
}
