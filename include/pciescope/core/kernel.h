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

#include <stddef.h>
#include <stdint.h>

struct kcore {
	struct sysfs *sysfs;
	struct perf_core *perf;
	struct sim_clock clock;
	int ncpus;
	int cpu_node[256]; /* NUMA node of each CPU */
	int nnodes;
	struct kdevice *devices;
	struct kdriver_entry *drivers;
	struct knotifier *notifiers;
	const struct kcore_hotplug_ops *hotplug; /* set by the platform */
	void *hotplug_ctx;
	struct klog *log;
};

/*
 * What the platform does when a user removes a device (writes 1 to its
 * sysfs `remove`) or rescans the bus (/sys/bus/pci/rescan): registered
 * downward by the platform, so the core never includes it, yet the fabric
 * and the persistent state follow a hot-remove.  Without ops, remove takes
 * the device and everything below it out of the registry and rescan does
 * nothing.
 */
struct kcore_hotplug_ops {
	int (*remove)(void *ctx, struct kdevice *d); /* must end in kcore_remove_subtree */
	int (*rescan)(void *ctx);
};

void kcore_set_hotplug_ops(struct kcore *k, const struct kcore_hotplug_ops *ops, void *ctx);

struct kcore *kcore_create(int ncpus, int nnodes);
/*
 * An arm64 machine's CPU identity: cpuN/regs/identification/midr_el1 of
 * every CPU, which arm64 perf reads for its cpuid (and its event tables).
 */
int kcore_add_cpu_ids(struct kcore *k, uint64_t midr);
void kcore_destroy(struct kcore *k);

/* "0-63" style list of the CPUs of a NUMA node, for cpumask attributes. */
int kcore_node_cpulist(struct kcore *k, int node, char *buf, size_t n);

/* A kernel log line (dmesg); kept in order, readable by tools via sysfs. */
void kcore_log(struct kcore *k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The i-th log line (oldest first), NULL past the end. */
const char *kcore_log_line(struct kcore *k, size_t i);

#endif
