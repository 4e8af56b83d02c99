// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tables of the analysis views.  Each is built once as an out_table so
 * that --stats/--latency/--timeline print it as text, --csv as CSV and
 * --html as an HTML table, from the same code.
 */
#include <stdlib.h>

#include <pciescope/out/num.h>
#include <pciescope/pcie/bdf.h>
#include <pciescope/pcie/traffic.h>
#include <pciescope/tool/link_model.h>

#include "report_views_internal.h"

static const char *const class_name[ANALYSIS_NCLASS] = {"P", "NP", "CPL"};

double rv_ns(const struct report_views *v, uint64_t ticks)
{
	return (double)ticks * analysis_tick_ns(v->a);
}

double rv_ratio(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0;
}

static struct out_table *table(int n, const char *const *hdr, const char *align)
{
	return out_table_new(n, hdr, align);
}

/* A time in ns: whole when ticks of a whole ns made it (out/num.h). */
static void cell_ns(struct out_table *t, double ns)
{
	char num[OUT_NUM_LEN];

	out_table_cell(t, "%s", out_num_whole(num, sizeof(num), ns, 1));
}

static uint64_t since(const struct report_views *v, uint64_t ns)
{
	return ns > v->dev.start_ns ? ns - v->dev.start_ns : 0;
}

/*
 * What the recording says of the device beyond its trace: the AUX buffers
 * it came in, when several, and what it lost, with when it began, from the
 * start of tracing.
 */
static void recording_rows(const struct report_views *v, struct out_table *t)
{
	const struct perf_aux_loss *l = &v->dev.loss;
	uint64_t stop;

	if (v->dev.streams > 1) {
		out_table_cell(t, "AUX buffers");
		out_table_cell(t, "%zu", v->dev.streams);
	}
	if (l->truncated) {
		out_table_cell(t, "truncated AUX records");
		out_table_cell(t, "%llu", (unsigned long long)l->truncated);
	}
	if (l->stopped) {
		out_table_cell(t, "traces stopped, AUX area full");
		out_table_cell(t, "%llu", (unsigned long long)l->stopped);
	}
	if (perf_aux_loss_first_stop(l, &stop) && v->dev.timed) {
		out_table_cell(t, "tracing stopped at (ns)");
		out_table_cell(t, "%llu", (unsigned long long)since(v, stop));
	}
	if (l->lost_records) {
		out_table_cell(t, "lost side-band records");
		out_table_cell(t, "%llu", (unsigned long long)l->lost);
	}
	if (l->lost_records && l->lost_timed && v->dev.timed) {
		out_table_cell(t, "first loss at (ns)");
		out_table_cell(t, "%llu", (unsigned long long)since(v, l->lost_ns));
	}
}

/*
 * What crossed the link, as every view counts it (pcie/traffic.h): posted
 * writes and completions whole, requests by their header and any data they
 * carry (a configuration write's; a read carries none).
 */
static void link_flow(const struct report_views *v, double rate_ns, struct link_flow *out)
{
	const unsigned all = (1u << ANALYSIS_NDIR) - 1;
	struct analysis_counts p = analysis_class(v->a, all, TLP_CLASS_P),
			       np = analysis_class(v->a, all, TLP_CLASS_NP),
			       cpl = analysis_class(v->a, all, TLP_CLASS_CPL);
	struct pcie_flow f = {.posted = (double)(p.payload_bytes + p.header_bytes),
			      .completions = (double)(cpl.payload_bytes + cpl.header_bytes),
			      .read_headers = (double)(np.payload_bytes + np.header_bytes)};

	link_flow_from_bytes(out, &f, (double)(p.tlps + np.tlps + cpl.tlps), rate_ns, 0);
}

struct out_table *rv_summary_table(const struct report_views *v)
{
	static const char *const hdr[] = {"item", "value"};
	const struct analysis_summary *s = analysis_summary(v->a);
	struct analysis_counts all = analysis_total(v->a);
	struct out_table *t = table(2, hdr, "lr");
	struct ptt_timing tm = report_views_timing(v);
	struct link_flow link;
	char num[OUT_NUM_LEN];

	if (!t)
		return NULL;
	link_flow(v, tm.rate_ns, &link);
	out_table_cell(t, "input");
	out_table_cell(t, "%s", v->input);
	if (v->dev.name) {
		out_table_cell(t, "device");
		out_table_cell(t, "%s", v->dev.name);
	}
	out_table_cell(t, "direction");
	out_table_cell(t, "%s", analysis_dir_name(v->dir));
	if (!ptt_filter_none(&v->o.filter)) {
		char f[512];

		report_filter_describe(&v->o.filter, f, sizeof(f));
		out_table_cell(t, "filter");
		out_table_cell(t, "%s", f);
	}
	out_table_cell(t, "entries");
	out_table_cell(t, "%llu", (unsigned long long)s->entries);
	out_table_cell(t, "undecoded entries");
	out_table_cell(t, "%llu", (unsigned long long)s->undecoded);
	out_table_cell(t, "tick (ns)");
	out_table_cell(t, "%s",
		       out_num_sig(num, sizeof(num), analysis_tick_ns(v->a), OUT_NUM_DIGITS));
	out_table_cell(t, "time span (ns)");
	cell_ns(t, tm.span_ns);
	if (tm.rec_ns > 0) {
		out_table_cell(t, "recording span (ns)");
		cell_ns(t, tm.rec_ns);
	}
	out_table_cell(t, "payload bytes");
	out_table_cell(t, "%llu", (unsigned long long)all.payload_bytes);
	out_table_cell(t, "link bytes");
	out_table_cell(t, "%.0f", link.bytes);
	out_table_cell(t, "link traffic (MB/s)");
	out_table_cell(t, "%.1f", link.traffic_mbps);
	out_table_cell(t, "bandwidth over");
	out_table_cell(t, "%s", tm.times == PTT_TIMES_SHORT ? "recording span" : "time span");
	recording_rows(v, t);
	out_table_cell(t, "matched requests");
	out_table_cell(t, "%llu", (unsigned long long)s->matched);
	out_table_cell(t, "unmatched requests");
	out_table_cell(t, "%llu", (unsigned long long)s->unmatched_requests);
	out_table_cell(t, "requests open at end");
	out_table_cell(t, "%llu", (unsigned long long)s->open_at_end);
	out_table_cell(t, "unmatched completions");
	out_table_cell(t, "%llu", (unsigned long long)s->unmatched_completions);
	return t;
}

struct out_table *rv_class_table(const struct report_views *v)
{
	static const char *const hdr[] = {"class", "tlps", "tlps %", "payload bytes", "bytes %"};
	struct analysis_counts all = analysis_total(v->a);
	struct out_table *t = table(5, hdr, "lrrrr");

	if (!t)
		return NULL;
	for (int c = 0; c < ANALYSIS_NCLASS; c++) {
		struct analysis_counts n = analysis_class(v->a, ~0u, (enum tlp_class)c);

		out_table_cell(t, "%s", class_name[c]);
		out_table_cell(t, "%llu", (unsigned long long)n.tlps);
		out_table_cell(t, "%.2f", rv_ratio(n.tlps, all.tlps));
		out_table_cell(t, "%llu", (unsigned long long)n.payload_bytes);
		out_table_cell(t, "%.2f", rv_ratio(n.payload_bytes, all.payload_bytes));
	}
	return t;
}

struct out_table *rv_kind_table(const struct report_views *v)
{
	static const char *const hdr[] = {"kind",   "class",	     "direction",   "tlps",
					  "tlps %", "payload bytes", "header bytes"};
	struct analysis_counts all = analysis_total(v->a);
	struct out_table *t = table(7, hdr, "lllrrrr");

	if (!t)
		return NULL;
	for (int d = 0; d < ANALYSIS_NDIR; d++)
		for (int k = 0; k < TLP_KIND_COUNT; k++) {
			const struct analysis_counts *n = analysis_kind(v->a, d, k);
			enum tlp_class c = tlp_class_of(k);

			if (!n->tlps)
				continue;
			out_table_cell(t, "%s", tlp_kind_name(k));
			out_table_cell(t, "%s", c < ANALYSIS_NCLASS ? class_name[c] : "prefix");
			out_table_cell(t, "%s", analysis_dir_name(d));
			out_table_cell(t, "%llu", (unsigned long long)n->tlps);
			out_table_cell(t, "%.2f", rv_ratio(n->tlps, all.tlps));
			out_table_cell(t, "%llu", (unsigned long long)n->payload_bytes);
			out_table_cell(t, "%llu", (unsigned long long)n->header_bytes);
		}
	return t;
}

static uint64_t node_tlps(const struct analysis_node *n)
{
	return n->cls[0].tlps + n->cls[1].tlps + n->cls[2].tlps;
}

static int by_tlps(const void *x, const void *y)
{
	const struct analysis_node *a = x, *b = y;
	uint64_t ta = node_tlps(a), tb = node_tlps(b);

	if (ta != tb)
		return ta < tb ? 1 : -1;
	return (int)a->rid - (int)b->rid;
}

/* Nodes sorted busiest first (a copy: the analyser keeps its order). */
static struct analysis_node *sorted(const struct analysis_node *n, size_t cnt)
{
	struct analysis_node *s = malloc((cnt ? cnt : 1) * sizeof(*s));

	if (!s)
		return NULL;
	for (size_t i = 0; i < cnt; i++)
		s[i] = n[i];
	qsort(s, cnt, sizeof(*s), by_tlps);
	return s;
}

struct out_table *rv_requester_table(const struct report_views *v, size_t limit)
{
	static const char *const hdr[] = {"requester", "P tlps",   "P bytes",
					  "NP tlps",   "CPL tlps", "CPL bytes"};
	size_t cnt;
	const struct analysis_node *n = analysis_requesters(v->a, &cnt);
	struct analysis_node *s = sorted(n, cnt);
	struct out_table *t = s ? table(6, hdr, "lrrrrr") : NULL;
	char rid[16];

	for (size_t i = 0; t && i < cnt && i < limit; i++) {
		out_table_cell(t, "%s", pci_rid_format(s[i].rid, rid, sizeof(rid)));
		out_table_cell(t, "%llu", (unsigned long long)s[i].cls[TLP_CLASS_P].tlps);
		out_table_cell(t, "%llu", (unsigned long long)s[i].cls[TLP_CLASS_P].payload_bytes);
		out_table_cell(t, "%llu", (unsigned long long)s[i].cls[TLP_CLASS_NP].tlps);
		out_table_cell(t, "%llu", (unsigned long long)s[i].cls[TLP_CLASS_CPL].tlps);
		out_table_cell(t, "%llu",
			       (unsigned long long)s[i].cls[TLP_CLASS_CPL].payload_bytes);
	}
	free(s);
	return t;
}

struct out_table *rv_completer_table(const struct report_views *v, size_t limit)
{
	static const char *const hdr[] = {"completer", "CPL tlps", "CPL bytes"};
	size_t cnt;
	const struct analysis_node *n = analysis_completers(v->a, &cnt);
	struct analysis_node *s = sorted(n, cnt);
	struct out_table *t = s ? table(3, hdr, "lrr") : NULL;
	char rid[16];

	for (size_t i = 0; t && i < cnt && i < limit; i++) {
		out_table_cell(t, "%s", pci_rid_format(s[i].rid, rid, sizeof(rid)));
		out_table_cell(t, "%llu", (unsigned long long)s[i].cls[TLP_CLASS_CPL].tlps);
		out_table_cell(t, "%llu",
			       (unsigned long long)s[i].cls[TLP_CLASS_CPL].payload_bytes);
	}
	free(s);
	return t;
}

/* A row none of whose requests was matched has no latency: "-", not a 0.0 that reads as one. */
static void latency_row(const struct report_views *v, struct out_table *t, const char *who,
			const struct analysis_lat *l)
{
	const struct lat_hist *h = &l->hist;

	out_table_cell(t, "%s", who);
	out_table_cell(t, "%s", l->kind == TLP_UNKNOWN ? "all" : tlp_kind_name(l->kind));
	out_table_cell(t, "%llu", (unsigned long long)l->requests);
	out_table_cell(t, "%llu", (unsigned long long)h->count);
	if (!h->count) {
		for (int i = 0; i < 5; i++)
			out_table_cell(t, "-");
		return;
	}
	cell_ns(t, rv_ns(v, h->min));
	out_table_cell(t, "%.1f", rv_ns(v, h->sum) / (double)h->count);
	cell_ns(t, rv_ns(v, lat_hist_quantile(h, 0.5)));
	cell_ns(t, rv_ns(v, lat_hist_quantile(h, 0.99)));
	cell_ns(t, rv_ns(v, h->max));
}

static int by_requests(const void *x, const void *y)
{
	const struct analysis_lat *a = *(const struct analysis_lat *const *)x;
	const struct analysis_lat *b = *(const struct analysis_lat *const *)y;

	if (a->requests != b->requests)
		return a->requests < b->requests ? 1 : -1;
	return a->requester != b->requester ? (int)a->requester - (int)b->requester
					    : (int)a->kind - (int)b->kind;
}

/*
 * The rows per requester and kind, most requests first (then by requester
 * and kind), so --top N keeps the first N of the same order.  NULL when out
 * of memory.
 */
static const struct analysis_lat **latency_rows(const struct report_views *v, size_t limit,
						size_t *n)
{
	const struct analysis_lat *l = analysis_latencies(v->a, n);
	const struct analysis_lat **p = malloc((*n ? *n : 1) * sizeof(*p));

	if (!p)
		return NULL;
	for (size_t i = 0; i < *n; i++)
		p[i] = &l[i];
	qsort(p, *n, sizeof(*p), by_requests);
	if (limit < *n)
		*n = limit;
	return p;
}

struct out_table *rv_latency_table(const struct report_views *v, size_t limit)
{
	static const char *const hdr[] = {"requester", "kind",	 "requests", "matched", "min ns",
					  "avg ns",    "p50 ns", "p99 ns",   "max ns"};
	struct out_table *t = table(9, hdr, "llrrrrrrr");
	size_t n;
	const struct analysis_lat **l = t ? latency_rows(v, limit, &n) : NULL;
	char rid[16];

	if (!l) {
		out_table_free(t);
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		latency_row(v, t, pci_rid_format(l[i]->requester, rid, sizeof(rid)), l[i]);
	free(l);
	for (int k = 0; k < TLP_KIND_COUNT; k++)
		if (analysis_latency_of_kind(v->a, k)->requests)
			latency_row(v, t, "all", analysis_latency_of_kind(v->a, k));
	if (analysis_latency_all(v->a)->requests)
		latency_row(v, t, "all", analysis_latency_all(v->a));
	return t;
}

struct out_table *rv_timeline_table(const struct report_views *v)
{
	static const char *const hdr[] = {"start ns", "tlps", "P MB/s", "CPL MB/s", "total MB/s"};
	struct link_window *w;
	long n = link_trace_timeline(v->a, &w);
	struct out_table *t = n >= 0 ? table(5, hdr, "rrrrr") : NULL;

	for (long i = 0; t && i < n; i++) {
		cell_ns(t, w[i].start_ns);
		out_table_cell(t, "%llu", (unsigned long long)w[i].tlps);
		out_table_cell(t, "%.1f", w[i].mbps.posted);
		out_table_cell(t, "%.1f", w[i].mbps.completions);
		out_table_cell(t, "%.1f", w[i].traffic_mbps);
	}
	free(w);
	return t;
}
