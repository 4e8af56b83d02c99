// SPDX-License-Identifier: GPL-2.0-only
/*
 * What of a PHB3 and its devices outlives one pciescope invocation: the
 * freeze bits with their cause, the SR-IOV NumVFs/VF Enable registers and
 * the device registers written through MMIO (kept by CPU address; the
 * assignment is deterministic, so addresses are stable between boots).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "phb3_internal.h"

uint64_t *phb3_reg_slot(struct phb3 *p, uint64_t addr, bool create)
{
	struct phb3_reg *r;

	addr &= ~7ull;
	for (size_t i = 0; i < p->nregs; i++)
		if (p->regs[i].addr == addr)
			return &p->regs[i].val;
	if (!create)
		return NULL;
	if (p->nregs == p->regs_cap) {
		size_t cap = p->regs_cap ? p->regs_cap * 2 : 16;

		r = realloc(p->regs, cap * sizeof(*r));
		if (!r)
			return NULL;
		p->regs = r;
		p->regs_cap = cap;
	}
	p->regs[p->nregs] = (struct phb3_reg){.addr = addr};
	return &p->regs[p->nregs++].val;
}

void phb3_save(struct phb3 *p, void (*put)(void *ctx, const char *key, uint64_t val), void *ctx)
{
	char key[64];

	for (unsigned pe = 0; pe < p->d.num_pes; pe++) {
		const struct phb3_pest *s = &p->pest[pe];

		if (!s->mmio && !s->dma)
			continue;
		snprintf(key, sizeof(key), "pe.%u", pe);
		put(ctx, key, (uint64_t)s->mmio | (uint64_t)s->dma << 1 | (uint64_t)s->cause << 8);
	}
	for (unsigned i = 0; i < p->d.nfn; i++) {
		if (!p->fn[i].ctrl)
			continue;
		snprintf(key, sizeof(key), "vfs.%04x", p->fn[i].d.rid);
		put(ctx, key, p->fn[i].num_vfs);
	}
	for (size_t i = 0; i < p->nregs; i++) {
		snprintf(key, sizeof(key), "reg.%" PRIx64, p->regs[i].addr);
		put(ctx, key, p->regs[i].val);
	}
}

void phb3_restore_one(struct phb3 *p, const char *key, uint64_t val)
{
	unsigned n;
	uint64_t addr, *slot;

	if (sscanf(key, "pe.%u", &n) == 1 && n < p->d.num_pes) {
		p->pest[n] = (struct phb3_pest){
		    .mmio = val & 1, .dma = val >> 1 & 1, .cause = (uint8_t)(val >> 8)};
	} else if (sscanf(key, "vfs.%x", &n) == 1) {
		for (unsigned i = 0; i < p->d.nfn; i++) {
			if (p->fn[i].d.rid != n || !p->fn[i].d.total_vfs)
				continue;
			p->fn[i].num_vfs = val <= p->fn[i].d.total_vfs ? val : 0;
			p->fn[i].ctrl = p->fn[i].num_vfs ? 1 : 0;
		}
	} else if (sscanf(key, "reg.%" SCNx64, &addr) == 1) {
		slot = phb3_reg_slot(p, addr, true);
		if (slot)
			*slot = val;
	}
}
