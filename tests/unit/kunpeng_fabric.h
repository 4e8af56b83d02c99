/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kunpeng930's fabric (platforms/kunpeng930.json) under a workload at its
 * full rate, seed 3 (or another), for the tests that compare two runs of the whole
 * machine (domains, the rate model): its cores (0,0), (0,3) and (1,0) are
 * each alone; under mixed the GPU below (0,1) works with the accelerator
 * below (0,2).
 */
#ifndef TESTS_KUNPENG_FABRIC_H
#define TESTS_KUNPENG_FABRIC_H

#include <pciescope/fabric/fabric.h>

#include "platform/pfile.h"

static inline struct fabric *kunpeng_seeded(const char *workload, uint64_t seed)
{
	struct fabric *f = fabric_create(seed);
	struct pfile pf;
	char err[256];

	assert_non_null(f);
	assert_int_equal(pfile_load("kunpeng930", &pf, err, sizeof(err)), 0);
	assert_int_equal(pfile_build_fabric(&pf, f, err, sizeof(err)), 0);
	pfile_free(&pf);
	assert_int_equal(fabric_set_workload(f, workload, NULL, err, sizeof(err)), 0);
	return f;
}

static inline struct fabric *kunpeng(const char *workload)
{
	return kunpeng_seeded(workload, 3);
}

/* The node of a RID in PCI domain 0. */
static inline int node(struct fabric *f, uint16_t rid)
{
	int n = fabric_find_node(f, 0, rid);

	assert_true(n >= 0);
	return n;
}

#endif
