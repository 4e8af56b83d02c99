// SPDX-License-Identifier: GPL-2.0-only
/*
 * A PTT perf.data read into the diagnosis collector: the recording setting
 * (format, direction, type) from the file's first event, the PMU's name
 * from that event's name, then every AUXTRACE payload in order.  Problems
 * with the file are one line naming it, as in `report`.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

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

static int feed(const char *path, struct perf_reader *rd, struct diag_trace *t)
{
	struct perf_rec rec;
	bool info = false;
	int got;

	while ((got = perf_reader_next(rd, &rec)) > 0) {
		enum ptt_format f;
		size_t whole;

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
		diag_trace_feed(t, rec.auxtrace.data, whole, f);
	}
	if (got < 0)
		return cli_error("diagnose: %s: %s", path, perf_reader_errmsg(rd));
	if (!info)
		return cli_error("diagnose: %s: no PTT data (no HISI PTT AUXTRACE_INFO record)",
				 path);
	return 0;
}

int diagnose_read_trace(const char *path, double tick_ns, const uint16_t *host, size_t nhost,
			const struct diag_trace_link *links, size_t nlinks, struct diag_trace **out)
{
	struct perf_reader *rd;
	const struct perf_attr_info *a;
	struct diag_trace_opts o = {.tick_ns = tick_ns,
				    .host = host,
				    .nhost = nhost,
				    .links = links,
				    .nlinks = nlinks};
	char msg[256] = "", pmu[64];
	int ret;

	if (perf_reader_open(path, &rd, msg, sizeof(msg)))
		return cli_error("diagnose: %s: %s", path, msg[0] ? msg : "out of memory");
	a = perf_reader_nr_attrs(rd) ? perf_reader_attr(rd, 0) : NULL;
	pmu_of(a, pmu, sizeof(pmu));
	o.config = a ? a->attr.config : 0;
	o.have_config = a != NULL;
	o.pmu = pmu;
	ret = diag_trace_create(&o, out);
	if (ret) {
		perf_reader_close(rd);
		return cli_errno(ret, "diagnose");
	}
	ret = feed(path, rd, *out);
	perf_reader_close(rd);
	if (ret) {
		diag_trace_destroy(*out);
		*out = NULL;
		return ret;
	}
	diag_trace_finish(*out);
	return 0;
}
