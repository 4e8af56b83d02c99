/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sizes in one syntax wherever a user writes one (record -m, ioda
 * --segment-size, the platform file's windows and BARs) and one way of
 * printing them (ioda, the IODA driver's messages):
 *
 *   a whole number, decimal or 0x hexadecimal, then optionally a binary
 *   unit K, M, G or T (either case; 1024, 1024^2, ...) which may be
 *   followed by B or iB: "16M", "16MB", "16MiB", "16k", "0x400K".  A lone
 *   B after a decimal number means bytes ("4096B"), as in perf's -m (after
 *   a hexadecimal one it is a digit).
 *
 * A number without a unit counts the caller's unit: bytes, or pages for
 * -m, which takes pages or a size as perf record does.
 */
#ifndef PCIESCOPE_PERF_SIZE_H
#define PCIESCOPE_PERF_SIZE_H

#include <stddef.h>
#include <stdint.h>

/* s as bytes; a bare number is times bare_unit.  0, -EINVAL (syntax) or -ERANGE (over 2^64). */
int size_parse(const char *s, uint64_t bare_unit, uint64_t *bytes);
/*
 * bytes in the largest unit that divides it, as size_parse reads it back:
 * "256M", "1G", "1536K", "1000"; returns buf.
 */
char *size_format(uint64_t bytes, char *buf, size_t n);

#endif
