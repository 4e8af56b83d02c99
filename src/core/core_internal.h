/* SPDX-License-Identifier: GPL-2.0-only */
/* Pieces of struct kcore that its files share and nobody else needs. */
#ifndef PCIESCOPE_CORE_INTERNAL_H
#define PCIESCOPE_CORE_INTERNAL_H

#include <pciescope/core/kernel.h>

int klog_sysfs_init(struct kcore *k);
void klog_free(struct kcore *k);

int pci_sysfs_init(struct kcore *k);
int pci_sysfs_add_device(struct kcore *k, struct kdevice *d);
void pci_sysfs_remove_device(struct kcore *k, struct kdevice *d);
void pci_sysfs_link_driver(struct kcore *k, struct kdevice *d);
int pci_sysfs_add_driver(struct kcore *k, const struct kdriver *drv);

void kdevice_registry_free(struct kcore *k);

#endif
