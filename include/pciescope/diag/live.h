/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Diagnosis from what a live run measures besides the trace: the links of
 * the traced core's Root Ports, their state and what the PCIe PMU counted
 * on them, as the tool library's link model holds them
 * (tool/link_model.h).  The caller builds the model (through a backend);
 * the rules only judge it.
 */
#ifndef PCIESCOPE_DIAG_LIVE_H
#define PCIESCOPE_DIAG_LIVE_H

#include <stdbool.h>

#include <pciescope/diag/finding.h>
#include <pciescope/diag/trace.h>
#include <pciescope/tool/link_model.h>

/*
 * link-downgraded for each link trained below what both its ends support,
 * link-saturated for each whose traffic in a direction reaches
 * th->saturated_share of what it carries for TLPs, link-may-be-saturated
 * where a shared PMU port bit leaves only a range whose top does; links
 * without figures are judged on their state only.  0 or -ENOMEM.
 */
int diag_live_rules(const struct link *l, size_t n, const struct diag_thresholds *th,
		    struct diag_findings *out);

/*
 * A requester's latency or read ceiling behind a link that is downgraded
 * or saturated is that link's consequence: such findings get the link's
 * finding as their cause and move right behind it (links: the traced Root
 * Ports with the functions below them).  0 or -ENOMEM.
 */
int diag_link_causes(struct diag_findings *l, const struct diag_trace_link *links, size_t n);

#endif
