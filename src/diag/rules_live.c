// SPDX-License-Identifier: GPL-2.0-only
/*
 * Live rules over the link model (tool/link_model.h): a link trained below
 * what both of its ends support, and a link whose traffic in a direction
 * reaches the share of what it carries for TLPs that leaves no headroom.
 * Traffic, capacity and utilisation are the model's, the figures top and
 * serve show: a saturated link carries TLPs only in what its Ack and
 * UpdateFC DLLPs and SKP ordered sets leave (about 8 %), at the link's Max
 * Payload Size.  Root Ports sharing a PMU port bit are judged each on its
 * own link, as the model split their counts; where it could only give a
 * range, a link whose range reaches the share may be saturated, and the
 * finding says what is known.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/diag/live.h>
#include <pciescope/pcie/bdf.h>
#include <pciescope/pcie/link.h>
#include <pciescope/pcie/traffic.h>

static int downgraded(const struct link *k, struct diag_findings *out)
{
	struct pcie_link_end self = {k->max_speed_gts, k->max_width},
			     dev = {k->dev_max_speed_gts, k->dev_max_width};
	struct pcie_link_judgement j =
	    pcie_link_judge(k->speed_gts, k->width, &self, k->have_dev ? &dev : &self);
	double speed = j.best_speed;
	unsigned width = j.best_width;
	struct diag_finding *f;

	if (!k->speed_gts || !k->width || !j.downgraded)
		return 0;
	f = diag_add(out, "link-downgraded", DIAG_WARNING, k->bdf);
	if (!f)
		return -ENOMEM;
	snprintf(f->summary, sizeof(f->summary),
		 "%s trained at %.1f GT/s x%u where both ends support %.1f GT/s x%u (%.0f of %.0f "
		 "MB/s)",
		 k->bdf, k->speed_gts, k->width, speed, width,
		 pcie_link_capacity_mbps(k->speed_gts, k->width),
		 pcie_link_capacity_mbps(speed, width));
	snprintf(f->advice, sizeof(f->advice),
		 "retrain the link (setpci the Root Port's Link Control Retrain bit, or reseat the "
		 "card) and check the slot's lanes and signal integrity; pciescope topo shows all");
	diag_figure(f, "speed_gts", k->speed_gts);
	diag_figure(f, "width", k->width);
	diag_figure(f, "supported_speed_gts", speed);
	diag_figure(f, "supported_width", width);
	snprintf(f->chart_title, sizeof(f->chart_title), "link capacity of %s", k->bdf);
	snprintf(f->chart_unit, sizeof(f->chart_unit), "MB/s");
	diag_bar(f, "trained", pcie_link_capacity_mbps(k->speed_gts, k->width));
	diag_bar(f, "supported", pcie_link_capacity_mbps(speed, width));
	return 0;
}

static const char *const dir_name[LINK_NDIR] = {"inbound", "outbound"};

/* The direction whose use (at its range's top) is the highest. */
static enum link_dir busiest(const struct link *k)
{
	return k->dir[LINK_TX].util_hi_pct > k->dir[LINK_RX].util_hi_pct ? LINK_TX : LINK_RX;
}

static void saturated_summary(const struct link *k, enum link_dir d, struct diag_finding *f)
{
	const struct link_flow *fl = &k->dir[d];
	char split[112] =
	    ""; /* the other Root Ports named up to 40 characters: a summary, not a list */

	if (fl->basis == LINK_RANGE) {
		snprintf(
		    f->summary, sizeof(f->summary),
		    "%s may carry up to %.0f MB/s %s, %.0f %% of the %.0f MB/s its %.1f GT/s "
		    "x%u link carries for TLPs: it shares a PMU port bit with %.40s, whose counts "
		    "leave it %.0f to %.0f MB/s",
		    k->bdf, fl->hi_mbps, dir_name[d], fl->util_hi_pct, k->capacity_mbps,
		    k->speed_gts, k->width, k->shares, fl->lo_mbps, fl->hi_mbps);
		return;
	}
	if (fl->basis == LINK_SPLIT)
		snprintf(split, sizeof(split),
			 " (its PMU port bit, shared with %.40s, split by requester counters)",
			 k->shares);
	snprintf(f->summary, sizeof(f->summary),
		 "%s carries %.0f MB/s %s, %.0f %% of the %.0f MB/s its %.1f GT/s x%u link "
		 "carries for TLPs%s",
		 k->bdf, fl->traffic_mbps, dir_name[d], fl->util_pct, k->capacity_mbps,
		 k->speed_gts, k->width, split);
}

static void saturated_figures(const struct link *k, struct diag_finding *f)
{
	static const char *const fig[LINK_NDIR][4] = {
	    {"inbound_mbps", "inbound_min_mbps", "inbound_max_mbps", "inbound_share"},
	    {"outbound_mbps", "outbound_min_mbps", "outbound_max_mbps", "outbound_share"}};

	for (int d = 0; d < LINK_NDIR; d++) {
		const struct link_flow *fl = &k->dir[d];

		if (fl->traffic_mbps >= 0)
			diag_figure(f, fig[d][0], fl->traffic_mbps);
		if (fl->util_pct >= 0)
			diag_figure(f, fig[d][3], fl->util_pct / 100);
		if (fl->basis == LINK_RANGE) {
			diag_figure(f, fig[d][1], fl->lo_mbps);
			diag_figure(f, fig[d][2], fl->hi_mbps);
		}
		diag_bar(f, dir_name[d], fl->hi_mbps > 0 ? fl->hi_mbps : 0);
	}
	diag_figure(f, "capacity_mbps", k->capacity_mbps);
	diag_figure(f, "share", k->dir[busiest(k)].util_hi_pct / 100);
	diag_bar(f, "capacity", k->capacity_mbps);
}

static int saturated(const struct link *k, const struct diag_thresholds *th,
		     struct diag_findings *out)
{
	enum link_dir d = busiest(k);
	const struct link_flow *fl = &k->dir[d];
	bool range = fl->basis == LINK_RANGE;
	struct diag_finding *f;

	if (fl->basis == LINK_UNKNOWN || fl->util_hi_pct < 100 * th->saturated_share)
		return 0;
	f = diag_add(out, range ? "link-may-be-saturated" : "link-saturated",
		     range ? DIAG_INFO : DIAG_WARNING, k->bdf);
	if (!f)
		return -ENOMEM;
	saturated_summary(k, d, f);
	snprintf(f->advice, sizeof(f->advice), "%s",
		 range ? "count the link's functions alone (stat -e with bdf= of each) to tell "
			 "which link carries the traffic; if it is this one, spread the devices "
			 "over more Root Ports"
		       : "the link is the bottleneck: spread the devices over more Root Ports, or "
			 "give the traffic that matters the larger share (tune --search over the "
			 "qos_tx_* weights)");
	snprintf(f->chart_title, sizeof(f->chart_title), "bandwidth of %s", k->bdf);
	snprintf(f->chart_unit, sizeof(f->chart_unit), "MB/s");
	saturated_figures(k, f);
	return 0;
}

/* What a counted link carried that no other rule judged: the load every view shows. */
static int load(const struct link *k, struct diag_findings *out)
{
	static const char *const fig[LINK_NDIR][3] = {
	    {"inbound_mbps", "inbound_share", "inbound_read_ns"},
	    {"outbound_mbps", "outbound_share", "outbound_read_ns"}};
	char part[LINK_NDIR][64];
	struct diag_finding *f;

	if (k->dir[LINK_RX].traffic_mbps < 0 && k->dir[LINK_TX].traffic_mbps < 0)
		return 0;
	f = diag_add(out, "link-load", DIAG_INFO, k->bdf);
	if (!f)
		return -ENOMEM;
	for (int d = 0; d < LINK_NDIR; d++)
		if (k->dir[d].traffic_mbps >= 0)
			snprintf(part[d], sizeof(part[d]), "%.0f MB/s %s (%.0f %%)",
				 k->dir[d].traffic_mbps, dir_name[d], k->dir[d].util_pct);
		else
			snprintf(part[d], sizeof(part[d]), "%s not counted", dir_name[d]);
	snprintf(f->summary, sizeof(f->summary),
		 "%s carries %s and %s of the %.0f MB/s its %.1f GT/s x%u link carries for TLPs",
		 k->bdf, part[LINK_RX], part[LINK_TX], k->capacity_mbps, k->speed_gts, k->width);
	snprintf(f->advice, sizeof(f->advice),
		 "none: headroom left; pciescope top follows the load over time");
	for (int d = 0; d < LINK_NDIR; d++) {
		if (k->dir[d].traffic_mbps >= 0)
			diag_figure(f, fig[d][0], k->dir[d].traffic_mbps);
		if (k->dir[d].util_pct >= 0)
			diag_figure(f, fig[d][1], k->dir[d].util_pct / 100);
		if (k->dir[d].read_ns >= 0)
			diag_figure(f, fig[d][2], k->dir[d].read_ns);
	}
	diag_figure(f, "capacity_mbps", k->capacity_mbps);
	return 0;
}

int diag_live_rules(const struct link *l, size_t n, const struct diag_thresholds *th,
		    struct diag_findings *out)
{
	int err = 0;

	for (size_t i = 0; i < n && !err; i++) {
		size_t before;

		err = downgraded(&l[i], out);
		before = out->n;
		if (!err)
			err = saturated(&l[i], th, out);
		if (!err && out->n == before)
			err = load(&l[i], out);
	}
	return err;
}

static const struct diag_trace_link *link_above(const struct diag_trace_link *links, size_t n,
						const char *subject)
{
	struct pci_bdf bdf;

	if (pci_bdf_parse(subject, &bdf))
		return NULL;
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < links[i].nbelow; k++)
			if (links[i].below[k] == bdf.rid)
				return &links[i];
	return NULL;
}

static const struct diag_finding *link_finding(const struct diag_findings *l, const char *bdf)
{
	for (size_t i = 0; i < l->n; i++)
		if ((!strcmp(l->f[i].id, "link-downgraded") ||
		     !strcmp(l->f[i].id, "link-saturated") ||
		     !strcmp(l->f[i].id, "link-may-be-saturated")) &&
		    !strcmp(l->f[i].subject, bdf))
			return &l->f[i];
	return NULL;
}

static bool explains(const struct diag_finding *cause, const struct diag_finding *f)
{
	char key[sizeof(f->cause)];

	snprintf(key, sizeof(key), "%s %s", cause->id, cause->subject);
	return !strcmp(f->cause, key);
}

int diag_link_causes(struct diag_findings *l, const struct diag_trace_link *links, size_t n)
{
	struct diag_finding *sorted = malloc((l->n ? l->n : 1) * sizeof(*sorted));
	size_t m = 0;

	if (!sorted)
		return -ENOMEM;
	for (size_t i = 0; i < l->n; i++) {
		struct diag_finding *f = &l->f[i];
		const struct diag_trace_link *k;
		const struct diag_finding *c;

		if (strcmp(f->id, "latency-outlier") && strcmp(f->id, "outstanding-limit"))
			continue;
		k = link_above(links, n, f->subject);
		c = k ? link_finding(l, k->bdf) : NULL;
		if (c)
			snprintf(f->cause, sizeof(f->cause), "%s %s", c->id, c->subject);
	}
	for (size_t i = 0; i < l->n; i++) {
		if (l->f[i].cause[0])
			continue;
		sorted[m++] = l->f[i];
		for (size_t k = 0; k < l->n; k++)
			if (l->f[k].cause[0] && explains(&l->f[i], &l->f[k]))
				sorted[m++] = l->f[k];
	}
	if (m)
		memcpy(l->f, sorted, m * sizeof(*sorted));
	free(sorted);
	return 0;
}
