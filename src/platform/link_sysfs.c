// SPDX-License-Identifier: GPL-2.0-only
/*
 * The link files Linux puts in a PCIe device's sysfs directory
 * (current_link_speed, current_link_width, max_link_speed, max_link_width),
 * printed as Linux prints them ("16.0 GT/s PCIe", "8").  The values come from
 * the platform file, which is where the fabric gets its links; a device whose
 * current link is below its maximum is a downgraded link, the fault `topo`
 * flags.  A device notifier adds them, so a rescanned device gets them again.
 * RCiEPs have no link and get none.
 */
#include <stdio.h>

#include <pciescope/core/sysfs.h>

#include "boot.h"

static const char *speed_text(int gen)
{
	static const char *const gt[] = {"Unknown", "2.5 GT/s PCIe", "5.0 GT/s PCIe",
					 "8.0 GT/s PCIe", "16.0 GT/s PCIe", "32.0 GT/s PCIe"};

	return gen >= 1 && gen <= 5 ? gt[gen] : gt[0];
}

static void add_link_files(struct sysfs_node *dir, const struct pdev *pd)
{
	char t[32];

	snprintf(t, sizeof(t), "%s\n", speed_text(pd->speed));
	sysfs_add_const(dir, "current_link_speed", t);
	snprintf(t, sizeof(t), "%d\n", pd->width);
	sysfs_add_const(dir, "current_link_width", t);
	snprintf(t, sizeof(t), "%s\n", speed_text(pd->max_speed));
	sysfs_add_const(dir, "max_link_speed", t);
	snprintf(t, sizeof(t), "%d\n", pd->max_width);
	sysfs_add_const(dir, "max_link_width", t);
}

static void on_device(void *ctx, enum kdevice_event ev, struct kdevice *d)
{
	struct platform *p = ctx;

	if (ev != KDEV_ADD || !d->dir)
		return;
	for (int i = 0; i < p->pf.ndevs; i++) {
		if (&p->devs[i].kdev == d && p->pf.devs[i].kind != FABRIC_RCIEP)
			add_link_files(d->dir, &p->pf.devs[i]);
	}
}

int platform_link_sysfs_init(struct platform *p)
{
	return kcore_register_notifier(p->k, on_device, p);
}
