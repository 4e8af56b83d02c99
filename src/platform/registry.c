// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tables of models.def and drivers.def.  Device helpers add a line to
 * those files; nothing else in the platform changes when a model or a
 * driver is added.
 */
#include <stddef.h>
#include <string.h>

#include <pciescope/core/device.h>

#include "boot.h"

#define MODEL(kind, ops) extern const struct platform_model_ops ops;
#include "models.def"
#undef MODEL
#define DRIVER(name) extern const struct kdriver name;
#include "drivers.def"
#undef DRIVER

static const struct {
	const char *kind;
	const struct platform_model_ops *ops;
} models[] = {
#define MODEL(kind, ops) {#kind, &ops},
#include "models.def"
#undef MODEL
    {NULL, NULL},
};

static const struct kdriver *const drivers[] = {
#define DRIVER(name) &name,
#include "drivers.def"
#undef DRIVER
    NULL,
};

const struct platform_model_ops *platform_model_kind(const char *kind)
{
	for (size_t i = 0; kind && models[i].kind; i++)
		if (!strcmp(models[i].kind, kind))
			return models[i].ops;
	return NULL;
}

int platform_register_drivers(struct kcore *k)
{
	for (size_t i = 0; drivers[i]; i++) {
		int r = kcore_register_driver(k, drivers[i]);

		if (r)
			return r;
	}
	return 0;
}
