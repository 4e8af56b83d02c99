/* SPDX-License-Identifier: GPL-2.0-only */
/* Event text (perf syntax) turned into counted events, resolved through a backend's PMU files. */
#ifndef PCIESCOPE_TOOL_COUNTER_EVENTS_H
#define PCIESCOPE_TOOL_COUNTER_EVENTS_H

#include <stdbool.h>

#include <pciescope/tool/counters.h>
#include <pciescope/tool/tool_err.h>

/*
 * 0 or -errno with the reason in e; free *ev with free().  rules: refuse
 * PCIe PMU events that break the document's rules, as stat does
 * (stat_rules.c), before the driver answers them with a bare EINVAL.
 */
int counter_events_parse(struct backend *b, const char *text, bool rules, struct counter_event **ev,
			 size_t *n, struct tool_err *e);

#endif
