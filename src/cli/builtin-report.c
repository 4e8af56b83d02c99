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
 * Each traced device of the recording (perf/aux_streams.h: one PMU, its
 * trace in one or more AUX buffers) has its own clock and its own analysis
 * views; the records' times say how long each was traced and what each
 * lost, which every view tells.
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
#include <pciescope/perf/aux_streams.h>
#include <pciescope/perf/perf_data.h>
#include <pciescope/tool/ptt_file.h>
#include <pciescope/trace/ptt_print.h>
#include <pciescope/trace/ptt_sight.h>

#include "cli.h"
#include "report_pcap.h"
#include "report_views.h"

/* VIEW_NONE: --pcap alone prints no entries. */
enum report_view { VIEW_LINES, VIEW_DUMP, VIEW_JSON, VIEW_NONE };

/* Bytes of trace the analysis views decode at a time: a multiple of both entry sizes. */
#define VIEWS_PIECE (256u << 10)

/*
 * One AUX buffer of a device.  The device traces into one buffer at a time
 * (perf record -a opens one per CPU and the driver lets one trace), so its
 * buffers hold one trace after another; each has a clock of its own that
 * starts where the device's clock was when its first payload came, so
 * payloads of two buffers that a reader interleaved do not jump in time.
 */
struct report_stream {
	struct ptt_clock clk; /* the line and JSON views' unwrapped time */
	/* From a file the views take every payload at the end, buffer after buffer. */
	struct analysis_span *spans;
	size_t nspans, spans_cap;
};

/*
 * One traced device of the recording, analysed on its own clock: two PTTs
 * count unrelated times, and one clock over both would jump back at every
 * change of device.
 */
struct report_dev {
	enum analysis_dir dir;	    /* its event's setting, as the views judge it */
	struct report_views *views; /* the analysis views, when asked for */
	enum ptt_format fmt;	    /* of its first payload */
	uint64_t first_tick;	    /* its first entry's time: its clocks start there */
	struct ptt_clock *clk;	    /* the clock of the buffer that had its last payload */
};

struct report {
	const char *path;
	struct perf_reader *rd;
	enum report_view view;
	enum ptt_dump_layout layout; /* of -D */
	struct wbuf out;
	bool have_info;
	uint64_t chunks, stream_off;
	/* which device each payload is of, how long each was traced, what each lost */
	struct perf_aux_streams *streams;
	struct report_dev *dev; /* PERF_AUX_MAX_STREAMS of them, ndev used */
	size_t ndev;
	struct report_stream *stream; /* PERF_AUX_MAX_STREAMS of them, by perf_aux_streams_stream */
	long *stream_dev;	      /* the device of each; -1 before its first payload */
	struct report_views_opts vo;
	const char *pcap_path; /* --pcap FILE */
	struct report_pcap *pcap;
	struct report_files *files; /* --html, --chrome-trace: one file each for every device */
	bool view_chosen;	    /* -D or --json given */
	bool no_header;		    /* --no-header: the line view without its column names */
	bool header_done;
	uint8_t *piece; /* VIEWS_PIECE bytes for them */
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
		return cli_error(
		    "report: --perf-version: '%s' is not a perf version (e.g. 6.1, 7.3)", s);
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

/* Calls fn on each VIEWS_PIECE of a chunk's whole entries: memory stays the same for any trace
 * size. */
static int each_piece(struct report *r, struct report_dev *d, const struct perf_rec *rec,
		      size_t whole, enum ptt_format f,
		      void (*fn)(struct report *, struct report_dev *, const uint8_t *, size_t,
				 size_t, enum ptt_format))
{
	for (size_t off = 0, n; off < whole; off += n) {
		const uint8_t *p;

		struct error e;

		n = whole - off < VIEWS_PIECE ? whole - off : VIEWS_PIECE;
		p = perf_reader_aux_bytes(r->rd, rec, off, n, r->piece, &e);
		if (!p)
			return cli_error("%s: %s", r->path, e.msg);
		fn(r, d, p, n, off, f);
	}
	return 0;
}

static void view_piece(struct report *r, struct report_dev *d, const uint8_t *p, size_t n,
		       size_t off, enum ptt_format f)
{
	report_views_chunk(d->views, p, n, f);
}

static int add_span(struct report *r, struct report_stream *st, const struct perf_rec *rec,
		    size_t whole, enum ptt_format f)
{
	if (st->nspans == st->spans_cap) {
		size_t cap = st->spans_cap ? 2 * st->spans_cap : 64;
		struct analysis_span *p = realloc(st->spans, cap * sizeof(*p));

		if (!p)
			return cli_errno(-ENOMEM, "report");
		st->spans = p;
		st->spans_cap = cap;
	}
	st->spans[st->nspans++] =
	    (struct analysis_span){.pos = perf_reader_aux_pos(r->rd, rec), .len = whole, .f = f};
	return 0;
}

static int read_file(void *ctx, uint64_t pos, size_t n, void *buf)
{
	return perf_reader_read_at(ctx, pos, n, buf);
}

static void pcap_piece(struct report *r, struct report_dev *d, const uint8_t *p, size_t n,
		       size_t off, enum ptt_format f)
{
	report_pcap_chunk(r->pcap, p, n, f, r->stream_off + off, d->dir, (size_t)(d - r->dev));
}

/*
 * The event of device i (its first payload just came), or NULL when the
 * file cannot tell: then the first event's, as a one-event file has.
 */
static const struct perf_attr_info *dev_attr(const struct report *r, size_t i)
{
	return ptt_file_event(r->streams, r->rd, i);
}

/*
 * A device's first payload: its direction from its event's setting, and
 * its analysis views.  When the file has several events, its Chrome
 * tracks are named after its PMU.
 */
static int dev_start(struct report *r, size_t i)
{
	const struct perf_attr_info *a = dev_attr(r, i);
	struct report_dev *d = &r->dev[i];
	char label[64];

	if (a) {
		struct ptt_setting s = ptt_setting_of_config(a->attr.config);

		d->dir = analysis_dir_of_setting(s.format, s.direction);
	} else {
		d->dir = ANALYSIS_DIR_UNKNOWN;
	}
	r->ndev = i + 1;
	if (!report_views_selected(&r->vo))
		return 0;
	ptt_file_pmu(a, label, sizeof(label));
	return report_views_start(&r->vo, r->path, a ? a->attr.config : 0, a != NULL, r->files, i,
				  perf_reader_nr_attrs(r->rd) > 1 && label[0] ? label : NULL,
				  &d->views);
}

/* The line view, its header before the first chunk's entries. */
static int line_chunk(struct report *r, struct report_stream *st, const uint8_t *p, size_t n)
{
	if (!r->no_header && !r->header_done) {
		int err = wbuf_reserve(&r->out);

		if (err)
			return err;
		r->header_done = true;
		ptt_line_header(&r->out);
	}
	return ptt_line_chunk_where(&r->out, p, n, r->stream_off, &st->clk, &r->vo.filter);
}

/* A payload's buffer, its clock started where its device's clock is. */
static struct report_stream *stream_of(struct report *r, struct report_dev *d,
				       const struct perf_rec *rec, const uint8_t *p, size_t whole,
				       enum ptt_format f)
{
	long k = perf_aux_streams_stream(r->streams, rec);
	struct report_stream *st = &r->stream[k];

	r->stream_dev[k] = d - r->dev;
	if (!whole || st->clk.started)
		return st;
	if (d->clk) {
		st->clk = *d->clk;
	} else {
		struct ptt_entry e;

		ptt_entry_decode(p, f, &e);
		d->fmt = f;
		d->first_tick = e.time & ptt_time_mask(f);
	}
	return st;
}

/* Whether rec is the AUXTRACE record the file ends in: the reader's end says so for it. */
static bool cut_short(const struct report *r, const struct perf_rec *rec)
{
	struct perf_reader_cut c;

	return perf_reader_cut_auxtrace(r->rd, &c) && c.offset == rec->offset;
}

static int on_chunk(struct report *r, const struct perf_rec *rec, long dev)
{
	const uint8_t *p = rec->auxtrace.data;
	size_t n = (size_t)rec->auxtrace.size, whole;
	struct report_stream *st;
	struct report_dev *d;
	enum ptt_format f;
	int err;

	if (!r->have_info)
		return cli_error("%s: no PTT data (AUXTRACE at offset %#" PRIx64
				 " without an AUXTRACE_INFO record)",
				 r->path, rec->offset);
	if (dev < 0)
		return cli_error("%s: more than %d AUX buffers in one recording", r->path,
				 PERF_AUX_MAX_STREAMS);
	if ((size_t)dev == r->ndev && dev_start(r, (size_t)dev))
		return 1;
	d = &r->dev[dev];
	whole = ptt_chunk_whole(p, n, &f);
	st = stream_of(r, d, rec, p, whole, f);
	err = 0;
	if (r->pcap && each_piece(r, d, rec, whole, f, pcap_piece))
		return 1;
	if (d->views && !perf_reader_is_pipe(r->rd)) {
		if (add_span(r, st, rec, whole, f))
			return 1;
	} else if (d->views) {
		if (each_piece(r, d, rec, whole, f, view_piece))
			return 1;
	} else if (r->view == VIEW_DUMP)
		err = ptt_dump_chunk(&r->out, p, n, r->layout);
	else if (r->view == VIEW_JSON)
		err = ptt_json_chunk_where(&r->out, p, n, r->stream_off, &st->clk, &r->vo.filter);
	else if (r->view == VIEW_LINES)
		err = line_chunk(r, st, p, n);
	if (err)
		return cli_errno(err, "%s: writing the report", r->path);
	if (whole)
		d->clk = &st->clk;
	if (whole != n && !cut_short(r, rec)) {
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
	long dev = perf_aux_streams_note(r->streams, r->rd, rec);

	if (dev == -ENOMEM)
		return cli_errno(-ENOMEM, "report");
	if (rec->type == PERF_RECORD_ITRACE_START && r->pcap && !r->chunks)
		anchor_pcap(r, rec);
	if (rec->type == PERF_REC_AUXTRACE_INFO) {
		if (rec->auxtrace_info.type != PERF_AUXTRACE_HISI_PTT)
			return cli_error("%s: unknown AUXTRACE type %u (not HISI PTT data)",
					 r->path, rec->auxtrace_info.type);
		/* perf needs priv[0] to tell the PTT's events; later words (a decoder version) are
		 * extras */
		if (!rec->auxtrace_info.nr_priv)
			cli_warn("%s: the HISI PTT AUXTRACE_INFO has no PMU type (priv[0]); perf "
				 "report refuses such a file",
				 r->path);
		r->have_info = true;
		return 0;
	}
	if (rec->type == PERF_REC_AUXTRACE)
		return on_chunk(r, rec, dev);
	if (rec->type == PERF_REC_COMPRESSED)
		return cli_error("%s: compressed records (perf record -z) are not supported",
				 r->path);
	return 0;
}

/*
 * A warning, as perf's about a data size of 0: what was kept is reported,
 * and from when on nothing is (the last record time, from the first).
 */
/* ns as the sentences say it: "7 ns", "12.500 us", "354.100 ms". */
static const char *duration(uint64_t ns, char *buf, size_t n)
{
	if (ns < 1000)
		snprintf(buf, n, "%" PRIu64 " ns", ns);
	else if (ns < 1000000)
		snprintf(buf, n, "%.3f us", (double)ns / 1e3);
	else
		snprintf(buf, n, "%.3f ms", (double)ns / 1e6);
	return buf;
}

static void say_unclosed(const struct report *r, const struct perf_reader *rd)
{
	struct perf_reader_recovery rc;
	struct perf_reader_cut cut;
	char dropped[96] = "", until[128] = "", took[32], cutsay[320] = "";
	uint64_t first, last;

	if (!perf_reader_unclosed(rd, &rc))
		return;
	if (rc.dropped)
		snprintf(dropped, sizeof(dropped),
			 "; %" PRIu64 " bytes of an incomplete last record left out", rc.dropped);
	if (perf_reader_cut_auxtrace(rd, &cut)) {
		cutsay[0] = ';';
		cutsay[1] = ' ';
		perf_reader_cut_describe(rd, &cut, cutsay + 2, sizeof(cutsay) - 2);
	}
	if (perf_aux_streams_times(r->streams, &first, &last) && last > first)
		snprintf(until, sizeof(until),
			 "; nothing after %s of recording (its last record) is in it",
			 duration(last - first, took, sizeof(took)));
	cli_warn("%s: warning: the file was not closed (the recording was killed or its disk "
		 "filled): recovered %" PRIu64 " records, %" PRIu64 " bytes%s%s%s",
		 r->path, rc.records, rc.bytes, dropped, cutsay, until);
}

/* The PMU of device i's event ("hisi_ptt0_2"), or "" when unknown. */
static void dev_name(const struct report *r, size_t i, char *buf, size_t n)
{
	ptt_file_pmu(dev_attr(r, i), buf, n);
}

/* Every view tells what was lost, on standard error: one line per device that lost data. */
static void say_loss(const struct report *r)
{
	char line[512], name[64];

	for (size_t i = 0; i < r->ndev; i++) {
		const struct perf_aux_device *d = perf_aux_streams_device(r->streams, i);

		dev_name(r, i, name, sizeof(name));
		if (perf_aux_loss_describe(&d->loss, d->timed, d->start_ns, line, sizeof(line)))
			cli_warn("%s: %s%s%s", r->path, name, name[0] ? ": " : "", line);
	}
	if (perf_aux_loss_describe(perf_aux_streams_unjoined(r->streams), false, 0, line,
				   sizeof(line)))
		cli_warn("%s: a device the file does not name: %s", r->path, line);
}

static double tick_ns(const struct report *r)
{
	return r->vo.tick_ns ? r->vo.tick_ns : ANALYSIS_DEFAULT_TICK_NS;
}

static double rec_ns(const struct perf_aux_device *d)
{
	return d->timed ? (double)(d->end_ns - d->start_ns) : 0;
}

/* A device whose trace came in several AUX buffers is one device: say so, once. */
static void say_streams(const struct report *r)
{
	char line[512], name[64];

	for (size_t i = 0; i < r->ndev; i++) {
		dev_name(r, i, name, sizeof(name));
		if (perf_aux_device_describe_streams(perf_aux_streams_device(r->streams, i), line,
						     sizeof(line)))
			cli_warn("%s: %s%s%s", r->path, name, name[0] ? ": " : "", line);
	}
}

/*
 * The views that place entries in time without the analysis (--pcap, and
 * --time on the entry views): one line per device whose clock cannot.
 */
static void say_placing(const struct report *r, size_t i, const char *what, uint64_t span)
{
	const struct perf_aux_device *d = perf_aux_streams_device(r->streams, i);
	struct ptt_timing t =
	    ptt_sight_timing(r->dev[i].fmt, (double)span * tick_ns(r), rec_ns(d), tick_ns(r));
	char line[512], name[64];

	dev_name(r, i, name, sizeof(name));
	if (ptt_sight_placing(&t, what, line, sizeof(line)))
		cli_warn("%s%s%s", name, name[0] ? ": " : "", line);
}

static void say_entry_views_placing(const struct report *r)
{
	for (size_t i = 0; i < r->ndev; i++) {
		uint64_t span;

		if (r->pcap && !report_pcap_span(r->pcap, i, &span))
			say_placing(r, i, "--pcap times", span);
		const struct report_dev *d = &r->dev[i];

		if (r->vo.filter.by_time && !d->views && d->clk && d->clk->started)
			say_placing(r, i, "--time", d->clk->now - d->first_tick);
	}
}

static int run(struct report *r, struct perf_reader *rd)
{
	struct perf_rec rec;
	struct error e;
	int got, ret = 0;

	while (!ret && (got = perf_reader_next(rd, &rec, &e)) > 0)
		ret = on_record(r, &rec);
	perf_aux_streams_finish(r->streams, rd, PTT_TRACE_BUF_BYTES);
	if (wbuf_flush(&r->out) && !ret)
		return cli_errno(r->out.err, "%s: writing the report", r->path);
	if (ret)
		return ret;
	if (got < 0)
		return cli_error("%s: %s", r->path, e.msg);
	say_unclosed(r, rd);
	if (perf_reader_features_cut(rd))
		cli_warn("%s: warning: the file ends in its feature sections, after its last "
			 "record: every record was read, without the event names and the "
			 "recording's description those sections hold",
			 r->path);
	say_streams(r);
	say_loss(r);
	if (!r->have_info)
		return cli_error("%s: no PTT data (no HISI PTT AUXTRACE_INFO record)", r->path);
	if (!r->chunks)
		cli_warn("%s: the PTT session recorded no trace data", r->path);
	say_entry_views_placing(r);
	return 0;
}

/* What the recording says of device i, for its views. */
static void tell_views(const struct report *r, size_t i, const char *name)
{
	const struct perf_aux_device *dev = perf_aux_streams_device(r->streams, i);
	struct report_device d = {.name = name[0] ? name : NULL,
				  .rec_ns = rec_ns(dev),
				  .timed = dev->timed,
				  .start_ns = dev->start_ns,
				  .loss = dev->loss,
				  .streams = dev->streams,
				  .heading = r->ndev > 1,
				  .first = i == 0};

	report_views_device(r->dev[i].views, &d);
}

/* Device i's payloads of the file, buffer after buffer; 0 or 1 after printing an error. */
static int feed_spans(struct report *r, size_t i)
{
	struct analysis_span *all = NULL;
	size_t n = 0;
	int ret = 0;

	for (size_t k = 0; k < PERF_AUX_MAX_STREAMS; k++)
		n += r->stream_dev[k] == (long)i ? r->stream[k].nspans : 0;
	if (!n)
		return 0;
	all = malloc(n * sizeof(*all));
	if (!all)
		return cli_errno(-ENOMEM, "report");
	n = 0;
	for (size_t k = 0; k < PERF_AUX_MAX_STREAMS; k++) {
		if (r->stream_dev[k] != (long)i)
			continue;
		memcpy(all + n, r->stream[k].spans, r->stream[k].nspans * sizeof(*all));
		n += r->stream[k].nspans;
	}
	ret = report_views_spans(r->dev[i].views, all, n, read_file, r->rd);
	free(all);
	return ret;
}

/* The analysis views of every device, one after the other, then the files they share. */
static int finish_views(struct report *r)
{
	int ret = 0;

	for (size_t i = 0; i < r->ndev; i++) {
		struct report_dev *d = &r->dev[i];
		char name[64];

		if (!d->views)
			continue;
		dev_name(r, i, name, sizeof(name));
		tell_views(r, i, name);
		if (feed_spans(r, i))
			ret = 1;
		if (report_views_finish(d->views, stdout))
			ret = 1;
		d->views = NULL;
	}
	if (report_files_close(r->files))
		ret = 1;
	r->files = NULL;
	return ret;
}

static void free_devs(struct report *r)
{
	for (size_t i = 0; r->stream && i < PERF_AUX_MAX_STREAMS; i++)
		free(r->stream[i].spans);
	free(r->stream);
	free(r->stream_dev);
	free(r->dev);
}

int cmd_report(int argc, char **argv)
{
	struct report r = {.path = "perf.data", .view = VIEW_LINES, .layout = PTT_DUMP_PERF_6_1};
	int ret = parse_args(&r, argc, argv);
	struct error e;

	if (ret >= 0)
		return ret;
	if (perf_reader_open(r.path, &r.rd, &e))
		return cli_error("%s: %s", r.path, e.msg);
	r.dev = calloc(PERF_AUX_MAX_STREAMS, sizeof(*r.dev));
	r.stream = calloc(PERF_AUX_MAX_STREAMS, sizeof(*r.stream));
	r.stream_dev = malloc(PERF_AUX_MAX_STREAMS * sizeof(*r.stream_dev));
	if (r.stream_dev)
		for (size_t k = 0; k < PERF_AUX_MAX_STREAMS; k++)
			r.stream_dev[k] = -1;
	if (!r.dev || !r.stream || !r.stream_dev || perf_aux_streams_create(&r.streams) ||
	    wbuf_init_fd(&r.out, STDOUT_FILENO, 1 << 20) ||
	    ((report_views_selected(&r.vo) || r.pcap_path) && !(r.piece = malloc(VIEWS_PIECE)))) {
		ret = cli_error("out of memory");
		goto out;
	}
	/* a refused window leaves no file behind: checked before any is created */
	if (r.vo.filter.by_time && (!report_views_selected(&r.vo) || r.pcap_path) &&
	    report_window_check(r.path, tick_ns(&r))) {
		ret = 1;
		goto out;
	}
	if (r.pcap_path && report_pcap_open(r.pcap_path, tick_ns(&r), &r.pcap)) {
		ret = 1;
		goto out;
	}
	if (r.pcap)
		report_pcap_filter(r.pcap, &r.vo.filter);
	if ((r.vo.html || r.vo.chrome_trace) && report_files_open(&r.vo, &r.files)) {
		ret = 1;
		goto out;
	}
	ret = run(&r, r.rd);
	if (finish_views(&r))
		ret = 1;
out:
	if (r.pcap && report_pcap_close(r.pcap))
		ret = 1;
	report_files_close(r.files);
	wbuf_close(&r.out);
	free_devs(&r);
	free(r.piece);
	perf_aux_streams_destroy(r.streams);
	perf_reader_close(r.rd);
	return ret;
}
