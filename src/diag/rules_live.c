// SPDX-License-Identifier: GPL-2.0-only
/*
 * Live rules: a link trained below what both of its ends support, and a
 * link whose PMU-counted bandwidth reaches the share of its capacity that
 * leaves no headroom.  Capacity and traffic are pcie/traffic.h's: a
 * saturated link carries TLPs only in what its Ack and UpdateFC DLLPs and
 * SKP ordered sets leave (pciescope/pcie/link_layer.h, about 8 %), so
 * saturation is judged against that, at the link's Max Payload Size (256
 * bytes, every shipped platform's, where the configuration space cannot be
 * read).  Root Ports
 * sharing a PMU port bit are judged once, together, against the sum of
 * their links.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/diag/live.h>
#include <pciescope/pcie/bdf.h>
#include <pciescope/pcie/link.h>
#include <pciescope/pcie/traffic.h>

static int downgraded(const struct diag_port *p, struct diag_findings *out)
{
	struct pcie_link_end self = {p->max_speed, p->max_width},
			     dev = {p->dev_max_speed, p->dev_max_width};
	struct pcie_link_judgement j =
	    pcie_link_judge(p->speed, p->width, &self, p->have_dev ? &dev : &self);
	double speed = j.best_speed;
	unsigned width = j.best_width;
	struct diag_finding *f;

	if (!p->speed || !p->width || !j.downgraded)
		return 0;
	f = diag_add(out, "link-downgraded", DIAG_WARNING, p->bdf);
	if (!f)
		return -ENOMEM;
	snprintf(f->summary, sizeof(f->summary),
		 "%s trained at %.1f GT/s x%u where both ends support %.1f GT/s x%u (%.0f of %.0f "
		 "MB/s)",
		 p->bdf, p->speed, p->width, speed, width,
		 pcie_link_capacity_mbps(p->speed, p->width),
		 pcie_link_capacity_mbps(speed, width));
	snprintf(f->advice, sizeof(f->advice),
		 "retrain the link (setpci the Root Port's Link Control Retrain bit, or reseat the "
		 "card) and check the slot's lanes and signal integrity; pciescope topo shows all");
	diag_figure(f, "speed_gts", p->speed);
	diag_figure(f, "width", p->width);
	diag_figure(f, "supported_speed_gts", speed);
	diag_figure(f, "supported_width", width);
	snprintf(f->chart_title, sizeof(f->chart_title), "link capacity of %s", p->bdf);
	snprintf(f->chart_unit, sizeof(f->chart_unit), "MB/s");
	diag_bar(f, "trained", pcie_link_capacity_mbps(p->speed, p->width));
	diag_bar(f, "supported", pcie_link_capacity_mbps(speed, width));
	return 0;
}

static int saturated(const struct diag_port *p, const struct diag_thresholds *th,
		     struct diag_findings *out)
{
	double cap = p->capacity_mbps > 0
			 ? p->capacity_mbps
			 : pcie_link_tlp_capacity_mbps(p->speed, p->width, diag_port_mps(p));
	double top = p->in_mbps > p->out_mbps ? p->in_mbps : p->out_mbps;
	const char *dir = p->in_mbps > p->out_mbps ? "inbound" : "outbound";
	struct diag_finding *f;

	if (!p->have_bw || !cap || top < th->saturated_share * cap)
		return 0;
	f = diag_add(out, "link-saturated", DIAG_WARNING, p->bdf);
	if (!f)
		return -ENOMEM;
	if (p->shares[0])
		snprintf(f->summary, sizeof(f->summary),
			 "%s and %s, sharing a PMU port bit, carry %.0f MB/s %s together, %.0f %% "
			 "of the %.0f MB/s their links carry for TLPs",
			 p->bdf, p->shares, top, dir, pcie_link_utilisation(top, cap), cap);
	else
		snprintf(f->summary, sizeof(f->summary),
			 "%s carries %.0f MB/s %s, %.0f %% of the %.0f MB/s its %.1f GT/s x%u link "
			 "carries for TLPs",
			 p->bdf, top, dir, pcie_link_utilisation(top, cap), cap, p->speed,
			 p->width);
	snprintf(f->advice, sizeof(f->advice),
		 "the link is the bottleneck: spread the devices over more Root Ports, or give the "
		 "traffic that matters the larger share (tune --search over the qos_tx_* weights)");
	diag_figure(f, "inbound_mbps", p->in_mbps);
	diag_figure(f, "outbound_mbps", p->out_mbps);
	diag_figure(f, "capacity_mbps", cap);
	diag_figure(f, "share", pcie_link_utilisation(top, cap) / 100);
	snprintf(f->chart_title, sizeof(f->chart_title), "bandwidth of %s", p->bdf);
	snprintf(f->chart_unit, sizeof(f->chart_unit), "MB/s");
	diag_bar(f, "inbound", p->in_mbps);
	diag_bar(f, "outbound", p->out_mbps);
	diag_bar(f, "capacity", cap);
	return 0;
}

int diag_live_rules(const struct diag_port *p, size_t n, const struct diag_thresholds *th,
		    struct diag_findings *out)
{
	int err = 0;

	for (size_t i = 0; i < n && !err; i++) {
		err = downgraded(&p[i], out);
		if (!err)
			err = saturated(&p[i], th, out);
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
		     !strcmp(l->f[i].id, "link-saturated")) &&
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
