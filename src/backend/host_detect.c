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

#include <pciescope/backend/sysfs_read.h>
#include <pciescope/perf/pmu_name.h>

#include "backend_internal.h"
#include "host_internal.h"

static bool has_entry(const char *dir, bool (*want)(const char *name))
{
	char real[4096];
	DIR *d = opendir(host_sysfs_path(dir, real, sizeof(real)));
	struct dirent *e;
	bool found = false;

	if (!d)
		return false;
	while (!found && (e = readdir(d)))
		found = want(e->d_name);
	closedir(d);
	return found;
}

static bool modelled_pmu(const char *name)
{
	return pmu_name_parse(name, NULL) != PMU_OTHER;
}

static bool phb(const char *name)
{
	return !strncmp(name, "PCI", 3);
}

bool host_has_device(void)
{
	return has_entry(PMU_SYSFS_DIR, modelled_pmu) || has_entry(PHB_DEBUG_DIR, phb);
}
