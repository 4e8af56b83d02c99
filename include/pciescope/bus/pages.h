/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Zeroed, page-aligned host memory for the emulated machine's big areas:
 * DMA buffers, the perf core's AUX areas.  Those of 2 MiB and more are
 * asked of the kernel in 2 MiB pages (MADV_HUGEPAGE) where it offers them:
 * a trace writes all of its buffers, and touching 4 KiB pages one fault at
 * a time cost ~15 us each on a virtual machine (a 16 MiB AUX area 55-78 ms
 * of CPU, 2 MiB pages 2-18 ms).  The size given back to bus_pages_free is
 * the one allocated.
 */
#ifndef PCIESCOPE_BUS_PAGES_H
#define PCIESCOPE_BUS_PAGES_H

#include <stddef.h>

void *bus_pages_alloc(size_t size); /* NULL: no memory */
void bus_pages_free(void *p, size_t size);

#endif
