// SPDX-License-Identifier: GPL-2.0-only
/*
 * The line under a table whose keys the analyser folded (it keeps the first
 * ANALYSIS_MAX_KEYS requesters, completers and latency keys, so that memory
 * does not follow a corrupt trace): how many keys were folded and what they
 * counted together, so that the rows plus this line are the whole trace.
 * Text, CSV (on stderr, like the other notes) and HTML print the same
 * sentence.
 */
#include <stdio.h>

#include "report_views_impl.h"

static uint64_t node_tlps(const struct analysis_node *n)
{
	return n->cls[TLP_CLASS_P].tlps + n->cls[TLP_CLASS_NP].tlps + n->cls[TLP_CLASS_CPL].tlps;
}

static int nodes_note(const char *what, uint64_t folded, const struct analysis_node *n, char *buf,
		      size_t len)
{
	if (!folded)
		return 0;
	return snprintf(buf, len,
			"%llu more %s past the first %u counted together as other: %llu TLPs, "
			"%llu payload bytes",
			(unsigned long long)folded, what, ANALYSIS_MAX_KEYS,
			(unsigned long long)node_tlps(n),
			(unsigned long long)(n->cls[TLP_CLASS_P].payload_bytes +
					     n->cls[TLP_CLASS_CPL].payload_bytes));
}

static int latency_note(const struct analysis_folded *f, char *buf, size_t len)
{
	uint64_t requests = 0, matched = 0;

	if (!f->requesters && !f->latencies && !f->untracked)
		return 0;
	for (int k = 0; k < TLP_KIND_COUNT; k++) {
		requests += f->latency[k].requests;
		matched += f->latency[k].hist.count;
	}
	return snprintf(buf, len,
			"%llu requests (%llu matched) of %llu more requesters and %llu more "
			"requester and kind rows past the first %u counted together as other, in "
			"the \"all\" rows; %llu requests past %u in flight not matched",
			(unsigned long long)requests, (unsigned long long)matched,
			(unsigned long long)f->requesters, (unsigned long long)f->latencies,
			ANALYSIS_MAX_KEYS, (unsigned long long)f->untracked, ANALYSIS_MAX_OPEN);
}

int rv_folded_note(const struct report_views *v, enum rv_folded which, char *buf, size_t len)
{
	const struct analysis_folded *f = analysis_folded(v->a);

	buf[0] = 0;
	if (which == RV_FOLDED_REQUESTERS)
		return nodes_note("requesters", f->requesters, &f->requester, buf, len);
	if (which == RV_FOLDED_COMPLETERS)
		return nodes_note("completers", f->completers, &f->completer, buf, len);
	return latency_note(f, buf, len);
}
