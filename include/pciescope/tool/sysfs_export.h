/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copying a backend's sysfs directory as plain files (`sysfs export`, and
 * the PMU and PCI trees `exec` shows its command): symlinks are followed,
 * the copy stops two levels below each entry, unreadable files are left out.
 */
#ifndef PCIESCOPE_TOOL_SYSFS_EXPORT_H
#define PCIESCOPE_TOOL_SYSFS_EXPORT_H

#include <stdbool.h>

#include <pciescope/base/error.h>
#include <pciescope/backend/backend.h>

/*
 * Copies the entries of the backend's directory src into the existing
 * directory dst; want (NULL: every entry) chooses among src's entries.
 * Adds the number of files written to *files.  0 or -errno, the reason in e.
 */
int sysfs_export_dir(struct backend *b, const char *src, const char *dst,
		     bool (*want)(const char *name, void *ctx), void *ctx, unsigned *files,
		     struct error *e);

#endif
