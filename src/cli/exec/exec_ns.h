/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The private view `pciescope exec` gives its command (exec_ns.c): a mount
 * namespace of its own, in which directories of /sys are covered by tmpfs
 * filled from the emulated machine.  Nothing is mounted outside it, and it
 * goes away with the last process in it, however that process ends.
 */
#ifndef PCIESCOPE_CLI_EXEC_NS_H
#define PCIESCOPE_CLI_EXEC_NS_H

#include <stddef.h>

/*
 * Enters a mount namespace of our own with private propagation: as root
 * directly, otherwise in a user namespace that maps us to ourselves.
 * 0, or 1 after printing why.
 */
int exec_private_namespace(void);
/* Covers dir with an empty tmpfs.  0, or 1 after printing why. */
int exec_cover(const char *dir);
/*
 * Covers the file target with one holding text: written in the directory
 * stage (on one of our tmpfs), bind-mounted, then unlinked from stage (the
 * mount keeps it).  0, or 1 after printing why.
 */
int exec_cover_file(const char *stage, const char *target, const char *text, size_t n);

#endif
