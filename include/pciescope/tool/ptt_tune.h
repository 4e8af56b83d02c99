/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The tune files of a PTT PMU through a backend: tune/<param> in the PMU's
 * sysfs directory, one level (0 low .. 2 high) each, in the order of
 * perf/hisi_ptt_tune.h's hisi_ptt_tune_params.  The path is built here
 * once for every command that reads or writes the levels: tune, its
 * search, putting back the levels of a search that died (tool/hold.h),
 * the twin and the live views.
 */
#ifndef PCIESCOPE_TOOL_PTT_TUNE_H
#define PCIESCOPE_TOOL_PTT_TUNE_H

#include <stddef.h>

#include <pciescope/base/error.h>
#include <pciescope/backend/backend.h>
#include <pciescope/perf/hisi_ptt_tune.h>

/* A set of levels: bit i is hisi_ptt_tune_params[i]. */
#define PTT_TUNE_ALL ((1u << HISI_PTT_TUNE_NPARAM) - 1)

/* pmu's tune directory (param NULL) or the file of param, into buf; returns buf. */
char *ptt_tune_path(const char *pmu, const char *param, char *buf, size_t n);

/*
 * Every level of pmu; -1 where a file cannot be read (a kernel without that
 * file, a PMU without tune/).  0, or the first file's -errno with its name
 * in e (e may be NULL when the caller takes -1 as "unknown").
 */
int ptt_tune_read(struct backend *b, const char *pmu, int level[HISI_PTT_TUNE_NPARAM],
		  struct error *e);
/* Writes the levels of pmu in mask, in order; 0, or -errno with the file in e. */
int ptt_tune_write(struct backend *b, const char *pmu, const int level[HISI_PTT_TUNE_NPARAM],
		   unsigned mask, struct error *e);
/* "qos_tx_cpl=1 qos_tx_np=0 ..." of the levels in mask, into buf; returns buf. */
const char *ptt_tune_text(const int level[HISI_PTT_TUNE_NPARAM], unsigned mask, char *buf,
			  size_t n);

#endif
