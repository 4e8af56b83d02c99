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

#include <string.h>

#include <pciescope/fabric/fabric.h>
#include <pciescope/pcie/tlp.h>

#include "platform/pfile.h"

static inline struct fabric *kunpeng_with(const char *workload, const char *params, uint64_t seed)
{
	struct fabric *f = fabric_create(seed);
	struct pfile pf;
	struct error err;

	assert_non_null(f);
	assert_int_equal(pfile_load("kunpeng930", &pf, &err), 0);
	assert_int_equal(pfile_build_fabric(&pf, f, &err), 0);
	pfile_free(&pf);
	assert_int_equal(fabric_set_workload(f, workload, params, &err), 0);
	return f;
}

static inline struct fabric *kunpeng_seeded(const char *workload, uint64_t seed)
{
	return kunpeng_with(workload, NULL, seed);
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

/*
 * A counter at one Root Port, as the rate model shows it TLPs (count alike
 * at a time): the devices' writes in and the completions out, in bytes.
 */
struct port_count {
	int port;
	uint64_t wr_bytes, cpl_bytes, tlps, bulk;
};

static inline void port_count_tlp(void *ctx, const struct fabric_tlp *t)
{
	struct port_count *c = ctx;

	if (t->port != c->port)
		return;
	if (t->dir == FABRIC_INBOUND && t->cls == TLP_CLASS_P)
		c->wr_bytes += t->count * t->payload_bytes;
	if (t->dir == FABRIC_OUTBOUND && t->cls == TLP_CLASS_CPL)
		c->cpl_bytes += t->count * t->payload_bytes;
	c->tlps += t->count;
	c->bulk += t->count > 1;
}

/* c counts at the Root Port of rid, a port of core (0, core). */
static inline void port_count_add(struct fabric *f, struct port_count *c, uint16_t rid, int core)
{
	memset(c, 0, sizeof(*c));
	c->port = node(f, rid);
	assert_int_equal(fabric_add_observer(f, 0, core, port_count_tlp, c), 0);
	fabric_observer_counts(f, port_count_tlp, c, true);
}

#endif
