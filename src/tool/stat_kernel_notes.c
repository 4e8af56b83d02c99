// SPDX-License-Identifier: GPL-2.0-only
/*
 * Settings the facility documents (the seeds) describe one way and this
 * kernel carries out another (docs/kernel-differences.md), where the driver is
 * faithful and the request is legal, so nothing refuses it: the user would
 * get other counts than asked for without a word.  Each case is one warning
 * line before counting; the counting goes on unchanged.  The decisions read
 * the event's attr through the PMU's own format/ files, so they hold for the
 * emulated platform and for a host alike.  docs/kernel-differences.md lists
 * the cases.
 */
#include <stdio.h>
#include <string.h>

#include <pciescope/perf/hisi_pcie_events.h>
#include <pciescope/perf/pmu_name.h>
#include <pciescope/tool/stat.h>
#include <pciescope/tool/warn.h>

/* The AMD document's filter enable bits (56-58) and raw bit (63): docs/kernel-differences.md. */
#define AMD_SEED_ONLY_BITS ((7ull << 56) | (1ull << 63))

/*
 * From 6.2 (len_mode's arrival) to 6.11 the driver ORed len_mode over
 * INIT_SET (bit 34), so 2 became 3; 6.12 fixed it (17bf68aeb364, in 6.11.y
 * stable too, which the minor version cannot tell: such a kernel is warned
 * of needlessly).  A kernel whose version is unknown is not warned of.
 */
static bool len_mode_ored(const struct backend *b)
{
	unsigned major, minor;

	if (backend_kernel_version(b, &major, &minor))
		return false;
	return major == 6 && minor >= 2 && minor <= 11;
}

static bool note_len_mode(const struct perf_event_spec *ev, const struct perf_pmu *p,
			  const struct backend *b)
{
	const struct perf_format *f = perf_pmu__format(p, "len_mode");

	if (!f || perf_format_extract(f, &ev->attr) != 2 || !len_mode_ored(b))
		return false;
	tool_warn("warning: '%s': len_mode=2 (header bytes only, by the PCIe PMU "
		  "document) counts header and payload bytes like len_mode=3 on this kernel (%s): "
		  "its driver ORs it over INIT_SET (bit 34), which Linux 6.12 fixed",
		  ev->text, b->kernel);
	return true;
}

/* On amd_iommu_<n> those bits are PASID bits or ignored, not enables. */
static bool note_amd_seed_bits(const struct perf_event_spec *ev)
{
	if (!(ev->attr.config & AMD_SEED_ONLY_BITS))
		return false;
	tool_warn("warning: '%s': config bits 56-58 and 63 are not the filter "
		  "enables and raw bit of the AMD IOMMU document on this kernel (56-59 belong to "
		  "pasid, 63 is ignored); filters enable themselves, or use the iommuv2 PMU",
		  ev->text);
	return true;
}

/* One line per case, for its first event: a pair of events is one request. */
void stat_note_kernel_differences(const struct perf_event_list *events,
				  const struct perf_pmu_source *src, const struct backend *b)
{
	bool len_mode = false, amd = false;

	for (size_t i = 0; i < events->n; i++) {
		const struct perf_event_spec *ev = &events->ev[i];
		struct perf_pmu *p;
		struct error ignored;

		if (!amd && ev->pmu && pmu_name_parse(ev->pmu, NULL) == PMU_AMD_IOMMU)
			amd = note_amd_seed_bits(ev);
		if (len_mode || !hisi_pcie_pmu_name(ev->pmu) ||
		    perf_pmu__load(src, ev->pmu, &p, &ignored))
			continue;
		len_mode = note_len_mode(ev, p, b);
		perf_pmu__free(p);
	}
}
