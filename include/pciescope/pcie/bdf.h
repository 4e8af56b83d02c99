/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * PCI Bus/Device/Function addresses.  A BDF is kept as the 16-bit Requester
 * ID (bus << 8 | dev << 3 | fn) plus a domain, because that is what TLPs,
 * filters and perf config fields carry; text forms are "[dddd:]bb:dd.f".
 */
#ifndef PCIESCOPE_PCIE_BDF_H
#define PCIESCOPE_PCIE_BDF_H

#include <stddef.h>
#include <stdint.h>

struct pci_bdf {
	uint16_t domain;
	uint16_t rid; /* bus << 8 | dev << 3 | fn */
};

#define PCI_RID(bus, dev, fn) ((uint16_t)(((bus) << 8) | ((dev) << 3) | (fn)))
#define PCI_RID_BUS(rid) ((uint8_t)((rid) >> 8))
#define PCI_RID_DEV(rid) ((uint8_t)(((rid) >> 3) & 0x1f))
#define PCI_RID_FN(rid) ((uint8_t)((rid)&0x7))

/* Parses "[dddd:]bb:dd.f" (hex fields, as lspci prints them).  0 or -EINVAL. */
int pci_bdf_parse(const char *s, struct pci_bdf *out);

/* "dddd:bb:dd.f" into buf (at least 13 bytes); returns buf. */
char *pci_bdf_format(struct pci_bdf b, char *buf, size_t n);

/* "bb:dd.f" (Requester ID form, no domain) into buf (at least 8 bytes). */
char *pci_rid_format(uint16_t rid, char *buf, size_t n);

#endif
