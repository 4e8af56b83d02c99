/* SPDX-License-Identifier: GPL-2.0-only */
/* The two halves of the tune search: one measured run (search_run.c) and the strategy (search.c).
 */
#ifndef PCIESCOPE_DIAG_SEARCH_INTERNAL_H
#define PCIESCOPE_DIAG_SEARCH_INTERNAL_H

#include <pciescope/diag/search.h>

/* Reads the five levels of o->ptt; 0 or -errno with err set. */
int search_read_levels(const struct diag_search_opts *o, int level[HISI_PTT_TUNE_NPARAM], char *err,
		       size_t errlen);
/*
 * Writes level at the end: where the device holds the search's last write
 * (all five without a hold h); res->kept and kept_level say which it did
 * not, and what they hold.  0 or -errno with err set.
 */
int search_write_levels(const struct diag_search_opts *o, const struct hold *h,
			const int level[HISI_PTT_TUNE_NPARAM], struct diag_search_result *res,
			char *err, size_t errlen);
/* One run of the command under level with seed offset rep: the target's value in *v. */
int search_measure(const struct diag_search_opts *o, struct hold *h,
		   const int level[HISI_PTT_TUNE_NPARAM], unsigned rep, double *v, char *err,
		   size_t errlen);

#endif
