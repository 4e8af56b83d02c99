// SPDX-License-Identifier: GPL-2.0-only
/*
 * A PTT perf.data read into the diagnosis collector (diag/trace.h's
 * diag_trace_read; tool/ptt_file.h walks it): each traced device of the
 * recording (one PMU, its trace in one or more AUX buffers) gets a trace of
 * its own (its own clock, its own setting and PMU, from its event), chained
 * after the first, fed its entries in order, then what the records say of
 * its span and loss.  Problems with the file are one line naming it, as
 * `report` words them; a file cut short is judged on what it holds, with a
 * warning that says so.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/base/error.h>
#include <pciescope/diag/trace.h>
#include <pciescope/tool/ptt_file.h>
#include <pciescope/tool/warn.h>

/* The traces of a file being read: one per traced device, the first is the chain's head. */
struct traces {
	struct diag_trace_opts o; /* of the first device; the others change config and pmu */
	struct diag_trace *dev[PERF_AUX_MAX_STREAMS];
	char pmu[PERF_AUX_MAX_STREAMS][64];
	size_t ndev;
	const char *path;
};

/* Device i's first payload: a trace of its own, with its event's setting and PMU. */
static int start_device(void *ctx, size_t i, const struct perf_attr_info *a, struct error *e)
{
	struct traces *x = ctx;
	struct diag_trace_opts o = x->o;
	int r;

	ptt_file_pmu(a, x->pmu[i], sizeof(x->pmu[i]));
	o.config = a ? a->attr.config : 0;
	o.have_config = a != NULL;
	o.pmu = x->pmu[i];
	x->ndev = i + 1;
	r = i ? diag_trace_add_device(x->dev[0], &o, &x->dev[i])
	      : diag_trace_create(&o, &x->dev[0]);
	return r ? error_set_errno(e, r, "%s", x->path) : 0;
}

static void entries(void *ctx, size_t i, const uint8_t *buf, size_t len, enum ptt_format f)
{
	struct traces *x = ctx;

	diag_trace_feed(x->dev[i], buf, len, f);
}

/*
 * A file cut short: never closed, or closed and cut after; the cut
 * AUXTRACE record's whole entries were judged with the rest.
 */
static void tell_damage(const struct traces *x, const struct perf_reader *rd)
{
	struct perf_reader_recovery rc;
	struct perf_reader_cut cut;
	char what[320] = "";

	if (perf_reader_cut_auxtrace(rd, &cut)) {
		what[0] = ';';
		what[1] = ' ';
		perf_reader_cut_describe(rd, &cut, what + 2, sizeof(what) - 2);
	}
	if (perf_reader_unclosed(rd, &rc))
		tool_warn("%s: warning: the file was not closed (the recording was killed or its "
			  "disk filled): the findings judge the %" PRIu64 " records it holds%s",
			  x->path, rc.records, what);
	else if (what[0])
		tool_warn("%s: warning: truncated: %s; the findings judge what the file holds",
			  x->path, what + 2);
}

/* Each device's span and loss to its rules; several buffers and a damaged file are said. */
static void tell(void *ctx, const struct perf_aux_streams *st, const struct perf_reader *rd)
{
	struct traces *x = ctx;
	char line[512];

	for (size_t i = 0; i < x->ndev; i++) {
		const struct perf_aux_device *d = perf_aux_streams_device(st, i);
		struct diag_recording r = {.rec_ns =
					       d->timed ? (double)(d->end_ns - d->start_ns) : 0,
					   .timed = d->timed,
					   .start_ns = d->start_ns,
					   .loss = d->loss};

		if (perf_aux_device_describe_streams(d, line, sizeof(line)))
			tool_warn("%s: %s%s%s", x->path, x->pmu[i], x->pmu[i][0] ? ": " : "", line);
		diag_trace_recording(x->dev[i], &r);
		diag_trace_finish(x->dev[i]);
	}
	tell_damage(x, rd);
}

int diag_trace_read(const char *path, const struct diag_trace_opts *o, struct diag_trace **out,
		    struct error *e)
{
	static const struct ptt_file_ops ops = {start_device, entries, tell};
	struct traces *x = calloc(1, sizeof(*x));
	int ret;

	if (!x)
		return error_set_errno(e, -ENOMEM, "%s", path);
	*x = (struct traces){.o = *o, .path = path};
	ret = ptt_file_walk(path, &ops, x, e);
	/* a recording with no payload still gets a trace: its setting alone can be judged */
	if (!ret && !x->ndev) {
		ret = start_device(x, 0, NULL, e);
		if (!ret)
			diag_trace_finish(x->dev[0]);
	}
	*out = ret ? NULL : x->dev[0];
	if (ret)
		diag_trace_destroy(x->dev[0]);
	free(x);
	return ret;
}
