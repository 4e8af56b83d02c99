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

/* Indices into serve_bw_kinds and serve_lat_kinds (serve.h). */
enum { TOP_RX_MWR, TOP_RX_MRD, TOP_RX_CPL, TOP_TX_MWR, TOP_TX_MRD, TOP_TX_CPL, TOP_KINDS };
enum { TOP_LAT_RX_MWR, TOP_LAT_RX_MRD, TOP_LAT_TX_MRD, TOP_LATS };
_Static_assert(TOP_KINDS == SERVE_BW_KINDS && TOP_LATS == SERVE_LAT_KINDS,
	       "top's columns are serve's TLP kinds");

/* One PMU port bit: the Root Ports sharing it, what they carried this interval. */
struct top_row {
	unsigned sicl, core, port;
	char bdf[128];	       /* comma-separated */
	double speed_gts;      /* the (first) Root Port's link; 0 if unknown */
	long width;
	double mbps[TOP_KINDS];	 /* MB/s; < 0 when not counted */
	double lat_ns[TOP_LATS]; /* average; < 0 when nothing completed */
	double util_rx, util_tx; /* % of the link's bandwidth per direction; < 0 unknown */
	long tune[DIAG_TUNE_NPARAM]; /* the core's PTT levels (diag_tune_params); -1: none */
};

struct top_frame {
	struct top_row *rows;
	size_t n;
	double time_s;	  /* the machine's clock */
	double lag_s;	  /* how far the emulated clock is behind the wall clock */
	unsigned interval_ms;
	const char *backend;
};

/* Rows from one interval's deltas (serve_read). 0 or -ENOMEM. */
int top_frame_build(struct top_frame *f, struct serve *sv, const struct backend_count *delta);
void top_frame_free(struct top_frame *f);

/* The screen (a header, one line per row); `clear` starts with clearing it. */
void top_render_text(FILE *out, const struct top_frame *f, bool clear);
/* One JSON object on one line. */
void top_render_json(FILE *out, const struct top_frame *f);

#endif
