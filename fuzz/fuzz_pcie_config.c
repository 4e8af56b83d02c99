// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target for the configuration space reader: any bytes of any
 * length (a host's sysfs `config` may be 64, 256 or 4096 bytes, or garbage
 * from a broken device) parse without reading out of bounds or looping,
 * and what parses as a PCI Express function builds again into an image
 * that parses to the same fields (the link registers only where the
 * function has a link: an RCiEP's are not written).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/pcie/config.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t img[PCIE_CFG_SIZE];
	struct pcie_cfg c, again;
	uint8_t *copy = malloc(size ? size : 1);

	if (!copy)
		return 0;
	memcpy(copy, data, size);
	if (pcie_cfg_parse(copy, size, &c) == 0 && c.pcie && c.aer) {
		c.vf = false;
		c.mps_cap = c.mps_cap < c.mps ? c.mps : c.mps_cap;
		pcie_cfg_build(&c, img);
		if (pcie_cfg_parse(img, sizeof(img), &again) || again.mps != c.mps ||
		    again.mrrs != c.mrrs || again.uncor_status != c.uncor_status ||
		    again.cor_status != c.cor_status ||
		    (c.type != PCIE_TYPE_RCIEP && again.aspm_ctl != c.aspm_ctl))
			abort();
	}
	free(copy);
	return 0;
}
