/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The seam between a driver and a device, and nothing more: MMIO register
 * access through BAR ops, DMA memory, and interrupt vectors.  A hardware
 * model fills in a struct bus_device (its BAR ops, its identity) and raises
 * interrupts; a driver reads and writes registers, allocates DMA memory and
 * requests vectors.  Neither sees the other's structures.
 */
#ifndef PCIESCOPE_BUS_BUS_H
#define PCIESCOPE_BUS_BUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/pcie/bdf.h>

struct bus_device;

/* Register file of one BAR, implemented by a hardware model. */
struct bus_mmio_ops {
	uint32_t (*read32)(void *model, uint64_t off);
	void (*write32)(void *model, uint64_t off, uint32_t val);
	uint64_t (*read64)(void *model, uint64_t off);		  /* optional */
	void (*write64)(void *model, uint64_t off, uint64_t val); /* optional */
};

struct bus_bar {
	const struct bus_mmio_ops *ops;
	void *model;
	uint64_t size;
	uint64_t base; /* bus address, 0 when unassigned */
};

typedef void (*bus_irq_handler)(void *ctx, int vector);

#define BUS_MAX_BARS 6
#define BUS_MAX_VECTORS 8

/*
 * One function on the bus.  Identity fields are set by whoever creates the
 * device (the platform); bars by the hardware model; irq handlers by the
 * driver through bus_request_irq().
 */
struct bus_device {
	struct pci_bdf bdf;
	uint16_t vendor, device;
	uint32_t class_code; /* 24-bit base/sub/prog-if */
	int numa_node;
	const char *model_name; /* which hardware model is behind it, for the platform */
	struct bus_bar bar[BUS_MAX_BARS];
	struct bus_dma *dma; /* the DMA address space this device masters into */
	bool identity_iommu; /* no translation (or passthrough) for its DMA */

	bus_irq_handler irq[BUS_MAX_VECTORS];
	void *irq_ctx[BUS_MAX_VECTORS];
	int nvectors; /* MSI vectors the device supports */
	/*
	 * Set by the machine (may be NULL): brings its clock to the time of an
	 * interrupt a model raises in the middle of the traffic it observes,
	 * so the handler stamps what it does at that time.
	 */
	void (*irq_time)(void *ctx, uint64_t ns);
	void *irq_time_ctx;
	void *drvdata; /* the bound driver's per-device state */
};

/* Register access as a driver does it (readl/writel on a BAR). */
uint32_t bus_read32(struct bus_device *d, int bar, uint64_t off);
void bus_write32(struct bus_device *d, int bar, uint64_t off, uint32_t val);
uint64_t bus_read64(struct bus_device *d, int bar, uint64_t off);
void bus_write64(struct bus_device *d, int bar, uint64_t off, uint64_t val);

/* Interrupts: a driver requests a vector, a model raises it. */
int bus_request_irq(struct bus_device *d, int vector, bus_irq_handler h, void *ctx);
void bus_free_irq(struct bus_device *d, int vector);
void bus_raise_irq(struct bus_device *d, int vector);
/* The same, for an interrupt caused at ns of the traffic (the TLP that filled a buffer). */
void bus_raise_irq_at(struct bus_device *d, int vector, uint64_t ns);

/*
 * DMA memory: a flat simulated memory in which drivers allocate coherent
 * buffers and into which models write by bus address.  bus_dma_ptr() turns a
 * bus address range into a host pointer once, so hot paths can memcpy.
 */
struct bus_dma *bus_dma_create(void);
void bus_dma_destroy(struct bus_dma *m);
void *bus_dma_alloc(struct bus_dma *m, size_t size, uint64_t *bus_addr);
void bus_dma_free(struct bus_dma *m, void *cpu, size_t size);
void *bus_dma_ptr(struct bus_dma *m, uint64_t bus_addr, size_t len); /* NULL if unmapped */

#endif
