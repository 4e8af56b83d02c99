/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * PHB3 model: one POWER8 PCI host bridge with IODA2 PEs.  Built from a
 * description (what firmware and the slots hold), it exposes one register
 * window (regs/phb3.h) as BAR ops.  It routes CPU loads/stores through the
 * M64 windows (lowest window number wins where they overlap) and the M32
 * segment table to a PE and a device BAR, device DMA through RTT -> TVE
 * (address bit 59) -> TCE, and MSIs through RTT -> interrupt PE check;
 * a frozen PE drops stores, reads all ones and blocks MSIs.
 */
#ifndef PCIESCOPE_HW_PHB3_H
#define PCIESCOPE_HW_PHB3_H

#include <stdint.h>

#include <pciescope/bus/bus.h>

#define PHB3_MAX_BARS 6

struct phb3_bar_desc {
	uint64_t size;	/* power of two, 0 = absent */
	unsigned flags; /* PHB3_BAR_MEM64 | PHB3_BAR_PREFETCH */
};

struct phb3_fn_desc {
	uint16_t rid;
	int type; /* enum phb3_fn_type */
	uint8_t secondary, subordinate;
	uint16_t vendor, device;
	uint32_t class_code;
	struct phb3_bar_desc bar[PHB3_MAX_BARS];
	uint16_t total_vfs, vf_offset, vf_stride;
	struct phb3_bar_desc vf_bar[PHB3_MAX_BARS];
};

struct phb3_desc {
	unsigned num_pes, reserved_pe;
	uint64_t m32_cpu_base, m32_pci_base, m32_size;
	uint64_t m64_base, m64_size;
	unsigned m64_first, m64_count;
	unsigned msi_base, msi_count;
	uint64_t msi64_addr;
	struct phb3_fn_desc *fn;
	unsigned nfn;
};

struct phb3;

/* Copies d; dma is the memory holding TCE tables (the PHB's DMA space). */
struct phb3 *phb3_create(const struct phb3_desc *d, struct bus_dma *dma);
void phb3_destroy(struct phb3 *p);
extern const struct bus_mmio_ops phb3_mmio_ops;

/*
 * Persistent state as key/value pairs (keys relative to the PHB): freeze
 * bits and causes, SR-IOV NumVFs/VF Enable, device register contents.
 */
void phb3_save(struct phb3 *p, void (*put)(void *ctx, const char *key, uint64_t val), void *ctx);
/* One saved pair back; unknown keys are ignored.  Call before the driver binds. */
void phb3_restore_one(struct phb3 *p, const char *key, uint64_t val);

#endif
