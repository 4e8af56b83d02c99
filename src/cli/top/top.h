/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `pciescope top`: a live per-Root-Port view of the PCIe PMUs, like
 * pcm-pcie.  top_model.c turns one interval of serve's sampler (one PMU
 * counter pair per Root Port port bit and TLP kind) into rows; top_render.c
 * draws them as a screen or as one JSON object; builtin-top.c refreshes,
 * paces the emulated clock against the wall clock and reads 'q'.
 */
#ifndef PCIESCOPE_CLI_TOP_H
#define PCIESCOPE_CLI_TOP_H

#include <stdio.h>

#include <pciescope/diag/search.h>
#include <pciescope/tool/pmu_sampler.h>

/* One PMU port bit (pmu_ports.c) and the PTT levels of its core. */
struct top_row {
	struct serve_port p;
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

/* Rows from one interval's deltas (serve_read). 0 or -ENOMEM. */
int top_frame_build(struct top_frame *f, struct serve *sv, const struct backend_count *delta);
void top_frame_free(struct top_frame *f);

/*
 * The screen (a header, one line per row), no line wider than width
 * columns; `clear` starts with clearing it.
 */
void top_render_text(FILE *out, const struct top_frame *f, bool clear, int width);
/* One JSON object on one line. */
void top_render_json(FILE *out, const struct top_frame *f);

#endif
