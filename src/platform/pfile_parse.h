/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Parsing context of a platform file: where we are (for the one-line error
 * message) and typed field readers.
 */
#ifndef PCIESCOPE_PLATFORM_PFILE_PARSE_H
#define PCIESCOPE_PLATFORM_PFILE_PARSE_H

#include "pfile.h"

struct pctx {
	const char *label; /* file name */
	char where[64];	   /* "devices[3] (0000:01:00.0)" */
	struct error *e;
};

int pctx_fail(struct pctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void pctx_at_bdf(struct pctx *c, const char *bdf);
/* Reads an unsigned integer (JSON number or "0x..." string); dflt < 0 = required. */
int pctx_uint(struct pctx *c, const json_t *obj, const char *key, uint64_t min, uint64_t max,
	      int64_t dflt, uint64_t *out);

int pentry_parse(struct pctx *c, struct pfile *pf, const json_t *e, struct pdev *d);
/* Checks where d sits in the hierarchy (parent kind, bus numbers). */
int pentry_check_place(struct pctx *c, const struct pfile *pf, const struct pdev *d);
/* Appends the VFs of d's "sriov" object, if any, after it. */
int pentry_add_vfs(struct pctx *c, struct pfile *pf, int pf_index);
/* Secondary/subordinate bus numbers of every bridge; refuses overlapping ranges. */
int pfile_bus_ranges(struct pctx *c, struct pfile *pf);

#endif
