// SPDX-License-Identifier: GPL-2.0-only
/*
 * Enumeration: the PHB's properties (what the device tree tells Linux) and
 * the functions below it, read through the function view, become the
 * driver's devices and buses.  Devices are kept sorted by RID so every walk
 * (and so every assignment) is deterministic.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "powernv_ioda_internal.h"

struct ioda_dev *ioda_add_dev(struct ioda_phb *p)
{
	struct ioda_dev *d;

	if (p->ndev == p->dev_cap) {
		unsigned cap = p->dev_cap ? p->dev_cap * 2 : 32;

		d = realloc(p->dev, cap * sizeof(*d));
		if (!d)
			return NULL;
		p->dev = d;
		p->dev_cap = cap;
	}
	d = &p->dev[p->ndev++];
	memset(d, 0, sizeof(*d));
	d->fn = d->pf = d->vf_first_dev = d->irq = -1;
	d->pe = IODA_NO_PE;
	return d;
}

int ioda_find_dev(const struct ioda_phb *p, uint16_t rid)
{
	for (unsigned i = 0; i < p->ndev; i++)
		if (p->dev[i].rid == rid && !p->dev[i].gone)
			return (int)i;
	return -1;
}

static void read_props(struct ioda_phb *p)
{
	uint64_t r;

	p->num_pes = (unsigned)bus_read64(p->bd, 0, PHB3_NUM_PES);
	if (p->num_pes == 0 || p->num_pes > IODA_MAX_PES)
		p->num_pes = 1;
	p->reserved_pe = (unsigned)bus_read64(p->bd, 0, PHB3_RESERVED_PE);
	p->m32_cpu_base = bus_read64(p->bd, 0, PHB3_M32_CPU_BASE);
	p->m32_pci_base = bus_read64(p->bd, 0, PHB3_M32_PCI_BASE);
	p->m32_size = bus_read64(p->bd, 0, PHB3_M32_SIZE);
	p->m32_segsize = p->m32_size / PHB3_NUM_SEGS;
	p->m64_base = bus_read64(p->bd, 0, PHB3_M64_BASE);
	p->m64_size = bus_read64(p->bd, 0, PHB3_M64_SIZE);
	r = bus_read64(p->bd, 0, PHB3_M64_RANGE);
	p->m64_first = (unsigned)(r >> 32);
	p->m64_count = (unsigned)r;
	if (p->m64_count > 63)
		p->m64_count = 63;
	r = bus_read64(p->bd, 0, PHB3_MSI_RANGE);
	p->msi_base = (unsigned)(r >> 32);
	p->msi_count = (unsigned)r;
}

static void read_bars(struct ioda_phb *p, int fn, struct ioda_dev *d)
{
	for (int b = 0; b < IODA_BARS; b++) {
		d->bar_size[b] = ioda_fn_read(p, fn, PHB3_FN_BAR_SIZE(b));
		d->bar_flags[b] = (unsigned)ioda_fn_read(p, fn, PHB3_FN_BAR_FLAGS(b));
		if (!d->total_vfs)
			continue;
		d->vf_bar_size[b] = ioda_fn_read(p, fn, PHB3_FN_VF_BAR_SIZE(b));
		d->vf_bar_flags[b] = (unsigned)ioda_fn_read(p, fn, PHB3_FN_VF_BAR_FLAGS(b));
	}
}

static int read_fn(struct ioda_phb *p, int fn)
{
	struct ioda_dev *d = ioda_add_dev(p);
	uint64_t id, buses, off;

	if (!d)
		return -ENOMEM;
	d->fn = fn;
	d->rid = (uint16_t)ioda_fn_read(p, fn, PHB3_FN_RID);
	d->type = (int)ioda_fn_read(p, fn, PHB3_FN_TYPE);
	buses = ioda_fn_read(p, fn, PHB3_FN_BUSES);
	d->secondary = (uint8_t)(buses >> 8);
	d->subordinate = (uint8_t)buses;
	id = ioda_fn_read(p, fn, PHB3_FN_ID);
	d->vendor = (uint16_t)(id >> 16);
	d->device = (uint16_t)id;
	d->class_code = (uint32_t)ioda_fn_read(p, fn, PHB3_FN_CLASS);
	d->total_vfs = (uint16_t)ioda_fn_read(p, fn, PHB3_FN_SRIOV_TOTAL);
	off = ioda_fn_read(p, fn, PHB3_FN_SRIOV_OFFSET);
	d->vf_offset = (uint16_t)(off >> 16);
	d->vf_stride = (uint16_t)off;
	read_bars(p, fn, d);
	return 0;
}

static int cmp_rid(const void *a, const void *b)
{
	const struct ioda_dev *x = a, *y = b;

	return (int)x->rid - (int)y->rid;
}

static int add_bus(struct ioda_phb *p, uint8_t number, int self, int parent, bool all)
{
	struct ioda_bus *b = realloc(p->bus, (p->nbus + 1) * sizeof(*b));

	if (!b)
		return -ENOMEM;
	p->bus = b;
	p->bus[p->nbus] = (struct ioda_bus){
	    .number = number, .self = self, .parent = parent, .pe = IODA_NO_PE, .all = all};
	return (int)p->nbus++;
}

static int bus_index(const struct ioda_phb *p, uint8_t number)
{
	for (unsigned i = 0; i < p->nbus; i++)
		if (p->bus[i].number == number)
			return (int)i;
	return -1;
}

/* Buses in device order: a bridge's secondary bus hangs below the bus it sits on. */
static int build_buses(struct ioda_phb *p)
{
	int ret = add_bus(p, 0, -1, -1, false);

	for (unsigned i = 0; ret >= 0 && i < p->ndev; i++) {
		struct ioda_dev *d = &p->dev[i];
		int parent = bus_index(p, PCI_RID_BUS(d->rid));

		if (parent < 0)
			return -ENODEV;
		d->bus = parent;
		if (d->type == PHB3_FN_ENDPOINT)
			continue;
		ret = add_bus(p, d->secondary, (int)i, parent,
			      p->bus[parent].all || d->type == PHB3_FN_PCIE_TO_PCI);
	}
	return ret < 0 ? ret : 0;
}

int ioda_enumerate(struct ioda_phb *p)
{
	unsigned n;
	int ret;

	read_props(p);
	n = (unsigned)bus_read64(p->bd, 0, PHB3_FN_COUNT);
	if (n > 4096)
		return -EINVAL;
	for (unsigned i = 0; i < n; i++) {
		ret = read_fn(p, (int)i);
		if (ret)
			return ret;
	}
	qsort(p->dev, p->ndev, sizeof(*p->dev), cmp_rid);
	return build_buses(p);
}
