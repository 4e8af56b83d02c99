// SPDX-License-Identifier: GPL-2.0-only
/*
 * --time on the views that print entries as they read them (the lines,
 * --json, --pcap): a window on a clock that lost gaps names other entries
 * than the user's times, so it is refused in one line, as the analysis
 * views refuse it (report_views.c) — before anything is printed.  That
 * takes one pass over the file's time fields first (each device's clock
 * against its records' span, ptt_sight_timing); a pipe cannot be read
 * twice, so from a pipe the views warn after the fact instead.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <pciescope/perf/aux_streams.h>
#include <pciescope/perf/perf_data.h>
#include <pciescope/tool/ptt_file.h>
#include <pciescope/trace/ptt_print.h>
#include <pciescope/trace/ptt_sight.h>

#include "cli.h"
#include "report_views.h"

/* Bytes of trace read at a time: a multiple of both entry sizes. */
#define PIECE (256u << 10)

struct window_dev {
	struct ptt_clock clk;
	enum ptt_format fmt;
	uint64_t first;
};

/* Ticks every entry of a payload on its device's clock. */
static int tick_chunk(struct perf_reader *rd, const struct perf_rec *rec, struct window_dev *d,
		      uint8_t *piece)
{
	enum ptt_format f;
	size_t whole = ptt_chunk_whole(rec->auxtrace.data, (size_t)rec->auxtrace.size, &f);
	size_t esize = ptt_entry_size(f);

	for (size_t off = 0, n; off < whole; off += n) {
		const uint8_t *p;

		n = whole - off < PIECE ? whole - off : PIECE;
		p = perf_reader_aux_bytes(rd, rec, off, n, piece, NULL);
		if (!p)
			return -EIO;
		for (size_t e = 0; e < n; e += esize) {
			uint32_t time = f == PTT_FMT_8DW ? ptt_le32(p + e + 28) : ptt_le32(p + e);

			if (!d->clk.started) {
				d->fmt = f;
				d->first = time & ptt_time_mask(f);
			}
			ptt_clock_tick(&d->clk, f, time);
		}
	}
	return 0;
}

/* One line for the first device whose clock cannot place the window; 0 when all can. */
static int judge(const char *path, const struct perf_aux_streams *st, const struct perf_reader *rd,
		 const struct window_dev *dev, double tick_ns)
{
	for (size_t i = 0; i < perf_aux_streams_devices(st); i++) {
		const struct perf_aux_device *d = perf_aux_streams_device(st, i);
		double span = (double)(dev[i].clk.now - dev[i].first) * tick_ns;
		double rec = d->timed ? (double)(d->end_ns - d->start_ns) : 0;
		struct ptt_timing t = ptt_sight_timing(dev[i].fmt, span, rec, tick_ns);
		char name[64], what[96], line[512];

		ptt_file_pmu(ptt_file_event(st, rd, i), name, sizeof(name));
		snprintf(what, sizeof(what), "%s%s--time", name, name[0] ? ": " : "");
		if (dev[i].clk.started && ptt_sight_placing(&t, what, line, sizeof(line)))
			return cli_error("%s: %s", path, line);
	}
	return 0;
}

int report_window_check(const char *path, double tick_ns)
{
	struct window_dev *dev = calloc(PERF_AUX_MAX_STREAMS, sizeof(*dev));
	uint8_t *piece = malloc(PIECE);
	struct perf_aux_streams *st = NULL;
	struct perf_reader *rd = NULL;
	struct perf_rec rec;
	struct stat sb;
	int ret = 0;

	/* standard input or a FIFO would be read up before the real pass */
	if (!strcmp(path, "-") || stat(path, &sb) || !S_ISREG(sb.st_mode))
		goto out;
	if (!dev || !piece || perf_aux_streams_create(&st)) {
		ret = cli_errno(-ENOMEM, "report");
		goto out;
	}
	/* whatever cannot be read is the real pass's to tell */
	if (perf_reader_open(path, &rd, NULL) || perf_reader_is_pipe(rd))
		goto out;
	while (perf_reader_next(rd, &rec, NULL) > 0) {
		long d = perf_aux_streams_note(st, rd, &rec);

		if (rec.type == PERF_REC_AUXTRACE && d >= 0 && tick_chunk(rd, &rec, &dev[d], piece))
			goto out;
	}
	perf_aux_streams_finish(st, rd, PTT_TRACE_BUF_BYTES);
	ret = judge(path, st, rd, dev, tick_ns);
out:
	perf_aux_streams_destroy(st);
	perf_reader_close(rd);
	free(piece);
	free(dev);
	return ret;
}
