// SPDX-License-Identifier: GPL-2.0-only
/*
 * No silent loss on the trace path: the PTT on kunpeng930 records every TLP
 * of its filter (all types, outbound, Root Ports 00:10.0/00:10.1, 8DW so the
 * whole header is compared) against the fabric's own log of what crossed.
 * - A reader that keeps up at a high rate gets exactly the generated TLPs.
 * - A reader that drains the smallest AUX area (16 MiB) only every 2000th
 *   slice loses TLPs, but only after the trace stopped, which no record
 *   flags (as with Linux's driver) and its last hand-over of whole buffers
 *   tells: what it got is an unbroken prefix of the ground truth, and every
 *   byte it got was announced by an AUX record.  Nothing disappears in the
 *   middle.
 * Under qemu (test_scale.h) the reader that keeps up records 0.5 ms (some
 * 31000 TLPs) instead of 4 ms, and the slow one 10 ms instead of 20: the
 * area is full after about 6.3 ms.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <linux/perf_event.h>

#include <pciescope/pcie/tlp.h>
#include <pciescope/trace/ptt_entry.h>

#include "ptt_rig.h"
#include "test_scale.h"

/* filter 0x80001 (Root Ports 00:10.x), direction 1 (outbound), type 7, 8DW */
#define CFG_ALL_OUT_8DW PTT_CFG(0x80001, 1, 7, 1)
#define AUX_BYTES (16u << 20)

static int boot_storage(void **state)
{
	return ptt_rig_setup(state, "storage-read", 9);
}

/* Every outbound TLP through 00:10.x is in r->hdr. */
static void record(struct ptt_rig *r, uint64_t ns)
{
	r->hdr_dir = FABRIC_OUTBOUND;
	r->hdr_cls = -1;
	ptt_rig_record(r, CFG_ALL_OUT_8DW, AUX_BYTES, ns, ptt_rig_log_header, r);
}

/* The traced entries are the first len/32 generated TLPs, in order. */
static void assert_prefix_of_ground_truth(const struct ptt_rig *r)
{
	assert_int_equal(r->aux.len % 32, 0);
	assert_true(r->aux.len / 32 <= r->nhdr);
	for (size_t i = 0; i < r->aux.len / 32; i++) {
		const uint8_t *e = r->aux.data + 32 * i;

		assert_int_equal(ptt_le32(e), 0xffffffffu);
		for (int w = 0; w < 4; w++)
			if (ptt_le32(e + 8 + 4 * w) != r->hdr[i][w])
				fail_msg("entry %zu of %zu differs from the ground truth", i,
					 r->nhdr);
	}
}

static void a_reader_that_keeps_up_gets_every_tlp(void **state)
{
	struct ptt_rig *r = *state;

	record(r, test_size(4000000, 500000));
	assert_true(r->nhdr > 10000);
	assert_int_equal(r->aux.len, r->nhdr * 32);
	assert_int_equal(r->aux.announced, r->aux.len);
	assert_false(r->aux.aux_flags & PERF_AUX_FLAG_TRUNCATED);
	assert_prefix_of_ground_truth(r);
}

static void a_slow_reader_loses_only_after_the_stop(void **state)
{
	struct ptt_rig *r = *state;

	r->drain_every = 2000;
	record(r, test_size(20000000, 10000000));
	assert_false(r->aux.aux_flags & PERF_AUX_FLAG_TRUNCATED);
	assert_true(r->aux.len / 32 < r->nhdr);
	assert_int_equal(r->aux.len, AUX_BYTES);
	assert_int_equal(r->aux.last_size % PTT_TRACE_BUF_BYTES, 0);
	assert_int_equal(r->aux.announced, r->aux.len);
	assert_prefix_of_ground_truth(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(a_reader_that_keeps_up_gets_every_tlp, boot_storage,
					    ptt_rig_teardown),
	    cmocka_unit_test_setup_teardown(a_slow_reader_loses_only_after_the_stop, boot_storage,
					    ptt_rig_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
