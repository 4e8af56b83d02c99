// SPDX-License-Identifier: GPL-2.0-only
/*
 * Big zeroed areas (pages.h).  A fresh anonymous mapping is zero already;
 * it is aligned to 2 MiB, so that every part of it can be a huge page, by
 * mapping 2 MiB more and unmapping what lies outside.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <pciescope/bus/pages.h>

#define HUGE_BYTES ((size_t)2 << 20)
#define SMALL_PAGE ((size_t)4096)

static size_t huge_len(size_t size)
{
	return (size + HUGE_BYTES - 1) & ~(HUGE_BYTES - 1);
}

static void *small_alloc(size_t size)
{
	size_t len = (size + SMALL_PAGE - 1) & ~(SMALL_PAGE - 1);
	void *p = aligned_alloc(SMALL_PAGE, len);

	if (p)
		memset(p, 0, len);
	return p;
}

void *bus_pages_alloc(size_t size)
{
	size_t len = huge_len(size);
	uint8_t *map, *p;
	size_t head;

	if (size < HUGE_BYTES)
		return small_alloc(size);
	map = mmap(NULL, len + HUGE_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
		   0);
	if (map == MAP_FAILED)
		return NULL;
	head = (HUGE_BYTES - (uintptr_t)map % HUGE_BYTES) % HUGE_BYTES;
	p = map + head;
	if (head)
		munmap(map, head);
	munmap(p + len, HUGE_BYTES - head);
#ifdef MADV_HUGEPAGE
	madvise(p, len, MADV_HUGEPAGE); /* a hint: without it, 4 KiB pages */
#endif
	return p;
}

void bus_pages_free(void *p, size_t size)
{
	if (!p)
		return;
	if (size < HUGE_BYTES)
		free(p);
	else
		munmap(p, huge_len(size));
}
