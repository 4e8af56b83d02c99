// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hot removal and rescan, as /sys/bus/pci/devices/<bdf>/remove and
 * /sys/bus/pci/rescan do them: removing a device removes everything below
 * it from the core (deepest first, so drivers unbind children first) and
 * takes it out of the fabric's traffic; a rescan brings back every removed
 * device whose parent is present, in enumeration order.  The core reaches
 * these through the hotplug ops registered at boot, so a user's write to
 * `remove` or `rescan` in sysfs moves the fabric and the saved state too.
 */
#include <errno.h>

#include "boot.h"

static bool below(const struct pfile *pf, int d, int top)
{
	for (; d >= 0; d = pf->devs[d].parent)
		if (d == top)
			return true;
	return false;
}

int platform_remove_device(struct platform *p, struct pci_bdf bdf)
{
	int top = pfile_find(&p->pf, bdf);

	if (top < 0 || !p->devs[top].added)
		return -ENODEV;
	for (int i = p->pf.ndevs - 1; i >= top; i--) {
		if (!p->devs[i].added || !below(&p->pf, i, top))
			continue;
		kcore_remove_device(p->k, &p->devs[i].kdev);
		p->devs[i].added = false;
	}
	p->devs[top].removed = true;
	return fabric_remove_node(p->f, p->pf.devs[top].node);
}

int platform_rescan(struct platform *p)
{
	int r = 0;

	for (int i = 0; i < p->pf.ndevs; i++) {
		struct pdevice *pd = &p->devs[i];
		int parent = p->pf.devs[i].parent;

		if (pd->added || (parent >= 0 && !p->devs[parent].added))
			continue;
		if (pd->removed) {
			r = fabric_restore_node(p->f, p->pf.devs[i].node);
			if (r)
				return r;
			pd->removed = false;
		}
		r = kcore_add_device(p->k, &pd->kdev);
		if (r)
			return r;
		pd->added = true;
	}
	return 0;
}

static int hotplug_remove(void *ctx, struct kdevice *d)
{
	return platform_remove_device(ctx, d->bus->bdf);
}

static int hotplug_rescan(void *ctx)
{
	return platform_rescan(ctx);
}

void platform_hotplug_init(struct platform *p)
{
	static const struct kcore_hotplug_ops ops = {hotplug_remove, hotplug_rescan};

	kcore_set_hotplug_ops(p->k, &ops, p);
}
