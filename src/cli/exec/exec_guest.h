/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `pciescope exec --sysroot DIR`: programs of the target's architecture
 * under qemu-user (exec_guest.c).
 */
#ifndef PCIESCOPE_CLI_EXEC_GUEST_H
#define PCIESCOPE_CLI_EXEC_GUEST_H

#include <limits.h>

struct exec_guest {
	char sysroot[PATH_MAX];	   /* DIR, absolute: qemu's -L */
	char qemu[PATH_MAX];	   /* qemu-<arch>-static (or qemu-<arch>) on PATH */
	char interposer[PATH_MAX]; /* libpciescope-exec.so built for the guest */
	const char *preload;	   /* what the guest's LD_PRELOAD names (exec_preload.h) */
	unsigned machine;	   /* the guest's ELF e_machine */
	char **argv;		   /* COMMAND as started: through qemu for a guest ELF */
};

/*
 * Checks DIR (its dynamic loader names the guest's architecture), finds
 * qemu-user and the guest's interposer (interposer, or the cross build's
 * by default) and how to start argv; 0, or 1 after the error line.
 */
int exec_guest_prepare(struct exec_guest *g, const char *sysroot, const char *interposer,
		       char **argv);
/*
 * What the interposer in every process needs to follow an exec across
 * architectures (follow.c): the sysroot, qemu, both interposers' preload
 * lists (host_preload is what LD_PRELOAD holds for host programs).
 */
int exec_guest_env(const struct exec_guest *g, const char *host_preload);

#endif
