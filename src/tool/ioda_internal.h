/* SPDX-License-Identifier: GPL-2.0-only */
/* The PHB debug files through the backend, shared by the tool's ioda_*.c. */
#ifndef PCIESCOPE_TOOL_IODA_INTERNAL_H
#define PCIESCOPE_TOOL_IODA_INTERNAL_H

#include <stddef.h>

#include <pciescope/tool/ioda.h>

/* A record file is a few lines; a PHB's PE list at most a few kB. */
#define PHB_FILE_MAX 4096

/* Reads a sysfs file into buf (NUL-terminated); 0 or -errno. */
int phb_read(struct backend *b, const char *path, char *buf, size_t n);
int phb_write(struct backend *b, const char *path, const char *text);
/* PHB_DEBUG_DIR/PCI<domain>/<file> into buf. */
void phb_path(uint16_t domain, const char *file, char *buf, size_t n);
/*
 * A request to the PHB's file that failed with err: the reason the driver
 * left in the PHB's error file, else "<what>: <strerror>".  Returns err.
 */
int phb_fail(struct backend *b, uint16_t domain, int err, const char *what, struct error *e);
/* Writes cmd to the PHB's request file and reads back its answer record. */
int phb_ask(struct backend *b, uint16_t domain, const char *file, const char *cmd, json_t **out,
	    struct error *e);
/* The PE numbers the PHB's "pes" file lists as in use ("a-b" ranges); 0 or -errno. */
int phb_pes_in_use(struct backend *b, uint16_t domain, bool used[PHB_MAX_PES]);

#endif
