// SPDX-License-Identifier: GPL-2.0-only
/*
 * One device entry of a platform file.  Every field is checked here so that
 * a mistake in a hand-written platform file ends in one line naming the
 * entry and the field, never in a half-booted machine.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "pfile_parse.h"

static const char *const kinds[] = {
    [FABRIC_ROOT_PORT] = "root_port",
    [FABRIC_SWITCH_UP] = "switch_up",
    [FABRIC_SWITCH_DOWN] = "switch_down",
    [FABRIC_ENDPOINT] = "endpoint",
    [FABRIC_RCIEP] = "rciep",
};

static const char *const roles[] = {
    [FABRIC_EP_NONE] = "none", [FABRIC_EP_NVME] = "nvme",   [FABRIC_EP_NIC] = "nic",
    [FABRIC_EP_GPU] = "gpu",   [FABRIC_EP_ACCEL] = "accel",
};

static int pick_name(struct pctx *c, const json_t *e, const char *key, const char *const *names,
		     int n, int dflt, int *out)
{
	const json_t *v = json_object_get(e, key);

	*out = dflt;
	if (!v)
		return dflt < 0 ? pctx_fail(c, "missing \"%s\"", key) : 0;
	for (int i = 0; json_is_string(v) && i < n; i++)
		if (!strcmp(json_string_value(v), names[i])) {
			*out = i;
			return 0;
		}
	return pctx_fail(c, "\"%s\" must be one of %s, ...", key, names[0]);
}

static int link_fields(struct pctx *c, const json_t *e, struct pdev *d)
{
	uint64_t w, s, mw, ms;

	if (pctx_uint(c, e, "width", 1, 32, 1, &w) || pctx_uint(c, e, "speed", 1, 5, 1, &s) ||
	    pctx_uint(c, e, "max_width", 0, 32, 0, &mw) ||
	    pctx_uint(c, e, "max_speed", 0, 5, 0, &ms))
		return -EINVAL;
	if (w & (w - 1) && w != 12)
		return pctx_fail(c, "\"width\" must be 1, 2, 4, 8, 12, 16 or 32");
	d->width = (int)w;
	d->speed = (int)s;
	d->max_width = (int)(mw ? mw : w);
	d->max_speed = (int)(ms ? ms : s);
	if (d->max_width < d->width || d->max_speed < d->speed)
		return pctx_fail(c, "current link exceeds \"max_width\"/\"max_speed\"");
	return 0;
}

static int pick_size(struct pctx *c, const json_t *e, const char *key, unsigned dflt, unsigned *out)
{
	uint64_t v;

	if (pctx_uint(c, e, key, 128, 4096, dflt, &v))
		return -EINVAL;
	if (v & (v - 1))
		return pctx_fail(c, "\"%s\" must be 128, 256, 512, 1024, 2048 or 4096", key);
	*out = (unsigned)v;
	return 0;
}

/* Device Control and Link Control settings and AER status, as lspci -vv shows them. */
static int config_fields(struct pctx *c, const json_t *e, struct pdev *d)
{
	static const char *const aspm[] = {"off", "l0s", "l1", "l0s_l1"};
	uint64_t ue, ce;
	int cap, ctl;

	if (pick_size(c, e, "mps_supported", 512, &d->mps_cap) ||
	    pick_size(c, e, "mps", 256, &d->mps) || pick_size(c, e, "mrrs", 512, &d->mrrs) ||
	    pick_name(c, e, "aspm_supported", aspm, 4, 3, &cap) ||
	    pick_name(c, e, "aspm", aspm, 4, 0, &ctl) ||
	    pctx_uint(c, e, "aer_uncorrectable", 0, 0xffffffff, 0, &ue) ||
	    pctx_uint(c, e, "aer_correctable", 0, 0xffffffff, 0, &ce))
		return -EINVAL;
	if (d->mps > d->mps_cap)
		return pctx_fail(c, "\"mps\" exceeds \"mps_supported\"");
	if (ctl & ~cap)
		return pctx_fail(c, "\"aspm\" enables a state \"aspm_supported\" lacks");
	d->aspm_cap = (unsigned)cap;
	d->aspm = (unsigned)ctl;
	d->aer_uncor = (uint32_t)ue;
	d->aer_cor = (uint32_t)ce;
	return 0;
}

static int identity(struct pctx *c, const json_t *e, struct pdev *d)
{
	uint64_t v, dev, cls, sicl, core, numa, pasid;

	if (pctx_uint(c, e, "vendor", 0, 0xffff, -1, &v) ||
	    pctx_uint(c, e, "device", 0, 0xffff, -1, &dev) ||
	    pctx_uint(c, e, "class", 0, 0xffffff, 0, &cls) ||
	    pctx_uint(c, e, "sicl", 0, 0xffff, 0, &sicl) ||
	    pctx_uint(c, e, "core", 0, 0xffff, 0, &core) ||
	    pctx_uint(c, e, "numa_node", 0, 255, 0, &numa) ||
	    pctx_uint(c, e, "pasid", 0, 0xfffff, 0, &pasid))
		return -EINVAL;
	d->vendor = (uint16_t)v;
	d->device = (uint16_t)dev;
	d->class_code = (uint32_t)cls;
	d->sicl = (uint16_t)sicl;
	d->core = (uint16_t)core;
	d->numa_node = (int)numa;
	d->pasid = (uint16_t)pasid;
	return 0;
}

int pentry_parse(struct pctx *c, struct pfile *pf, const json_t *e, struct pdev *d)
{
	const json_t *bdf = json_object_get(e, "bdf"), *parent = json_object_get(e, "parent");
	const json_t *model = json_object_get(e, "model");
	int kind, role;

	memset(d, 0, sizeof(*d));
	d->cfg = e;
	d->parent = -1;
	d->pf = -1;
	if (!json_is_object(e))
		return pctx_fail(c, "not an object");
	if (!json_is_string(bdf) || pci_bdf_parse(json_string_value(bdf), &d->bdf))
		return pctx_fail(c, "\"bdf\" must be a string like \"0000:01:00.0\"");
	pctx_at_bdf(c, json_string_value(bdf));
	if (pick_name(c, e, "type", kinds, 5, -1, &kind) ||
	    pick_name(c, e, "role", roles, 5, FABRIC_EP_NONE, &role))
		return -EINVAL;
	d->kind = (enum fabric_node_kind)kind;
	d->role = (enum fabric_ep_role)role;
	if (model && !json_is_string(model))
		return pctx_fail(c, "\"model\" must be a string");
	d->model = model ? json_string_value(model) : NULL;
	if (identity(c, e, d) || link_fields(c, e, d) || config_fields(c, e, d))
		return -EINVAL;
	if (parent) {
		struct pci_bdf pb;

		if (!json_is_string(parent) || pci_bdf_parse(json_string_value(parent), &pb))
			return pctx_fail(c, "\"parent\" must be a BDF string");
		d->parent = pfile_find(pf, pb);
		if (d->parent < 0)
			return pctx_fail(c, "parent %s is not an earlier device",
					 json_string_value(parent));
	}
	return pentry_check_place(c, pf, d);
}
