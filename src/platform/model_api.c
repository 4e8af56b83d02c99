// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a model's glue may ask of the platform while it attaches: where its
 * device sits in the fabric, which Root Ports its core has, the platform
 * file's other sections, and the time.
 */
#include <errno.h>

#include "boot.h"

int platform_fabric_node(struct platform *p, const struct bus_device *d)
{
	int i = pfile_find(&p->pf, d->bdf);

	return i < 0 ? i : p->pf.devs[i].node;
}

int platform_core_ports(struct platform *p, uint16_t sicl, uint16_t core, uint16_t *lo,
			uint16_t *hi)
{
	return pfile_core_ports(&p->pf, sicl, core, lo, hi);
}

const json_t *platform_section(struct platform *p, const char *name)
{
	return json_object_get(p->pf.root, name);
}

uint64_t platform_now_ns(struct platform *p)
{
	return fabric_now(p->f);
}

void *platform_model(struct platform *p, struct pci_bdf bdf)
{
	int i = pfile_find(&p->pf, bdf);

	return i < 0 ? NULL : p->devs[i].model;
}
