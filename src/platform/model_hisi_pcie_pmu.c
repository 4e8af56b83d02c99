// SPDX-License-Identifier: GPL-2.0-only
/*
 * Platform glue of the PCIe PMU model: a device entry with
 * "model": "hisi_pcie_pmu" names its "sicl" and "core" (and optionally the
 * VERSION register value, "version", default 0x30); the Root Port range
 * comes from the platform's topology.  The model keeps no state across
 * invocations (counters start from reset, like hardware after boot).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <pciescope/hw/pcie_pmu.h>
#include <pciescope/platform/model.h>

#define DEFAULT_VERSION 0x30

static int get_u16(const json_t *cfg, const char *key, uint16_t *out, struct error *e)
{
	const json_t *v = json_object_get(cfg, key);

	if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 0xffff)
		return error_set(e, -EINVAL, "hisi_pcie_pmu: \"%s\" must be an integer 0..65535",
				 key);
	*out = (uint16_t)json_integer_value(v);
	return 0;
}

static int get_version(const json_t *cfg, uint32_t *out, struct error *e)
{
	const json_t *v = json_object_get(cfg, "version");
	char *end;

	*out = DEFAULT_VERSION;
	if (!v)
		return 0;
	if (json_is_integer(v) && json_integer_value(v) >= 0 &&
	    json_integer_value(v) <= 0xffffffffLL) {
		*out = (uint32_t)json_integer_value(v);
		return 0;
	}
	if (json_is_string(v)) {
		unsigned long x = strtoul(json_string_value(v), &end, 0);

		if (!*end && end != json_string_value(v) && x <= 0xffffffffUL) {
			*out = (uint32_t)x;
			return 0;
		}
	}
	return error_set(e, -EINVAL, "hisi_pcie_pmu: \"version\" must be a 32-bit number");
}

static int attach(struct platform *p, struct bus_device *d, const json_t *cfg, void **model,
		  struct error *e)
{
	struct pcie_pmu_hw_params hp = {0};
	struct pcie_pmu_hw *m;
	int r = get_u16(cfg, "sicl", &hp.sicl, e);

	if (!r)
		r = get_u16(cfg, "core", &hp.core, e);
	if (!r)
		r = get_version(cfg, &hp.version, e);
	if (r)
		return r;
	r = platform_core_ports(p, hp.sicl, hp.core, &hp.bdf_min, &hp.bdf_max);
	if (r)
		return error_set(e, r, "hisi_pcie_pmu: sicl %u core %u has no Root Port", hp.sicl,
				 hp.core);
	r = pcie_pmu_hw_create(platform_fabric(p), d, &hp, &m);
	if (r)
		return error_set(e, r, "hisi_pcie_pmu: cannot observe the fabric");
	*model = m;
	return 0;
}

static void detach(void *model)
{
	pcie_pmu_hw_destroy(model);
}

const struct platform_model_ops hisi_pcie_pmu_model_ops = {
    .kind = "hisi_pcie_pmu",
    .attach = attach,
    .detach = detach,
};
