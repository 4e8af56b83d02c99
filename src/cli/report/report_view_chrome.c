// SPDX-License-Identifier: GPL-2.0-only
/*
 * --chrome-trace FILE: the trace as a Perfetto / chrome://tracing timeline.
 *
 * One process per requester ("requester bb:dd.f") holds
 *   - a slice per matched non-posted request, from the request to its last
 *     completion (async, so that outstanding requests stack);
 *   - thread "requests": each non-posted request, a slice one tick long;
 *   - thread "completions": each completion, one tick long, named after its
 *     kind and status; error completions (status other than SC) are in
 *     category "tlp,error", coloured "terrible";
 *   - thread "posted": posted writes and messages as instants;
 *   - a flow arrow from each matched request to its last completion;
 *   - counter "outstanding": the requests of this requester awaiting their
 *     completion, after every change from its first completion on (before
 *     it, whether the trace holds this requester's completions at all is
 *     not known: a requester with none gets no counter, rather than one
 *     that climbs for ever).
 * Process 0 ("PCIe link") has counter "bandwidth (MB/s)": what crossed per
 * class, header and payload (pcie/traffic.h), in windows of --timeline's width (1 us without it).
 *
 * A recording of several devices puts each device's tracks in one file,
 * pids apart and named after the device (report_files holds the file).
 * Everything is written as the analyser reports it (on_entry, on_txn), in
 * trace order, so counters of one track come in time order and memory does
 * not grow with the trace: per requester a counter and a bit.  Times are
 * microseconds from the first entry of the trace.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <pciescope/out/num.h>
#include <pciescope/pcie/bdf.h>
#include <pciescope/tool/link_model.h>

#include "cli.h"
#include "report_views_internal.h"

enum { TID_ASYNC, TID_REQUESTS, TID_COMPLETIONS, TID_POSTED };
#define LINK_PID 0
#define DEFAULT_WINDOW_NS 1000.0

struct rv_chrome {
	struct chrome_trace *ct; /* the recording's one file (report_files) */
	int base;		 /* pids of this device: base + LINK_PID, base + rid + 1 */
	uint8_t has_track[65536 / 8];
	uint8_t completed[65536 / 8]; /* a completion of the requester came */
	uint32_t outstanding[65536];
	/* the bandwidth window being summed */
	uint64_t width, start; /* ticks */
	bool started, last_zero;
	uint64_t bytes[ANALYSIS_NCLASS];
};

/* A track's name, after the device's label when the recording has several. */
static void track_name(const struct report_views *v, char *buf, size_t n, const char *what)
{
	snprintf(buf, n, "%s%s%s", v->label, v->label[0] ? ": " : "", what);
}

int rv_chrome_open(struct report_views *v)
{
	struct rv_chrome *c = calloc(1, sizeof(*c));
	char name[128];

	if (!c)
		return cli_errno(-ENOMEM, "report");
	c->ct = &v->files->ct;
	c->base = (int)v->dev_index * (65536 + 1);
	v->chrome = c;
	track_name(v, name, sizeof(name), "PCIe link");
	chrome_trace_track(c->ct, c->base + LINK_PID, name);
	return 0;
}

static double us(const struct report_views *v, uint64_t ticks)
{
	return rv_ns(v, ticks - analysis_summary(v->a)->first) / 1e3;
}

static int track_of(struct report_views *v, uint16_t rid)
{
	struct rv_chrome *c = v->chrome;
	char what[32], name[128], b[16];
	int pid = c->base + rid + 1;

	if (!(c->has_track[rid / 8] & (1u << (rid % 8)))) {
		c->has_track[rid / 8] |= (uint8_t)(1u << (rid % 8));
		snprintf(what, sizeof(what), "requester %s", pci_rid_format(rid, b, sizeof(b)));
		track_name(v, name, sizeof(name), what);
		chrome_trace_track(c->ct, pid, name);
		chrome_trace_thread(c->ct, pid, TID_REQUESTS, "requests");
		chrome_trace_thread(c->ct, pid, TID_COMPLETIONS, "completions");
		chrome_trace_thread(c->ct, pid, TID_POSTED, "posted");
	}
	return pid;
}

void rv_chrome_txn(struct report_views *v, const struct analysis_txn *t)
{
	char args[160], b[16];

	snprintf(args, sizeof(args),
		 "{\"tag\":%u,\"completer\":\"%s\",\"bytes\":%u,\"completions\":%u,"
		 "\"status\":\"%s\"}",
		 t->tag, pci_rid_format(t->completer, b, sizeof(b)), t->bytes, t->ncpl,
		 tlp_cpl_status_name(t->status));
	chrome_trace_slice(v->chrome->ct, track_of(v, t->requester), tlp_kind_name(t->kind),
			   us(v, t->start), rv_ns(v, t->end - t->start) / 1e3, args);
}

static void bandwidth_sample(struct report_views *v, uint64_t at, const uint64_t *bytes)
{
	struct rv_chrome *c = v->chrome;
	double ns = rv_ns(v, c->width);
	char args[3 * OUT_NUM_LEN + 24], mbs[ANALYSIS_NCLASS][OUT_NUM_LEN];

	for (int i = 0; i < ANALYSIS_NCLASS; i++)
		out_num_sig(mbs[i], sizeof(mbs[i]), link_mbps((double)bytes[i], ns),
			    OUT_NUM_DIGITS);
	snprintf(args, sizeof(args), "{\"P\":%s,\"NP\":%s,\"CPL\":%s}", mbs[0], mbs[1], mbs[2]);
	chrome_trace_counter(c->ct, c->base + LINK_PID, "bandwidth (MB/s)", us(v, at), args);
	c->last_zero = !(bytes[0] | bytes[1] | bytes[2]);
}

/* Closes the windows before now: one sample each, and one zero for a gap. */
static void bandwidth_until(struct report_views *v, uint64_t now)
{
	static const uint64_t zero[ANALYSIS_NCLASS];
	struct rv_chrome *c = v->chrome;
	uint64_t skip;

	if (now - c->start < c->width)
		return;
	bandwidth_sample(v, c->start, c->bytes);
	c->bytes[0] = c->bytes[1] = c->bytes[2] = 0;
	c->start += c->width;
	skip = (now - c->start) / c->width;
	if (skip) {
		if (!c->last_zero)
			bandwidth_sample(v, c->start, zero);
		c->start += skip * c->width;
	}
}

static void bandwidth_add(struct report_views *v, const struct analysis_entry *e)
{
	struct rv_chrome *c = v->chrome;

	if (!c->started) {
		double w = v->o.timeline_ns ? (double)v->o.timeline_ns : DEFAULT_WINDOW_NS;
		double ticks = w / analysis_tick_ns(v->a);

		c->width = ticks < 1 ? 1 : (uint64_t)ticks;
		c->start = e->now;
		c->started = true;
	}
	bandwidth_until(v, e->now);
	c->bytes[e->cls] += e->b->payload + e->hbytes;
}

static void outstanding(struct report_views *v, int pid, uint16_t rid, int step, uint64_t now)
{
	struct rv_chrome *c = v->chrome;
	char args[40];

	c->outstanding[rid] += (uint32_t)step;
	if (!(c->completed[rid / 8] & (1u << (rid % 8))))
		return;
	snprintf(args, sizeof(args), "{\"requests\":%u}", c->outstanding[rid]);
	chrome_trace_counter(c->ct, pid, "outstanding", us(v, now), args);
}

static void completion(struct report_views *v, const struct analysis_entry *e, int pid)
{
	const struct tlp_brief *b = e->b;
	const char *status = tlp_cpl_status_name(b->status);
	bool error = b->status != TLP_CPL_SC;
	char name[32], args[128], cb[16];
	struct chrome_event ev = {.pid = pid,
				  .tid = TID_COMPLETIONS,
				  .name = name,
				  .args = args,
				  .cat = error ? "tlp,error" : "tlp",
				  .cname = error ? "terrible" : NULL};
	struct chrome_event req = {
	    .pid = pid, .tid = TID_REQUESTS, .cat = "flow", .name = "request -> completion"};

	snprintf(name, sizeof(name), "%s %s", tlp_kind_name(b->kind), status);
	snprintf(args, sizeof(args),
		 "{\"tag\":%u,\"completer\":\"%s\",\"status\":\"%s\",\"bytes\":%u}", b->tag,
		 pci_rid_format(b->completer, cb, sizeof(cb)), status, b->payload);
	chrome_trace_complete(v->chrome->ct, &ev, us(v, e->now), rv_ns(v, 1) / 1e3);
	v->chrome->completed[b->requester / 8] |= (uint8_t)(1u << (b->requester % 8));
	if (e->match == ANALYSIS_CLOSED) {
		chrome_trace_flow(v->chrome->ct, &req, us(v, e->start), &ev, us(v, e->now));
		outstanding(v, pid, b->requester, -1, e->now);
	}
}

void rv_chrome_entry(void *ctx, const struct analysis_entry *e)
{
	struct report_views *v = ctx;
	const struct tlp_brief *b = e->b;
	char args[64];
	struct chrome_event ev = {.cat = "tlp", .name = tlp_kind_name(b->kind), .args = args};

	if (e->cls >= ANALYSIS_NCLASS)
		return;
	bandwidth_add(v, e);
	ev.pid = track_of(v, b->requester);
	if (e->cls == TLP_CLASS_CPL) {
		completion(v, e, ev.pid);
		return;
	}
	snprintf(args, sizeof(args), "{\"tag\":%u,\"bytes\":%u}", b->tag, b->payload);
	if (e->cls == TLP_CLASS_P) {
		ev.tid = TID_POSTED;
		chrome_trace_instant(v->chrome->ct, &ev, us(v, e->now));
		return;
	}
	ev.tid = TID_REQUESTS;
	chrome_trace_complete(v->chrome->ct, &ev, us(v, e->now), rv_ns(v, 1) / 1e3);
	if (e->match == ANALYSIS_OPENED)
		outstanding(v, ev.pid, b->requester, 1, e->now);
}

void rv_chrome_close(struct report_views *v)
{
	struct rv_chrome *c = v->chrome;

	if (c->started) {
		static const uint64_t zero[ANALYSIS_NCLASS];

		bandwidth_sample(v, c->start, c->bytes);
		bandwidth_sample(v, c->start + c->width, zero);
	}
	/* a write error is the file's: report_files_close tells it with its cause */
	free(c);
	v->chrome = NULL;
}
