// SPDX-License-Identifier: GPL-2.0-only
/*
 * sysfs of the AMD IOMMU PMUs: format/ for each layout, events/ (one file
 * per CSource code, "csource=0xNN") and cpumask ("0": the counters are
 * shared by the system, counted from CPU 0 as Linux does).
 */
#include <stdio.h>

#include "amd_iommu_pmu.h"

struct fmt {
	const char *name, *spec;
};

static const struct fmt fmt_6x[] = {
    {"csource", "config:0-7"},	     {"devid", "config:8-23"},
    {"domid", "config:24-39"},	     {"pasid", "config:40-59"},
    {"devid_mask", "config1:0-15"},  {"domid_mask", "config1:16-31"},
    {"pasid_mask", "config1:32-51"}, {NULL, NULL},
};

static const struct fmt fmt_2013[] = {
    {"csource", "config:0-7"},
    {"devid", "config:8-23"},
    {"pasid", "config:24-39"},
    {"domain", "config:40-55"},
    {"devid_filter", "config:56"},
    {"pasid_filter", "config:57"},
    {"domain_filter", "config:58"},
    {"devid_mask", "config1:0-15"},
    {"pasid_mask", "config1:16-31"},
    {"domain_mask", "config1:32-47"},
    {NULL, NULL},
};

static const char *const events[] = {
    NULL,
    "mem_pass_untrans",
    "mem_pass_pretrans",
    "mem_pass_excl",
    "mem_target_abort",
    "mem_trans_total",
    "mem_iommu_tlb_pte_hit",
    "mem_iommu_tlb_pte_mis",
    "mem_iommu_tlb_pde_hit",
    "mem_iommu_tlb_pde_mis",
    "mem_dte_hit",
    "mem_dte_mis",
    "page_tbl_read_tot",
    "page_tbl_read_nst",
    "page_tbl_read_gst",
    "int_dte_hit",
    "int_dte_mis",
    "cmd_processed",
    "cmd_processed_inv",
    "tlb_inv",
    "ign_rd_wr_mmio_1ff8h",
    "vapic_int_non_guest",
    "vapic_int_guest",
    "smi_recv",
    "smi_blk",
};

int amd_iommu_pmu_sysfs(struct pmu *p, enum amd_layout l, struct kcore *k)
{
	const struct fmt *f = l == AMD_LAYOUT_6X ? fmt_6x : fmt_2013;
	struct sysfs_node *fd = sysfs_mkdir(p->dir, "format");
	struct sysfs_node *ed = sysfs_mkdir(p->dir, "events");
	char buf[32];
	int err = 0;

	if (!fd || !ed)
		return -12;
	for (; f->name && !err; f++)
		err = sysfs_add_const(fd, f->name, f->spec);
	for (unsigned i = 1; i < sizeof(events) / sizeof(events[0]) && !err; i++) {
		snprintf(buf, sizeof(buf), "csource=0x%02x", i);
		err = sysfs_add_const(ed, events[i], buf);
	}
	return err ? err : sysfs_add_const(p->dir, "cpumask", "0");
}
