/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * PCI configuration space: the few registers a link-health view reads, in
 * the PCIe r5.0 layout.  pcie_cfg_build() writes a 4 KiB image for an
 * emulated function (the emulated sysfs serves it as `config`, as Linux
 * does), pcie_cfg_parse() reads one back from any source, so `topo` reads
 * the emulated machine and a real host the same way: header type, the PCI
 * Express capability (device/port type, MPS, MRRS, link capabilities,
 * control and status, ASPM) and the AER extended capability's status.
 */
#ifndef PCIESCOPE_PCIE_CONFIG_H
#define PCIESCOPE_PCIE_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PCIE_CFG_SIZE 4096

/* Device/Port Type of the PCI Express Capabilities register. */
enum pcie_port_type {
	PCIE_TYPE_ENDPOINT = 0x0,
	PCIE_TYPE_LEGACY_ENDPOINT = 0x1,
	PCIE_TYPE_ROOT_PORT = 0x4,
	PCIE_TYPE_UPSTREAM = 0x5,
	PCIE_TYPE_DOWNSTREAM = 0x6,
	PCIE_TYPE_PCIE_TO_PCI = 0x7,
	PCIE_TYPE_PCI_TO_PCIE = 0x8,
	PCIE_TYPE_RCIEP = 0x9,
	PCIE_TYPE_RC_EC = 0xa,
};

/* ASPM bits as Link Capabilities (support) and Link Control (enabled) hold them. */
#define PCIE_ASPM_L0S 1u
#define PCIE_ASPM_L1 2u

struct pcie_cfg {
	uint16_t vendor, device;
	uint32_t class_code; /* 24 bits */
	bool bridge;	     /* header type 1 */
	uint8_t secondary, subordinate;
	bool pcie; /* has a PCI Express capability; the fields below are valid */
	enum pcie_port_type type;
	bool vf;			   /* link registers are reserved in a VF */
	int max_speed, max_width;	   /* Link Capabilities: speed as a generation, 1..6 */
	int speed, width;		   /* Link Status */
	unsigned mps_cap, mps, mrrs;	   /* bytes */
	unsigned aspm_cap, aspm_ctl;	   /* PCIE_ASPM_* */
	bool aer;			   /* has the AER extended capability */
	uint32_t uncor_status, cor_status; /* its status registers */
};

/* An image of cfg's registers into buf (PCIE_CFG_SIZE bytes); returns PCIE_CFG_SIZE. */
size_t pcie_cfg_build(const struct pcie_cfg *cfg, uint8_t *buf);
/*
 * Reads len bytes of configuration space (64 for an unprivileged reader
 * of Linux sysfs, 256 or 4096 otherwise): what lies beyond len stays unset
 * (pcie false, aer false).  Returns 0, or -EINVAL when len < 64 or there is
 * no function (vendor 0xffff).
 */
int pcie_cfg_parse(const uint8_t *buf, size_t len, struct pcie_cfg *out);

/* lspci's words: "ASPM Disabled", "ASPM L1 Enabled", "ASPM L0s L1 Enabled" etc. */
const char *pcie_aspm_name(unsigned aspm);
/* Names of the AER status bits set, space-separated as lspci names them ("UnsupReq"). */
void pcie_aer_names(uint32_t status, bool correctable, char *buf, size_t n);

#endif
