// SPDX-License-Identifier: GPL-2.0-only
/*
 * Finding trace-folded: the trace named more requesters, completers or
 * configuration targets than the tables keep (ANALYSIS_MAX_KEYS each), or
 * had more requests in flight than the analyser follows.  Those past the
 * limit are counted together and get no finding of their own, so the user
 * must be told that the other findings did not look at them.  A real link
 * has tens of requesters; thousands mean a corrupt or mis-decoded trace,
 * which is what the advice points at.
 */
#include <errno.h>
#include <stdio.h>

#include "trace_internal.h"

int dt_rules_folded(const struct diag_trace *t, struct diag_findings *out)
{
	const struct analysis_folded *a = analysis_folded(t->a);
	uint64_t req = t->req.folded > a->requesters ? t->req.folded : a->requesters;
	uint64_t cpl = t->cpl.folded > a->completers ? t->cpl.folded : a->completers;
	struct diag_finding *f;

	if (!req && !cpl && !t->cfg.folded && !a->untracked)
		return 0;
	f = diag_add(out, "trace-folded", DIAG_INFO, t->subject);
	if (!f)
		return -ENOMEM;
	snprintf(f->summary, sizeof(f->summary),
		 "%llu requesters, %llu completers and %llu configuration targets past the first "
		 "%u of each were counted together, and %llu requests past %u in flight were "
		 "not matched: no finding looked at them",
		 (unsigned long long)req, (unsigned long long)cpl,
		 (unsigned long long)t->cfg.folded, ANALYSIS_MAX_KEYS,
		 (unsigned long long)a->untracked, ANALYSIS_MAX_OPEN);
	snprintf(f->advice, sizeof(f->advice),
		 "a link has tens of requesters: a trace naming thousands is usually corrupt or "
		 "recorded with another format than it is decoded with; `report -i FILE --stats` "
		 "shows what it holds");
	diag_figure(f, "folded_requesters", (double)req);
	diag_figure(f, "folded_completers", (double)cpl);
	diag_figure(f, "folded_config_targets", (double)t->cfg.folded);
	diag_figure(f, "untracked_requests", (double)a->untracked);
	return 0;
}
