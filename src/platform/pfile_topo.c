// SPDX-License-Identifier: GPL-2.0-only
/*
 * The hierarchy of a platform file: which device may sit below which, the
 * bus numbers that follow from it (a bridge's secondary bus is the bus of
 * its children, its subordinate the highest bus below it, as firmware
 * would have assigned them), SR-IOV VFs, and the fabric built from it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pfile_parse.h"

static bool is_bridge(enum fabric_node_kind k)
{
	return k == FABRIC_ROOT_PORT || k == FABRIC_SWITCH_UP || k == FABRIC_SWITCH_DOWN;
}

int pentry_check_place(struct pctx *c, const struct pfile *pf, const struct pdev *d)
{
	bool rooted = d->kind == FABRIC_ROOT_PORT || d->kind == FABRIC_RCIEP;
	const struct pdev *p = d->parent >= 0 ? &pf->devs[d->parent] : NULL;

	if (pfile_find(pf, d->bdf) >= 0)
		return pctx_fail(c, "duplicate BDF");
	if (rooted)
		return p ? pctx_fail(c, "a root port or RCiEP has no \"parent\"") : 0;
	if (!p)
		return pctx_fail(c, "missing \"parent\"");
	if (!is_bridge(p->kind) || (d->kind == FABRIC_SWITCH_DOWN) != (p->kind == FABRIC_SWITCH_UP))
		return pctx_fail(c, "cannot sit below a %s",
				 p->kind == FABRIC_SWITCH_UP ? "switch upstream port"
							     : "device of that type");
	if (d->bdf.domain != p->bdf.domain || PCI_RID_BUS(d->bdf.rid) <= PCI_RID_BUS(p->bdf.rid))
		return pctx_fail(c, "must be on a higher bus of the same domain as its parent");
	for (int i = 0; i < pf->ndevs; i++)
		if (pf->devs[i].parent == d->parent &&
		    PCI_RID_BUS(pf->devs[i].bdf.rid) != PCI_RID_BUS(d->bdf.rid) &&
		    !pf->devs[i].sriov_vf && !d->sriov_vf)
			return pctx_fail(c, "siblings below one bridge must share a bus");
	return 0;
}

int pentry_add_vfs(struct pctx *c, struct pfile *pf, int pf_index)
{
	const json_t *sr = json_object_get(pf->devs[pf_index].cfg, "sriov");
	uint64_t num, off, stride, dev;

	if (!sr)
		return 0;
	if (!json_is_object(sr))
		return pctx_fail(c, "\"sriov\" must be an object");
	if (pctx_uint(c, sr, "num_vfs", 0, 256, -1, &num) ||
	    pctx_uint(c, sr, "offset", 1, 0xffff, -1, &off) ||
	    pctx_uint(c, sr, "stride", 1, 0xff, 1, &stride) ||
	    pctx_uint(c, sr, "device", 0, 0xffff, pf->devs[pf_index].device, &dev))
		return -EINVAL;
	for (uint64_t i = 0; i < num; i++) {
		struct pdev vf = pf->devs[pf_index];
		uint64_t rid = vf.bdf.rid + off + i * stride;
		struct pdev *n;

		if (rid > 0xffff)
			return pctx_fail(c, "VF %llu lies beyond bus 0xff", (unsigned long long)i);
		vf.bdf.rid = (uint16_t)rid;
		vf.sriov_vf = true;
		vf.pf = pf_index;
		vf.model = NULL;
		vf.device = (uint16_t)dev;
		if (pfile_find(pf, vf.bdf) >= 0)
			return pctx_fail(c, "VF %llu collides with another device",
					 (unsigned long long)i);
		n = realloc(pf->devs, sizeof(*n) * (pf->ndevs + 1));
		if (!n)
			return -ENOMEM;
		pf->devs = n;
		pf->devs[pf->ndevs++] = vf;
	}
	return 0;
}

static bool below(const struct pfile *pf, int d, int top)
{
	for (; d >= 0; d = pf->devs[d].parent)
		if (d == top)
			return true;
	return false;
}

static void range_of(struct pfile *pf, int b)
{
	struct pdev *br = &pf->devs[b];
	int sub = -1, sec = 256;

	for (int i = 0; i < pf->ndevs; i++) {
		int bus = PCI_RID_BUS(pf->devs[i].bdf.rid);

		if (i == b || !below(pf, i, b))
			continue;
		if (bus > sub)
			sub = bus;
		if (pf->devs[i].parent == b && bus < sec)
			sec = bus;
	}
	if (sub < 0) {
		uint64_t s = 0;
		const json_t *v = json_object_get(br->cfg, "secondary");

		if (json_is_integer(v) && json_integer_value(v) > 0 && json_integer_value(v) < 256)
			s = (uint64_t)json_integer_value(v);
		sec = sub = (int)s;
	}
	br->secondary = (uint8_t)sec;
	br->subordinate = (uint8_t)sub;
}

int pfile_bus_ranges(struct pctx *c, struct pfile *pf)
{
	for (int i = 0; i < pf->ndevs; i++)
		if (is_bridge(pf->devs[i].kind))
			range_of(pf, i);
	for (int a = 0; a < pf->ndevs; a++) {
		const struct pdev *x = &pf->devs[a];

		if (!is_bridge(x->kind) || !x->secondary)
			continue;
		for (int b = a + 1; b < pf->ndevs; b++) {
			const struct pdev *y = &pf->devs[b];
			char bx[16], by[16];

			if (!is_bridge(y->kind) || !y->secondary || below(pf, a, b) ||
			    below(pf, b, a) || x->bdf.domain != y->bdf.domain)
				continue;
			if (x->secondary <= y->subordinate && y->secondary <= x->subordinate)
				return pctx_fail(c, "bus ranges below %s and %s overlap",
						 pci_bdf_format(x->bdf, bx, sizeof(bx)),
						 pci_bdf_format(y->bdf, by, sizeof(by)));
		}
	}
	return 0;
}

static void inherit_core(struct pfile *pf)
{
	for (int i = 0; i < pf->ndevs; i++) {
		struct pdev *d = &pf->devs[i];

		if (d->parent >= 0) {
			d->sicl = pf->devs[d->parent].sicl;
			d->core = pf->devs[d->parent].core;
			d->numa_node = pf->devs[d->parent].numa_node;
		}
	}
}

int pfile_build_fabric(struct pfile *pf, struct fabric *f, struct error *e)
{
	inherit_core(pf);
	for (int i = 0; i < pf->ndevs; i++) {
		const struct pdev *d = &pf->devs[i];
		struct fabric_node_desc nd = {
		    .kind = d->kind,
		    .domain = d->bdf.domain,
		    .rid = d->bdf.rid,
		    .parent = d->parent >= 0 ? pf->devs[d->parent].node : -1,
		    .sicl = d->sicl,
		    .core = d->core,
		    .width = d->width,
		    .speed = d->speed,
		    .max_width = d->max_width,
		    .max_speed = d->max_speed,
		    .role = d->role,
		    .pasid = d->pasid,
		    .sriov_vf = d->sriov_vf,
		};
		int n = fabric_add_node(f, &nd);

		if (n < 0) {
			char b[16];

			return error_set_errno(e, n, "%s: fabric refused %s", pf->path,
					       pci_bdf_format(d->bdf, b, sizeof(b)));
		}
		pf->devs[i].node = n;
	}
	return 0;
}

int pfile_core_ports(const struct pfile *pf, uint16_t sicl, uint16_t core, uint16_t *lo,
		     uint16_t *hi)
{
	bool any = false;

	for (int i = 0; i < pf->ndevs; i++) {
		const struct pdev *d = &pf->devs[i];

		if (d->kind != FABRIC_ROOT_PORT || d->sicl != sicl || d->core != core)
			continue;
		if (!any || d->bdf.rid < *lo)
			*lo = d->bdf.rid;
		if (!any || d->bdf.rid > *hi)
			*hi = d->bdf.rid;
		any = true;
	}
	return any ? 0 : -ENODEV;
}
