// SPDX-License-Identifier: GPL-2.0-only
/*
 * The device registry and driver model.  The order of events is the
 * kernel's: on add, the sysfs directory exists before the ADD notification
 * and the notification comes before the probe (device_add, then
 * bus_probe_device); on remove, the driver's remove() runs before the DEL
 * notification (pci_stop_dev, then device_del).  Notifiers run in
 * registration order, as a notifier chain with equal priorities does.
 */
#include <errno.h>
#include <stdlib.h>

#include <pciescope/core/kernel.h>

#include "core_internal.h"

struct kdriver_entry {
	const struct kdriver *drv;
	struct kdriver_entry *next;
};

struct knotifier {
	kdevice_notifier fn;
	void *ctx;
	struct knotifier *next;
};

static void notify(struct kcore *k, enum kdevice_event ev, struct kdevice *d)
{
	for (struct knotifier *n = k->notifiers; n; n = n->next)
		n->fn(n->ctx, ev, d);
}

static bool driver_matches(const struct kdriver *drv, const struct kdevice *d)
{
	for (const struct pci_device_id *id = drv->ids; id && id->vendor; id++)
		if (id->vendor == d->bus->vendor && id->device == d->bus->device)
			return true;
	return false;
}

static void try_bind(struct kcore *k, struct kdevice *d, const struct kdriver *drv)
{
	char bdf[16];
	int ret;

	if (d->driver || !driver_matches(drv, d))
		return;
	d->driver = drv;
	ret = drv->probe ? drv->probe(k, d) : 0;
	if (ret) {
		d->driver = NULL;
		if (ret != -ENODEV && ret != -ENXIO)
			kcore_log(k, "%s %s: probe failed with error %d", drv->name,
				  pci_bdf_format(d->bus->bdf, bdf, sizeof(bdf)), ret);
		return;
	}
	pci_sysfs_link_driver(k, d);
}

int kcore_register_driver(struct kcore *k, const struct kdriver *drv)
{
	struct kdriver_entry *e = calloc(1, sizeof(*e)), **pp = &k->drivers;
	int ret;

	if (!e)
		return -ENOMEM;
	ret = pci_sysfs_add_driver(k, drv);
	if (ret) {
		free(e);
		return ret;
	}
	e->drv = drv;
	while (*pp)
		pp = &(*pp)->next;
	*pp = e;
	for (struct kdevice *d = k->devices; d; d = d->next)
		try_bind(k, d, drv);
	return 0;
}

static bool registered(struct kcore *k, const struct kdevice *d)
{
	for (struct kdevice *i = k->devices; i; i = i->next)
		if (i == d)
			return true;
	return false;
}

int kcore_add_device(struct kcore *k, struct kdevice *d)
{
	struct kdevice **pp = &k->devices;
	int ret;

	if (!d->bus || (d->parent && !registered(k, d->parent)) || registered(k, d))
		return -EINVAL;
	if (kcore_find_device(k, d->bus->bdf))
		return -EEXIST;
	d->kcore = k;
	d->driver = NULL;
	d->next = NULL;
	ret = pci_sysfs_add_device(k, d);
	if (ret)
		return ret;
	while (*pp)
		pp = &(*pp)->next;
	*pp = d;
	notify(k, KDEV_ADD, d);
	for (struct kdriver_entry *e = k->drivers; e && !d->driver; e = e->next)
		try_bind(k, d, e->drv);
	return 0;
}

static void unlink_device(struct kcore *k, struct kdevice *d)
{
	for (struct kdevice **pp = &k->devices; *pp; pp = &(*pp)->next) {
		if (*pp == d) {
			*pp = d->next;
			break;
		}
	}
	d->next = NULL;
}

/* The last registered child of d, so children go in reverse order of arrival. */
static struct kdevice *last_child(struct kcore *k, struct kdevice *d)
{
	struct kdevice *last = NULL;

	for (struct kdevice *i = k->devices; i; i = i->next)
		if (i->parent == d)
			last = i;
	return last;
}

void kcore_remove_device(struct kcore *k, struct kdevice *d)
{
	struct kdevice *c;

	if (!registered(k, d))
		return;
	while ((c = last_child(k, d)))
		kcore_remove_device(k, c);
	if (d->driver && d->driver->remove)
		d->driver->remove(k, d);
	d->driver = NULL;
	notify(k, KDEV_DEL, d);
	pci_sysfs_remove_device(k, d);
	unlink_device(k, d);
}

void kcore_remove_subtree(struct kcore *k, struct kdevice *d)
{
	kcore_remove_device(k, d);
}

int kcore_register_notifier(struct kcore *k, kdevice_notifier fn, void *ctx)
{
	struct knotifier *n = calloc(1, sizeof(*n)), **pp = &k->notifiers;

	if (!n)
		return -ENOMEM;
	n->fn = fn;
	n->ctx = ctx;
	while (*pp)
		pp = &(*pp)->next;
	*pp = n;
	return 0;
}

void kcore_unregister_notifier(struct kcore *k, kdevice_notifier fn, void *ctx)
{
	for (struct knotifier **pp = &k->notifiers; *pp; pp = &(*pp)->next) {
		if ((*pp)->fn == fn && (*pp)->ctx == ctx) {
			struct knotifier *n = *pp;

			*pp = n->next;
			free(n);
			return;
		}
	}
}

struct kdevice *kcore_find_device(struct kcore *k, struct pci_bdf bdf)
{
	for (struct kdevice *d = k->devices; d; d = d->next)
		if (d->bus->bdf.domain == bdf.domain && d->bus->bdf.rid == bdf.rid)
			return d;
	return NULL;
}

struct kdevice *kcore_first_device(struct kcore *k)
{
	return k->devices;
}

struct kdevice *kdevice_root_port(struct kdevice *d)
{
	for (; d; d = d->parent)
		if (d->port_type == PCIE_TYPE_ROOT_PORT)
			return d;
	return NULL;
}

void kdevice_registry_free(struct kcore *k)
{
	while (k->drivers) {
		struct kdriver_entry *e = k->drivers;

		k->drivers = e->next;
		free(e);
	}
	while (k->notifiers) {
		struct knotifier *n = k->notifiers;

		k->notifiers = n->next;
		free(n);
	}
}
