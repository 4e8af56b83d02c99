// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the analysis views say about what the recording could not see: the
 * sentences of trace/ptt_sight for this trace's setting and times, and a
 * plain one when the setting is unknown or allowed matches but none came.
 * The text, CSV and HTML views print the same sentences; so do they the
 * sentence of what the recording lost and, for the views that place
 * entries in time, the one that says when they cannot.
 */
#include <stdio.h>

#include <pciescope/pcie/bdf.h>

#include "report_views_internal.h"

bool rv_latency_empty(const struct report_views *v)
{
	return analysis_summary(v->a)->matched == 0;
}

/* A filter that keeps nothing explains every empty table: say that, not why matches failed. */
static int no_entry_matches(const struct report_views *v, char *buf, size_t n)
{
	char what[256];

	report_filter_describe(&v->o.filter, what, sizeof(what));
	return snprintf(
	    buf, n, "No request latency: no entry of this trace matches the filter (%s).", what);
}

int rv_latency_note(const struct report_views *v, char *buf, size_t n)
{
	const struct analysis_summary *s = analysis_summary(v->a);
	int len;

	if (s->matched)
		return 0;
	if (!s->entries && !ptt_filter_none(&v->o.filter))
		return no_entry_matches(v, buf, n);
	len = ptt_sight_filter_latency(&v->o.filter, buf, n);
	if (len)
		return len;
	len = v->have_setting ? ptt_sight_latency(&v->setting, buf, n) : 0;
	if (len)
		return len;
	return snprintf(buf, n,
			"No request latency: no request in this trace was matched with its "
			"completions (%llu unmatched requests, %llu unmatched completions).",
			(unsigned long long)s->unmatched_requests,
			(unsigned long long)s->unmatched_completions);
}

/*
 * With --time, the figures are the window's: its span is the part of the
 * trace it covers (the clock's ticks are the window's unit), not the whole
 * trace's.  Whether the clock holds is judged on the whole trace.
 */
static struct ptt_timing in_window(const struct report_views *v, struct ptt_timing t)
{
	const struct analysis_summary *s = analysis_summary(v->a);
	const struct ptt_filter *f = &v->o.filter;
	uint64_t lo = f->from > s->first ? f->from : s->first;
	uint64_t hi = f->to < s->last ? f->to : s->last;

	if (!f->by_time || t.times == PTT_TIMES_SHORT)
		return t;
	t.span_ns = t.rate_ns = hi > lo ? rv_ns(v, hi - lo) : 0;
	return t;
}

struct ptt_timing report_views_timing(const struct report_views *v)
{
	const struct analysis_summary *s = analysis_summary(v->a);
	enum ptt_format f = v->have_setting ? v->setting.format : v->fmt;
	bool any = analysis_clocked(v->a);
	double span = any ? rv_ns(v, s->last - s->first) : 0;

	if (!any || (!v->have_setting && !v->have_fmt))
		return in_window(v, (struct ptt_timing){
					.span_ns = span, .rec_ns = v->dev.rec_ns, .rate_ns = span});
	return in_window(v, ptt_sight_timing(f, span, v->dev.rec_ns, analysis_tick_ns(v->a)));
}

int rv_time_note(const struct report_views *v, char *buf, size_t n)
{
	const struct analysis_summary *s = analysis_summary(v->a);
	enum ptt_format f = v->have_setting ? v->setting.format : v->fmt;

	if (!s->entries || (!v->have_setting && !v->have_fmt))
		return 0;
	return ptt_sight_time(f, rv_ns(v, s->last - s->first), v->dev.rec_ns,
			      analysis_tick_ns(v->a), buf, n);
}

/* "00:10.1", "00:10.1 and 00:11.0", "00:10.1, 00:11.0 and 3 more" */
static void name_requesters(const struct outstanding_left *l, char *buf, size_t n)
{
	unsigned named = l->requesters < OUTSTANDING_NAMED ? l->requesters : OUTSTANDING_NAMED;
	size_t at = 0;

	buf[0] = 0;
	for (unsigned i = 0; i < named && at < n; i++) {
		char rid[16];
		const char *sep = !i					     ? ""
				  : i + 1 == named && named == l->requesters ? " and "
									     : ", ";

		pci_rid_format(l->rid[i], rid, sizeof(rid));
		at += (size_t)snprintf(buf + at, n - at, "%s%s", sep, rid);
	}
	if (at < n && l->requesters > named)
		snprintf(buf + at, n - at, " and %u more", l->requesters - named);
}

int rv_outstanding_note(const struct report_views *v, char *buf, size_t n)
{
	const struct outstanding_left *l = &v->left;
	char who[128], why[256] = "their completions travel where this trace does not look";

	if (!l->requests)
		return 0;
	name_requesters(l, who, sizeof(who));
	if (v->have_setting)
		ptt_sight_unseen_completions(&v->setting, why, sizeof(why));
	return snprintf(buf, n,
			"The chart counts only requests whose completions the trace holds: it "
			"leaves out %llu request%s of %s, none of whose completions is in it "
			"(%s).",
			(unsigned long long)l->requests, l->requests == 1 ? "" : "s", who, why);
}

int rv_loss_note(const struct report_views *v, char *buf, size_t n)
{
	return perf_aux_loss_describe(&v->dev.loss, v->dev.timed, v->dev.start_ns, buf, n);
}

int rv_placing_note(const struct report_views *v, const char *what, char *buf, size_t n)
{
	struct ptt_timing t = report_views_timing(v);

	return ptt_sight_placing(&t, what, buf, n);
}
