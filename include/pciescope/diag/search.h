/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Measuring which PTT tune levels help: the search loop over a backend.
 * Each run opens the backend (emulated: the same platform and workload
 * from seed + repeat, so every candidate sees the same traffic; host: the
 * real machine, where the command is the user's own load), writes the
 * candidate's five levels, counts the events while the command runs and
 * closes again.  The target is event 0's count or, when events 0 and 1 are
 * a PCIe PMU pair (event_list_find_pairs found them), its derived metric
 * (bandwidth, average latency).
 *
 * Strategy: coordinate descent from the starting levels (each searched
 * parameter in turn tried at 0, 1, 2, the others held), repeated until a
 * pass changes nothing, then every two-parameter neighbour (both moved by
 * one) of the result; an improvement there restarts the descent.  Results
 * are cached, so no candidate runs twice.  `grid` runs every candidate.
 *
 * The search holds the device's levels while it runs (tool/hold.h): a
 * second search of it, or a `tune` that would set one, is refused or waits.
 * The starting levels are written back at the end (or the best ones with
 * apply), also when a run fails or a stop is requested (backend/interrupt.h:
 * the run in progress is cut short); a level someone else set since the
 * search last wrote it stays (diag_search_result.kept).  Should the process
 * die first, the next command that opens the machine puts them back.
 */
#ifndef PCIESCOPE_DIAG_SEARCH_H
#define PCIESCOPE_DIAG_SEARCH_H

#include <stdbool.h>
#include <stddef.h>

#include <pciescope/backend/backend.h>
#include <pciescope/perf/hisi_ptt_tune.h>
#include <pciescope/tool/event_list.h>
#include <pciescope/tool/hold.h>

enum diag_metric { DIAG_METRIC_COUNT, DIAG_METRIC_BANDWIDTH, DIAG_METRIC_LATENCY };

struct diag_candidate {
	int level[HISI_PTT_TUNE_NPARAM];
	double mean, sd, min, max;
	unsigned runs;
};

struct diag_search_opts {
	struct backend_options bo; /* repeats use bo.seed, bo.seed + 1, ... */
	const char *ptt;	   /* the PMU with the tune/ directory */
	bool search[HISI_PTT_TUNE_NPARAM];
	struct event_list *events; /* opened, read and closed on each run's backend */
	enum diag_metric metric;
	bool minimize;
	unsigned repeat;
	bool apply, grid;
	bool wait;	   /* for another search of the device to end, rather than refuse */
	char *const *argv; /* the command run per candidate */
	/* Called after each candidate is measured (may be NULL). */
	void (*progress)(void *ctx, const struct diag_candidate *c);
	void *ctx;
};

struct diag_search_result {
	struct diag_candidate *c; /* in the order they were measured; c[0] = the start */
	size_t n, cap;
	size_t best;
	unsigned runs;
	bool restored; /* the levels written at the end (start, or best with apply) took */
	/* levels not written at the end: set by another since the search wrote them (bit i:
	 * hisi_ptt_tune_params[i]), and what the device holds */
	unsigned kept;
	int kept_level[HISI_PTT_TUNE_NPARAM];
	struct hold_info busy; /* -EBUSY, -EDEADLK: the hold in the way */
};

/*
 * 0 when the search finished; -EINTR when stopped; -EBUSY when another
 * search holds the device (r->busy; -EDEADLK: one that runs this process,
 * which cannot be waited for); another -errno on an error, with one line
 * in e.  The result holds what was measured in every case; free it with
 * diag_search_free.
 */
int diag_search(const struct diag_search_opts *o, struct diag_search_result *r, struct error *e);
void diag_search_free(struct diag_search_result *r);
/* The target's relative gain of candidate i over the start, in percent (positive = better). */
double diag_search_gain(const struct diag_search_opts *o, const struct diag_search_result *r,
			size_t i);

#endif
