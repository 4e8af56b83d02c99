// SPDX-License-Identifier: GPL-2.0-only
/*
 * A PTT recording read for its twin: each traced device of the file (one
 * PTT, in one or more AUX buffers) gets a trace of its own, with its event's setting,
 * PMU name and filter, fed every payload in order (tool/ptt_file.h), then
 * told how long the recording lasted by its records (a 4DW trace's own
 * times may be short), and whether the trace stopped early or the file
 * was cut; and the platform its command line names.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/tool/ptt_file.h>

#include "twin_internal.h"

struct reading {
	const struct twin_topo *topo;
	double tick_ns;
	struct twin_trace *tr; /* [PERF_AUX_MAX_STREAMS], made as devices appear */
	unsigned n;
};

static int device(void *ctx, size_t i, const struct perf_attr_info *a, struct error *e)
{
	struct reading *x = ctx;
	char pmu[64];

	ptt_file_pmu(a, pmu, sizeof(pmu));
	if (twin_trace_init(&x->tr[i], x->topo, pmu, a ? a->attr.config : 0, x->tick_ns))
		return error_set(e, -ENOMEM, "out of memory");
	x->n = (unsigned)i + 1;
	return 0;
}

static void entries(void *ctx, size_t i, const uint8_t *buf, size_t len, enum ptt_format f)
{
	struct reading *x = ctx;

	twin_trace_feed(&x->tr[i], buf, len, f);
}

static void done(void *ctx, const struct perf_aux_streams *s, const struct perf_reader *rd)
{
	struct reading *x = ctx;
	bool cut = perf_reader_cut_auxtrace(rd, NULL);

	for (unsigned i = 0; i < x->n; i++) {
		const struct perf_aux_device *d = perf_aux_streams_device(s, i);

		x->tr[i].rec_ns = d->timed ? (double)(d->end_ns - d->start_ns) : 0;
		x->tr[i].stopped = d->loss.stopped || d->loss.truncated;
		x->tr[i].cut = cut;
		twin_trace_finish(&x->tr[i]);
	}
}

int twin_read(const char *path, const struct twin_topo *topo, double tick_ns,
	      struct twin_trace **out, unsigned *n, struct error *e)
{
	static const struct ptt_file_ops ops = {device, entries, done};
	struct reading x = {.topo = topo, .tick_ns = tick_ns};
	int r;

	x.tr = calloc(PERF_AUX_MAX_STREAMS, sizeof(*x.tr));
	if (!x.tr)
		return error_set(e, -ENOMEM, "%s: out of memory", path);
	r = ptt_file_walk(path, &ops, &x, e);
	if (!r && !x.n)
		r = error_set(e, -ENODATA, "%s: no PTT trace data", path);
	if (r) {
		for (unsigned i = 0; i < x.n; i++)
			twin_trace_free(&x.tr[i]);
		free(x.tr);
		x.tr = NULL;
		x.n = 0;
	}
	*out = x.tr;
	*n = x.n;
	return r;
}

int twin_recorded_platform(const char *path, char *buf, size_t n, struct error *e)
{
	struct perf_reader *rd;
	const char *const *argv;
	uint32_t argc;
	int r = perf_reader_open(path, &rd, e);

	buf[0] = 0;
	if (r)
		return error_wrap(e, "%s", path);
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
