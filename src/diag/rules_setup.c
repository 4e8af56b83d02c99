// SPDX-License-Identifier: GPL-2.0-only
/*
 * Rules about how the link is used and recorded: a recording setting that
 * hides completions (then no latency rule can speak), configuration space
 * polled during data traffic, and the PTT document's rules of thumb for
 * tuning applied to the traffic mix.  Also the defaults of every threshold
 * and the entry point that runs all trace rules.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "trace_internal.h"

void diag_thresholds_default(struct diag_thresholds *t)
{
	*t = (struct diag_thresholds){
	    .small_read_bytes = 128,
	    .small_read_min = 100,
	    .small_read_continued = 0.5,
	    .latency_factor = 4,
	    .latency_min_reads = 100,
	    .outstanding_share = 0.5,
	    .outstanding_refill = 0.75,
	    .outstanding_span_share = 0.05,
	    .outstanding_min_reads = 100,
	    .unmatched_pct = 1,
	    .unmatched_min = 100,
	    .unmatched_grace_ns = 10000,
	    .cfg_rate = 10000,
	    .cfg_min = 50,
	    .cfg_span_share = 0.8,
	    .hint_tx_busy = 0.8,
	    .hint_cpl_share = 0.5,
	    .hint_p_share = 0.1,
	    .saturated_share = 0.9,
	};
}

/*
 * 4DW direction 2 traces inbound requests with the outbound completions of
 * the DMA reads, direction 3 outbound requests with the inbound CPL A that
 * answer them; every other setting sees one direction only.
 */
bool dt_sees_completions(const struct diag_trace *t)
{
	if (!t->o.have_config)
		return true;
	return (t->set.type & PTT_TYPE_CPL) && t->set.format == PTT_FMT_4DW &&
	       (t->set.direction == 2 || t->set.direction == 3);
}

static const char *what_would(const struct diag_trace *t)
{
	if (!(t->set.type & PTT_TYPE_CPL))
		return "add completions to the type (type=7) and record 4DW (format=0) with "
		       "direction=2 (DMA reads and their completions) or direction=3 (CPU reads)";
	if (t->set.format == PTT_FMT_8DW)
		return "record 4DW (format=0): 8DW traces one direction; direction=2 shows DMA "
		       "reads with their completions, direction=3 CPU reads";
	if (t->set.direction == 0)
		return "record direction=2: outbound TLPs with the inbound requests, so DMA reads "
		       "meet their completions";
	return "record direction=3: outbound requests with the inbound completions (CPL A) that "
	       "answer them, or direction=2 for DMA reads";
}

static int hides_completions(const struct diag_trace *t, struct diag_findings *out)
{
	struct diag_finding *f;

	if (dt_sees_completions(t) || (!t->np_requests && !t->completions))
		return 0;
	f = diag_add(out, "direction-hides-completions", DIAG_INFO, t->subject);
	if (!f)
		return -ENOMEM;
	snprintf(
	    f->summary, sizeof(f->summary),
	    "the recording (format=%u direction=%u type=%u) cannot see %llu requests meet their "
	    "completions: no latency finding can be made",
	    (unsigned)t->set.format, t->set.direction, t->set.type,
	    (unsigned long long)t->np_requests);
	snprintf(f->advice, sizeof(f->advice), "%s", what_would(t));
	diag_figure(f, "format", t->set.format);
	diag_figure(f, "direction", t->set.direction);
	diag_figure(f, "type", t->set.type);
	diag_figure(f, "requests", (double)t->np_requests);
	diag_figure(f, "completions", (double)t->completions);
	return 0;
}

static int config_polling(const struct diag_trace *t, const struct dt_cfg *c,
			  const struct diag_thresholds *th, struct diag_findings *out)
{
	double span = dt_span_ns(t), per = dt_rate_ns(t);
	double rate = per > 0 ? (double)c->n / per * 1e9 : 0;
	double spread = span > 0 ? dt_ns(t, c->last - c->first) / span : 0;
	struct diag_finding *f;
	char who[16];

	/* "throughout the trace" needs times that place the requests */
	if (dt_timing(t).times == PTT_TIMES_SHORT || c->n < th->cfg_min || rate < th->cfg_rate ||
	    spread < th->cfg_span_share || t->mem_tlps < c->n)
		return 0;
	pci_rid_format(c->target, who, sizeof(who));
	f = diag_add(out, "config-polling", DIAG_WARNING, who);
	if (!f)
		return -ENOMEM;
	snprintf(f->summary, sizeof(f->summary),
		 "%s's configuration space is read %.0f times a second throughout the trace, "
		 "during data traffic (%llu requests)",
		 who, rate, (unsigned long long)c->n);
	snprintf(f->advice, sizeof(f->advice),
		 "find who polls %s (a monitoring agent, lspci or setpci in a loop, a driver "
		 "watchdog): configuration requests are non-posted and slow; poll less often",
		 who);
	diag_figure(f, "requests", (double)c->n);
	diag_figure(f, "rate_per_s", rate);
	diag_figure(f, "span_share", spread);
	diag_figure(f, "memory_tlps", (double)t->mem_tlps);
	return 0;
}

/*
 * The weights decide shares only while completions and posted writes are
 * both queued for one link's Tx, so the hint needs a link that is busy
 * outbound with both; with the completion weight at its top the next
 * lever is the posted weight.  Without the links (a trace read from a
 * file) no link's load is known and nothing is hinted.
 */
static const char *tune_lever(const struct diag_tune_levels *lv, char *buf, size_t n)
{
	if (!lv || lv->qos_tx_cpl < 2)
		return "qos_tx_cpl=2";
	if (lv->qos_tx_p > 0) {
		snprintf(buf, n, "qos_tx_p=%d", lv->qos_tx_p - 1);
		return buf;
	}
	return NULL;
}

static int link_hint(const struct diag_trace *t, const struct dt_link *l,
		     const struct diag_thresholds *th, const struct diag_tune_levels *lv,
		     struct diag_findings *out)
{
	double payload = (double)(l->cpl + l->posted + l->other);
	struct link_flow tx;
	double use;
	double cpl = payload > 0 ? (double)l->cpl / payload : 0;
	double p = payload > 0 ? (double)l->posted / payload : 0;
	char buf[32];
	const char *lever = tune_lever(lv, buf, sizeof(buf));
	struct diag_finding *f;

	dt_link_tx_flow(t, l, &tx);
	use = tx.util_pct > 0 ? tx.util_pct / 100 : 0;
	if (use < th->hint_tx_busy || cpl < th->hint_cpl_share || p < th->hint_p_share || !lever)
		return 0;
	/* The levels are the core's: one hint, for the first such link, says it all. */
	f = diag_add(out, "tune-hint", DIAG_INFO, t->subject);
	if (!f)
		return -ENOMEM;
	snprintf(f->summary, sizeof(f->summary),
		 "%s's Tx is %.0f %% busy with completions (%.0f %%) and posted writes (%.0f %%) "
		 "queued together: the completion weight decides their shares",
		 l->l.bdf, 100 * use, 100 * cpl, 100 * p);
	snprintf(f->advice, sizeof(f->advice),
		 "pciescope tune %s %s (measure first: pciescope tune %s --search --param %.*s "
		 "...)",
		 t->subject, lever, t->subject, (int)(strchr(lever, '=') - lever), lever);
	diag_figure(f, "tx_share", use);
	diag_figure(f, "tx_mbps", tx.traffic_mbps);
	diag_figure(f, "capacity_mbps", l->l.capacity_mbps);
	diag_figure(f, "cpl_share", cpl);
	diag_figure(f, "posted_share", p);
	if (lv) {
		diag_figure(f, "qos_tx_cpl", lv->qos_tx_cpl);
		diag_figure(f, "qos_tx_p", lv->qos_tx_p);
	}
	snprintf(f->chart_title, sizeof(f->chart_title), "outbound payload of %s by class",
		 l->l.bdf);
	snprintf(f->chart_unit, sizeof(f->chart_unit), "%%");
	diag_bar(f, "posted", 100 * p);
	diag_bar(f, "non-posted", payload > 0 ? 100 * (double)l->other / payload : 0);
	diag_bar(f, "completions", 100 * cpl);
	return 0;
}

/* What the recording lost: every finding below stands on the rest only. */
static int lost_data(const struct diag_trace *t, struct diag_findings *out)
{
	const struct perf_aux_loss *l = &t->rec.loss;
	struct diag_finding *f;
	uint64_t stop;

	if (!perf_aux_loss_any(l))
		return 0;
	f = diag_add(out, "trace-lost-data", DIAG_WARNING, t->subject);
	if (!f)
		return -ENOMEM;
	perf_aux_loss_describe(l, t->rec.timed, t->rec.start_ns, f->summary, sizeof(f->summary));
	snprintf(f->advice, sizeof(f->advice),
		 "the findings judge what was traced only; record again with a larger AUX area "
		 "(-m) or a narrower filter");
	diag_figure(f, "truncated_aux_records", (double)l->truncated);
	diag_figure(f, "stopped_traces", (double)l->stopped);
	if (perf_aux_loss_first_stop(l, &stop) && t->rec.timed && stop >= t->rec.start_ns)
		diag_figure(f, "stopped_at_ns", (double)(stop - t->rec.start_ns));
	diag_figure(f, "lost_records", (double)l->lost);
	if (l->lost_records && l->lost_timed && t->rec.timed && l->lost_ns >= t->rec.start_ns)
		diag_figure(f, "first_lost_at_ns", (double)(l->lost_ns - t->rec.start_ns));
	return 0;
}

/* The trace's clock lost gaps: rates over the recording, the rules that weigh time left out. */
static int times_short(const struct diag_trace *t, struct diag_findings *out)
{
	struct ptt_timing tm = dt_timing(t);
	struct diag_finding *f;

	if (tm.times != PTT_TIMES_SHORT)
		return 0;
	f = diag_add(out, "trace-times-short", DIAG_INFO, t->subject);
	if (!f)
		return -ENOMEM;
	snprintf(f->summary, sizeof(f->summary),
		 "the trace's times span %.3f ms of a %.3f ms recording (gaps over one wrap of "
		 "the time field were lost): rates are over the recording, and outstanding-limit "
		 "and config-polling, which weigh time, were not judged",
		 tm.span_ns / 1e6, tm.rec_ns / 1e6);
	snprintf(f->advice, sizeof(f->advice), "record format=1 (8DW), whose times are 32-bit");
	diag_figure(f, "span_ns", tm.span_ns);
	diag_figure(f, "recording_ns", tm.rec_ns);
	return 0;
}

static int tune_hint(const struct diag_trace *t, const struct diag_thresholds *th,
		     const struct diag_tune_levels *lv, struct diag_findings *out)
{
	size_t before = out->n;
	int err = 0;

	for (size_t i = 0; i < t->nlinks && !err && out->n == before; i++)
		err = link_hint(t, &t->link[i], th, lv, out);
	return err;
}

int dt_rules_setup(const struct diag_trace *t, const struct diag_thresholds *th,
		   const struct diag_tune_levels *lv, struct diag_findings *out)
{
	int err = lost_data(t, out);

	if (!err)
		err = times_short(t, out);
	if (!err)
		err = hides_completions(t, out);

	for (size_t i = 0; i < t->cfg.n && !err; i++)
		err = config_polling(t, dt_at(&t->cfg, i), th, out);
	return err ? err : tune_hint(t, th, lv, out);
}

int diag_trace_rules(const struct diag_trace *t, const struct diag_thresholds *th,
		     const struct diag_tune_levels *lv, struct diag_findings *out)
{
	int err = 0;

	for (; t && !err; t = t->next) {
		err = t->err ? -ENOMEM : dt_rules_errors(t, th, out);
		if (!err)
			err = dt_rules_reads(t, th, lv, out);
		if (!err)
			err = dt_rules_setup(t, th, lv, out);
		if (!err)
			err = dt_rules_folded(t, out);
	}
	return err;
}
