// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PHB3 mailbox: one function per OPAL-like call, taking the argument
 * registers and filling the output registers.  Parameter checks follow the
 * PHB3 firmware rules that matter to Linux: window numbers below 16, naturally
 * aligned power-of-two windows, split mode refused for a window currently in
 * single-PE mode, TVE numbers belonging to the PE.  Sizes: a segmented window
 * is at least 256 MiB (the document's M64 minimum), a single-PE one 32 MiB.
 */
#include "phb3_internal.h"

#define SZ_1M (1ull << 20)
#define SZ_32M (32ull << 20)
#define SZ_256M (256ull << 20)

static bool pe_ok(const struct phb3 *p, uint64_t pe)
{
	return pe < p->d.num_pes;
}

/* RIDs a (bus, compare) pair covers: bus range and devfn range. */
static int64_t set_pe(struct phb3 *p, const uint64_t *a)
{
	uint64_t pe = a[0], bcmp = a[2];
	unsigned bus = (unsigned)(a[1] >> 8) & 0xff, devfn = (unsigned)a[1] & 0xff;
	unsigned bmask, dfirst = 0, dlast = 255;

	if (!pe_ok(p, pe) || bcmp == 1 || bcmp > OPAL_BUS_ALL)
		return OPAL_PARAMETER;
	bmask = bcmp ? (0xff00u >> (bcmp + 1)) & 0xff : 0;
	if (a[3] == OPAL_COMPARE_RID && a[4] == OPAL_COMPARE_RID) {
		dfirst = dlast = devfn;
	} else if (a[3] == OPAL_COMPARE_RID) {
		dfirst = devfn & ~7u;
		dlast = dfirst | 7;
	}
	for (unsigned b = bus & bmask; b <= ((bus & bmask) | (~bmask & 0xff)); b++)
		for (unsigned df = dfirst; df <= dlast; df++)
			p->rtt[b << 8 | df] = a[5] == OPAL_MAP ? (uint16_t)pe : PHB3_PE_INVALID;
	return OPAL_SUCCESS;
}

static int64_t set_peltv(struct phb3 *p, const uint64_t *a)
{
	uint64_t bit;

	if (!pe_ok(p, a[0]) || !pe_ok(p, a[1]))
		return OPAL_PARAMETER;
	bit = 1ull << (a[1] % 64);
	if (a[2] == OPAL_MAP)
		p->peltv[a[0]][a[1] / 64] |= bit;
	else
		p->peltv[a[0]][a[1] / 64] &= ~bit;
	return OPAL_SUCCESS;
}

static int64_t set_m64(struct phb3 *p, const uint64_t *a)
{
	uint64_t size = a[2];

	if (a[0] >= PHB3_NUM_M64 || size < SZ_1M || (size & (size - 1)) || (a[1] & (size - 1)))
		return OPAL_PARAMETER;
	p->m64[a[0]].base = a[1];
	p->m64[a[0]].size = size;
	return OPAL_SUCCESS;
}

static int64_t enable_m64(struct phb3 *p, const uint64_t *a)
{
	struct phb3_m64 *m;

	if (a[0] >= PHB3_NUM_M64 || a[1] > OPAL_ENABLE_M64_NON_SPLIT)
		return OPAL_PARAMETER;
	m = &p->m64[a[0]];
	if (a[1] == OPAL_ENABLE_M64_SPLIT) {
		if (m->mode == OPAL_ENABLE_M64_NON_SPLIT)
			return OPAL_PARAMETER;
		if (m->base < p->d.m64_base || m->size < SZ_256M)
			return OPAL_PARTIAL;
	}
	if (a[1] == OPAL_ENABLE_M64_NON_SPLIT && m->size < SZ_32M)
		return OPAL_PARTIAL;
	m->mode = (int)a[1];
	return OPAL_SUCCESS;
}

static int64_t map_m64_pe(struct phb3 *p, const uint64_t *a)
{
	if (!pe_ok(p, a[0]) || a[1] >= PHB3_NUM_M64 || p->m64[a[1]].mode == OPAL_ENABLE_M64_SPLIT)
		return OPAL_PARAMETER;
	p->m64[a[1]].pe = (uint16_t)a[0];
	return OPAL_SUCCESS;
}

static int64_t freeze_call(struct phb3 *p, const uint64_t *a, bool set)
{
	if (!pe_ok(p, a[0]) || a[1] < OPAL_EEH_ACTION_MMIO || a[1] > OPAL_EEH_ACTION_ALL)
		return OPAL_PARAMETER;
	if (set)
		phb3_freeze(p, (unsigned)a[0], (unsigned)a[1], PHB3_CAUSE_SOFTWARE);
	else
		phb3_unfreeze(p, (unsigned)a[0], (unsigned)a[1]);
	return OPAL_SUCCESS;
}

static int64_t freeze_status(struct phb3 *p, const uint64_t *a)
{
	if (!pe_ok(p, a[0]))
		return OPAL_PARAMETER;
	p->out[0] = (uint64_t)p->pest[a[0]].mmio | (uint64_t)p->pest[a[0]].dma << 1;
	p->out[1] = p->pest[a[0]].cause;
	return OPAL_SUCCESS;
}

static int64_t map_dma(struct phb3 *p, const uint64_t *a, bool bypass)
{
	struct phb3_tve *v;

	if (!pe_ok(p, a[0]) || a[1] / 2 != a[0])
		return OPAL_PARAMETER;
	v = &p->tvt[a[1]];
	if (bypass) {
		*v = (struct phb3_tve){.kind = a[2] ? TVE_BYPASS : TVE_NONE, .size = a[2]};
		return OPAL_SUCCESS;
	}
	if (a[4] < 12 || a[4] > 28)
		return OPAL_PARAMETER;
	*v = (struct phb3_tve){.kind = a[3] ? TVE_TCE : TVE_NONE,
			       .table = a[2],
			       .entries = a[3],
			       .shift = (unsigned)a[4]};
	return OPAL_SUCCESS;
}

static int64_t msi_call(struct phb3 *p, const uint64_t *a, bool set_pe_of_irq)
{
	if (a[0] >= p->d.msi_count)
		return OPAL_PARAMETER;
	if (set_pe_of_irq) {
		if (!pe_ok(p, a[1]))
			return OPAL_PARAMETER;
		p->ive_pe[a[0]] = (uint16_t)a[1];
		return OPAL_SUCCESS;
	}
	p->out[0] = a[1] ? p->d.msi64_addr : phb3_msi32_addr(p);
	p->out[1] = a[0];
	return OPAL_SUCCESS;
}

static int64_t resolve(struct phb3 *p, const uint64_t *a)
{
	struct phb3_target t;

	phb3_route(p, a[0], &t);
	p->out[0] = (uint64_t)t.window;
	p->out[1] = (uint64_t)t.index;
	p->out[2] = t.segment;
	p->out[3] = t.pe;
	return OPAL_SUCCESS;
}

static int64_t traffic(struct phb3 *p, uint64_t token, const uint64_t *a)
{
	int acc = PHB3_ACC_OK;

	switch (token) {
	case PHB3_CPU_LOAD:
		p->out[0] = phb3_cpu_load(p, a[0], &acc);
		break;
	case PHB3_CPU_STORE:
		acc = phb3_cpu_store(p, a[0], a[1]);
		break;
	case PHB3_DEV_DMA:
		p->out[0] = phb3_dev_dma(p, (uint16_t)a[0], a[1], &acc);
		break;
	case PHB3_DEV_MSI:
		acc = phb3_dev_msi(p, (uint16_t)a[0], a[1], a[2]);
		break;
	}
	p->out[1] = (uint64_t)acc;
	return OPAL_SUCCESS;
}

int64_t phb3_opal_call(struct phb3 *p, uint64_t token)
{
	const uint64_t *a = p->arg;

	switch (token) {
	case PHB3_SET_PE:
		return set_pe(p, a);
	case PHB3_SET_PELTV:
		return set_peltv(p, a);
	case PHB3_MAP_M32_SEG:
		if (!pe_ok(p, a[0]) || a[1] >= PHB3_NUM_SEGS)
			return OPAL_PARAMETER;
		p->m32_segmap[a[1]] = (uint16_t)a[0];
		return OPAL_SUCCESS;
	case PHB3_SET_M64:
		return set_m64(p, a);
	case PHB3_ENABLE_M64:
		return enable_m64(p, a);
	case PHB3_MAP_M64_PE:
		return map_m64_pe(p, a);
	case PHB3_FREEZE_SET:
		return freeze_call(p, a, true);
	case PHB3_FREEZE_CLEAR:
		return freeze_call(p, a, false);
	case PHB3_FREEZE_STATUS:
		return freeze_status(p, a);
	case PHB3_MAP_DMA_TCE:
		return map_dma(p, a, false);
	case PHB3_MAP_DMA_BYPASS:
		return map_dma(p, a, true);
	case PHB3_SET_XIVE_PE:
		return msi_call(p, a, true);
	case PHB3_GET_MSI:
		return msi_call(p, a, false);
	case PHB3_CPU_LOAD:
	case PHB3_CPU_STORE:
	case PHB3_DEV_DMA:
	case PHB3_DEV_MSI:
		return traffic(p, token, a);
	case PHB3_ERR_MSG:
		phb3_err_msg(p, (uint16_t)a[0]);
		return OPAL_SUCCESS;
	case PHB3_RESOLVE:
		return resolve(p, a);
	case PHB3_IRQ_COUNT:
		if (a[0] >= p->d.msi_count)
			return OPAL_PARAMETER;
		p->out[0] = p->irq_count[a[0]];
		return OPAL_SUCCESS;
	}
	return OPAL_UNSUPPORTED;
}
