// SPDX-License-Identifier: GPL-2.0-only
/*
 * A PTT perf.data read into the diagnosis collector: the recording setting
 * (format, direction, type) from the file's first event, the PMU's name
 * from that event's name, then every AUXTRACE payload of the first traced
 * device in order, and what the records say of its span and loss.  Problems
 * with the file are one line naming it, as in `report`.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <pciescope/perf/aux_streams.h>
#include <pciescope/perf/perf_data.h>
#include <pciescope/trace/ptt_print.h>

#include "cli.h"
#include "diagnose.h"

static void pmu_of(const struct perf_attr_info *a, char *pmu, size_t n)
{
	const char *slash;

	pmu[0] = 0;
	if (!a || !a->name)
		return;
	slash = strchr(a->name, '/');
	snprintf(pmu, n, "%.*s", slash ? (int)(slash - a->name) : (int)strlen(a->name), a->name);
}

/*
 * Every payload of the first traced device (one clock: a second PTT counts
 * unrelated times), and what the records say of it.
 */
static int feed(const char *path, struct perf_reader *rd, struct perf_aux_streams *st,
		struct diag_trace *t)
{
	struct perf_rec rec;
	bool info = false;
	int got;

	while ((got = perf_reader_next(rd, &rec)) > 0) {
		long dev = perf_aux_streams_note(st, rd, &rec);
		enum ptt_format f;
		size_t whole;

		if (dev == -ENOMEM || dev == -E2BIG)
			return cli_errno((int)dev, "diagnose: %s", path);
		if (rec.type == PERF_REC_AUXTRACE_INFO) {
			if (rec.auxtrace_info.type != PERF_AUXTRACE_HISI_PTT)
				return cli_error("diagnose: %s: unknown AUXTRACE type %u (not HISI "
						 "PTT data)",
						 path, rec.auxtrace_info.type);
			info = true;
		}
		if (rec.type != PERF_REC_AUXTRACE)
			continue;
		if (!info)
			return cli_error("diagnose: %s: no PTT data (AUXTRACE at offset %#" PRIx64
					 " without an AUXTRACE_INFO record)",
					 path, rec.offset);
		whole = ptt_chunk_whole(rec.auxtrace.data, (size_t)rec.auxtrace.size, &f);
		if (dev == 0)
			diag_trace_feed(t, rec.auxtrace.data, whole, f);
	}
	if (got < 0)
		return cli_error("diagnose: %s: %s", path, perf_reader_errmsg(rd));
	if (!info)
		return cli_error("diagnose: %s: no PTT data (no HISI PTT AUXTRACE_INFO record)",
				 path);
	return 0;
}

/* The first device's span and loss to the rules; a file never closed and other devices said. */
static void tell(const char *path, struct perf_reader *rd, struct perf_aux_streams *st,
		 struct diag_trace *t, const char *pmu)
{
	struct perf_reader_recovery rc;
	struct diag_recording r = {0};

	perf_aux_streams_finish(st, rd);
	if (perf_aux_streams_count(st)) {
		const struct perf_aux_stream *s = perf_aux_streams_get(st, 0);

		r = (struct diag_recording){.rec_ns = s->timed ? (double)(s->end_ns - s->start_ns) : 0,
					    .timed = s->timed,
					    .start_ns = s->start_ns,
					    .loss = s->loss};
	}
	diag_trace_recording(t, &r);
	if (perf_aux_streams_count(st) > 1)
		cli_warn("%s: the recording traced %zu devices; this diagnoses the first (%s) only",
			 path, perf_aux_streams_count(st), pmu[0] ? pmu : "its first event");
	if (perf_reader_unclosed(rd, &rc))
		cli_warn("%s: warning: the file was not closed (the recording was killed or its "
			 "disk filled): the findings judge the %" PRIu64 " records it holds",
			 path, rc.records);
}

int diagnose_read_trace(const char *path, double tick_ns, const uint16_t *host, size_t nhost,
			struct diag_trace **out)
{
	struct perf_reader *rd;
	struct perf_aux_streams *st = NULL;
	const struct perf_attr_info *a;
	struct diag_trace_opts o = {.tick_ns = tick_ns, .host = host, .nhost = nhost};
	char msg[256] = "", pmu[64];
	int ret;

	if (perf_reader_open(path, &rd, msg, sizeof(msg)))
		return cli_error("diagnose: %s: %s", path, msg[0] ? msg : "out of memory");
	a = perf_reader_nr_attrs(rd) ? perf_reader_attr(rd, 0) : NULL;
	pmu_of(a, pmu, sizeof(pmu));
	o.config = a ? a->attr.config : 0;
	o.have_config = a != NULL;
	o.pmu = pmu;
	ret = perf_aux_streams_create(&st);
	if (!ret)
		ret = diag_trace_create(&o, out);
	if (ret) {
		perf_aux_streams_destroy(st);
		perf_reader_close(rd);
		return cli_errno(ret, "diagnose");
	}
	ret = feed(path, rd, st, *out);
	if (!ret)
		tell(path, rd, st, *out, pmu);
	perf_aux_streams_destroy(st);
	perf_reader_close(rd);
	if (ret) {
		diag_trace_destroy(*out);
		*out = NULL;
		return ret;
	}
	diag_trace_finish(*out);
	return 0;
}
