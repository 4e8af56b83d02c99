// SPDX-License-Identifier: GPL-2.0-only
/*
 * A requester's share of its port under the rate model (docs/fabric.md,
 * *The rate model*): mixed's six NIC functions share Root Port 00:10.0's
 * request slots and take turns of about 20 us, so a 5 us window holds one
 * or two of them.  A counter that filters by requester (the PCIe PMU's
 * bdf=) and the statistics of each function are held to the per-TLP
 * engine's within 2 %: the shares come from every window since the model
 * began, not from the window a skip scales (which gave one function 14 %
 * too much and another 32 % too little over 50 ms).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "kunpeng_fabric.h"
#include "test_scale.h"

#define MS 1000000ull
#define BUDGET 1500000 /* TLPs per simulated second per domain */
#define NICS 6

static const uint16_t nic_rid[NICS] = {0x0100, 0x0101, 0x0110, 0x0111, 0x0112, 0x0113};

/* As a PMU counter with bdf= counts at 00:10.0: reads in, completions' bytes out, per requester. */
struct by_requester {
	int port;
	uint64_t reads[NICS], cpl_bytes[NICS], bulk;
};

static int nic_of(uint16_t rid)
{
	for (int i = 0; i < NICS; i++)
		if (nic_rid[i] == rid)
			return i;
	return -1;
}

static void requester_tlp(void *ctx, const struct fabric_tlp *t)
{
	struct by_requester *c = ctx;
	int in_read = t->dir == FABRIC_INBOUND && t->cls == TLP_CLASS_NP;
	int out_cpl = t->dir == FABRIC_OUTBOUND && t->cls == TLP_CLASS_CPL;
	int i = nic_of((uint16_t)((out_cpl ? t->hdr[2] : t->hdr[1]) >> 16));

	if (t->port != c->port || i < 0)
		return;
	c->bulk += (t->seq & FABRIC_SEQ_BULK) != 0;
	if (in_read)
		c->reads[i] += t->count;
	if (out_cpl)
		c->cpl_bytes[i] += t->count * t->payload_bytes;
}

static void assert_near(const char *what, int nic, uint64_t engine, uint64_t rate)
{
	uint64_t d = engine > rate ? engine - rate : rate - engine;

	if (d * 50 > engine)
		fail_msg(
		    "%s of %04x: rate model %llu against the engine's %llu, more than 2 %% apart",
		    what, nic_rid[nic], (unsigned long long)rate, (unsigned long long)engine);
}

static void shares_of_requesters_sharing_a_port(void **state)
{
	const uint64_t end = test_size(20 * MS, 10 * MS);
	struct by_requester c[2];
	struct fabric_port_stats s[2][NICS];

	for (int r = 0; r < 2; r++) {
		struct fabric *f = kunpeng("mixed");

		fabric_set_rate_model(f, r ? BUDGET : 0);
		memset(&c[r], 0, sizeof(c[r]));
		c[r].port = node(f, 0x0080); /* 00:10.0 */
		assert_int_equal(fabric_add_observer(f, 0, 2, requester_tlp, &c[r]), 0);
		fabric_observer_counts(f, requester_tlp, &c[r], true);
		assert_int_equal(fabric_run_until(f, end), 0);
		for (int i = 0; i < NICS; i++)
			fabric_port_stats(f, node(f, nic_rid[i]), &s[r][i]);
		fabric_destroy(f);
	}
	assert_int_equal(c[0].bulk, 0);
	assert_true(c[1].bulk > 0); /* the model skipped */
	for (int i = 0; i < NICS; i++) {
		assert_true(c[0].reads[i] > 10000);
		assert_near("reads counted", i, c[0].reads[i], c[1].reads[i]);
		assert_near("completion bytes counted", i, c[0].cpl_bytes[i], c[1].cpl_bytes[i]);
		assert_near("reads in its statistics", i,
			    s[0][i].tlps[FABRIC_INBOUND][TLP_CLASS_NP],
			    s[1][i].tlps[FABRIC_INBOUND][TLP_CLASS_NP]);
		assert_near("completion bytes in its statistics", i,
			    s[0][i].bytes[FABRIC_OUTBOUND][TLP_CLASS_CPL],
			    s[1][i].bytes[FABRIC_OUTBOUND][TLP_CLASS_CPL]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(shares_of_requesters_sharing_a_port),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
