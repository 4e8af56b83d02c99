/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Counting as perf stat does it, for `stat`, `serve` and `top`: the
 * configuration of one run over an event list (tool/event_list.h), the
 * seed-rule checks (stat_rules.c), the derived metrics (stat_metrics.c), -M
 * metric groups (stat_groups.c), the run with its -I intervals
 * (stat_count.c), repeated with -r (stat_repeat.c) and its noise
 * (stat_noise.c).
 * Functions returning int give 0 or -errno with the reason in s->err;
 * warnings go to the tool_warn hook (tool/warn.h).
 */
#ifndef PCIESCOPE_TOOL_STAT_H
#define PCIESCOPE_TOOL_STAT_H

#include <stdbool.h>
#include <stdio.h>

#include <pciescope/base/error.h>
#include <pciescope/backend/backend.h>
#include <pciescope/perf/event_parse.h>
#include <pciescope/tool/event_list.h>

enum stat_layout { STAT_TEXT, STAT_CSV, STAT_JSON };

/* -r: mean and spread of one value over the runs (stat_noise.c). */
struct stat_noise {
	unsigned n;
	double mean, m2;
};

void stat_noise_add(struct stat_noise *z, double v);
/* Standard deviation of the mean, and it relative to the mean in %. */
double stat_noise_sd_mean(const struct stat_noise *z);
double stat_noise_pct(const struct stat_noise *z);

struct stat_config {
	struct event_list events;
	enum stat_layout layout;
	const char *sep;
	bool metrics, force, dry_run;
	unsigned interval_ms;
	unsigned repeat;	  /* -r: runs, 0 or 1 = one */
	uint64_t timeout_ns;	  /* --timeout, 0 = none */
	uint64_t span_ns;	  /* the span the printed values cover (CPUs utilized) */
	struct stat_noise *noise; /* -r: per counter, NULL otherwise */
	struct stat_noise elapsed_noise;
	char **argv; /* the measured command, NULL = until SIGINT */
	struct backend *b;
	FILE *out;
	struct error err; /* why the last call below failed */
	/* -I: shows one interval's values (the engine prints nothing itself). */
	void (*print_interval)(const struct stat_config *s, const struct backend_count *vals,
			       double ts);
	/* -I: called once the first run's events are open, before its intervals (may be NULL). */
	void (*print_start)(const struct stat_config *s);
};

/* Seed rules the kernel leaves unchecked; -EINVAL names the rule in s->err. */
int stat_check_rules(struct stat_config *s, const struct perf_pmu_source *src);
/* The same for any parsed event list (tune --search's target), the rule in e. */
int stat_check_event_rules(const struct perf_event_list *l, const struct perf_pmu_source *src,
			   struct error *e);

/*
 * One warning line per event whose documented meaning the kernel of b does
 * not carry out (len_mode=2 on 6.2 to 6.11, the AMD document's enable bits).
 */
void stat_note_kernel_differences(const struct perf_event_list *events,
				  const struct perf_pmu_source *src, const struct backend *b);

/* The metric of event i from the given pair values; false when none. */
bool stat_metric_value(const struct stat_config *s, size_t i, const struct backend_count *vals,
		       double *value, const char **unit);

/*
 * -M: adds the events of metric groups (comma-separated: pcie_bandwidth,
 * pcie_latency, iommu) for every matching PMU of the backend.
 */
int stat_add_metric_groups(struct stat_config *s, const char *groups,
			   const struct perf_pmu_source *src);
/* The metric groups -M knows, NULL-terminated. */
extern const char *const stat_metric_groups[];
/*
 * Runs the command, or counts until a stop is requested (backend/interrupt.h:
 * the printing follows); -I intervals go to print_interval.
 */
int stat_run(struct stat_config *s, uint64_t *elapsed_ns, int *status);

/*
 * perf stat's runs: s->repeat of them (-r; one when 0), each opening,
 * counting (stat_run) and closing the events.  avg (s->events.n entries,
 * zeroed) gets each event's count averaged over the runs, s->span_ns their
 * mean span and, with -r, s->noise each counter's spread; with -I the
 * intervals are all there is and avg stays zero.  A stop request ends the
 * repeating after the run it cut.  *status: the command's exit status.
 */
int stat_count(struct stat_config *s, struct backend_count *avg, int *status);
/* Frees the events and the noise of s. */
void stat_release(struct stat_config *s);

struct pace;
/* One warning line each time the emulated clock's lag behind the wall clock doubles. */
void stat_note_lag(struct pace *pc, uint64_t sim_now);

#endif
