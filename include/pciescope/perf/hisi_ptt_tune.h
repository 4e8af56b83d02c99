/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The tune files of a HiSilicon PTT PMU (tune/ in its sysfs directory) as
 * the tools know them, like perf's pmu-events tables: their names in the
 * order a tune candidate lists its levels, the names the PTT document uses
 * for two of them, and the levels a file takes.  Pure data, no platform.
 */
#ifndef PCIESCOPE_PERF_HISI_PTT_TUNE_H
#define PCIESCOPE_PERF_HISI_PTT_TUNE_H

#define HISI_PTT_TUNE_NPARAM 5
#define HISI_PTT_TUNE_LEVELS 3 /* a tune file holds 0 (low) .. 2 (high) */

/* The tune files in the levels' order, and a NULL after them, as lists of names end. */
extern const char *const hisi_ptt_tune_params[HISI_PTT_TUNE_NPARAM + 1];
/* Index of a tune file name (or the document's longer name for it), -1 if none. */
int hisi_ptt_tune_param_index(const char *name);

#endif
