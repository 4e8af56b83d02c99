/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Device registry with driver binding and hotplug notifications, as the PCI
 * core and driver model do it: devices are added and removed, drivers match
 * by vendor/device ID and get probe/remove, notifiers hear about add/remove.
 */
#ifndef PCIESCOPE_CORE_DEVICE_H
#define PCIESCOPE_CORE_DEVICE_H

#include <stdbool.h>
#include <stdint.h>

#include <pciescope/bus/bus.h>
#include <pciescope/pcie/config.h>

struct kcore;
struct sysfs_node;

struct kdevice {
	struct bus_device *bus; /* identity, BARs, IRQs */
	enum pcie_port_type port_type;
	bool is_bridge;
	uint8_t secondary, subordinate; /* bridges */
	struct kdevice *parent;		/* upstream bridge, NULL on the root bus */
	const struct kdriver *driver;	/* bound driver */
	struct sysfs_node *dir;		/* /sys/devices/pci<dom>:<bus>/.../<bdf> */
	void *platform_data;		/* set by the platform, opaque to drivers */
	struct kdevice *next;		/* registry order */
	struct kcore *kcore;		/* set by kcore_add_device */
};

struct pci_device_id {
	uint16_t vendor, device;
};

struct kdriver {
	const char *name;
	const struct pci_device_id *ids; /* terminated by vendor 0 */
	int (*probe)(struct kcore *k, struct kdevice *d);
	void (*remove)(struct kcore *k, struct kdevice *d);
};

enum kdevice_event { KDEV_ADD, KDEV_DEL };
typedef void (*kdevice_notifier)(void *ctx, enum kdevice_event ev, struct kdevice *d);

int kcore_register_driver(struct kcore *k, const struct kdriver *drv);
/* Adds d (parent must be registered), makes its sysfs dir, notifies, binds. */
int kcore_add_device(struct kcore *k, struct kdevice *d);
/*
 * Unbinds, notifies KDEV_DEL, removes the sysfs dir; d stays the caller's.
 * Devices below d go first, deepest first, as pci_stop_and_remove_bus_device.
 */
void kcore_remove_device(struct kcore *k, struct kdevice *d);
/* Removes d and every device below it, deepest first, as a hot-remove does. */
void kcore_remove_subtree(struct kcore *k, struct kdevice *d);
int kcore_register_notifier(struct kcore *k, kdevice_notifier fn, void *ctx);
void kcore_unregister_notifier(struct kcore *k, kdevice_notifier fn, void *ctx);

struct kdevice *kcore_find_device(struct kcore *k, struct pci_bdf bdf);
struct kdevice *kcore_first_device(struct kcore *k); /* iterate with d->next */
/* The Root Port above d (d itself if it is one), or NULL. */
struct kdevice *kdevice_root_port(struct kdevice *d);

#endif
