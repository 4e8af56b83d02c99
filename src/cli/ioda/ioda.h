/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `pciescope ioda`: the options and the printing of each subcommand.  The
 * PHBs' files are read and written by the tool library (tool/ioda.h),
 * whose records (JSON objects) both the text and --json are printed from.
 */
#ifndef PCIESCOPE_CLI_IODA_H
#define PCIESCOPE_CLI_IODA_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include <pciescope/backend/backend.h>

struct ioda_opts {
	const char *platform;
	bool json, mmio, dma;
	const char *numvfs, *write, *msi, *dma_bdf, *err_bdf, *segment_size, *phb;
	const char *pos[3];
	int npos;
};

struct ioda_ctx {
	struct backend *b;
	struct ioda_opts o;
};

/* A record's field as text ("" when absent); numbers rotate through eight buffers. */
const char *ioda_str(const json_t *obj, const char *key);
/* Prints r as text, or with --json as one document; drops the reference. */
int ioda_emit(struct ioda_ctx *c, json_t *r, void (*text)(const json_t *r));

int ioda_show(struct ioda_ctx *c);
int ioda_sriov(struct ioda_ctx *c);
int ioda_resolve(struct ioda_ctx *c);
int ioda_freeze(struct ioda_ctx *c, bool freeze);
int ioda_access(struct ioda_ctx *c);

#endif
