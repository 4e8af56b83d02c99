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

#include <pciescope/bus/bus.h>

struct platform;
struct kstate;

struct platform_model_ops {
	const char *kind;
	/*
	 * Creates the model behind d, whose identity (bdf, vendor, device,
	 * class, numa node, dma) the platform has set from the device entry
	 * cfg.  The model fills d->bar[] and d->nvectors and wires itself to
	 * the fabric.  Returns 0 or -errno with a message in err.
	 */
	int (*attach)(struct platform *p, struct bus_device *d, const json_t *cfg, void **model,
		      char *err, size_t errlen);
	void (*detach)(void *model);
	/* Persistent hardware state under keys starting with prefix (may be NULL). */
	void (*save)(void *model, struct kstate *s, const char *prefix);
	void (*restore)(void *model, struct kstate *s, const char *prefix);
};

#endif
