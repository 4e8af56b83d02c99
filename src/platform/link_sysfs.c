// SPDX-License-Identifier: GPL-2.0-only
/*
 * The link files Linux puts in a PCIe device's sysfs directory
 * (current_link_speed, current_link_width, max_link_speed, max_link_width),
 * printed as Linux prints them ("16.0 GT/s PCIe", "8"), and `config`, the
 * function's configuration space (PCI Express capability with MPS, MRRS,
 * link registers and ASPM; AER), which is what lspci and topo read.  The
 * values come from the platform file, which is where the fabric gets its
 * links.  A device notifier adds them, so a rescanned device gets them
 * again.  RCiEPs and VFs have no link and get no link files (a VF's link
 * registers are reserved); a VF gets `physfn`, the link to its PF, as on
 * Linux.
 */
#include <errno.h>
#include <stdio.h>

#include <pciescope/core/sysfs.h>
#include <pciescope/pcie/config.h>

#include "boot.h"

static const char *speed_text(int gen)
{
	static const char *const gt[] = {"Unknown",	  "2.5 GT/s PCIe",  "5.0 GT/s PCIe",
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

static ssize_t config_show(void *ctx, char *buf, size_t n)
{
	const struct pdev *pd = ctx;
	struct pcie_cfg c = {
	    .vendor = pd->vendor,
	    .device = pd->device,
	    .class_code = pd->class_code,
	    .bridge = pd->kind <= FABRIC_SWITCH_DOWN,
	    .secondary = pd->secondary,
	    .subordinate = pd->subordinate,
	    .pcie = true,
	    .type = platform_port_type(pd->kind),
	    .vf = pd->sriov_vf,
	    .max_speed = pd->max_speed,
	    .max_width = pd->max_width,
	    .speed = pd->speed,
	    .width = pd->width,
	    .mps_cap = pd->mps_cap,
	    .mps = pd->mps,
	    .mrrs = pd->mrrs,
	    .aspm_cap = pd->aspm_cap,
	    .aspm_ctl = pd->aspm,
	    .aer = true,
	    .uncor_status = pd->aer_uncor,
	    .cor_status = pd->aer_cor,
	};

	if (n < PCIE_CFG_SIZE)
		return -EINVAL;
	return (ssize_t)pcie_cfg_build(&c, (uint8_t *)buf);
}

static const struct sysfs_attr_ops config_ops = {.show = config_show};

static void add_files(struct platform *p, struct sysfs_node *dir, const struct pdev *pd)
{
	char target[64], bdf[16];

	sysfs_add_attr(dir, "config", 0444, &config_ops, (void *)pd);
	if (pd->sriov_vf) {
		pci_bdf_format(p->pf.devs[pd->pf].bdf, bdf, sizeof(bdf));
		snprintf(target, sizeof(target), "../%s", bdf);
		sysfs_add_symlink(dir, "physfn", target);
	} else if (pd->kind != FABRIC_RCIEP) {
		add_link_files(dir, pd);
	}
}

static void on_device(void *ctx, enum kdevice_event ev, struct kdevice *d)
{
	struct platform *p = ctx;

	if (ev != KDEV_ADD || !d->dir)
		return;
	for (int i = 0; i < p->pf.ndevs; i++)
		if (&p->devs[i].kdev == d)
			add_files(p, d->dir, &p->pf.devs[i]);
}

int platform_link_sysfs_init(struct platform *p)
{
	return kcore_register_notifier(p->k, on_device, p);
}
