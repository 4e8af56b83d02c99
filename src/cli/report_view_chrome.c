// SPDX-License-Identifier: GPL-2.0-only
/*
 * --chrome-trace FILE: every matched non-posted request becomes a slice from
 * the request to its last completion, on a track named after its requester.
 * Slices are written as the analyser closes them, so the file grows with
 * the trace and memory does not.  Times are microseconds from the first
 * entry of the trace.
 */
#include <errno.h>
#include <stdio.h>

#include <pciescope/pcie/bdf.h>

#include "cli.h"
#include "report_views_impl.h"

int rv_chrome_open(struct report_views *v)
{
	v->chrome = fopen(v->o.chrome_trace, "w");
	if (!v->chrome)
		return cli_errno(-errno, "%s", v->o.chrome_trace);
	chrome_trace_begin(&v->ct, v->chrome);
	return 0;
}

static int track_of(struct report_views *v, uint16_t rid)
{
	char name[32], b[16];

	if (!(v->has_track[rid / 8] & (1u << (rid % 8)))) {
		v->has_track[rid / 8] |= (uint8_t)(1u << (rid % 8));
		snprintf(name, sizeof(name), "requester %s", pci_rid_format(rid, b, sizeof(b)));
		chrome_trace_track(&v->ct, rid + 1, name);
	}
	return rid + 1;
}

void rv_chrome_txn(struct report_views *v, const struct analysis_txn *t)
{
	uint64_t first = analysis_summary(v->a)->first;
	char args[160], b[16];

	snprintf(args, sizeof(args),
		 "{\"tag\":%u,\"completer\":\"%s\",\"bytes\":%u,\"completions\":%u,"
		 "\"status\":\"%s\"}",
		 t->tag, pci_rid_format(t->completer, b, sizeof(b)), t->bytes, t->ncpl,
		 tlp_cpl_status_name(t->status));
	chrome_trace_slice(&v->ct, track_of(v, t->requester), tlp_kind_name(t->kind),
			   rv_ns(v, t->start - first) / 1e3, rv_ns(v, t->end - t->start) / 1e3,
			   args);
}

int rv_chrome_close(struct report_views *v)
{
	int err = chrome_trace_end(&v->ct);

	if (fclose(v->chrome) && !err)
		err = -errno;
	v->chrome = NULL;
	return err ? cli_errno(err, "report: writing %s", v->o.chrome_trace) : 0;
}
