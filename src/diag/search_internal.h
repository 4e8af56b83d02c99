/* SPDX-License-Identifier: GPL-2.0-only */
/* The two halves of the tune search: one measured run (search_run.c) and the strategy (search.c).
 */
#ifndef PCIESCOPE_DIAG_SEARCH_INTERNAL_H
#define PCIESCOPE_DIAG_SEARCH_INTERNAL_H

#include <pciescope/diag/search.h>

/*
 * What the strategy asks of the machine, apart so that a test can give it
 * a landscape of its own.  read_levels: the five levels of o->ptt;
 * write_levels: level at the end, where the device holds the search's last
 * write (all five without a hold h), res->kept and kept_level saying which
 * it did not and what they hold; measure: one run of the command under
 * level with seed offset rep, the target's value in *v, what is written
 * noted in h first.  Each returns 0 or -errno with e set.
 */
struct search_ops {
	int (*read_levels)(const struct diag_search_opts *o, int level[HISI_PTT_TUNE_NPARAM],
			   struct error *e);
	int (*write_levels)(const struct diag_search_opts *o, const struct hold *h,
			    const int level[HISI_PTT_TUNE_NPARAM], struct diag_search_result *res,
			    struct error *e);
	int (*measure)(const struct diag_search_opts *o, struct hold *h,
		       const int level[HISI_PTT_TUNE_NPARAM], unsigned rep, double *v,
		       struct error *e);
};

/* search_run.c: every run on a backend of its own, as diag_search does it. */
extern const struct search_ops search_backend_ops;

/* diag_search over ops. */
int search_with(const struct search_ops *ops, const struct diag_search_opts *o,
		struct diag_search_result *r, struct error *e);

#endif
