// SPDX-License-Identifier: GPL-2.0-only
/*
 * struct kcore: creates the sysfs skeleton every Linux machine has (bus,
 * devices, CPU and NUMA node lists) and owns the perf core.  CPUs are spread
 * over NUMA nodes in contiguous blocks, as firmware numbers them on the
 * machines of the seeds.  Devices belong to the platform: it removes them
 * before kcore_destroy().
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/core/kernel.h>

#include "core_internal.h"
#include "perf_internal.h"

static int add_system_dirs(struct kcore *k)
{
	char path[64], list[1024];
	struct sysfs_node *cpu = sysfs_mkdir_p(k->sysfs, "/sys/devices/system/cpu");
	int ret = cpu ? 0 : -ENOMEM;

	snprintf(list, sizeof(list), "0-%d\n", k->ncpus - 1);
	if (k->ncpus == 1)
		snprintf(list, sizeof(list), "0\n");
	ret = ret ?: sysfs_add_const(cpu, "online", list);
	ret = ret ?: sysfs_add_const(cpu, "possible", list);
	ret = ret ?: sysfs_add_const(cpu, "present", list); /* no CPU hotplug */
	for (int node = 0; node < k->nnodes && !ret; node++) {
		snprintf(path, sizeof(path), "/sys/devices/system/node/node%d", node);
		kcore_node_cpulist(k, node, list, sizeof(list) - 1);
		strcat(list, "\n");
		ret = sysfs_add_const(sysfs_mkdir_p(k->sysfs, path), "cpulist", list);
	}
	return ret;
}

static int add_skeleton(struct kcore *k)
{
	static const char *const dirs[] = {"/sys/bus/pci/devices", "/sys/bus/pci/drivers",
					   "/sys/bus/event_source/devices", "/sys/kernel"};

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		if (!sysfs_mkdir_p(k->sysfs, dirs[i]))
			return -ENOMEM;
	return add_system_dirs(k) ?: klog_sysfs_init(k) ?: pci_sysfs_init(k) ?:
	       perf_sw_register(k->perf);
}

struct kcore *kcore_create(int ncpus, int nnodes)
{
	struct kcore *k;
	int max = (int)(sizeof(k->cpu_node) / sizeof(k->cpu_node[0]));

	if (ncpus < 1 || ncpus > max || nnodes < 1 || nnodes > ncpus)
		return NULL;
	k = calloc(1, sizeof(*k));
	if (!k)
		return NULL;
	k->ncpus = ncpus;
	k->nnodes = nnodes;
	for (int c = 0; c < ncpus; c++)
		k->cpu_node[c] = c * nnodes / ncpus;
	k->sysfs = sysfs_create();
	k->perf = k->sysfs ? perf_core_create(k) : NULL;
	if (!k->perf || add_skeleton(k)) {
		kcore_destroy(k);
		return NULL;
	}
	return k;
}

int kcore_add_cpu_ids(struct kcore *k, uint64_t midr)
{
	char path[96], val[32];
	int ret = 0;

	snprintf(val, sizeof(val), "0x%016llx\n", (unsigned long long)midr);
	for (int c = 0; c < k->ncpus && !ret; c++) {
		struct sysfs_node *d;

		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/regs/identification", c);
		d = sysfs_mkdir_p(k->sysfs, path);
		ret = d ? sysfs_add_const(d, "midr_el1", val) : -ENOMEM;
	}
	return ret;
}

void kcore_destroy(struct kcore *k)
{
	if (!k)
		return;
	perf_core_destroy(k->perf);
	kdevice_registry_free(k);
	klog_free(k);
	sysfs_destroy(k->sysfs);
	free(k);
}

int kcore_node_cpulist(struct kcore *k, int node, char *buf, size_t n)
{
	size_t len = 0;
	int c = 0;

	if (n)
		buf[0] = '\0';
	while (c < k->ncpus) {
		int first, last;

		for (; c < k->ncpus && k->cpu_node[c] != node; c++)
			;
		if (c == k->ncpus)
			break;
		first = c;
		for (; c < k->ncpus && k->cpu_node[c] == node; c++)
			;
		last = c - 1;
		len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%d", len ? "," : "",
					first);
		if (last > first)
			len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "-%d", last);
	}
	return len < n ? (int)len : -ENOSPC;
}

void kcore_set_hotplug_ops(struct kcore *k, const struct kcore_hotplug_ops *ops, void *ctx)
{
	k->hotplug = ops;
	k->hotplug_ctx = ctx;
}
