/* SPDX-License-Identifier: GPL-2.0-only */
/* The live /sys of `pciescope exec`: the emulated kernel's over the host's (exec_sysfs.c). */
#ifndef PCIESCOPE_CLI_EXEC_SYSFS_H
#define PCIESCOPE_CLI_EXEC_SYSFS_H

#include <stdbool.h>
#include <stddef.h>

#include "exec_serve.h"

#define EXEC_MAX_PMUS 256

/* The emulated PMUs of dynamic type: the ones the interposer serves. */
struct exec_pmus {
	size_t n;
	char *name[EXEC_MAX_PMUS];
	long type[EXEC_MAX_PMUS];
};

/* Whether a PMU of this name or type (-1: any) is an emulated one. */
bool exec_pmus_has(const struct exec_pmus *p, const char *name, long type);

/*
 * Mounts the view over /sys in the current (private) mount namespace,
 * served from m by threads of this process from then on.  0, or -errno
 * with the reason in e (no FUSE here: the caller falls back to a copy).
 */
int exec_sysfs_mount(struct exec_machine *m, const struct exec_pmus *pmus, struct error *e);

#endif
