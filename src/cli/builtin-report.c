// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope report [-i FILE] [-D | --json]
 *
 * Decodes the HiSilicon PTT trace in a perf.data (file or pipe mode).  The
 * reader hands out AUXTRACE payloads in place; each view turns a payload
 * into text in a large buffer.  The analysis views, which only read, take
 * the payloads in pieces that fit the CPU cache: from a file all at the
 * end, cut between threads (analysis_feed_spans); from a pipe one by one
 * as they come (perf_reader_aux_bytes).
 * Problems with the file are one line naming the file, after everything
 * decoded so far has been written out.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pciescope/out/wbuf.h>
#include <pciescope/perf/perf_data.h>
#include <pciescope/trace/ptt_print.h>

#include "cli.h"
#include "report_views.h"

enum report_view { VIEW_LINES, VIEW_DUMP, VIEW_JSON };

/* Bytes of trace the analysis views decode at a time: a multiple of both entry sizes. */
#define VIEWS_PIECE (256u << 10)

struct report {
	const char *path;
	struct perf_reader *rd;
	enum report_view view;
	struct wbuf out;
	bool have_info;
	uint64_t chunks, stream_off;
	struct report_views_opts vo;
	struct report_views *views; /* the analysis views, when asked for */
	uint8_t *piece;		    /* VIEWS_PIECE bytes for them */
	/* From a file the views take every payload at the end, on several threads. */
	struct analysis_span *spans;
	size_t nspans, spans_cap;
};

static void usage(FILE *f)
{
	fputs("usage: pciescope report [-i FILE] [-D | --json]\n"
	      "  -i, --input FILE      perf.data to read (default perf.data; - = stdin)\n"
	      "  -D, --dump-raw-trace  HISI PTT dump exactly as `perf report -D` prints it\n"
	      "      --json            one JSON object per trace entry\n",
	      f);
	report_views_usage(f);
}

static int parse_args(struct report *r, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "input", required_argument, NULL, 'i' },
		{ "dump-raw-trace", no_argument, NULL, 'D' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		REPORT_VIEWS_LONGOPTS,
		{ NULL, 0, NULL, 0 },
	};
	int c;

	optind = 1;
	while ((c = cli_getopt(argc, argv, "i:Dh", opts)) != -1) {
		switch (c) {
		case 'i':
			r->path = optarg;
			break;
		case 'D':
		case 'j':
			if (r->view && r->view != (c == 'D' ? VIEW_DUMP : VIEW_JSON))
				return cli_error("-D and --json are two views; give one");
			r->view = c == 'D' ? VIEW_DUMP : VIEW_JSON;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case '?':
			return 1;
		default:
			c = report_views_opt(&r->vo, c, optarg);
			if (c < 0)
				usage(stderr);
			if (c)
				return 1;
		}
	}
	if (optind < argc)
		return cli_error("report: unexpected argument '%s'", argv[optind]);
	if (r->view && report_views_selected(&r->vo))
		return cli_error("%s prints every entry; the analysis views (--stats, --csv, ...) "
				 "print tables: give one or the other",
				 r->view == VIEW_DUMP ? "-D" : "--json");
	return -1;
}

static int feed_views(struct report *r, const struct perf_rec *rec, size_t whole,
		      enum ptt_format f)
{
	for (size_t off = 0, n; off < whole; off += n) {
		const uint8_t *p;

		n = whole - off < VIEWS_PIECE ? whole - off : VIEWS_PIECE;
		p = perf_reader_aux_bytes(r->rd, rec, off, n, r->piece);
		if (!p)
			return cli_error("%s: %s", r->path, perf_reader_errmsg(r->rd));
		report_views_chunk(r->views, p, n, f);
	}
	return 0;
}

static int add_span(struct report *r, const struct perf_rec *rec, size_t whole, enum ptt_format f)
{
	if (r->nspans == r->spans_cap) {
		size_t cap = r->spans_cap ? 2 * r->spans_cap : 64;
		struct analysis_span *p = realloc(r->spans, cap * sizeof(*p));

		if (!p)
			return cli_errno(-ENOMEM, "report");
		r->spans = p;
		r->spans_cap = cap;
	}
	r->spans[r->nspans++] =
	    (struct analysis_span){.pos = perf_reader_aux_pos(r->rd, rec), .len = whole, .f = f};
	return 0;
}

static int read_file(void *ctx, uint64_t pos, size_t n, void *buf)
{
	return perf_reader_read_at(ctx, pos, n, buf);
}

static int on_chunk(struct report *r, const struct perf_rec *rec)
{
	const uint8_t *p = rec->auxtrace.data;
	size_t n = (size_t)rec->auxtrace.size, whole;
	enum ptt_format f;
	int err;

	if (!r->have_info)
		return cli_error("%s: no PTT data (AUXTRACE at offset %#" PRIx64
				 " without an AUXTRACE_INFO record)",
				 r->path, rec->offset);
	whole = ptt_chunk_whole(p, n, &f);
	err = 0;
	if (r->views && !perf_reader_is_pipe(r->rd)) {
		if (add_span(r, rec, whole, f))
			return 1;
	} else if (r->views) {
		if (feed_views(r, rec, whole, f))
			return 1;
	} else if (r->view == VIEW_DUMP)
		err = ptt_dump_chunk(&r->out, p, n);
	else if (r->view == VIEW_JSON)
		err = ptt_json_chunk(&r->out, p, n, r->stream_off);
	else
		err = ptt_line_chunk(&r->out, p, n, r->stream_off);
	if (err)
		return cli_errno(err, "%s: writing the report", r->path);
	if (whole != n) {
		wbuf_flush(&r->out);
		cli_warn("%s: AUXTRACE chunk at offset %#" PRIx64
			" ends with a partial %s entry (%zu bytes at trace offset %#" PRIx64
			"), not decoded",
			r->path, rec->offset, f == PTT_FMT_8DW ? "8DW" : "4DW", n - whole,
			r->stream_off + whole);
	}
	r->stream_off += n;
	r->chunks++;
	return 0;
}

static int on_record(struct report *r, const struct perf_rec *rec)
{
	if (rec->type == PERF_REC_AUXTRACE_INFO) {
		if (rec->auxtrace_info.type != PERF_AUXTRACE_HISI_PTT)
			return cli_error("%s: unknown AUXTRACE type %u (not HISI PTT data)",
					 r->path, rec->auxtrace_info.type);
		r->have_info = true;
		return 0;
	}
	if (rec->type == PERF_REC_AUXTRACE)
		return on_chunk(r, rec);
	if (rec->type == PERF_REC_COMPRESSED)
		return cli_error("%s: compressed records (perf record -z) are not supported",
				 r->path);
	return 0;
}

static int run(struct report *r, struct perf_reader *rd)
{
	struct perf_rec rec;
	int got, ret = 0;

	while (!ret && (got = perf_reader_next(rd, &rec)) > 0)
		ret = on_record(r, &rec);
	if (wbuf_flush(&r->out) && !ret)
		return cli_errno(r->out.err, "%s: writing the report", r->path);
	if (ret)
		return ret;
	if (got < 0)
		return cli_error("%s: %s", r->path, perf_reader_errmsg(rd));
	if (!r->have_info)
		return cli_error("%s: no PTT data (no HISI PTT AUXTRACE_INFO record)", r->path);
	if (!r->chunks)
		cli_warn("%s: the PTT session recorded no trace data", r->path);
	return 0;
}

int cmd_report(int argc, char **argv)
{
	struct report r = { .path = "perf.data", .view = VIEW_LINES };
	char msg[256] = "";
	int ret = parse_args(&r, argc, argv);

	if (ret >= 0)
		return ret;
	if (perf_reader_open(r.path, &r.rd, msg, sizeof(msg)))
		return cli_error("%s: %s", r.path, msg[0] ? msg : "out of memory");
	if (wbuf_init_fd(&r.out, STDOUT_FILENO, 1 << 20) ||
	    (report_views_selected(&r.vo) && !(r.piece = malloc(VIEWS_PIECE)))) {
		ret = cli_error("out of memory");
		goto out;
	}
	if (r.piece && report_views_start_reader(&r.vo, r.path, r.rd, &r.views)) {
		ret = 1;
		goto out;
	}
	ret = run(&r, r.rd);
	if (r.nspans && report_views_spans(r.views, r.spans, r.nspans, read_file, r.rd))
		ret = 1;
	if (r.views && report_views_finish(r.views, stdout))
		ret = 1;
out:
	wbuf_close(&r.out);
	free(r.spans);
	free(r.piece);
	perf_reader_close(r.rd);
	return ret;
}
