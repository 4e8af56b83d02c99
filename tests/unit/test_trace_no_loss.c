// SPDX-License-Identifier: GPL-2.0-only
/*
 * No silent loss on the trace path: the PTT on kunpeng930 records every TLP
 * of its filter (all types, outbound, Root Ports 00:10.0/00:10.1, 8DW so the
 * whole header is compared) against the fabric's own log of what crossed.
 * - A reader that keeps up at a high rate gets exactly the generated TLPs.
 * - A reader that drains the smallest AUX area (16 MiB) only every 2000th
 *   slice loses TLPs, but only after a PERF_RECORD_AUX says TRUNCATED: what
 *   it got is an unbroken prefix of the ground truth, and every byte it got
 *   was announced by an AUX record.  Nothing disappears in the middle.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "aux_drain.h"
#include <linux/perf_event.h>

#include <pciescope/core/kernel.h>
#include <pciescope/fabric/fabric.h>
#include <pciescope/pcie/tlp.h>
#include <pciescope/platform/platform.h>

/* filter 0x80001 (Root Ports 00:10.x), direction 1 (outbound), type 7, 8DW */
#define CFG_ALL_OUT_8DW (0x80001ull | 1ull << 20 | 7ull << 24 | 1ull << 32)
#define AUX_BYTES (16u << 20)

struct rig {
	struct platform *p;
	struct kcore *k;
	struct fabric *f;
	struct perf_event *e;
	struct aux_drained aux;
	uint32_t (*log)[4];
	size_t nlog, caplog;
	bool logging;
	unsigned drain_every, polls;
};

static int boot(void **state, const char *workload)
{
	struct platform_options o = {.workload = workload, .seed = 9, .ephemeral = true};
	struct rig *r = calloc(1, sizeof(*r));
	char err[256];

	assert_int_equal(platform_boot(&o, &r->p, err, sizeof(err)), 0);
	r->k = platform_kcore(r->p);
	r->f = platform_fabric(r->p);
	*state = r;
	return 0;
}

static int boot_storage(void **state)
{
	return boot(state, "storage-read");
}

static int shutdown(void **state)
{
	struct rig *r = *state;

	platform_shutdown(r->p);
	free(r->aux.data);
	free(r->log);
	free(r);
	return 0;
}

static void ground_truth(void *ctx, const struct fabric_tlp *t)
{
	struct rig *r = ctx;
	const struct fabric_node_desc *rp = fabric_node(r->f, t->port);

	if (!r->logging || t->dir != FABRIC_OUTBOUND || PCI_RID_DEV(rp->rid) != 0x10 ||
	    PCI_RID_BUS(rp->rid))
		return;
	if (r->nlog == r->caplog) {
		r->caplog = r->caplog ? 2 * r->caplog : 65536;
		r->log = realloc(r->log, r->caplog * sizeof(*r->log));
		assert_non_null(r->log);
	}
	memcpy(r->log[r->nlog++], t->hdr, sizeof(t->hdr));
}

static int drain(void *ctx)
{
	struct rig *r = ctx;

	if (r->drain_every && ++r->polls % r->drain_every)
		return 0;
	aux_drain(r->e, &r->aux);
	return 0;
}

static void record(struct rig *r, uint64_t ns)
{
	struct perf_event_attr a = {
	    .size = sizeof(a), .config = CFG_ALL_OUT_8DW, .sample_period = 1, .disabled = 1};

	a.type = (uint32_t)perf_pmu_find(r->k->perf, "hisi_ptt0_2")->type;
	assert_int_equal(fabric_add_observer(r->f, 0, 2, ground_truth, r), 0);
	assert_int_equal(perf_event_open(r->k->perf, &a, -1, 0, NULL, &r->e), 0);
	assert_int_equal(perf_event_aux_map(r->e, AUX_BYTES, false), 0);
	r->logging = true;
	assert_int_equal(perf_event_enable(r->e), 0);
	assert_int_equal(platform_run_for(r->p, ns, drain, r), 0);
	assert_int_equal(perf_event_disable(r->e), 0);
	r->logging = false;
	r->drain_every = 0;
	drain(r);
	perf_event_close(r->e);
	fabric_remove_observer(r->f, ground_truth, r);
}

static uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The traced entries are the first len/32 generated TLPs, in order. */
static void assert_prefix_of_ground_truth(const struct rig *r)
{
	assert_int_equal(r->aux.len % 32, 0);
	assert_true(r->aux.len / 32 <= r->nlog);
	for (size_t i = 0; i < r->aux.len / 32; i++) {
		const uint8_t *e = r->aux.data + 32 * i;

		assert_int_equal(le32(e), 0xffffffffu);
		for (int w = 0; w < 4; w++)
			if (le32(e + 8 + 4 * w) != r->log[i][w])
				fail_msg("entry %zu of %zu differs from the ground truth", i,
					 r->nlog);
	}
}

static void a_reader_that_keeps_up_gets_every_tlp(void **state)
{
	struct rig *r = *state;

	record(r, 4000000);
	assert_true(r->nlog > 10000);
	assert_int_equal(r->aux.len, r->nlog * 32);
	assert_int_equal(r->aux.announced, r->aux.len);
	assert_false(r->aux.aux_flags & PERF_AUX_FLAG_TRUNCATED);
	assert_prefix_of_ground_truth(r);
}

static void a_slow_reader_loses_only_after_truncated(void **state)
{
	struct rig *r = *state;

	r->drain_every = 2000;
	record(r, 20000000);
	assert_true(r->aux.aux_flags & PERF_AUX_FLAG_TRUNCATED);
	assert_true(r->aux.len / 32 < r->nlog);
	assert_true(r->aux.len >= AUX_BYTES / 2);
	assert_int_equal(r->aux.announced, r->aux.len);
	assert_prefix_of_ground_truth(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(a_reader_that_keeps_up_gets_every_tlp, boot_storage,
					    shutdown),
	    cmocka_unit_test_setup_teardown(a_slow_reader_loses_only_after_truncated, boot_storage,
					    shutdown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
