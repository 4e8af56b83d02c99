/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reading sysfs through a backend the way every tool wants it: a file as
 * one line without its trailing newline, a directory as its entry names.
 * The directories the tools start from are spelled here once.
 */
#ifndef PCIESCOPE_BACKEND_SYSFS_READ_H
#define PCIESCOPE_BACKEND_SYSFS_READ_H

#include <stddef.h>
#include <sys/types.h>

#include <pciescope/backend/backend.h>

#define PMU_SYSFS_DIR "/sys/bus/event_source/devices"
#define PCI_DEVICES_DIR "/sys/bus/pci/devices"
/* The PowerNV PHBs' IODA debug files: PCI<domain>/ below it. */
#define PHB_DEBUG_DIR "/sys/kernel/debug/powerpc"

/* Reads a sysfs file into buf without trailing newlines or blanks; length or -errno. */
ssize_t backend_read_line(struct backend *b, const char *path, char *buf, size_t n);
/* The file as a number (strtol, base 0), or -1 when it cannot be read. */
long backend_read_num(struct backend *b, const char *path);
/* Entry names of a directory (the caller frees them with backend_names_free); 0 or -errno. */
int backend_list_dir(struct backend *b, const char *path, char ***names, size_t *count);
void backend_names_free(char **names, size_t count);

#endif
