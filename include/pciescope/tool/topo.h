/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `pciescope topo`: the PCI tree with link health.  topo_scan.c collects the
 * devices through the backend's sysfs: the tree, the IDs, the link files and
 * each function's `config` (configuration space, read as lspci reads it, on
 * the emulated machine and a real host alike); topo_link.c judges each link
 * by both of its ends; builtin-topo.c names the devices from pci.ids and
 * prints the tree, the lspci -vv style details or JSON.
 */
#ifndef PCIESCOPE_TOOL_TOPO_H
#define PCIESCOPE_TOOL_TOPO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/backend/backend.h>
#include <pciescope/pcie/config.h>

struct topo_dev {
	char bdf[16];
	int parent; /* index in the list, -1 at the top */
	uint16_t vendor, device;
	uint32_t class_code;	 /* 24 bits */
	int numa_node;		 /* -1: none */
	bool vf;		 /* an SR-IOV VF: it has no link of its own */
	bool link;		 /* the device has a PCIe link */
	double speed, max_speed; /* GT/s */
	unsigned width, max_width;
	bool have_cfg; /* cfg holds the PCI Express capability (needs root on a host) */
	struct pcie_cfg cfg;
};

struct topo {
	struct topo_dev *d;
	size_t n;
};

/* How a link trained against what its two ends support. */
struct topo_link {
	int partner;	   /* the other end's index, -1 if none is known */
	double best_speed; /* the most both ends support */
	unsigned best_width;
	bool downgraded; /* trained below that */
	int limited_by;	 /* below this end's own maximum because of the partner, else -1 */
};

int topo_scan(struct backend *b, struct topo *t);
void topo_free(struct topo *t);
/* Judges the link of device i (t->d[i].link must be set). */
struct topo_link topo_link_of(const struct topo *t, size_t i);

#endif
