/* SPDX-License-Identifier: GPL-2.0-only */
/* Live diagnosis (diagnose_live.c): record, count and read links while COMMAND runs. */
#ifndef PCIESCOPE_CLI_DIAGNOSE_LIVE_H
#define PCIESCOPE_CLI_DIAGNOSE_LIVE_H

#include <pciescope/diag/live.h>
#include <pciescope/tool/link_model.h>

#include "backend_opts.h"

#define DIAG_LIVE_MAX_PORTS 16

struct diagnose_live_opts {
	const char *event;  /* NULL: the first PTT; "hisi_ptt0_2": that one; with '/': as given */
	const char *output; /* the trace file */
	bool temporary;	    /* output is a private temporary file (aux_record_opts.overwrite) */
	char *const *argv;  /* COMMAND */
	int cmd_argc;
	const char *const *cmd_argv;
};

struct diag_live {
	char ptt[64], pmu[64]; /* pmu "" when the core has no PCIe PMU */
	struct diag_tune_levels levels;
	struct link_model links; /* the PTT's Root Ports, figures from the PMU when counted */
	struct diag_trace_link link[DIAG_LIVE_MAX_PORTS]; /* links.l[i]'s, for the trace rules */
	bool counted;
	uint64_t command_ns, counted_ns; /* how long the command ran, and the PMU counted */
};

/* 0, or 1 after printing the error; the trace is in o->output.  Free with diagnose_live_free. */
int diagnose_live(struct backend_opts *bo, const struct diagnose_live_opts *o,
		  struct diag_live *out);
void diagnose_live_free(struct diag_live *l);

#endif
