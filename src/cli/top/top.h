/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `pciescope top`: a live per-Root-Port view of the PCIe PMUs, like
 * pcm-pcie.  top_model.c takes one interval of the tool library's PMU
 * sampler (its link model: one row per Root Port's link) and the PTT tune
 * levels; top_render.c draws them as a screen, top_json.c as one JSON object;
 * builtin-top.c refreshes, paces the emulated clock against the wall clock
 * and reads 'q'.
 */
#ifndef PCIESCOPE_CLI_TOP_H
#define PCIESCOPE_CLI_TOP_H

#include <stdio.h>

#include <pciescope/diag/search.h>
#include <pciescope/tool/pmu_sampler.h>

/* One Root Port's link (tool/link_model.h) and the PTT levels of its core. */
struct top_row {
	const struct link *k;		/* in the sampler's link model, valid until its next read */
	int tune[HISI_PTT_TUNE_NPARAM]; /* the core's PTT levels (hisi_ptt_tune_params); -1: none */
};

struct top_frame {
	struct top_row *rows;
	size_t n;
	double time_s; /* the machine's clock */
	double span_s; /* the simulated time the frame covers */
	double lag_s;  /* how far the emulated clock is behind the wall clock */
	unsigned interval_ms;
	const char *backend;
};

/* Rows from one interval's deltas (pmu_sampler_read). 0 or -ENOMEM. */
int top_frame_build(struct top_frame *f, struct pmu_sampler *ps, const struct backend_count *delta);
void top_frame_free(struct top_frame *f);

/*
 * The screen (a header, one line per row, notes wrapped), no line wider
 * than width columns; `clear` starts with clearing it.
 */
void top_render_text(FILE *out, const struct top_frame *f, bool clear, int width);
/* One JSON object on one line. */
void top_render_json(FILE *out, const struct top_frame *f);

#endif
