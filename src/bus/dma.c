// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated DMA memory.  Each allocation gets a bus address range of its own
 * (page aligned, never reused, starting above 4 GiB so 64-bit DMA is
 * exercised); models resolve a bus address to a host pointer with
 * bus_dma_ptr(), once per buffer, so hot paths are plain memcpy.
 */
#include <errno.h>
#include <stdlib.h>

#include <pciescope/bus/bus.h>
#include <pciescope/bus/pages.h>

struct dma_region {
	uint64_t bus_addr;
	size_t size;
	void *cpu;
};

struct bus_dma {
	struct dma_region *r;
	size_t n, cap;
	uint64_t next;
};

struct bus_dma *bus_dma_create(void)
{
	struct bus_dma *m = calloc(1, sizeof(*m));

	if (m)
		m->next = 0x100000000ull;
	return m;
}

void bus_dma_destroy(struct bus_dma *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->n; i++)
		bus_pages_free(m->r[i].cpu, m->r[i].size);
	free(m->r);
	free(m);
}

void *bus_dma_alloc(struct bus_dma *m, size_t size, uint64_t *bus_addr)
{
	struct dma_region *r;

	if (!size)
		return NULL;
	if (m->n == m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 16;

		r = realloc(m->r, cap * sizeof(*r));
		if (!r)
			return NULL;
		m->r = r;
		m->cap = cap;
	}
	r = &m->r[m->n];
	r->cpu = bus_pages_alloc(size);
	if (!r->cpu)
		return NULL;
	r->size = size;
	r->bus_addr = m->next;
	m->next += (size + 0xfff) & ~0xfffull;
	m->n++;
	*bus_addr = r->bus_addr;
	return r->cpu;
}

void bus_dma_free(struct bus_dma *m, void *cpu, size_t size)
{
	for (size_t i = 0; i < m->n; i++) {
		if (m->r[i].cpu != cpu)
			continue;
		bus_pages_free(cpu, m->r[i].size);
		m->r[i] = m->r[--m->n];
		return;
	}
}

void *bus_dma_ptr(struct bus_dma *m, uint64_t bus_addr, size_t len)
{
	for (size_t i = 0; i < m->n; i++) {
		struct dma_region *r = &m->r[i];

		if (bus_addr >= r->bus_addr && bus_addr - r->bus_addr <= r->size &&
		    len <= r->size - (bus_addr - r->bus_addr))
			return (char *)r->cpu + (bus_addr - r->bus_addr);
	}
	return NULL;
}
