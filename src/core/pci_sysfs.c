// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PCI part of sysfs.  As on Linux, a device's directory lives under
 * /sys/devices/pci<domain>:<root bus>/, nested below its upstream bridges,
 * and /sys/bus/pci/devices/<bdf> is a relative symlink to it.  `remove` and
 * /sys/bus/pci/rescan go to the platform's hotplug ops, so the fabric and the
 * persistent state follow what the user did.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/core/kernel.h>

#include "core_internal.h"
#include "sysfs_internal.h"

#define RES_MEM64 0x140204ULL /* IORESOURCE_MEM | MEM_64 | SIZEALIGN, 64-bit type */

static ssize_t vendor_show(void *ctx, char *buf, size_t n)
{
	return snprintf(buf, n, "0x%04x\n", ((struct kdevice *)ctx)->bus->vendor);
}

static ssize_t device_show(void *ctx, char *buf, size_t n)
{
	return snprintf(buf, n, "0x%04x\n", ((struct kdevice *)ctx)->bus->device);
}

static ssize_t class_show(void *ctx, char *buf, size_t n)
{
	return snprintf(buf, n, "0x%06x\n", ((struct kdevice *)ctx)->bus->class_code);
}

static ssize_t numa_node_show(void *ctx, char *buf, size_t n)
{
	return snprintf(buf, n, "%d\n", ((struct kdevice *)ctx)->bus->numa_node);
}

static ssize_t local_cpulist_show(void *ctx, char *buf, size_t n)
{
	struct kdevice *d = ctx;
	int node = d->bus->numa_node < 0 ? 0 : d->bus->numa_node;
	int len = kcore_node_cpulist(d->kcore, node, buf, n - 1);

	if (len < 0)
		return len;
	buf[len] = '\n';
	return len + 1;
}

/* One line per resource: 6 BARs, ROM, 6 IOV BARs, and 4 windows on bridges. */
static ssize_t resource_show(void *ctx, char *buf, size_t n)
{
	struct kdevice *d = ctx;
	int lines = d->is_bridge ? 17 : 13;
	size_t len = 0;

	for (int i = 0; i < lines; i++) {
		const struct bus_bar *b = i < BUS_MAX_BARS ? &d->bus->bar[i] : NULL;
		unsigned long long start = 0, end = 0, flags = 0;

		if (b && b->size && b->base) {
			start = b->base;
			end = b->base + b->size - 1;
			flags = RES_MEM64;
		}
		len += (size_t)snprintf(buf + len, n - len, "0x%016llx 0x%016llx 0x%016llx\n",
					start, end, flags);
	}
	return (ssize_t)len;
}

/* kstrtoul, base 0, as the PCI core parses remove and rescan: any non-zero acts. */
static int parse_ulong(const char *buf, bool *nonzero)
{
	char *end;
	unsigned long v;

	if (buf[0] == '-' || buf[0] == '+' || buf[0] == ' ' || !buf[0])
		return -EINVAL;
	errno = 0;
	v = strtoul(buf, &end, 0);
	if (end == buf || errno || (*end && strcmp(end, "\n")))
		return -EINVAL;
	*nonzero = v != 0;
	return 0;
}

static ssize_t remove_store(void *ctx, const char *buf, size_t len)
{
	struct kdevice *d = ctx;
	struct kcore *k = d->kcore;
	bool v;
	int ret = parse_ulong(buf, &v);

	if (ret || !v)
		return ret ?: (ssize_t)len;
	if (k->hotplug && k->hotplug->remove)
		ret = k->hotplug->remove(k->hotplug_ctx, d);
	else
		kcore_remove_subtree(k, d);
	return ret ?: (ssize_t)len;
}

static ssize_t rescan_store(void *ctx, const char *buf, size_t len)
{
	struct kcore *k = ctx;
	bool v;
	int ret = parse_ulong(buf, &v);

	if (!ret && v && k->hotplug && k->hotplug->rescan)
		ret = k->hotplug->rescan(k->hotplug_ctx);
	return ret ?: (ssize_t)len;
}

/*
 * "pci0000:00/0000:00:10.0/0000:01:00.0": the device path below /sys/devices,
 * appended in place so that no intermediate buffer bounds the depth; its
 * length, or n or more when it did not fit (the caller refuses the device
 * rather than register it under a cut path).
 */
static size_t device_path(const struct kdevice *d, char *buf, size_t n)
{
	char bdf[16];
	size_t at;
	int w;

	if (d->parent)
		at = device_path(d->parent, buf, n);
	else
		at = (size_t)snprintf(buf, n, "pci%04x:%02x", d->bus->bdf.domain,
				      PCI_RID_BUS(d->bus->bdf.rid));
	if (at >= n)
		return n;
	pci_bdf_format(d->bus->bdf, bdf, sizeof(bdf));
	w = snprintf(buf + at, n - at, "/%s", bdf);
	return w < 0 ? n : at + (size_t)w;
}

static int add_attrs(struct sysfs_node *dir, struct kdevice *d)
{
	static const struct {
		const char *name;
		unsigned mode;
		struct sysfs_attr_ops ops;
	} attrs[] = {
	    {"vendor", 0444, {.show = vendor_show}},
	    {"device", 0444, {.show = device_show}},
	    {"class", 0444, {.show = class_show}},
	    {"numa_node", 0444, {.show = numa_node_show}},
	    {"local_cpulist", 0444, {.show = local_cpulist_show}},
	    {"resource", 0444, {.show = resource_show}},
	    {"remove", 0200, {.store = remove_store}},
	};
	int ret = 0;

	for (size_t i = 0; i < sizeof(attrs) / sizeof(attrs[0]) && !ret; i++)
		ret = sysfs_add_attr(dir, attrs[i].name, attrs[i].mode, &attrs[i].ops, d);
	return ret;
}

int pci_sysfs_add_device(struct kcore *k, struct kdevice *d)
{
	char rel[600], path[640], bdf[16];
	struct sysfs_node *dir;
	int ret;

	if (device_path(d, rel, sizeof(rel)) >= sizeof(rel))
		return -ENAMETOOLONG;
	snprintf(path, sizeof(path), "/sys/devices/%s", rel);
	if (sysfs_lookup(k->sysfs, path))
		return -EEXIST;
	dir = sysfs_mkdir_p(k->sysfs, path);
	if (!dir)
		return -ENOMEM;
	d->dir = dir;
	snprintf(path, sizeof(path), "../../../devices/%s", rel);
	ret = add_attrs(dir, d)
		  ?: sysfs_add_symlink(sysfs_lookup(k->sysfs, "/sys/bus/pci/devices"),
				       pci_bdf_format(d->bus->bdf, bdf, sizeof(bdf)), path);
	if (ret) {
		sysfs_remove(dir);
		d->dir = NULL;
	}
	return ret;
}

void pci_sysfs_remove_device(struct kcore *k, struct kdevice *d)
{
	char path[64], bdf[16];
	struct sysfs_node *root = d->dir ? d->dir->parent : NULL;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s",
		 pci_bdf_format(d->bus->bdf, bdf, sizeof(bdf)));
	sysfs_remove_path(k->sysfs, path);
	sysfs_remove(d->dir);
	d->dir = NULL;
	/* The pci<domain>:<bus> directory goes with its last device. */
	if (root && !d->parent && !root->children && strncmp(root->name, "pci", 3) == 0)
		sysfs_remove(root);
}

/* The driver link climbs from /sys/devices/<path> back to /sys. */
void pci_sysfs_link_driver(struct kcore *k, struct kdevice *d)
{
	char target[600] = "../../";
	size_t len = strlen(target);

	for (const struct kdevice *up = d; up; up = up->parent)
		len += (size_t)snprintf(target + len, sizeof(target) - len, "../");
	snprintf(target + len, sizeof(target) - len, "bus/pci/drivers/%s", d->driver->name);
	sysfs_add_symlink(d->dir, "driver", target);
}

int pci_sysfs_add_driver(struct kcore *k, const struct kdriver *drv)
{
	struct sysfs_node *drivers = sysfs_lookup(k->sysfs, "/sys/bus/pci/drivers");

	if (sysfs_child(drivers, drv->name))
		return -EEXIST;
	return sysfs_mkdir(drivers, drv->name) ? 0 : -ENOMEM;
}

int pci_sysfs_init(struct kcore *k)
{
	static const struct sysfs_attr_ops rescan = {.store = rescan_store};

	return sysfs_add_attr(sysfs_lookup(k->sysfs, "/sys/bus/pci"), "rescan", 0200, &rescan, k);
}
