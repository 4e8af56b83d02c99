// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope report [-i FILE] [-D [--perf-version V] | --json] [--pcap FILE]
 *                  [--requester BDF] [--kind K] [--time A..B] [--no-header]
 *
 * Decodes the HiSilicon PTT trace in a perf.data (file or pipe mode).  The
 * reader hands out AUXTRACE payloads in place; each view turns a payload
 * into text in a large buffer.  The analysis views, which only read, take
 * the payloads in pieces that fit the CPU cache: from a file all at the
 * end, cut between threads (analysis_feed_spans); from a pipe one by one
 * as they come (perf_reader_aux_bytes).  The filter (report_filter.c)
 * reaches every view: the entry views through the trace library's
 * filtered loops, --pcap through its entry test (ptt_filter_entry), the
 * analysis through its options.
 * Problems with the file are one line naming the file, after everything
 * decoded so far has been written out.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pciescope/out/wbuf.h>
#include <pciescope/perf/perf_data.h>
#include <pciescope/trace/ptt_print.h>
#include <pciescope/trace/ptt_sight.h>

#include "cli.h"
#include "report_pcap.h"
#include "report_views.h"

/* VIEW_NONE: --pcap alone prints no entries. */
enum report_view { VIEW_LINES, VIEW_DUMP, VIEW_JSON, VIEW_NONE };

/* Bytes of trace the analysis views decode at a time: a multiple of both entry sizes. */
#define VIEWS_PIECE (256u << 10)

struct report {
	const char *path;
	struct perf_reader *rd;
	enum report_view view;
	enum ptt_dump_layout layout; /* of -D */
	struct wbuf out;
	bool have_info;
	uint64_t chunks, stream_off;
	struct ptt_clock clk; /* the line and JSON views' unwrapped time */
	/* perf clock times of the ITRACE_START and AUX records: how long tracing ran */
	uint64_t rec_first, rec_last;
	unsigned int rec_times;
	struct report_views_opts vo;
	struct report_views *views; /* the analysis views, when asked for */
	const char *pcap_path;	    /* --pcap FILE */
	struct report_pcap *pcap;
	bool view_chosen;	    /* -D or --json given */
	bool no_header;		    /* --no-header: the line view without its column names */
	bool header_done;
	uint8_t *piece;		    /* VIEWS_PIECE bytes for them */
	/* From a file the views take every payload at the end, on several threads. */
	struct analysis_span *spans;
	size_t nspans, spans_cap;
};

static const char *const report_synopsis[] = {
    "report [-i FILE] [-D [--perf-version V] | --json] [--pcap FILE]\n"
    "                        [--requester BDF] [--kind K] [--time A..B] [--no-header]",
    NULL};

/*
 * perf 6.1 brought the HISI PTT decoder; 7.3 changed its dump.  Versions
 * between print 6.1's layout.
 */
static int parse_perf_version(const char *s, enum ptt_dump_layout *l)
{
	unsigned int major, minor;
	char end;

	if (sscanf(s, "%u.%u%c", &major, &minor, &end) != 2 || major > 99 || minor > 99)
		return cli_error("report: --perf-version: '%s' is not a perf version (e.g. 6.1, 7.3)",
				 s);
	if (major * 100 + minor < 601)
		return cli_error("report: --perf-version: perf %s has no HISI PTT decoder "
				 "(it came with 6.1)",
				 s);
	*l = major * 100 + minor >= 703 ? PTT_DUMP_PERF_7_3 : PTT_DUMP_PERF_6_1;
	return 0;
}

/* -D and --json: two views, one of them. */
static int set_view(const struct cli_option *opt, const char *arg)
{
	struct report *r = opt->value;
	enum report_view v = opt->short_name == 'D' ? VIEW_DUMP : VIEW_JSON;

	if (r->view_chosen && r->view != v)
		return cli_error("-D and --json are two views; give one");
	r->view = v;
	r->view_chosen = true;
	return 0;
}

static int set_perf_version(const struct cli_option *opt, const char *arg)
{
	struct report *r = opt->value;

	return parse_perf_version(arg, &r->layout);
}

/* 0 after --help, 1 after an error, -1 to go on. */
static int parse_args(struct report *r, int argc, char **argv)
{
	const struct cli_option options[] = {
	    OPT_STRING('i', "input", &r->path, "FILE",
		       "perf.data to read (default perf.data; - = stdin)"),
	    OPT_CALLBACK('D', "dump-raw-trace", r, NULL,
			 "HISI PTT dump exactly as `perf report -D` prints it", set_view),
	    OPT_CALLBACK(0, "perf-version", r, "V",
			 "the dump of perf V (default 6.1; 7.3 and later differ)",
			 set_perf_version),
	    OPT_CALLBACK(0, "json", r, NULL, "one JSON object per trace entry", set_view),
	    OPT_STRING(0, "pcap", &r->pcap_path, "FILE",
		       "one packet per trace entry, for Wireshark (ptt dissector)"),
	    OPT_BOOL(0, "no-header", &r->no_header,
		     "no line naming the columns of the entry lines"),
	    REPORT_VIEWS_OPTIONS(&r->vo),
	    OPT_END(),
	};
	const struct cli_command_options cmd = {report_synopsis, options, NULL, 0};
	int n = cli_parse_options(argc, argv, &cmd);

	if (n < 0)
		return cli_parse_status(n);
	if (n)
		return cli_error("report: unexpected argument '%s'", argv[0]);
	if (r->view_chosen && report_views_selected(&r->vo))
		return cli_error("%s prints every entry; the analysis views (--stats, --csv, ...) "
				 "print tables: give one or the other",
				 r->view == VIEW_DUMP ? "-D" : "--json");
	if (r->view == VIEW_DUMP && report_filter_given(&r->vo))
		return cli_error("report: -D prints perf's raw dump of every entry; --requester, "
				 "--kind and --time filter the other views");
	if (r->vo.top && !r->vo.stats && !r->vo.latency && !r->vo.csv && !r->vo.html)
		return cli_error("report: --top trims the tables of --stats, --latency and --html; "
				 "give one of them");
	if (report_filter_resolve(&r->vo))
		return 1;
	if (r->pcap_path && !r->view_chosen)
		r->view = VIEW_NONE;
	return -1;
}

/* Calls fn on each VIEWS_PIECE of a chunk's whole entries: memory stays the same for any trace size. */
static int each_piece(struct report *r, const struct perf_rec *rec, size_t whole,
		      enum ptt_format f,
		      void (*fn)(struct report *, const uint8_t *, size_t, size_t, enum ptt_format))
{
	for (size_t off = 0, n; off < whole; off += n) {
		const uint8_t *p;

		n = whole - off < VIEWS_PIECE ? whole - off : VIEWS_PIECE;
		p = perf_reader_aux_bytes(r->rd, rec, off, n, r->piece);
		if (!p)
			return cli_error("%s: %s", r->path, perf_reader_errmsg(r->rd));
		fn(r, p, n, off, f);
	}
	return 0;
}

static void view_piece(struct report *r, const uint8_t *p, size_t n, size_t off,
		       enum ptt_format f)
{
	report_views_chunk(r->views, p, n, f);
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

/* What the PTT event's settings say about the direction of the TLPs (as the views judge it). */
static enum analysis_dir trace_dir(const struct report *r)
{
	const struct perf_attr_info *a =
	    perf_reader_nr_attrs(r->rd) ? perf_reader_attr(r->rd, 0) : NULL;
	struct ptt_setting s;

	if (!a)
		return ANALYSIS_DIR_UNKNOWN;
	s = ptt_setting_of_config(a->attr.config);
	return analysis_dir_of_setting(s.format, s.direction);
}

static void pcap_piece(struct report *r, const uint8_t *p, size_t n, size_t off,
		       enum ptt_format f)
{
	report_pcap_chunk(r->pcap, p, n, f, r->stream_off + off, trace_dir(r));
}

/* The line view, its header before the first chunk's entries. */
static int line_chunk(struct report *r, const uint8_t *p, size_t n)
{
	if (!r->no_header && !r->header_done) {
		int err = wbuf_reserve(&r->out);

		if (err)
			return err;
		r->header_done = true;
		ptt_line_header(&r->out);
	}
	return ptt_line_chunk_where(&r->out, p, n, r->stream_off, &r->clk, &r->vo.filter);
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
	if (r->pcap && each_piece(r, rec, whole, f, pcap_piece))
		return 1;
	if (r->views && !perf_reader_is_pipe(r->rd)) {
		if (add_span(r, rec, whole, f))
			return 1;
	} else if (r->views) {
		if (each_piece(r, rec, whole, f, view_piece))
			return 1;
	} else if (r->view == VIEW_DUMP)
		err = ptt_dump_chunk(&r->out, p, n, r->layout);
	else if (r->view == VIEW_JSON)
		err = ptt_json_chunk_where(&r->out, p, n, r->stream_off, &r->clk, &r->vo.filter);
	else if (r->view == VIEW_LINES)
		err = line_chunk(r, p, n);
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

static void note_time(struct report *r, const struct perf_rec *rec)
{
	uint64_t t;

	if (perf_rec_sample_time(r->rd, rec, &t))
		return;
	if (!r->rec_times++ || t < r->rec_first)
		r->rec_first = t;
	if (t > r->rec_last)
		r->rec_last = t;
}

/*
 * With CLOCK_DATA (perf record -k), the pcap's first entry is put at the
 * wall time of ITRACE_START, when the PTT began tracing: the PTT's own
 * time stamp has no known relation to perf's clock, so this is the
 * nearest anchor the file has.
 */
static void anchor_pcap(struct report *r, const struct perf_rec *rec)
{
	struct perf_clock_data c;
	uint64_t t;

	if (!perf_reader_clock_data(r->rd, &c) && !perf_rec_sample_time(r->rd, rec, &t))
		report_pcap_start_at(r->pcap, c.wall_ns + (t - c.clock_ns));
}

static int on_record(struct report *r, const struct perf_rec *rec)
{
	if (rec->type == PERF_RECORD_AUX || rec->type == PERF_RECORD_ITRACE_START)
		note_time(r, rec);
	if (rec->type == PERF_RECORD_ITRACE_START && r->pcap && !r->chunks)
		anchor_pcap(r, rec);
	if (rec->type == PERF_REC_AUXTRACE_INFO) {
		if (rec->auxtrace_info.type != PERF_AUXTRACE_HISI_PTT)
			return cli_error("%s: unknown AUXTRACE type %u (not HISI PTT data)",
					 r->path, rec->auxtrace_info.type);
		/* perf needs priv[0] to tell the PTT's events; later words (a decoder version) are extras */
		if (!rec->auxtrace_info.nr_priv)
			cli_warn("%s: the HISI PTT AUXTRACE_INFO has no PMU type (priv[0]); perf "
				 "report refuses such a file",
				 r->path);
		r->have_info = true;
		/* started here, not at open: in a pipe the attributes arrive as records first */
		if (report_views_selected(&r->vo) && !r->views &&
		    report_views_start_reader(&r->vo, r->path, r->rd, &r->views))
			return 1;
		return 0;
	}
	if (rec->type == PERF_REC_AUXTRACE)
		return on_chunk(r, rec);
	if (rec->type == PERF_REC_COMPRESSED)
		return cli_error("%s: compressed records (perf record -z) are not supported",
				 r->path);
	return 0;
}

/* A warning, as perf's about a data size of 0: what was kept is reported. */
static void say_unclosed(const struct report *r, const struct perf_reader *rd)
{
	struct perf_reader_recovery rc;
	char dropped[96] = "";

	if (!perf_reader_unclosed(rd, &rc))
		return;
	if (rc.dropped)
		snprintf(dropped, sizeof(dropped),
			 "; %" PRIu64 " bytes of an incomplete last record left out", rc.dropped);
	cli_warn("%s: warning: the file was not closed (the recording was killed or its disk "
		 "filled): recovered %" PRIu64 " records, %" PRIu64 " bytes%s",
		 r->path, rc.records, rc.bytes, dropped);
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
	say_unclosed(r, rd);
	if (!r->have_info)
		return cli_error("%s: no PTT data (no HISI PTT AUXTRACE_INFO record)", r->path);
	if (!r->chunks)
		cli_warn("%s: the PTT session recorded no trace data", r->path);
	return 0;
}

int cmd_report(int argc, char **argv)
{
	struct report r = { .path = "perf.data", .view = VIEW_LINES, .layout = PTT_DUMP_PERF_6_1 };
	char msg[256] = "";
	int ret = parse_args(&r, argc, argv);

	if (ret >= 0)
		return ret;
	if (perf_reader_open(r.path, &r.rd, msg, sizeof(msg)))
		return cli_error("%s: %s", r.path, msg[0] ? msg : "out of memory");
	if (wbuf_init_fd(&r.out, STDOUT_FILENO, 1 << 20) ||
	    ((report_views_selected(&r.vo) || r.pcap_path) && !(r.piece = malloc(VIEWS_PIECE)))) {
		ret = cli_error("out of memory");
		goto out;
	}
	if (r.pcap_path &&
	    report_pcap_open(r.pcap_path,
			     r.vo.tick_ns ? r.vo.tick_ns : ANALYSIS_DEFAULT_TICK_NS, &r.pcap)) {
		ret = 1;
		goto out;
	}
	if (r.pcap)
		report_pcap_filter(r.pcap, &r.vo.filter);
	ret = run(&r, r.rd);
	if (r.pcap && report_pcap_close(r.pcap))
		ret = 1;
	if (r.nspans && report_views_spans(r.views, r.spans, r.nspans, read_file, r.rd))
		ret = 1;
	if (r.views && r.rec_times > 1)
		report_views_recording(r.views, (double)(r.rec_last - r.rec_first));
	if (r.views && report_views_finish(r.views, stdout))
		ret = 1;
out:
	wbuf_close(&r.out);
	free(r.spans);
	free(r.piece);
	perf_reader_close(r.rd);
	return ret;
}
