/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct kcore: the in-process "kernel" a platform boots and drivers use.
 * It owns the sysfs tree, the perf core, the device registry and the clock.
 */
#ifndef PCIESCOPE_CORE_KERNEL_H
#define PCIESCOPE_CORE_KERNEL_H

#include <pciescope/core/clock.h>
#include <pciescope/core/device.h>
#include <pciescope/core/perf_core.h>
#include <pciescope/core/sysfs.h>

struct kcore {
	struct sysfs *sysfs;
	struct perf_core *perf;
	struct sim_clock clock;
	int ncpus;
	int cpu_node[256];   /* NUMA node of each CPU */
	int nnodes;
	struct kdevice *devices;
	struct kdriver_entry *drivers;
	struct knotifier *notifiers;
};

struct kcore *kcore_create(int ncpus, int nnodes);
void kcore_destroy(struct kcore *k);

/* "0-63" style list of the CPUs of a NUMA node, for cpumask attributes. */
int kcore_node_cpulist(struct kcore *k, int node, char *buf, size_t n);

/* A kernel log line (dmesg); kept in order, readable by tools via sysfs. */
void kcore_log(struct kcore *k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
