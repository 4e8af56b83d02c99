// SPDX-License-Identifier: GPL-2.0-only
/*
 * Results are compared field by field where their structs have padding,
 * and with memcmp where they have none, so that a difference is never
 * hidden by (or invented from) bytes no one wrote.
 */
#include <stdbool.h>
#include <string.h>

#include <pciescope/pcie/tlp.h>

#include "analysis_ref.h"

void feed_one_by_one(struct analysis *a, const uint8_t *buf, size_t len, enum ptt_format f,
		     enum analysis_dir d)
{
	size_t sz = ptt_entry_size(f);

	for (size_t off = 0; off + sz <= len; off += sz) {
		struct ptt_entry e;
		struct tlp_hdr h;

		ptt_entry_decode(buf + off, f, &e);
		if (tlp_decode(e.hdr, 4, &h) > 0)
			analysis_feed(a, &e, &h, d);
		else
			analysis_feed_undecoded(a, &e);
	}
}

static bool same_kinds(const struct analysis *a, const struct analysis *b)
{
	for (int d = 0; d < ANALYSIS_NDIR; d++)
		for (int k = 0; k < TLP_KIND_COUNT; k++)
			if (memcmp(analysis_kind(a, d, k), analysis_kind(b, d, k),
				   sizeof(struct analysis_counts)))
				return false;
	return true;
}

static bool same_nodes(const struct analysis_node *x, size_t nx, const struct analysis_node *y,
		       size_t ny)
{
	if (nx != ny)
		return false;
	for (size_t i = 0; i < nx; i++)
		if (x[i].rid != y[i].rid || memcmp(x[i].cls, y[i].cls, sizeof(x[i].cls)))
			return false;
	return true;
}

static bool same_lat(const struct analysis_lat *x, const struct analysis_lat *y)
{
	return x->requester == y->requester && x->kind == y->kind && x->requests == y->requests &&
	       x->completions == y->completions && x->bytes == y->bytes &&
	       lat_hist_equal(&x->hist, &y->hist);
}

static bool same_latencies(const struct analysis *a, const struct analysis *b)
{
	size_t na, nb;
	const struct analysis_lat *la = analysis_latencies(a, &na),
				  *lb = analysis_latencies(b, &nb);

	if (na != nb)
		return false;
	for (size_t i = 0; i < na; i++)
		if (!same_lat(&la[i], &lb[i]))
			return false;
	for (int k = 0; k < TLP_KIND_COUNT; k++)
		if (!same_lat(analysis_latency_of_kind(a, k), analysis_latency_of_kind(b, k)))
			return false;
	return same_lat(analysis_latency_all(a), analysis_latency_all(b));
}

static bool same_folded(const struct analysis *a, const struct analysis *b)
{
	const struct analysis_folded *x = analysis_folded(a), *y = analysis_folded(b);

	if (x->requesters != y->requesters || x->completers != y->completers ||
	    x->latencies != y->latencies || x->untracked != y->untracked ||
	    !same_nodes(&x->requester, 1, &y->requester, 1) ||
	    !same_nodes(&x->completer, 1, &y->completer, 1))
		return false;
	for (int k = 0; k < TLP_KIND_COUNT; k++)
		if (!same_lat(&x->latency[k], &y->latency[k]))
			return false;
	return true;
}

static bool same_windows(const struct analysis *a, const struct analysis *b)
{
	const struct analysis_window *wa, *wb;
	uint64_t width_a, width_b;
	long n = analysis_windows(a, &wa, &width_a);

	if (analysis_windows(b, &wb, &width_b) != n)
		return false;
	return width_a == width_b && (n <= 0 || !memcmp(wa, wb, (size_t)n * sizeof(*wa)));
}

const char *analysis_difference(const struct analysis *a, const struct analysis *b)
{
	const struct analysis_node *x, *y;
	size_t nx, ny;

	if (memcmp(analysis_summary(a), analysis_summary(b), sizeof(struct analysis_summary)))
		return "summary";
	if (!same_kinds(a, b))
		return "counts by kind";
	x = analysis_requesters(a, &nx);
	y = analysis_requesters(b, &ny);
	if (!same_nodes(x, nx, y, ny))
		return "requesters";
	x = analysis_completers(a, &nx);
	y = analysis_completers(b, &ny);
	if (!same_nodes(x, nx, y, ny))
		return "completers";
	if (!same_latencies(a, b))
		return "latencies";
	if (!same_folded(a, b))
		return "folded";
	return same_windows(a, b) ? NULL : "timeline";
}
