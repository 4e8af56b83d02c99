/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A small topology for the fabric tests: one core with two Root Ports, an
 * NVMe below the first (x8 Gen4), a switch with a NIC and an accelerator
 * below the second, and a GPU on a third Root Port of another core.
 */
#ifndef TESTS_FABRIC_TOPO_H
#define TESTS_FABRIC_TOPO_H

#include <pciescope/fabric/fabric.h>

enum { T_RP0, T_NVME, T_RP1, T_SWUP, T_SWDN0, T_NIC, T_SWDN1, T_ACC, T_RP2, T_GPU, T_N };

static inline struct fabric *test_fabric(uint64_t seed)
{
	static const struct fabric_node_desc d[T_N] = {
	    [T_RP0] = {FABRIC_ROOT_PORT, 0, 0x0000, -1, 0, 0, 8, 4},
	    [T_NVME] = {FABRIC_ENDPOINT, 0, 0x3900, T_RP0, 0, 0, 8, 4, .role = FABRIC_EP_NVME},
	    [T_RP1] = {FABRIC_ROOT_PORT, 0, 0x0020, -1, 0, 0, 4, 4},
	    [T_SWUP] = {FABRIC_SWITCH_UP, 0, 0x3a00, T_RP1, 0, 0, 4, 4},
	    [T_SWDN0] = {FABRIC_SWITCH_DOWN, 0, 0x3b00, T_SWUP, 0, 0, 4, 4},
	    [T_NIC] = {FABRIC_ENDPOINT, 0, 0x3c00, T_SWDN0, 0, 0, 4, 4, .role = FABRIC_EP_NIC,
		       .pasid = 5},
	    [T_SWDN1] = {FABRIC_SWITCH_DOWN, 0, 0x3b08, T_SWUP, 0, 0, 4, 4},
	    [T_ACC] = {FABRIC_ENDPOINT, 0, 0x3d00, T_SWDN1, 0, 0, 4, 4, .role = FABRIC_EP_ACCEL},
	    [T_RP2] = {FABRIC_ROOT_PORT, 0, 0x0080, -1, 0, 2, 16, 4},
	    [T_GPU] = {FABRIC_ENDPOINT, 0, 0x0100, T_RP2, 0, 2, 16, 4, .role = FABRIC_EP_GPU},
	};
	struct fabric *f = fabric_create(seed);

	for (int i = 0; f && i < T_N; i++)
		if (fabric_add_node(f, &d[i]) != i) {
			fabric_destroy(f);
			return NULL;
		}
	return f;
}

#endif
