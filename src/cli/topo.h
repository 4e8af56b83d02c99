/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `pciescope topo`: the PCI tree with link health.  topo_scan.c collects the
 * devices through the backend's sysfs (and, on a host, config space through
 * libpci where sysfs has no link files); builtin-topo.c names them from
 * pci.ids and prints the tree or JSON.
 */
#ifndef PCIESCOPE_CLI_TOPO_H
#define PCIESCOPE_CLI_TOPO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/backend/backend.h>

struct pci_access;

struct topo_dev {
	char bdf[16];
	int parent;        /* index in the list, -1 at the top */
	uint16_t vendor, device;
	uint32_t class_code; /* 24 bits */
	bool link;         /* the device has a PCIe link */
	double speed, max_speed; /* GT/s */
	unsigned width, max_width;
};

struct topo {
	struct topo_dev *d;
	size_t n;
};

/* acc: libpci for config space on the host backend, NULL otherwise. */
int topo_scan(struct backend *b, struct pci_access *acc, struct topo *t);
void topo_free(struct topo *t);
/* Current link below its maximum in speed or width. */
bool topo_downgraded(const struct topo_dev *d);

#endif
