// SPDX-License-Identifier: GPL-2.0-only
/*
 * Booting a platform, in the order a machine comes up: the fabric exists
 * first (it is the hardware), then the core with its drivers, then each
 * device in file order (parents first) gets its identity, its model (which
 * restores its persistent state) and is added to the core, which binds
 * its driver.  Devices the user hot-removed in an earlier invocation are
 * removed again at the end, as if the user had just done it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boot.h"

/*
 * The rate model's budget unless PCIESCOPE_RATE_MODEL says otherwise: the
 * figures hold 2 % of the per-TLP engine over 10 ms and more, and every
 * counting tool keeps up with the clock (docs/fabric.md, docs/performance.md).
 */
#define PLATFORM_RATE_MODEL_DEFAULT 1500000

static const enum pcie_port_type port_types[] = {
    [FABRIC_ROOT_PORT] = PCIE_TYPE_ROOT_PORT,
    [FABRIC_SWITCH_UP] = PCIE_TYPE_UPSTREAM,
    [FABRIC_SWITCH_DOWN] = PCIE_TYPE_DOWNSTREAM,
    [FABRIC_ENDPOINT] = PCIE_TYPE_ENDPOINT,
    [FABRIC_RCIEP] = PCIE_TYPE_RCIEP,
};

enum pcie_port_type platform_port_type(enum fabric_node_kind k)
{
	return port_types[k];
}

/* A model's interrupt mid-slice: the kernel's clock (never back) to its time. */
static void irq_time(void *ctx, uint64_t ns)
{
	struct platform *p = ctx;

	if (ns > p->k->clock.now_ns)
		p->k->clock.now_ns = ns;
}

static int attach(struct platform *p, int i, struct error *e)
{
	const struct pdev *d = &p->pf.devs[i];
	struct pdevice *pd = &p->devs[i];
	char bdf[16];

	pci_bdf_format(d->bdf, bdf, sizeof(bdf));
	snprintf(pd->key, sizeof(pd->key), "dev.%s.", bdf);
	pd->bus = (struct bus_device){.bdf = d->bdf,
				      .vendor = d->vendor,
				      .device = d->device,
				      .class_code = d->class_code,
				      .numa_node = d->numa_node,
				      .model_name = d->model,
				      .dma = p->dma,
				      .identity_iommu = p->pf.identity_dma,
				      .irq_time = irq_time,
				      .irq_time_ctx = p};
	pd->ops = platform_model_kind(d->model);
	if (d->model && !pd->ops)
		kcore_log(p->k, "pci %s: no model '%s' in this build; a plain function", bdf,
			  d->model);
	if (pd->ops) {
		int r = pd->ops->attach(p, &pd->bus, d->cfg, &pd->model, e);

		if (r)
			return r;
		if (p->state && pd->ops->restore)
			pd->ops->restore(pd->model, p->state, pd->key);
	}
	pd->kdev = (struct kdevice){.bus = &pd->bus,
				    .port_type = port_types[d->kind],
				    .is_bridge = d->kind <= FABRIC_SWITCH_DOWN,
				    .secondary = d->secondary,
				    .subordinate = d->subordinate,
				    .parent = d->parent >= 0 ? &p->devs[d->parent].kdev : NULL,
				    .platform_data = pd};
	return 0;
}

static int add_devices(struct platform *p, struct error *e)
{
	for (int i = 0; i < p->pf.ndevs; i++) {
		int r = attach(p, i, e);

		if (!r)
			r = kcore_add_device(p->k, &p->devs[i].kdev);
		if (r)
			return e->msg[0] ? r
					 : error_set_errno(e, r, "device %s", p->devs[i].key + 4);
		p->devs[i].added = true;
	}
	return 0;
}

static int set_workload(struct platform *p, const struct platform_options *o, struct error *e)
{
	const char *w = o->workload ? o->workload : p->pf.workload;
	const char *params = o->workload ? o->workload_params : p->pf.workload_params;

	if (o->replay)
		return fabric_set_replay(p->f, o->replay, e);
	return fabric_set_workload(p->f, w, params, e);
}

/*
 * PCIESCOPE_RATE_MODEL: the most TLPs per simulated second a domain of the
 * fabric simulates when only counters look (docs/fabric.md, *The rate
 * model*); 0 simulates every TLP.
 */
static int rate_model(struct platform *p, struct error *e)
{
	const char *v = getenv("PCIESCOPE_RATE_MODEL");
	unsigned long long budget = PLATFORM_RATE_MODEL_DEFAULT;
	char *end = NULL;

	if (v) {
		errno = 0;
		budget = strtoull(v, &end, 10);
		if (*v < '0' || *v > '9' || *end || errno)
			return error_set(e, -EINVAL,
					 "PCIESCOPE_RATE_MODEL=%s: not a number of TLPs per second",
					 v);
	}
	fabric_set_rate_model(p->f, budget);
	return 0;
}

static int build(struct platform *p, const struct platform_options *o, struct error *e)
{
	int r;

	p->k = kcore_create(p->pf.cpus, p->pf.numa_nodes);
	p->f = fabric_create(o->seed);
	p->dma = bus_dma_create();
	p->devs = calloc((size_t)p->pf.ndevs + 1, sizeof(*p->devs));
	if (!p->k || !p->f || !p->dma || !p->devs)
		return -ENOMEM;
	if (p->pf.midr && kcore_add_cpu_ids(p->k, p->pf.midr))
		return -ENOMEM;
	r = pfile_build_fabric(&p->pf, p->f, e);
	if (!r)
		r = rate_model(p, e);
	if (!r)
		r = set_workload(p, o, e);
	if (!r && !p->ephemeral) {
		r = kstate_open(p->pf.name, &p->state);
		if (r)
			error_set_errno(e, r, "cannot open the state of platform %s", p->pf.name);
	}
	if (!r) {
		platform_hotplug_init(p);
		r = platform_link_sysfs_init(p);
	}
	if (!r) {
		r = platform_register_drivers(p->k);
	}
	if (!r)
		r = add_devices(p, e);
	if (!r)
		platform_restore_state(p);
	return r;
}

int platform_boot(const struct platform_options *o, struct platform **out, struct error *e)
{
	struct platform *p = calloc(1, sizeof(*p));
	int r;

	*out = NULL;
	if (!p)
		return error_set_errno(e, -ENOMEM, "cannot boot the platform");
	e->msg[0] = '\0';
	r = pfile_load(o->name, &p->pf, e);
	if (r) {
		free(p);
		return r;
	}
	p->ephemeral = o->ephemeral;
	r = build(p, o, e);
	if (r) {
		if (!e->msg[0])
			error_set_errno(e, r, "cannot boot platform %s", p->pf.name);
		p->ephemeral = true;
		platform_shutdown(p);
		return r;
	}
	*out = p;
	return 0;
}

int platform_shutdown(struct platform *p)
{
	int r = 0;

	if (!p)
		return 0;
	if (!p->ephemeral)
		platform_save(p);
	if (p->state)
		r = kstate_close(p->state);
	for (int i = p->pf.ndevs - 1; p->devs && i >= 0; i--)
		if (p->devs[i].added)
			kcore_remove_device(p->k, &p->devs[i].kdev);
	for (int i = p->pf.ndevs - 1; p->devs && i >= 0; i--)
		if (p->devs[i].model && p->devs[i].ops->detach)
			p->devs[i].ops->detach(p->devs[i].model);
	if (p->k)
		kcore_destroy(p->k);
	fabric_destroy(p->f);
	if (p->dma)
		bus_dma_destroy(p->dma);
	free(p->devs);
	pfile_free(&p->pf);
	free(p);
	return r;
}

struct kcore *platform_kcore(struct platform *p)
{
	return p->k;
}

struct fabric *platform_fabric(struct platform *p)
{
	return p->f;
}

const char *platform_name(const struct platform *p)
{
	return p->pf.name;
}
