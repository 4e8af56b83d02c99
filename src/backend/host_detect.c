// SPDX-License-Identifier: GPL-2.0-only
/*
 * Whether this machine is one pciescope has a model of: a command given
 * neither --backend nor --platform acts on the real device when there is
 * one, as perf does, and on the emulated platform otherwise (docs/core.md,
 * "Backends").  What counts is what a driver of the kernel registers: a
 * hisi_ptt, hisi_pcie or amd_iommu PMU under /sys/bus/event_source/devices,
 * or a PowerNV PHB's IODA debug directory (PCI<domain>).  The look goes
 * through host_sysfs_path, so a fake /sys (PCIESCOPE_SYSFS_ROOT) is a host.
 */
#include <dirent.h>
#include <stdbool.h>
#include <string.h>

#include "backend_internal.h"
#include "host_internal.h"

static bool has_entry(const char *dir, const char *const *prefixes)
{
	char real[4096];
	DIR *d = opendir(host_sysfs_path(dir, real, sizeof(real)));
	struct dirent *e;
	bool found = false;

	if (!d)
		return false;
	while (!found && (e = readdir(d)))
		for (const char *const *p = prefixes; *p && !found; p++)
			found = !strncmp(e->d_name, *p, strlen(*p));
	closedir(d);
	return found;
}

bool host_has_device(void)
{
	static const char *const pmus[] = {"hisi_ptt", "hisi_pcie", "amd_iommu", NULL};
	static const char *const phbs[] = {"PCI", NULL};

	return has_entry("/sys/bus/event_source/devices", pmus) ||
	       has_entry("/sys/kernel/debug/powerpc", phbs);
}
