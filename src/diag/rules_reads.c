// SPDX-License-Identifier: GPL-2.0-only
/*
 * Read rules, per requester: small read requests (the MRRS), a read latency
 * far above the other requesters', outstanding requests pinned at a
 * ceiling (tags, queue depth or the Root Complex's request buffer), and
 * requests that never complete.  Reads of one DW are register reads by a
 * CPU or a driver, not data: the data rules leave them out.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "trace_internal.h"

static int small_reads(const struct dt_req *r, const struct diag_thresholds *th,
		       struct diag_findings *out)
{
	uint64_t half = (r->data_reads + 1) / 2, seen = 0;
	unsigned median = 0;
	struct diag_finding *f;
	char who[16], label[24];

	/* One transfer cut into requests reads on where the last request stopped. */
	if (r->data_reads < th->small_read_min ||
	    (double)r->continued < th->small_read_continued * (double)r->data_reads)
		return 0;
	while (median + 1 < DT_LEN_BUCKETS && (seen += r->len_bucket[median]) < half)
		median++;
	if ((1u << median) > th->small_read_bytes)
		return 0;
	pci_rid_format(r->rid, who, sizeof(who));
	f = diag_add(out, "small-read-requests", DIAG_WARNING, who);
	if (!f)
		return -ENOMEM;
	snprintf(f->summary, sizeof(f->summary),
		 "%s reads in requests of at most %u bytes (median of %llu reads)", who,
		 1u << median, (unsigned long long)r->data_reads);
	snprintf(f->advice, sizeof(f->advice),
		 "raise %s's Max Read Request Size (PCIe Device Control bits 14:12, e.g. setpci or "
		 "the driver's option) to 512 bytes or more: each request costs a header and a tag",
		 who);
	diag_figure(f, "reads", (double)r->data_reads);
	diag_figure(f, "median_bytes", (double)(1u << median));
	diag_figure(f, "continued_share", (double)r->continued / (double)r->data_reads);
	diag_figure(f, "threshold_bytes", th->small_read_bytes);
	snprintf(f->chart_title, sizeof(f->chart_title), "reads of %s by length (up to, bytes)",
		 who);
	snprintf(f->chart_unit, sizeof(f->chart_unit), "reads");
	for (unsigned b = 2; b < DT_LEN_BUCKETS; b++) {
		snprintf(label, sizeof(label), "%u", 1u << b);
		diag_bar(f, label, (double)r->len_bucket[b]);
	}
	return 0;
}

struct req_lat {
	uint16_t rid;
	double p50, p99;
	uint64_t n;
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * Matched memory reads of every requester with at least min of them: the
 * analyser's latency rows merged per requester in one pass over them (a
 * corrupt trace has thousands of each).
 */
static size_t read_latencies(const struct diag_trace *t, unsigned min, struct req_lat **out)
{
	size_t nl, n = 0, nr = t->req.n ? t->req.n : 1;
	const struct analysis_lat *l = analysis_latencies(t->a, &nl);
	struct req_lat *v = calloc(nr, sizeof(*v));
	struct lat_hist *h = calloc(nr, sizeof(*h));

	*out = v;
	if (!v || !h) {
		free(h);
		return 0;
	}
	for (size_t i = 0; i < t->req.n; i++)
		lat_hist_init(&h[i]);
	for (size_t k = 0; k < nl; k++) {
		const struct dt_req *r = dt_find(&t->req, l[k].requester);

		if (r && (l[k].kind == TLP_MRD32 || l[k].kind == TLP_MRD64))
			lat_hist_merge(&h[r - (const struct dt_req *)t->req.items], &l[k].hist);
	}
	for (size_t i = 0; i < t->req.n; i++) {
		const struct dt_req *r = dt_at(&t->req, i);

		if (h[i].count >= min)
			v[n++] = (struct req_lat){.rid = r->rid,
						  .p50 = dt_ns(t, lat_hist_quantile(&h[i], 0.5)),
						  .p99 = dt_ns(t, lat_hist_quantile(&h[i], 0.99)),
						  .n = h[i].count};
		lat_hist_free(&h[i]);
	}
	free(h);
	return n;
}

static int latency_outliers(const struct diag_trace *t, const struct diag_thresholds *th,
			    struct diag_findings *out)
{
	struct req_lat *v;
	size_t n = read_latencies(t, th->latency_min_reads, &v);
	double *p50 = calloc(n ? n : 1, sizeof(*p50)), median;
	char who[16], other[16];
	int err = 0;

	if (!v || !p50) {
		free(v);
		free(p50);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		p50[i] = v[i].p50;
	qsort(p50, n, sizeof(*p50), cmp_double);
	median = n % 2 ? p50[n / 2] : (n ? (p50[n / 2 - 1] + p50[n / 2]) / 2 : 0);
	for (size_t i = 0; n >= 2 && i < n && !err; i++) {
		struct diag_finding *f;

		if (v[i].p99 < th->latency_factor * median)
			continue;
		pci_rid_format(v[i].rid, who, sizeof(who));
		f = diag_add(out, "latency-outlier", DIAG_WARNING, who);
		if (!f) {
			err = -ENOMEM;
			break;
		}
		snprintf(
		    f->summary, sizeof(f->summary),
		    "%s's reads take up to %.0f ns (p99), %.1f times the %.0f ns median p50 of "
		    "%zu requesters",
		    who, v[i].p99, v[i].p99 / median, median, n);
		snprintf(
		    f->advice, sizeof(f->advice),
		    "find what %s's slow reads wait for: a busy completer (a peer device when "
		    "it reads peer to peer), remote NUMA memory, or its completions queued on a "
		    "busy link (pciescope top shows the links' load)",
		    who);
		diag_figure(f, "reads", (double)v[i].n);
		diag_figure(f, "p50_ns", v[i].p50);
		diag_figure(f, "p99_ns", v[i].p99);
		diag_figure(f, "median_p50_ns", median);
		diag_figure(f, "factor", th->latency_factor);
		snprintf(f->chart_title, sizeof(f->chart_title), "p99 read latency per requester");
		snprintf(f->chart_unit, sizeof(f->chart_unit), "ns");
		for (size_t k = 0; k < n; k++) {
			pci_rid_format(v[k].rid, other, sizeof(other));
			diag_bar(f, other, v[k].p99);
		}
	}
	free(v);
	free(p50);
	return err;
}

static void outstanding_chart(struct diag_finding *f, const struct dt_req *r, double busy)
{
	unsigned step = (r->out.max + DIAG_MAX_BARS - 1) / DIAG_MAX_BARS;
	char label[24];

	snprintf(f->chart_title, sizeof(f->chart_title), "share of busy time by outstanding reads");
	snprintf(f->chart_unit, sizeof(f->chart_unit), "%%");
	for (unsigned lo = 1; lo <= r->out.max; lo += step) {
		double ticks = 0;

		for (unsigned k = lo; k < lo + step && k <= r->out.max; k++)
			ticks += (double)r->out.time_at[k];
		if (step == 1)
			snprintf(label, sizeof(label), "%u", lo);
		else
			snprintf(label, sizeof(label), "%u-%u", lo, lo + step - 1);
		diag_bar(f, label, 100.0 * ticks / busy);
	}
}

/*
 * Where the ceiling is, and the lever past it.  The Root Complex holds 4 <<
 * rx_alloc_buf_level reads per Root Port; a device pinned at exactly that
 * many is held by it, any other ceiling is the device's own (queue depth,
 * tags).  From a file the level is unknown, so both are named.
 */
static void outstanding_advice(const struct diag_trace *t, const struct dt_req *r,
			       const struct diag_tune_levels *lv, const char *who,
			       struct diag_finding *f)
{
	int rx = lv ? lv->rx_alloc_buf_level : -1;
	unsigned slots = rx >= 0 ? 4u << (rx > 2 ? 2 : rx) : 0;

	if (rx < 0)
		snprintf(
		    f->advice, sizeof(f->advice),
		    "unless %s's link is saturated outbound (the ceiling then): if %u is the Root "
		    "Complex's slots (4/8/16 at rx_alloc_buf_level 0/1/2), pciescope tune %s "
		    "rx_alloc_buf_level=2, else raise its queue depth",
		    who, r->out.max, t->subject);
	else if (r->out.max != slots)
		snprintf(
		    f->advice, sizeof(f->advice),
		    "the ceiling is %s's own (the Root Complex holds %u at rx_alloc_buf_level=%d): "
		    "raise its queue depth or enable 10-bit tags",
		    who, slots, rx);
	else if (rx < 2)
		snprintf(f->advice, sizeof(f->advice),
			 "the Root Complex's %u request slots are the ceiling: pciescope tune %s "
			 "rx_alloc_buf_level=2 (16 slots)",
			 slots, t->subject);
	else
		snprintf(f->advice, sizeof(f->advice),
			 "the Root Complex's request buffer is at its largest (16 slots at "
			 "rx_alloc_buf_level=2): spread the devices over more Root Ports, or raise "
			 "%s's Max Read Request Size so each slot carries more",
			 who);
}

/*
 * Pinned at a ceiling means waiting for it: the device answers each freed
 * tag or slot with a new read at once, for a good part of the trace.  A
 * device that sends a burst and idles is at its maximum while the burst
 * drains and is limited by nothing.  And a device whose link is saturated
 * outbound is held by its completions' link: more reads in flight only
 * queue longer there (known live, where the links are).
 */
static bool pinned(const struct diag_trace *t, const struct dt_req *r,
		   const struct diag_thresholds *th, double share)
{
	double freed = r->freed_at[r->out.max], span = dt_span_ns(t);
	double at_max = dt_ns(t, r->out.time_at[r->out.max]);
	const struct dt_link *l = dt_link_of(t, r->rid);

	if (share < th->outstanding_share || !freed || span <= 0 ||
	    r->refilled_at[r->out.max] < th->outstanding_refill * freed ||
	    at_max < th->outstanding_span_share * span)
		return false;
	return !l || dt_link_tx_share(t, l) < th->saturated_share;
}

static int outstanding_limit(const struct diag_trace *t, const struct dt_req *r,
			     const struct diag_thresholds *th, const struct diag_tune_levels *lv,
			     struct diag_findings *out)
{
	double busy = 0, share, lat, bytes, limit;
	struct diag_finding *f;
	char who[16];

	/*
	 * One read at a time is how many devices fetch descriptors, not a
	 * ceiling; shares of time on a clock that lost gaps weigh nothing
	 * (trace-times-short says so).
	 */
	if (!r->out.time_at || r->matched_data_reads < th->outstanding_min_reads ||
	    r->out.max < 2 || dt_timing(t).times == PTT_TIMES_SHORT)
		return 0;
	for (unsigned k = 1; k <= r->out.max; k++)
		busy += (double)r->out.time_at[k];
	share = busy > 0 ? (double)r->out.time_at[r->out.max] / busy : 0;
	if (!pinned(t, r, th, share))
		return 0;
	lat = dt_ns(t, r->matched_ticks) / (double)r->matched_data_reads;
	bytes = (double)r->matched_bytes / (double)r->matched_data_reads;
	limit = lat > 0 ? r->out.max * bytes / lat * 1000.0 : 0;
	pci_rid_format(r->rid, who, sizeof(who));
	f = diag_add(out, "outstanding-limit", DIAG_WARNING, who);
	if (!f)
		return -ENOMEM;
	snprintf(f->summary, sizeof(f->summary),
		 "%s waits with %u requests outstanding %.0f %% of its busy time, never more: at "
		 "%.0f ns a read that allows %.0f MB/s",
		 who, r->out.max, 100 * share, lat, limit);
	outstanding_advice(t, r, lv, who, f);
	diag_figure(f, "max_outstanding", r->out.max);
	diag_figure(f, "share_at_max", share);
	diag_figure(f, "refilled_share",
		    (double)r->refilled_at[r->out.max] / (double)r->freed_at[r->out.max]);
	diag_figure(f, "read_latency_ns", lat);
	diag_figure(f, "busy_ns", dt_ns(t, (uint64_t)busy));
	diag_figure(f, "bytes_per_read", bytes);
	diag_figure(f, "limit_mbps", limit);
	outstanding_chart(f, r, busy);
	return 0;
}

static int unmatched(const struct diag_trace *t, const struct dt_req *r,
		     const struct diag_thresholds *th, struct diag_findings *out)
{
	uint64_t n = r->unmatched + dt_open_before(t, r, th->unmatched_grace_ns);
	double pct = r->np ? 100.0 * (double)n / (double)r->np : 0;
	struct diag_finding *f;
	char who[16];

	/*
	 * No completion returned to it at all: the recording cannot see them.
	 * The host side's requests are answered partly by CPL A, partly by
	 * CPL B, and every 4DW direction leaves one of the two out.
	 */
	if (r->np < th->unmatched_min || !r->cpls_to || pct <= th->unmatched_pct ||
	    dt_is_host(t, r->rid))
		return 0;
	pci_rid_format(r->rid, who, sizeof(who));
	f = diag_add(out, "unmatched-requests", DIAG_WARNING, who);
	if (!f)
		return -ENOMEM;
	snprintf(f->summary, sizeof(f->summary),
		 "%llu of %s's %llu non-posted requests (%.1f %%) never completed",
		 (unsigned long long)n, who, (unsigned long long)r->np, pct);
	snprintf(f->advice, sizeof(f->advice),
		 "look for completion timeouts in %s's AER status; if its tags are reused before "
		 "completions arrive, the device or its driver loses track of requests",
		 who);
	diag_figure(f, "requests", (double)r->np);
	diag_figure(f, "unmatched", (double)n);
	diag_figure(f, "percent", pct);
	diag_figure(f, "grace_ns", th->unmatched_grace_ns);
	snprintf(f->chart_title, sizeof(f->chart_title), "non-posted requests of %s", who);
	snprintf(f->chart_unit, sizeof(f->chart_unit), "requests");
	diag_bar(f, "completed or recent", (double)(r->np - n));
	diag_bar(f, "never completed", (double)n);
	return 0;
}

int dt_rules_reads(const struct diag_trace *t, const struct diag_thresholds *th,
		   const struct diag_tune_levels *lv, struct diag_findings *out)
{
	int err = 0;

	for (size_t i = 0; i < t->req.n && !err; i++)
		err = small_reads(dt_at(&t->req, i), th, out);
	if (!err && dt_sees_completions(t))
		err = latency_outliers(t, th, out);
	for (size_t i = 0; i < t->req.n && !err && dt_sees_completions(t); i++) {
		err = outstanding_limit(t, dt_at(&t->req, i), th, lv, out);
		if (!err)
			err = unmatched(t, dt_at(&t->req, i), th, out);
	}
	return err;
}
