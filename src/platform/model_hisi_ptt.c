// SPDX-License-Identifier: GPL-2.0-only
/*
 * Platform glue of the PTT model: places it on its PCIe core (from its
 * fabric node, else the "sicl"/"core" keys of its device entry), derives
 * DEVICE_RANGE from the Root Ports the fabric has on that core, and keeps
 * the tune levels in the persistent state, since on real hardware they stay
 * set until the next reset.  "identity_iommu": false in the device entry
 * models a translated DMA domain (the driver then refuses to probe);
 * "dma_reset_reads": N a DMA engine whose reset shows only after N reads of
 * TRACE_WR_STS (more than 10: the driver gives up, the trace does not start).
 */
#include <errno.h>
#include <stdio.h>

#include <pciescope/core/state.h>
#include <pciescope/fabric/fabric.h>
#include <pciescope/hw/ptt.h>
#include <pciescope/platform/model.h>
#include <pciescope/platform/platform.h>

static void ptt_place(struct fabric *f, const struct bus_device *d, const json_t *cfg,
		      struct ptt_hw_config *c)
{
	int node = f ? fabric_find_node(f, d->bdf.domain, d->bdf.rid) : -1;
	const struct fabric_node_desc *nd = node >= 0 ? fabric_node(f, node) : NULL;

	if (nd) {
		c->sicl = nd->sicl;
		c->core = nd->core;
	} else {
		c->sicl = (uint16_t)json_integer_value(json_object_get(cfg, "sicl"));
		c->core = (uint16_t)json_integer_value(json_object_get(cfg, "core"));
	}
	c->rp_lo = 0xffff;
	c->rp_hi = 0;
	for (int i = 0; f && i < fabric_node_count(f); i++) {
		nd = fabric_node(f, i);
		if (!nd || nd->kind != FABRIC_ROOT_PORT || nd->domain != d->bdf.domain ||
		    nd->sicl != c->sicl || nd->core != c->core)
			continue;
		if (nd->rid < c->rp_lo)
			c->rp_lo = nd->rid;
		if (nd->rid > c->rp_hi)
			c->rp_hi = nd->rid;
	}
	if (c->rp_lo > c->rp_hi)
		c->rp_lo = c->rp_hi = 0;
}

static int ptt_attach(struct platform *p, struct bus_device *d, const json_t *cfg, void **model,
		      struct error *e)
{
	struct ptt_hw_config c = {.dev = d, .fabric = platform_fabric(p)};
	json_t *iommu = json_object_get(cfg, "identity_iommu");
	json_t *reset = json_object_get(cfg, "dma_reset_reads");
	struct ptt_hw *h;
	int ret;

	ptt_place(c.fabric, d, cfg, &c);
	if (reset && (!json_is_integer(reset) || json_integer_value(reset) < 0 ||
		      json_integer_value(reset) > 1000000))
		return error_set(e, -EINVAL,
				 "hisi_ptt model: dma_reset_reads: not a number of reads "
				 "from 0 to 1000000");
	c.dma_reset_reads = (unsigned)json_integer_value(reset);
	if (json_is_boolean(iommu))
		d->identity_iommu = json_is_true(iommu);
	ret = ptt_hw_create(&c, &h);
	if (ret)
		return error_set(e, ret, "hisi_ptt model: %s",
				 ret == -ENOMEM ? "out of memory" : "cannot attach");
	*model = h;
	return 0;
}

static void ptt_detach(void *model)
{
	ptt_hw_destroy(model);
}

static void ptt_key(char *buf, size_t n, const char *prefix, enum ptt_hw_tune t)
{
	snprintf(buf, n, "%stune.%s", prefix ? prefix : "", ptt_hw_tune_key(t));
}

static void ptt_save(void *model, struct kstate *s, const char *prefix)
{
	char key[160];

	for (int t = 0; t < PTT_HW_TUNE_COUNT; t++) {
		ptt_key(key, sizeof(key), prefix, t);
		kstate_set_u64(s, key, ptt_hw_tune_level(model, t));
	}
}

static void ptt_restore(void *model, struct kstate *s, const char *prefix)
{
	char key[160];
	uint64_t v;

	for (int t = 0; t < PTT_HW_TUNE_COUNT; t++) {
		ptt_key(key, sizeof(key), prefix, t);
		if (kstate_get_u64(s, key, &v))
			ptt_hw_tune_restore(model, t, (unsigned)v);
	}
}

const struct platform_model_ops model_hisi_ptt_ops = {
    .kind = "hisi_ptt",
    .attach = ptt_attach,
    .detach = ptt_detach,
    .save = ptt_save,
    .restore = ptt_restore,
};
