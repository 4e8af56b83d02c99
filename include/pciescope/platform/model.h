/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Glue between a platform file's device entry and a hardware model.  Each
 * model kind ("hisi_ptt", "hisi_pcie_pmu", ...) has one ops table in
 * src/platform/model_<kind>.c, listed in src/platform/models.def; drivers to
 * register at boot are listed in src/platform/drivers.def.
 */
#ifndef PCIESCOPE_PLATFORM_MODEL_H
#define PCIESCOPE_PLATFORM_MODEL_H

#include <jansson.h>

#include <pciescope/base/error.h>
#include <pciescope/bus/bus.h>

struct platform;
struct kstate;
struct fabric;

struct platform_model_ops {
	const char *kind;
	/*
	 * Creates the model behind d, whose identity (bdf, vendor, device,
	 * class, numa node, dma) the platform has set from the device entry
	 * cfg.  The model fills d->bar[] and d->nvectors and wires itself to
	 * the fabric.  Returns 0 or -errno with a message in e.
	 */
	int (*attach)(struct platform *p, struct bus_device *d, const json_t *cfg, void **model,
		      struct error *e);
	void (*detach)(void *model);
	/* Persistent hardware state under keys starting with prefix (may be NULL). */
	void (*save)(void *model, struct kstate *s, const char *prefix);
	void (*restore)(void *model, struct kstate *s, const char *prefix);
};

/*
 * What a model's glue may ask while it attaches.  cfg (above) is the
 * device's own entry of the platform file, unknown fields included; data a
 * model kind needs beyond one device lives in a top-level section of its
 * own (e.g. "phbs"), which the loader leaves alone and platform_section()
 * returns (NULL if absent).
 */
struct fabric *platform_fabric(struct platform *p);
int platform_fabric_node(struct platform *p, const struct bus_device *d);
/* Lowest and highest Root Port RID (bus << 8 | devfn) of a core, or -ENODEV. */
int platform_core_ports(struct platform *p, uint16_t sicl, uint16_t core, uint16_t *lo,
			uint16_t *hi);
const json_t *platform_section(struct platform *p, const char *name);
uint64_t platform_now_ns(struct platform *p);
/* The model behind a device (NULL if none): for ground-truth checks in tests. */
void *platform_model(struct platform *p, struct pci_bdf bdf);

#endif
