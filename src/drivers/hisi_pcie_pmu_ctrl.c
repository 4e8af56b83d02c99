// SPDX-License-Identifier: GPL-2.0-only
/*
 * Composing EVENT_CTRL from perf's config fields, as Linux 6.12 and later
 * do: from 0, the event code, port bitmap (or TARGET_EN + BDF when port is
 * 0), trigger and threshold when their lengths are non-zero, and len_mode
 * (3 when not given) in bits [35:34].  Kernels 6.2 to 6.11 started from
 * INIT_SET (bit 34), which overlaps LEN_MODE, so their len_mode=2 reached
 * the hardware as 3; docs/kernel-differences.md.
 */
#include "hisi_pcie_pmu.h"

#define CFG_EVENT(e) ((e)->attr.config & 0x1ffff)
#define CFG_THR_LEN(e) ((e)->attr.config1 & 0xf)
#define CFG_THR_MODE(e) (((e)->attr.config1 >> 4) & 0x1)
#define CFG_TRIG_LEN(e) (((e)->attr.config1 >> 5) & 0xf)
#define CFG_TRIG_MODE(e) (((e)->attr.config1 >> 9) & 0x1)
#define CFG_LEN_MODE(e) (((e)->attr.config1 >> 10) & 0x3)
#define CFG_PORT(e) ((e)->attr.config2 & 0xffff)
#define CFG_BDF(e) (((e)->attr.config2 >> 16) & 0xffff)

uint64_t hisi_pcie_pmu_ctrl(const struct perf_event *e)
{
	uint64_t reg = CFG_EVENT(e) & HISI_PCIE_EVENT_CODE_MASK;
	uint64_t len_mode = CFG_LEN_MODE(e);

	if (CFG_PORT(e))
		reg |= CFG_PORT(e) << HISI_PCIE_TARGET_SHIFT;
	else
		reg |= HISI_PCIE_TARGET_EN | CFG_BDF(e) << HISI_PCIE_TARGET_SHIFT;
	if (CFG_TRIG_LEN(e))
		reg |= HISI_PCIE_TRIG_EN | (CFG_TRIG_MODE(e) ? HISI_PCIE_TRIG_MODE : 0) |
		       CFG_TRIG_LEN(e) << HISI_PCIE_TRIG_LEN_SHIFT;
	if (CFG_THR_LEN(e))
		reg |= HISI_PCIE_THR_EN | (CFG_THR_MODE(e) ? HISI_PCIE_THR_MODE : 0) |
		       CFG_THR_LEN(e) << HISI_PCIE_THR_LEN_SHIFT;
	reg |= (len_mode ? len_mode : HISI_PCIE_LEN_MODE_ALL) << HISI_PCIE_LEN_MODE_SHIFT;
	return reg;
}
