/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared pieces of `pciescope ioda`: options, sysfs access through the
 * backend, and the record format of the powernv_ioda debug files (lines of
 * key=value fields) turned into JSON objects, which both the text and the
 * --json output are printed from.
 */
#ifndef PCIESCOPE_CLI_IODA_H
#define PCIESCOPE_CLI_IODA_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include <pciescope/backend/backend.h>

#define IODA_DEBUG "/sys/kernel/debug/powerpc"

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

/* Reads a sysfs file into buf (NUL-terminated); -errno on failure. */
int ioda_read(struct ioda_ctx *c, const char *path, char *buf, size_t n);
int ioda_write(struct ioda_ctx *c, const char *path, const char *text);
/* A failed write to a PHB's file: prints the driver's reason as the error line. */
int ioda_fail(struct ioda_ctx *c, uint16_t domain, int err, const char *what);
/* Domains of the PHBs, ascending; returns the count. */
int ioda_phbs(struct ioda_ctx *c, uint16_t *dom, int max);

/* One record line -> object (decimal numbers become integers). */
json_t *ioda_record(const char *line);
/* Every line of text -> array of objects. */
json_t *ioda_records(const char *text);
/* Writes cmd to PHB domain's request file and returns its answer record. */
json_t *ioda_ask(struct ioda_ctx *c, uint16_t domain, const char *file, const char *cmd, int *err);
/* The PHB whose windows decode addr (-ENXIO if none). */
int ioda_phb_of(struct ioda_ctx *c, uint64_t addr, uint16_t *domain);

const char *ioda_size(uint64_t v, char *buf, size_t n);
uint64_t ioda_num(const json_t *obj, const char *key);
const char *ioda_str(const json_t *obj, const char *key);
void ioda_print_json(json_t *v);

int ioda_show(struct ioda_ctx *c);
int ioda_sriov(struct ioda_ctx *c);
int ioda_resolve(struct ioda_ctx *c);
int ioda_freeze(struct ioda_ctx *c, bool freeze);
int ioda_access(struct ioda_ctx *c);

#endif
