// SPDX-License-Identifier: GPL-2.0-only
/*
 * hisi_pcie_pmu: binds to the PCIe PMU RCiEP (0x19e5:0xa12d), reads which
 * SICL/core it serves and its Root Port range from registers, and registers
 * the perf PMU hisi_pcie<sicl>_core<core> with the sysfs files of the newer
 * kernel (format/, events/ with all 18 events, identifier, bus, bdf_min,
 * bdf_max, cpumask).  Hex attributes carry an explicit "0x" because the
 * kernel's %#x prints it even for zero and glibc's does not.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <pciescope/bus/bus.h>
#include <pciescope/perf/pmu_name.h>

#include "hisi_pcie_pmu.h"

struct pcie_pmu_event_desc {
	const char *name;
	uint64_t config;
};

static const struct pcie_pmu_event_desc events[] = {
    {"rx_mwr_latency", 0x0010}, {"rx_mwr_cnt", 0x10010},    {"rx_mrd_latency", 0x0210},
    {"rx_mrd_cnt", 0x10210},	{"tx_mrd_latency", 0x0011}, {"tx_mrd_cnt", 0x10011},
    {"rx_mwr_flux", 0x0104},	{"rx_mwr_time", 0x10104},   {"rx_mrd_flux", 0x0804},
    {"rx_mrd_time", 0x10804},	{"rx_cpl_flux", 0x2004},    {"rx_cpl_time", 0x12004},
    {"tx_mwr_flux", 0x0105},	{"tx_mwr_time", 0x10105},   {"tx_mrd_flux", 0x0405},
    {"tx_mrd_time", 0x10405},	{"tx_cpl_flux", 0x1005},    {"tx_cpl_time", 0x11005},
};

static const char *const formats[][2] = {
    {"event", "config:0-16\n"},	   {"thr_len", "config1:0-3\n"}, {"thr_mode", "config1:4\n"},
    {"trig_len", "config1:5-8\n"}, {"trig_mode", "config1:9\n"}, {"len_mode", "config1:10-11\n"},
    {"port", "config2:0-15\n"},	   {"bdf", "config2:16-31\n"},
};

static ssize_t show_identifier(void *ctx, char *buf, size_t n)
{
	const struct hisi_pcie_pmu *p = ctx;

	return snprintf(buf, n, "0x%x\n", p->version);
}

static ssize_t show_bus(void *ctx, char *buf, size_t n)
{
	const struct hisi_pcie_pmu *p = ctx;

	return snprintf(buf, n, "0x%02x\n", PCI_RID_BUS(p->bdf_min));
}

static ssize_t show_bdf_min(void *ctx, char *buf, size_t n)
{
	const struct hisi_pcie_pmu *p = ctx;

	return snprintf(buf, n, "0x%02x\n", p->bdf_min);
}

static ssize_t show_bdf_max(void *ctx, char *buf, size_t n)
{
	const struct hisi_pcie_pmu *p = ctx;

	return snprintf(buf, n, "0x%02x\n", p->bdf_max);
}

static ssize_t show_cpumask(void *ctx, char *buf, size_t n)
{
	const struct hisi_pcie_pmu *p = ctx;

	return snprintf(buf, n, "%d\n", p->on_cpu);
}

static const struct sysfs_attr_ops identifier_ops = {.show = show_identifier};
static const struct sysfs_attr_ops bus_ops = {.show = show_bus};
static const struct sysfs_attr_ops bdf_min_ops = {.show = show_bdf_min};
static const struct sysfs_attr_ops bdf_max_ops = {.show = show_bdf_max};
static const struct sysfs_attr_ops cpumask_ops = {.show = show_cpumask};

static int add_event_files(struct hisi_pcie_pmu *p)
{
	struct sysfs_node *fmt = sysfs_mkdir(p->pmu.dir, "format");
	struct sysfs_node *ev = sysfs_mkdir(p->pmu.dir, "events");
	char text[32];
	int r = fmt && ev ? 0 : -ENOMEM;

	for (size_t i = 0; !r && i < sizeof(formats) / sizeof(formats[0]); i++)
		r = sysfs_add_const(fmt, formats[i][0], formats[i][1]);
	for (size_t i = 0; !r && i < sizeof(events) / sizeof(events[0]); i++) {
		snprintf(text, sizeof(text), "config=0x%llx\n",
			 (unsigned long long)events[i].config);
		r = sysfs_add_const(ev, events[i].name, text);
	}
	return r;
}

static int add_files(struct hisi_pcie_pmu *p)
{
	struct sysfs_node *d = p->pmu.dir;
	int r = add_event_files(p);

	if (!r)
		r = sysfs_add_attr(d, "identifier", 0444, &identifier_ops, p);
	if (!r)
		r = sysfs_add_attr(d, "bus", 0444, &bus_ops, p);
	if (!r)
		r = sysfs_add_attr(d, "bdf_min", 0444, &bdf_min_ops, p);
	if (!r)
		r = sysfs_add_attr(d, "bdf_max", 0444, &bdf_max_ops, p);
	if (!r)
		r = sysfs_add_attr(d, "cpumask", 0444, &cpumask_ops, p);
	return r;
}

/* The first CPU of the device's NUMA node, else CPU 0 (newer kernels). */
static int owning_cpu(const struct kcore *k, int node)
{
	for (int cpu = 0; cpu < k->ncpus; cpu++)
		if (k->cpu_node[cpu] == node)
			return cpu;
	return 0;
}

static void init_pmu(struct hisi_pcie_pmu *p)
{
	p->pmu = (struct pmu){
	    .capabilities = PERF_PMU_CAP_NO_EXCLUDE | PERF_PMU_CAP_NO_INTERRUPT,
	    .task_ctx_invalid = true,
	    .priv = p,
	    .event_init = hisi_pcie_pmu_event_init,
	    .add = hisi_pcie_pmu_add,
	    .del = hisi_pcie_pmu_del,
	    .start = hisi_pcie_pmu_start,
	    .stop = hisi_pcie_pmu_stop,
	    .read = hisi_pcie_pmu_read,
	    .pmu_enable = hisi_pcie_pmu_enable,
	    .pmu_disable = hisi_pcie_pmu_disable,
	};
}

static int probe(struct kcore *k, struct kdevice *d)
{
	struct hisi_pcie_pmu *p = calloc(1, sizeof(*p));
	char bdf_text[16];
	uint32_t info, bdf;
	int r;

	if (!p)
		return -ENOMEM;
	p->k = k;
	p->dev = d;
	info = bus_read32(d->bus, HISI_PCIE_PMU_BAR, HISI_PCIE_REG_INFO);
	bdf = bus_read32(d->bus, HISI_PCIE_PMU_BAR, HISI_PCIE_REG_BDF);
	p->version = bus_read32(d->bus, HISI_PCIE_PMU_BAR, HISI_PCIE_REG_VERSION);
	p->sicl = HISI_PCIE_INFO_SICL(info);
	p->core = HISI_PCIE_INFO_CORE(info);
	p->bdf_min = HISI_PCIE_BDF_MIN(bdf);
	p->bdf_max = HISI_PCIE_BDF_MAX(bdf);
	p->on_cpu = owning_cpu(k, d->bus->numa_node);
	pmu_name_format((struct pmu_name){PMU_HISI_PCIE, p->sicl, p->core}, p->name,
			sizeof(p->name));
	init_pmu(p);
	r = bus_request_irq(d->bus, HISI_PCIE_PMU_IRQ_VECTOR, hisi_pcie_pmu_irq, p);
	if (r) {
		free(p);
		return r;
	}
	r = perf_pmu_register(k->perf, &p->pmu, p->name, -1);
	if (!r)
		r = add_files(p);
	if (r) {
		if (p->pmu.dir)
			perf_pmu_unregister(k->perf, &p->pmu);
		bus_free_irq(d->bus, HISI_PCIE_PMU_IRQ_VECTOR);
		free(p);
		return r;
	}
	d->bus->drvdata = p;
	kcore_log(k, "hisi_pcie_pmu %s: registered PMU %s",
		  pci_bdf_format(d->bus->bdf, bdf_text, sizeof(bdf_text)), p->name);
	return 0;
}

static void remove_dev(struct kcore *k, struct kdevice *d)
{
	struct hisi_pcie_pmu *p = d->bus->drvdata;

	if (!p)
		return;
	perf_pmu_unregister(k->perf, &p->pmu);
	bus_free_irq(d->bus, HISI_PCIE_PMU_IRQ_VECTOR);
	d->bus->drvdata = NULL;
	free(p);
}

static const struct pci_device_id ids[] = {
    {HISI_PCIE_PMU_VENDOR, HISI_PCIE_PMU_DEVICE},
    {0, 0},
};

const struct kdriver hisi_pcie_pmu_driver = {
    .name = "hisi_pcie_pmu",
    .ids = ids,
    .probe = probe,
    .remove = remove_dev,
};
