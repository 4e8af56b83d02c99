/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The five tune levels of a PTT PMU (its tune/ files, in the order of
 * hisi_ptt_tune_params) read and written through a backend, for the tune
 * search and for putting back the levels of one that ended without doing
 * so (tool/hold.h).
 */
#ifndef PCIESCOPE_TOOL_TUNE_LEVELS_H
#define PCIESCOPE_TOOL_TUNE_LEVELS_H

#include <stdbool.h>

#include <pciescope/backend/backend.h>
#include <pciescope/perf/hisi_ptt_tune.h>
#include <pciescope/tool/tool_err.h>

/* Reads the levels of dev's tune files; 0, or -errno with the file and why in e. */
int tune_levels_read(struct backend *b, const char *dev, int level[HISI_PTT_TUNE_NPARAM],
		     struct tool_err *e);
/* Writes the levels whose bit is set in mask (bit i: hisi_ptt_tune_params[i]); 0 or -errno. */
int tune_levels_write(struct backend *b, const char *dev, const int level[HISI_PTT_TUNE_NPARAM],
		      unsigned mask, struct tool_err *e);
/* "qos_tx_cpl=1 qos_tx_np=0 ..." of the levels whose bit is set in mask, into buf. */
const char *tune_levels_text(const int level[HISI_PTT_TUNE_NPARAM], unsigned mask, char *buf,
			     unsigned long n);

#define TUNE_LEVELS_ALL ((1u << HISI_PTT_TUNE_NPARAM) - 1)

#endif
