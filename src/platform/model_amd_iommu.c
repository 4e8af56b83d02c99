// SPDX-License-Identifier: GPL-2.0-only
/*
 * Platform glue for the AMD IOMMU model.  The device entry configures the
 * counter banks and the device table:
 *
 *   { "model": "amd_iommu", "sicl": 0, "core": 0, "banks": 2, "counters": 4,
 *     "unmap_every": 64,
 *     "dtes": [ { "bdf": "0000:41:00.0", "mode": "translate", "domain": 3,
 *                 "levels": 4, "guest_levels": 4, "vapic": false }, ... ] }
 *
 * The model sees every inbound memory request crossing the Root Ports of its
 * sicl/core: the IOMMU sits between those ports and memory.  A requester
 * without a "dtes" entry gets, when first seen, a translating entry in a
 * domain of its own, as the OS's default DMA domains give it at boot.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/fabric/fabric.h>
#include <pciescope/hw/amd_iommu.h>
#include <pciescope/pcie/tlp.h>
#include <pciescope/platform/amd_iommu.h>
#include <pciescope/platform/model.h>
#include <pciescope/platform/platform.h>

struct iommu_glue {
	struct amd_iommu_hw *hw;
	struct fabric *fabric;
	uint16_t sicl, core;
	uint16_t next_domain;
	uint8_t known[65536 / 8]; /* requesters with a device table entry */
};

static void ensure_dte(struct iommu_glue *g, uint16_t rid)
{
	struct amd_iommu_dte d = {.mode = AMD_DTE_TRANSLATE, .levels = 4, .guest_levels = 4};

	if (g->known[rid / 8] & (1u << (rid % 8)))
		return;
	g->known[rid / 8] |= (uint8_t)(1u << (rid % 8));
	d.domain = ++g->next_domain;
	amd_iommu_hw_set_dte(g->hw, rid, &d);
}

static bool is_memory_request(enum tlp_kind k)
{
	switch (k) {
	case TLP_MRD32:
	case TLP_MRD64:
	case TLP_MRDLK32:
	case TLP_MRDLK64:
	case TLP_MWR32:
	case TLP_MWR64:
	case TLP_FETCHADD32:
	case TLP_FETCHADD64:
	case TLP_SWAP32:
	case TLP_SWAP64:
	case TLP_CAS32:
	case TLP_CAS64:
		return true;
	default:
		return false;
	}
}

static void observe(void *ctx, const struct fabric_tlp *t)
{
	struct iommu_glue *g = ctx;
	enum tlp_kind k = tlp_kind_of(t->hdr[0]);
	struct amd_iommu_req r = {0};
	bool addr64 = t->hdr[0] & (1u << 29);

	if (t->dir != FABRIC_INBOUND || !is_memory_request(k))
		return;
	r.rid = (uint16_t)(t->hdr[1] >> 16);
	ensure_dte(g, r.rid);
	r.write = k == TLP_MWR32 || k == TLP_MWR64;
	r.translated = ((t->hdr[0] >> 10) & 3) == 2;
	r.address = addr64 ? (uint64_t)t->hdr[2] << 32 | (t->hdr[3] & ~3u) : t->hdr[2] & ~3u;
	/* End-end PASID prefix: Fmt 100, Type 1 0001, PASID in [19:0]. */
	if (t->prefix >> 24 == 0x91)
		r.pasid = t->prefix & 0xfffff;
	amd_iommu_hw_request(g->hw, &r);
}

static int parse_mode(const char *s, enum amd_iommu_dte_mode *m)
{
	if (!s || !strcmp(s, "translate"))
		*m = AMD_DTE_TRANSLATE;
	else if (!strcmp(s, "passthrough"))
		*m = AMD_DTE_PASSTHROUGH;
	else if (!strcmp(s, "abort"))
		*m = AMD_DTE_ABORT;
	else
		return -EINVAL;
	return 0;
}

static int load_dtes(struct iommu_glue *g, const json_t *dtes, struct error *err)
{
	size_t i;
	json_t *e;

	json_array_foreach(dtes, i, e)
	{
		struct amd_iommu_dte d = {.levels = 4, .guest_levels = 4};
		struct pci_bdf b;

		if (pci_bdf_parse(json_string_value(json_object_get(e, "bdf")), &b) ||
		    parse_mode(json_string_value(json_object_get(e, "mode")), &d.mode))
			return error_set(err, -EINVAL, "amd_iommu: dtes[%zu]: bad bdf or mode", i);
		d.domain = (uint16_t)json_integer_value(json_object_get(e, "domain"));
		if (json_object_get(e, "levels"))
			d.levels = (uint8_t)json_integer_value(json_object_get(e, "levels"));
		if (json_object_get(e, "guest_levels"))
			d.guest_levels =
			    (uint8_t)json_integer_value(json_object_get(e, "guest_levels"));
		d.vapic = json_is_true(json_object_get(e, "vapic"));
		amd_iommu_hw_set_dte(g->hw, b.rid, &d);
		g->known[b.rid / 8] |= (uint8_t)(1u << (b.rid % 8));
		if (d.domain > g->next_domain)
			g->next_domain = d.domain;
	}
	return 0;
}

static unsigned cfg_uint(const json_t *cfg, const char *key, unsigned def)
{
	json_t *v = json_object_get(cfg, key);

	return json_is_integer(v) ? (unsigned)json_integer_value(v) : def;
}

static int attach(struct platform *p, struct bus_device *d, const json_t *cfg, void **model,
		  struct error *e)
{
	struct amd_iommu_hw_config c = {.banks = cfg_uint(cfg, "banks", 2),
					.counters = cfg_uint(cfg, "counters", 4),
					.unmap_every = cfg_uint(cfg, "unmap_every", 0)};
	struct iommu_glue *g = calloc(1, sizeof(*g));

	if (!g)
		return -ENOMEM;
	g->hw = amd_iommu_hw_create(&c);
	if (!g->hw) {
		free(g);
		return error_set(e, -EINVAL, "amd_iommu: at most 64 banks of 16 counters");
	}
	if (load_dtes(g, json_object_get(cfg, "dtes"), e)) {
		amd_iommu_hw_destroy(g->hw);
		free(g);
		return -EINVAL;
	}
	g->fabric = platform_fabric(p);
	g->sicl = (uint16_t)cfg_uint(cfg, "sicl", 0);
	g->core = (uint16_t)cfg_uint(cfg, "core", 0);
	d->bar[0] = (struct bus_bar){
	    .ops = &amd_iommu_hw_mmio_ops, .model = g->hw, .size = AMD_IOMMU_MMIO_SIZE};
	d->nvectors = 1;
	fabric_add_observer(g->fabric, g->sicl, g->core, observe, g);
	*model = g;
	return 0;
}

static void detach(void *model)
{
	struct iommu_glue *g = model;

	fabric_remove_observer(g->fabric, observe, g);
	amd_iommu_hw_destroy(g->hw);
	free(g);
}

const struct platform_model_ops amd_iommu_model_ops = {
    .kind = "amd_iommu",
    .attach = attach,
    .detach = detach,
};

uint64_t amd_iommu_model_event_total(void *model, unsigned csource)
{
	return amd_iommu_hw_event_total(((struct iommu_glue *)model)->hw, csource);
}
