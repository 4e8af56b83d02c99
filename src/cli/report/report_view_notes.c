// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the analysis views say about what the recording could not see: the
 * sentences of trace/ptt_sight for this trace's setting and times, and a
 * plain one when the setting is unknown or allowed matches but none came.
 * The text, CSV and HTML views print the same sentences.
 */
#include <stdio.h>

#include "report_views_impl.h"

bool rv_latency_empty(const struct report_views *v)
{
	return analysis_summary(v->a)->matched == 0;
}

int rv_latency_note(const struct report_views *v, char *buf, size_t n)
{
	const struct analysis_summary *s = analysis_summary(v->a);
	int len;

	if (s->matched)
		return 0;
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

int rv_time_note(const struct report_views *v, char *buf, size_t n)
{
	const struct analysis_summary *s = analysis_summary(v->a);
	enum ptt_format f = v->have_setting ? v->setting.format : v->fmt;

	if (!s->entries || (!v->have_setting && !v->have_fmt))
		return 0;
	return ptt_sight_time(f, rv_ns(v, s->last - s->first), v->rec_ns, analysis_tick_ns(v->a),
			      buf, n);
}
