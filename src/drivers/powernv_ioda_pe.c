// SPDX-License-Identifier: GPL-2.0-only
/*
 * PEs: the allocator (highest run of free numbers, as Linux does, so the
 * low numbers stay free for PEs that M64 segments dictate), bus PEs created
 * in device-add order (a bus, then the buses below its bridges), PE numbers
 * taken from the M64 segments a bus's BARs occupy (lowest = master, others
 * slaves), and configuring a PE: RTT, PELT-V, freeze cleared, M32 segments,
 * DMA windows and one MSI per function.
 */
#include <errno.h>
#include <stdio.h>

#include "powernv_ioda_internal.h"

#define TCE_ENTRIES 64
#define TCE_SHIFT 16
#define BYPASS_SIZE (1ull << 40)

static bool pe_free(const struct ioda_phb *p, unsigned pe)
{
	return pe < p->num_pes && p->pe[pe].kind == PE_FREE;
}

/* A new or reconfigured PE starts thawed, except one still frozen from an earlier run. */
void ioda_pe_thaw(struct ioda_phb *p, unsigned pe)
{
	if (!p->keep_frozen[pe])
		ioda_opal(p, PHB3_FREEZE_CLEAR, pe, OPAL_EEH_ACTION_ALL);
}

static void pe_take(struct ioda_phb *p, unsigned pe, int kind)
{
	p->pe[pe] = (struct ioda_pe){.kind = kind, .master = (int)pe, .bus = -1, .dev = -1};
	ioda_pe_thaw(p, pe);
}

int ioda_pe_alloc(struct ioda_phb *p, unsigned count)
{
	unsigned run = 0;

	for (unsigned pe = p->num_pes; count && pe-- > 0;) {
		run = pe_free(p, pe) ? run + 1 : 0;
		if (run == count) {
			for (unsigned i = pe; i < pe + count; i++)
				pe_take(p, i, PE_BUS);
			return (int)pe;
		}
	}
	return -EBUSY;
}

void ioda_pe_free(struct ioda_phb *p, int pe)
{
	if (pe >= 0 && (unsigned)pe < p->num_pes)
		p->pe[pe] = (struct ioda_pe){.kind = PE_FREE};
}

unsigned ioda_pe_choices(const struct ioda_phb *p, unsigned n, unsigned span)
{
	unsigned choices = 0, need = n * span;

	if (!need || need > PHB3_NUM_SEGS)
		return 0;
	for (unsigned x = 0; x + need <= PHB3_NUM_SEGS; x += span) {
		unsigned i = x;

		while (i < x + need && pe_free(p, i))
			i++;
		choices += i == x + need;
	}
	return choices;
}

static bool dev_under(const struct ioda_phb *p, const struct ioda_dev *d, int bus)
{
	for (int b = d->bus; b >= 0; b = p->bus[b].parent)
		if (b == bus)
			return true;
	return false;
}

/* Devices the PE of bus covers: on the bus, or below it for a bus-all PE. */
static bool covered(const struct ioda_phb *p, const struct ioda_dev *d, int bus)
{
	if (d->gone || d->pf >= 0)
		return false;
	return p->bus[bus].all ? dev_under(p, d, bus) : d->bus == bus;
}

static void peltv_add(struct ioda_phb *p, int parent, int child)
{
	ioda_opal(p, PHB3_SET_PELTV, parent, child, OPAL_MAP);
}

static void peltv_setup(struct ioda_phb *p, int pe, int from_bus)
{
	int m = p->pe[pe].master;

	peltv_add(p, pe, pe);
	for (unsigned s = 0; s < p->num_pes; s++) {
		if (p->pe[s].kind != PE_SLAVE || p->pe[s].master != pe)
			continue;
		peltv_add(p, pe, (int)s);
		peltv_add(p, (int)s, pe);
		for (unsigned t = 0; t < p->num_pes; t++)
			if (p->pe[t].kind == PE_SLAVE && p->pe[t].master == pe)
				peltv_add(p, (int)s, (int)t);
	}
	for (int b = from_bus; b >= 0; b = p->bus[b].parent) {
		int up = p->bus[b].pe;

		if (up < 0 || up == m)
			continue;
		peltv_add(p, up, pe);
		for (unsigned s = 0; s < p->num_pes; s++)
			if (p->pe[s].kind == PE_SLAVE && p->pe[s].master == pe)
				peltv_add(p, up, (int)s);
	}
}

static void map_m32(struct ioda_phb *p, int pe, uint64_t start, uint64_t size)
{
	uint64_t first, last;

	if (!size || ioda_in_m64(p, start) || start < p->m32_cpu_base)
		return;
	first = (start - p->m32_cpu_base) / p->m32_segsize;
	last = (start + size - 1 - p->m32_cpu_base) / p->m32_segsize;
	for (uint64_t s = first; s <= last && s < PHB3_NUM_SEGS; s++) {
		ioda_opal(p, PHB3_MAP_M32_SEG, pe, s);
		p->m32_seg_pe[s] = pe;
	}
}

void ioda_setup_dma_msi(struct ioda_phb *p, int dev, int pe)
{
	struct ioda_dev *d = &p->dev[dev];
	struct ioda_pe *e = &p->pe[pe];
	uint64_t table;

	d->pe = pe;
	if (d->type != PHB3_FN_ENDPOINT)
		return;
	if (!e->dma_done) {
		if (p->bd->dma && bus_dma_alloc(p->bd->dma, TCE_ENTRIES * 8, &table))
			ioda_opal(p, PHB3_MAP_DMA_TCE, pe, pe * 2, table, TCE_ENTRIES, TCE_SHIFT);
		ioda_opal(p, PHB3_MAP_DMA_BYPASS, pe, pe * 2 + 1, BYPASS_SIZE);
		e->dma_done = true;
	}
	if (d->irq < 0 && p->next_irq < p->msi_count) {
		d->irq = (int)p->next_irq++;
		ioda_opal(p, PHB3_SET_XIVE_PE, d->irq, pe);
	}
}

/* Bus compare value of a bus-all PE from its number of bus numbers. */
static int bus_all_compare(const struct ioda_dev *bridge)
{
	unsigned count = bridge->subordinate - bridge->secondary + 1u;

	for (int c = OPAL_BUS_ALL, n = 1; c >= 2; c--, n <<= 1)
		if (count == (unsigned)n)
			return c;
	return -EINVAL;
}

int ioda_pe_configure(struct ioda_phb *p, int pe)
{
	struct ioda_pe *e = &p->pe[pe];
	bool vf = e->kind == PE_VF;
	int from_bus = vf ? p->dev[p->dev[e->dev].pf].bus : p->bus[e->bus].parent;

	if (ioda_opal(p, PHB3_SET_PE, pe, e->rid, e->bus_compare, vf, vf, OPAL_MAP))
		return -EIO;
	peltv_setup(p, pe, from_bus);
	for (unsigned s = 0; s < p->num_pes; s++)
		if ((int)s == pe || (p->pe[s].kind == PE_SLAVE && p->pe[s].master == pe))
			ioda_pe_thaw(p, s);
	if (vf) {
		ioda_setup_dma_msi(p, e->dev, pe);
		return 0;
	}
	for (unsigned i = 0; i < p->ndev; i++) {
		struct ioda_dev *d = &p->dev[i];

		if (!covered(p, d, e->bus))
			continue;
		for (int b = 0; b < IODA_BARS; b++)
			map_m32(p, pe, d->bar_start[b], d->bar_size[b]);
		if (p->bus[e->bus].all && d->type != PHB3_FN_ENDPOINT)
			map_m32(p, pe, d->win_start[0], d->win_size[0]);
		ioda_setup_dma_msi(p, (int)i, pe);
	}
	return 0;
}

void ioda_pe_release(struct ioda_phb *p, int pe)
{
	struct ioda_pe *e = &p->pe[pe];

	ioda_opal(p, PHB3_SET_PE, pe, e->rid, e->bus_compare, 1, 1, OPAL_UNMAP);
	ioda_pe_free(p, pe);
}

/* PE numbers the M64 segments of a bus's BARs dictate; the lowest is the master. */
static int pick_m64_pe(struct ioda_phb *p, int bus)
{
	int master = IODA_NO_PE;

	for (unsigned i = 0; i < p->ndev; i++) {
		const struct ioda_dev *d = &p->dev[i];

		if (!covered(p, d, bus))
			continue;
		for (int b = 0; b < IODA_BARS; b++) {
			uint64_t s = d->bar_start[b], e = s + d->bar_size[b];

			if (!d->bar_size[b] || !ioda_in_m64(p, s))
				continue;
			for (uint64_t seg = (s - p->m64_base) / p->m64_segsize;
			     seg < (e - p->m64_base + p->m64_segsize - 1) / p->m64_segsize; seg++) {
				if (!pe_free(p, (unsigned)seg))
					continue;
				pe_take(p, (unsigned)seg, PE_SLAVE);
				if (master == IODA_NO_PE || (int)seg < master)
					master = (int)seg;
			}
		}
	}
	for (unsigned s = 0; master >= 0 && s < p->num_pes; s++)
		if (p->pe[s].kind == PE_SLAVE && p->pe[s].bus == -1) {
			p->pe[s].master = master;
			p->pe[s].bus = bus;
		}
	return master;
}

static int configure_bus(struct ioda_phb *p, int bus)
{
	struct ioda_bus *b = &p->bus[bus];
	int pe, cmp = OPAL_BUS_ALL;

	if (bus == 0) {
		pe = (int)p->root_pe;
	} else {
		pe = pick_m64_pe(p, bus);
		if (pe < 0)
			pe = ioda_pe_alloc(p, 1);
		if (pe < 0) {
			snprintf(p->error, sizeof(p->error),
				 "out of PEs: bus %02x needs a PE and all %u are in use", b->number,
				 p->num_pes);
			return -EBUSY;
		}
		if (b->all)
			cmp = bus_all_compare(&p->dev[b->self]);
		if (cmp < 0) {
			snprintf(p->error, sizeof(p->error),
				 "bus %02x: a PE cannot cover %u bus numbers", b->number,
				 p->dev[b->self].subordinate - p->dev[b->self].secondary + 1u);
			return -EINVAL;
		}
		p->pe[pe].kind = b->all ? PE_BUS_ALL : PE_BUS;
	}
	p->pe[pe].master = pe;
	p->pe[pe].bus = bus;
	p->pe[pe].rid = (uint16_t)(b->number << 8);
	p->pe[pe].bus_compare = (uint8_t)cmp;
	b->pe = pe;
	return ioda_pe_configure(p, pe);
}

static bool bus_has_devs(const struct ioda_phb *p, int bus)
{
	for (unsigned i = 0; i < p->ndev; i++)
		if (p->dev[i].bus == bus && p->dev[i].pf < 0)
			return true;
	return false;
}

static int visit(struct ioda_phb *p, int bus)
{
	int ret = 0, parent = p->bus[bus].parent;

	if (parent >= 0 && p->bus[bus].all && p->bus[parent].all)
		p->bus[bus].pe = p->bus[parent].pe;
	else if (bus_has_devs(p, bus))
		ret = configure_bus(p, bus);
	for (unsigned i = 0; !ret && i < p->nbus; i++)
		if (p->bus[i].parent == bus)
			ret = visit(p, (int)i);
	return ret;
}

int ioda_setup_pes(struct ioda_phb *p)
{
	int root;

	for (unsigned s = 0; s < PHB3_NUM_SEGS; s++)
		p->m32_seg_pe[s] = (int)p->reserved_pe;
	pe_take(p, p->reserved_pe, PE_RESERVED);
	if (p->reserved_pe == 0 && p->num_pes > 1)
		root = 1;
	else if (p->reserved_pe == p->num_pes - 1 && p->num_pes > 1)
		root = (int)p->num_pes - 2;
	else
		root = ioda_pe_alloc(p, 1);
	if (root < 0) {
		snprintf(p->error, sizeof(p->error), "out of PEs: no PE left for the root bus");
		return -EBUSY;
	}
	pe_take(p, (unsigned)root, PE_ROOT);
	p->root_pe = (unsigned)root;
	return visit(p, 0);
}
