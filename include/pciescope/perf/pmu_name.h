/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The names the kernel gives the PMUs pciescope knows, written and read in
 * this one place, by the drivers that register them and by every tool that
 * looks for them:
 *   hisi_ptt<sicl>_<core>         the PCIe Tune and Trace device of a core
 *   hisi_pcie<sicl>_core<core>    the PCIe PMU of the same core
 *   amd_iommu_<index>             an AMD IOMMU's counters, in discovery order
 *   iommuv2                       the 2013 proposal's PMU of the first IOMMU
 * The numbers are decimal, as the kernel prints them; a name is one of
 * these only whole ("hisi_ptt0_2x" is none).
 */
#ifndef PCIESCOPE_PERF_PMU_NAME_H
#define PCIESCOPE_PERF_PMU_NAME_H

#include <stddef.h>

enum pmu_family { PMU_OTHER, PMU_HISI_PTT, PMU_HISI_PCIE, PMU_AMD_IOMMU, PMU_IOMMUV2 };

struct pmu_name {
	enum pmu_family family;
	unsigned sicl, core; /* PMU_HISI_PTT, PMU_HISI_PCIE */
	unsigned index;	     /* PMU_AMD_IOMMU */
};

/* Room for any name above with 32-bit numbers. */
#define PMU_NAME_LEN 40

/* The family of name (PMU_OTHER for any other PMU, or NULL); fills out (may be NULL). */
enum pmu_family pmu_name_parse(const char *name, struct pmu_name *out);
/* The name of n into buf; "" for PMU_OTHER.  Returns buf. */
char *pmu_name_format(struct pmu_name n, char *buf, size_t len);

#endif
