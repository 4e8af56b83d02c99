/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A booted platform: the parsed file, the fabric, the core, and per device
 * its bus identity, its core device and its model.  devs[] is parallel to
 * pf.devs[] and never reallocated, so core devices may point at each other.
 */
#ifndef PCIESCOPE_PLATFORM_BOOT_H
#define PCIESCOPE_PLATFORM_BOOT_H

#include <pciescope/bus/bus.h>
#include <pciescope/core/kernel.h>
#include <pciescope/core/state.h>
#include <pciescope/fabric/fabric.h>
#include <pciescope/fabric/replay.h>
#include <pciescope/platform/model.h>
#include <pciescope/platform/platform.h>

#include "pfile.h"

struct pdevice {
	struct bus_device bus;
	struct kdevice kdev;
	const struct platform_model_ops *ops;
	void *model;
	bool added;   /* registered with the core */
	bool removed; /* hot-removed by the user (the top of a removed subtree) */
	char key[32]; /* state key prefix, "dev.<bdf>." */
};

struct platform {
	struct pfile pf;
	struct kcore *k;
	struct fabric *f;
	struct bus_dma *dma;
	struct kstate *state;
	struct pdevice *devs;
	bool ephemeral;
};

const struct platform_model_ops *platform_model_kind(const char *kind);
int platform_register_drivers(struct kcore *k);

/* hotplug.c: sysfs remove and rescan reach the platform */
void platform_hotplug_init(struct platform *p);

/* The PCI Express capability's Device/Port Type of a node kind. */
enum pcie_port_type platform_port_type(enum fabric_node_kind k);

/* link_sysfs.c: current/max link speed and width files of each PCIe device. */
int platform_link_sysfs_init(struct platform *p);

/* state.c */
void platform_restore_state(struct platform *p);
void platform_save(struct platform *p);

#endif
