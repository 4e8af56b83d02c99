/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The tool library's one way of counting perf events through a backend, as
 * perf stat does it, for stat, serve, top, diagnose and tune --search.
 *
 * An event list is the events of one or more perf event strings (parsed by
 * perf/event_parse.h, which stays the syntax's owner) and, per event, what
 * counting it needs: its backend handle, its last two reads and the metric
 * it takes part in (stat_metrics.c).  Opening follows perf stat:
 *   - every event reads time_enabled and time_running, so a multiplexed
 *     count is scaled by enabled/running (count_scaled);
 *   - an event of a PMU with a cpumask (an uncore PMU such as the PCIe
 *     PMU) counts system-wide on its first CPU, any other follows this
 *     process and, by inheritance, the command it runs;
 *   - group leaders open disabled and are enabled once every event is
 *     open, so a group's members count over one span;
 *   - an event the machine does not have (no such PMU, no generic hardware
 *     event in a VM) is "<not supported>" and the others count on, while a
 *     PMU refusing a configuration is an error naming the event.
 * The parsed events do not depend on the backend they were resolved on, so
 * one list can be opened and closed again on backend after backend (tune
 * --search opens a fresh one per candidate).
 */
#ifndef PCIESCOPE_TOOL_EVENT_LIST_H
#define PCIESCOPE_TOOL_EVENT_LIST_H

#include <stdbool.h>
#include <stddef.h>

#include <pciescope/base/error.h>
#include <pciescope/backend/backend.h>
#include <pciescope/perf/event_parse.h>
#include <pciescope/perf/hisi_pcie_events.h>

/* One event being counted. */
struct event {
	const struct perf_event_spec *spec; /* as written and encoded; spec->leader is its group */
	int handle;			    /* backend event, -1 when not open */
	struct backend_count cur, prev;	    /* the latest read, and the one event_list_delta kept */
	bool unsupported;		    /* the machine has no such event: "<not supported>" */
	bool clock;			    /* cpu-clock/task-clock: a span of time, not a count */
	int partner;			    /* PCIe PMU: the pair's other event, -1 if none */
	enum hisi_pcie_class metric;	    /* set on the pair's main (bit 16 clear) event */
	int denom; /* AMD IOMMU: the ratio's denominator event, -1 if none */
};

struct event_list {
	struct perf_event_list parsed; /* owns what ev[].spec points at */
	struct event *ev;
	size_t n;
	struct backend *b; /* the backend of the open events, NULL when closed */
};

/*
 * Appends the events of one perf event string (call once per -e; the list
 * starts zeroed).  0, or -EINVAL/-ENOENT/-ENOMEM with the parser's line in
 * e and the list unchanged.
 */
int event_list_add(struct event_list *l, const char *text, const struct perf_pmu_source *src,
		   struct error *e);
/*
 * The metrics over the list: PCIe PMU pairs and AMD IOMMU ratios found and
 * marked, a warning for a pair split across groups (stat_metrics.c).  Call
 * once, after the last event_list_add.
 */
void event_list_find_pairs(struct event_list *l);
/* Opens every event on b and enables the groups; on an error nothing stays open. */
int event_list_open(struct event_list *l, struct backend *b, struct error *e);
/* cur = each open event's count now; an event not open reads as zero. */
int event_list_read(struct event_list *l, struct error *e);
/* d[i] = what event i counted between the previous call (or the open) and the last read. */
void event_list_delta(struct event_list *l, struct backend_count *d);
void event_list_close(struct event_list *l);
/* Closes, and frees the events and what was parsed. */
void event_list_free(struct event_list *l);

/* The CPU an event of this PMU counts on: the first of its cpumask; -1 if none (or pmu NULL/""). */
int event_cpu(struct backend *b, const char *pmu);
/* A count scaled by time_enabled / time_running, as perf prints it. */
double count_scaled(const struct backend_count *v);

#endif
