/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * powernv_ioda internals: the driver's view of one PHB (its properties, the
 * functions and buses below it, PEs, M64 windows, M32 segment owners), kept
 * the way Linux keeps struct pnv_phb / pnv_ioda_pe, shared by the driver's
 * files (enumeration, assignment, PEs, EEH, SR-IOV, debug text).
 */
#ifndef PCIESCOPE_DRIVERS_POWERNV_IODA_INTERNAL_H
#define PCIESCOPE_DRIVERS_POWERNV_IODA_INTERNAL_H

#include <stdbool.h>

#include <pciescope/drivers/powernv_ioda.h>
#include <pciescope/regs/phb3.h>

#define IODA_BARS 6
#define IODA_MAX_PES 256
#define IODA_NO_PE (-1)

enum ioda_iov_mode { IOV_NONE, IOV_SEGMENTED, IOV_SINGLE_PE };

struct ioda_dev {
	uint16_t rid;
	int fn;	  /* index in the PHB's function view, -1 for a VF */
	int type; /* enum phb3_fn_type */
	uint8_t secondary, subordinate;
	uint16_t vendor, device;
	uint32_t class_code;
	uint64_t bar_size[IODA_BARS], bar_start[IODA_BARS];
	unsigned bar_flags[IODA_BARS];
	/* Bridge windows: [0] 32-bit memory, [1] 64-bit prefetchable. */
	uint64_t win_size[2], win_start[2], win_align[2];
	/* SR-IOV (PFs). */
	uint16_t total_vfs, vf_offset, vf_stride, num_vfs;
	uint64_t vf_bar_size[IODA_BARS];
	unsigned vf_bar_flags[IODA_BARS];
	uint64_t iov_start[IODA_BARS], iov_size[IODA_BARS]; /* the IOV resource (arena) */
	int iov_mode[IODA_BARS];
	bool sriov_off; /* disabled at boot by the fixup */
	char sriov_why[128];
	int vf_pe_base;
	unsigned pe_choices;	     /* positions VF0's PE could take, counted at enable */
	uint64_t vf_base[IODA_BARS]; /* VF BAR base as programmed (shifted) */
	int vf_first_dev;	     /* index of VF 0 in the device array, -1 when none */
	uint16_t vf_windows;	     /* M64 windows this PF took */
	/* VFs */
	int pf; /* device index of the PF, -1 otherwise */
	int vf_index;
	int pe;	   /* the PE its RID maps to, IODA_NO_PE before setup */
	int irq;   /* its MSI, -1 when none */
	int bus;   /* index of the bus it sits on */
	bool gone; /* a VF whose PF disabled SR-IOV */
};

struct ioda_bus {
	uint8_t number;
	int self;   /* device index of the bridge above, -1 for the root bus */
	int parent; /* bus index, -1 for the root bus */
	int pe;
	bool all; /* behind a PCIe-to-PCI bridge: one PE for the subtree */
};

enum ioda_pe_kind { PE_FREE, PE_RESERVED, PE_ROOT, PE_BUS, PE_BUS_ALL, PE_VF, PE_SLAVE };

struct ioda_pe {
	int kind;
	int master; /* for a slave: its master; else itself */
	int bus;    /* bus index (bus PEs and slaves) */
	int dev;    /* device index (VF PEs) */
	uint16_t rid;
	uint8_t bus_compare;
	bool dma_done;
};

struct ioda_m64 {
	bool used;
	int owner; /* device index of the PF, -1 for the default window */
	int mode;  /* enum opal_m64_enable */
	uint64_t base, size;
	int pe;
};

struct ioda_phb {
	struct bus_device *bd;
	uint16_t domain;
	char error[160];
	/* properties */
	unsigned num_pes, reserved_pe, root_pe;
	uint64_t m32_cpu_base, m32_pci_base, m32_size, m32_segsize;
	uint64_t m64_base, m64_size, m64_segsize, m64_res_start, m64_res_end;
	unsigned m64_first, m64_count, m64_default;
	bool m64_on;
	unsigned msi_base, msi_count, next_irq;
	/* state */
	struct ioda_pe pe[IODA_MAX_PES];
	int m32_seg_pe[PHB3_NUM_SEGS];
	struct ioda_m64 m64[PHB3_NUM_M64];
	struct ioda_dev *dev;
	unsigned ndev, dev_cap;
	struct ioda_bus *bus;
	unsigned nbus;
	char answer[4096]; /* the last request's result */
	/* PEs found frozen at bring-up (state kept from an earlier run): left frozen. */
	bool keep_frozen[IODA_MAX_PES];
};

/* powernv_ioda_opal.c: one mailbox call; returns the OPAL status. */
int64_t ioda_opal_call(struct ioda_phb *p, unsigned token, const uint64_t *args, size_t nargs);
#define ioda_opal(p, token, ...)                                                                   \
	ioda_opal_call(p, token, (const uint64_t[]){__VA_ARGS__},                                  \
		       sizeof((const uint64_t[]){__VA_ARGS__}) / sizeof(uint64_t))
uint64_t ioda_opal_out(struct ioda_phb *p, int i);
uint64_t ioda_fn_read(struct ioda_phb *p, int fn, uint64_t reg);
void ioda_fn_write(struct ioda_phb *p, int fn, uint64_t reg, uint64_t val);

/* powernv_ioda_enum.c */
int ioda_enumerate(struct ioda_phb *p);
struct ioda_dev *ioda_add_dev(struct ioda_phb *p);
int ioda_find_dev(const struct ioda_phb *p, uint16_t rid);

/* powernv_ioda_assign.c */
int ioda_assign(struct ioda_phb *p);
bool ioda_in_m64(const struct ioda_phb *p, uint64_t addr);

/* powernv_ioda_pe.c */
int ioda_pe_alloc(struct ioda_phb *p, unsigned count);
void ioda_pe_free(struct ioda_phb *p, int pe);
int ioda_setup_pes(struct ioda_phb *p);
int ioda_pe_configure(struct ioda_phb *p, int pe);
void ioda_pe_release(struct ioda_phb *p, int pe);
void ioda_setup_dma_msi(struct ioda_phb *p, int dev, int pe);
void ioda_pe_thaw(struct ioda_phb *p, unsigned pe);
unsigned ioda_pe_choices(const struct ioda_phb *p, unsigned n, unsigned span);

/* powernv_ioda_fmt.c */
char *ioda_bdf(const struct ioda_phb *p, uint16_t rid, char *buf, size_t n);

#endif
