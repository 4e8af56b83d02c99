/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A PHB3 with devices, for the model and driver unit tests: the shape of
 * power8's PHB 0 (a root port, two SR-IOV PFs on bus 1) or of a PHB with a
 * switch and a GPU, built in C so the tests need only bus.h, the model and
 * the driver.
 */
#ifndef IODA_FIXTURE_H
#define IODA_FIXTURE_H

#include <string.h>

#include <pciescope/drivers/powernv_ioda.h>
#include <pciescope/hw/phb3.h>
#include <pciescope/regs/phb3.h>

#define MiB (1ull << 20)
#define GiB (1ull << 30)
#define PREF64 (PHB3_BAR_MEM64 | PHB3_BAR_PREFETCH)

struct fixture {
	struct phb3_fn_desc fn[16];
	struct phb3_desc desc;
	struct phb3 *model;
	struct bus_dma *dma;
	struct bus_device bd;
	struct ioda_phb *phb;
};

static inline void fx_base(struct fixture *f, unsigned idx)
{
	memset(f, 0, sizeof(*f));
	f->desc = (struct phb3_desc){.num_pes = 256,
				     .reserved_pe = 255,
				     .m32_cpu_base = 0x3fe000000000ull + idx * 0x100000000ull,
				     .m32_pci_base = 0x80000000ull,
				     .m32_size = 2 * GiB,
				     .m64_base = 0x3d0000000000ull + idx * 64 * GiB,
				     .m64_size = 64 * GiB,
				     .m64_first = 0,
				     .m64_count = 16,
				     .msi_base = 0,
				     .msi_count = 2048,
				     .msi64_addr = 0x3ffe00000000ull + idx * 0x10000ull,
				     .fn = f->fn};
}

static inline struct phb3_fn_desc *fx_fn(struct fixture *f, uint16_t rid, int type)
{
	struct phb3_fn_desc *d = &f->fn[f->desc.nfn++];

	d->rid = rid;
	d->type = type;
	d->vendor = 0x1014;
	return d;
}

static inline struct phb3_fn_desc *fx_bridge(struct fixture *f, uint16_t rid, uint8_t sec,
					     uint8_t sub)
{
	struct phb3_fn_desc *d = fx_fn(f, rid, PHB3_FN_BRIDGE);

	d->secondary = sec;
	d->subordinate = sub;
	return d;
}

/* power8 PHB 0: PF 01:00.0 (VF BAR0 1 MiB, 64 VFs), PF 01:00.1 (VF BAR0 32 MiB, 16 VFs). */
static inline void fx_phb0(struct fixture *f)
{
	struct phb3_fn_desc *d;

	fx_base(f, 0);
	fx_bridge(f, PCI_RID(0, 0, 0), 1, 1);
	d = fx_fn(f, PCI_RID(1, 0, 0), PHB3_FN_ENDPOINT);
	d->bar[0] = (struct phb3_bar_desc){1 * MiB, 0};
	d->total_vfs = 64;
	d->vf_offset = 0x10;
	d->vf_stride = 1;
	d->vf_bar[0] = (struct phb3_bar_desc){1 * MiB, PREF64};
	d = fx_fn(f, PCI_RID(1, 0, 1), PHB3_FN_ENDPOINT);
	d->bar[0] = (struct phb3_bar_desc){1 * MiB, 0};
	d->total_vfs = 16;
	d->vf_offset = 0x4f;
	d->vf_stride = 1;
	d->vf_bar[0] = (struct phb3_bar_desc){32 * MiB, PREF64};
}

/* A switch with a GPU (16 GiB BAR), an NVMe drive and a PF whose VF BAR is 512 MiB. */
static inline void fx_gpu(struct fixture *f)
{
	struct phb3_fn_desc *d;

	fx_base(f, 1);
	fx_bridge(f, PCI_RID(0, 0, 0), 1, 5);
	fx_bridge(f, PCI_RID(1, 0, 0), 2, 5);
	fx_bridge(f, PCI_RID(2, 0, 0), 3, 3);
	fx_bridge(f, PCI_RID(2, 1, 0), 4, 4);
	fx_bridge(f, PCI_RID(2, 2, 0), 5, 5);
	d = fx_fn(f, PCI_RID(3, 0, 0), PHB3_FN_ENDPOINT);
	d->bar[0] = (struct phb3_bar_desc){16 * MiB, 0};
	d->bar[1] = (struct phb3_bar_desc){16 * GiB, PREF64};
	d->bar[3] = (struct phb3_bar_desc){32 * MiB, PREF64};
	d = fx_fn(f, PCI_RID(4, 0, 0), PHB3_FN_ENDPOINT);
	d->bar[0] = (struct phb3_bar_desc){16 << 10, PHB3_BAR_MEM64};
	d = fx_fn(f, PCI_RID(5, 0, 0), PHB3_FN_ENDPOINT);
	d->bar[0] = (struct phb3_bar_desc){64 << 10, 0};
	d->total_vfs = 32;
	d->vf_offset = 8;
	d->vf_stride = 1;
	d->vf_bar[0] = (struct phb3_bar_desc){512 * MiB, PREF64};
}

static inline int fx_boot(struct fixture *f)
{
	f->dma = bus_dma_create();
	f->model = phb3_create(&f->desc, f->dma);
	if (!f->model)
		return -1;
	f->bd.bdf.domain = 0;
	f->bd.bar[0] = (struct bus_bar){&phb3_mmio_ops, f->model, PHB3_REGS_SIZE, 0};
	f->bd.dma = f->dma;
	return ioda_phb_init(&f->bd, &f->phb);
}

static inline void fx_free(struct fixture *f)
{
	ioda_phb_free(f->phb);
	phb3_destroy(f->model);
	bus_dma_destroy(f->dma);
}

#endif
