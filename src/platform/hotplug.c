// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hot removal and rescan, as /sys/bus/pci/devices/<bdf>/remove and
 * /sys/bus/pci/rescan do them: removing a device removes everything below
 * it from the core (deepest first, so drivers unbind children first) and
 * takes it out of the fabric's traffic; a rescan brings back every removed
 * device whose parent is present, in enumeration order.
 */
#include <errno.h>

#include "boot.h"

/* d is top or below it; a VF counts as below its PF (disabling SR-IOV removes it). */
static bool below(const struct pfile *pf, int d, int top)
{
	for (; d >= 0; d = pf->devs[d].parent)
		if (d == top || (pf->devs[d].pf >= 0 && below(pf, pf->devs[d].pf, top)))
			return true;
	return false;
}

static int remove_index(struct platform *p, int top)
{
	int r = 0;

	if (top < 0 || !p->devs[top].added)
		return -ENODEV;
	for (int i = p->pf.ndevs - 1; i > top; i--) {
		if (!p->devs[i].added || !below(&p->pf, i, top))
			continue;
		if (p->pf.devs[i].sriov_vf) {
			kcore_remove_device(p->k, &p->devs[i].kdev);
			p->devs[i].removed = true;
			r = fabric_remove_node(p->f, p->pf.devs[i].node);
		}
		p->devs[i].added = false;
	}
	p->devs[top].added = false;
	p->devs[top].removed = true;
	kcore_remove_subtree(p->k, &p->devs[top].kdev);
	return r ? r : fabric_remove_node(p->f, p->pf.devs[top].node);
}

int platform_remove_device(struct platform *p, struct pci_bdf bdf)
{
	return remove_index(p, pfile_find(&p->pf, bdf));
}

static int hot_remove(void *ctx, struct kdevice *d)
{
	struct platform *p = ctx;
	struct pdevice *pd = d->platform_data;

	return remove_index(p, pd ? (int)(pd - p->devs) : -1);
}

int platform_rescan(struct platform *p)
{
	int r = 0;

	for (int i = 0; i < p->pf.ndevs; i++) {
		struct pdevice *pd = &p->devs[i];
		int parent = p->pf.devs[i].parent, pf = p->pf.devs[i].pf;

		if (pd->added || (parent >= 0 && !p->devs[parent].added) ||
		    (pf >= 0 && !p->devs[pf].added))
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

static int hot_rescan(void *ctx)
{
	return platform_rescan(ctx);
}

static const struct kcore_hotplug_ops hotplug_ops = {
    .remove = hot_remove,
    .rescan = hot_rescan,
};

void platform_hotplug_init(struct platform *p)
{
	kcore_set_hotplug_ops(p->k, &hotplug_ops, p);
}
