// SPDX-License-Identifier: GPL-2.0-only
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/pcie/tlp.h>

#include "fabric_topo.h"
#include "test_scale.h"

#define MS 1000000ull

static struct fabric *with_workload(uint64_t seed, const char *w, const char *params)
{
	struct fabric *f = test_fabric(seed);
	struct error err;

	assert_non_null(f);
	assert_int_equal(fabric_set_workload(f, w, params, &err), 0);
	return f;
}

static void hash_tlp(void *ctx, const struct fabric_tlp *t)
{
	uint64_t *h = ctx;
	const unsigned char *p = (const unsigned char *)t;

	for (size_t i = 0; i < offsetof(struct fabric_tlp, req_time_ns); i++)
		*h = (*h ^ p[i]) * 0x100000001b3ull;
	h[1]++;
}

/* 2 ms of the mixed workload; under qemu 0.5 ms (still some 97000 TLPs) */
static void run_hash(uint64_t seed, uint64_t out[2])
{
	struct fabric *f = with_workload(seed, "mixed", NULL);

	out[0] = 0xcbf29ce484222325ull;
	out[1] = 0;
	fabric_add_observer(f, 0xffff, 0xffff, hash_tlp, out);
	assert_int_equal(fabric_run_until(f, test_size(2 * MS, MS / 2)), 0);
	fabric_destroy(f);
}

static void same_seed_same_tlps(void **state)
{
	uint64_t a[2], b[2], c[2];

	run_hash(7, a);
	run_hash(7, b);
	run_hash(8, c);
	assert_true(a[1] > 10000);
	assert_int_equal(a[0], b[0]);
	assert_int_equal(a[1], b[1]);
	assert_true(a[0] != c[0]);
}

static uint64_t wire(const struct fabric_port_stats *s, int dir)
{
	uint64_t b = 0;

	for (int c = 0; c < 3; c++)
		b += s->bytes[dir][c] + s->hdr_bytes[dir][c] + 8 * s->tlps[dir][c];
	return b;
}

static void link_ceiling(void **state)
{
	struct fabric *f = with_workload(1, "storage-write", "size=65536");
	struct fabric_port_stats s;
	/* x8 at 16 GT/s with 128b/130b: 15.75 GB/s, i.e. 157.5 MB in 10 ms. */
	const uint64_t cap = 8ull * 16000000000ull / 8 * 128 / 130 / 100;

	fabric_run_until(f, 10 * MS);
	fabric_port_stats(f, T_RP0, &s);
	assert_true(wire(&s, FABRIC_INBOUND) <= cap);
	assert_true(wire(&s, FABRIC_INBOUND) > cap * 9 / 10);
	fabric_destroy(f);
}

/* The completions' share of 00:00.0's outbound bytes over 5 ms; under qemu 1 ms. */
static double cpl_share(unsigned level)
{
	struct fabric *f = with_workload(1, "storage-read", NULL);
	struct fabric_port_stats s;
	double share;

	fabric_set_qos_weight(f, 0, 0, FABRIC_QOS_CPL, level);
	fabric_run_until(f, test_size(5 * MS, 1 * MS));
	fabric_port_stats(f, T_RP0, &s);
	share = (double)s.bytes[FABRIC_OUTBOUND][2] / (double)wire(&s, FABRIC_OUTBOUND);
	fabric_destroy(f);
	return share;
}

static void qos_cpl_weight_raises_share(void **state)
{
	double s0 = cpl_share(0), s1 = cpl_share(1), s2 = cpl_share(2);

	assert_true(s0 < s1);
	assert_true(s1 < s2);
	assert_true(s2 > 1.5 * s0);
}

static uint64_t read_bytes(unsigned rx_level)
{
	struct fabric *f = with_workload(1, "storage-read", "mmio=0");
	struct fabric_port_stats s;

	fabric_set_buf_level(f, 0, 0, true, rx_level);
	fabric_run_until(f, 5 * MS);
	fabric_port_stats(f, T_RP0, &s);
	fabric_destroy(f);
	return s.bytes[FABRIC_OUTBOUND][2];
}

static void rx_watermark_limits_reads(void **state)
{
	uint64_t b0 = read_bytes(0), b2 = read_bytes(2);

	assert_true(b2 > b0 * 5 / 4);
}

struct balance {
	int64_t *open;
	uint64_t requests, completions;
};

#define BAL_SLOTS (1u << 20)

static void balance_tlp(void *ctx, const struct fabric_tlp *t)
{
	struct balance *b = ctx;
	uint32_t tag = (t->hdr[0] >> 23 & 1) << 9 | (t->hdr[0] >> 19 & 1) << 8;
	uint32_t len = (t->hdr[0] & 0x3ff) * 4;

	if (t->cls == 1) {
		tag |= t->hdr[1] >> 8 & 0xff;
		b->open[((t->hdr[1] >> 16) << 10 | tag) % BAL_SLOTS] += len;
		b->requests++;
	} else if (t->cls == 2) {
		tag |= t->hdr[2] >> 8 & 0xff;
		b->open[((t->hdr[2] >> 16) << 10 | tag) % BAL_SLOTS] -= t->payload_bytes;
		b->completions++;
	}
}

static void every_request_completed(void **state)
{
	struct fabric *f = with_workload(3, "mixed", NULL);
	struct balance b = {.open = calloc(BAL_SLOTS, sizeof(int64_t))};
	struct error err;

	assert_non_null(b.open);
	fabric_add_observer(f, 0xffff, 0xffff, balance_tlp, &b);
	fabric_run_until(f, 2 * MS);
	assert_int_equal(fabric_set_workload(f, "idle", NULL, &err), 0);
	fabric_run_until(f, 3 * MS);
	assert_true(b.requests > 1000);
	assert_true(b.completions >= b.requests);
	for (uint32_t i = 0; i < BAL_SLOTS; i++)
		assert_int_equal(b.open[i], 0);
	free(b.open);
	fabric_destroy(f);
}

struct sets {
	uint64_t a, b, other;
	uint16_t rp_rid[T_N];
};

static void count_sets(void *ctx, const struct fabric_tlp *t)
{
	struct sets *s = ctx;

	if (t->dir != FABRIC_INBOUND || t->cls != 2)
		return;
	if (t->cpl_set == FABRIC_CPL_B)
		s->b++;
	else if (t->cpl_set == FABRIC_CPL_A)
		s->a++;
	else
		s->other++;
}

static void p2p_completions_are_cpl_b(void **state)
{
	struct fabric *f = with_workload(1, "p2p", NULL);
	struct sets s = {0};

	fabric_add_observer(f, 0xffff, 0xffff, count_sets, &s);
	fabric_run_until(f, 1 * MS);
	assert_true(s.b > 100);
	assert_int_equal(s.a, 0);
	assert_int_equal(s.other, 0);
	fabric_destroy(f);

	f = with_workload(1, "storage-read", "remote=0");
	memset(&s, 0, sizeof(s));
	fabric_add_observer(f, 0, 0, count_sets, &s);
	fabric_run_until(f, 1 * MS);
	assert_true(s.a > 10);
	assert_int_equal(s.b, 0);
	fabric_destroy(f);
}

static void bad_workloads_refused(void **state)
{
	struct fabric *f = test_fabric(1);
	struct error err;

	assert_int_equal(fabric_set_workload(f, "bogus", NULL, &err), -22);
	assert_non_null(strstr(err.msg, "bogus"));
	assert_int_equal(fabric_set_workload(f, "nic", "size=0", &err), -22);
	assert_non_null(strstr(err.msg, "size=0"));
	assert_int_equal(fabric_set_workload(f, "nic", "qd", &err), -22);
	assert_int_equal(fabric_set_workload(f, "nic", "rate=1k,size=64", &err), 0);
	/* numbers beyond 64 bits, typed or scaled, are refused, not saturated */
	assert_int_equal(fabric_set_workload(f, "mixed", "msg=44444444444444444444444", &err), -22);
	assert_int_equal(fabric_set_workload(f, "mixed", "msg=18446744073709551M", &err), -22);
	fabric_destroy(f);
}

static void count_msgs(void *ctx, const struct fabric_tlp *t)
{
	uint64_t *n = ctx;
	enum tlp_kind k = tlp_kind_of(t->hdr[0]);

	if (t->dir == FABRIC_INBOUND && (k == TLP_MSG || k == TLP_MSGD))
		(*n)++;
}

/*
 * Messages at a rate no link carries (the fuzzer's msg=4444...: a period of
 * 0 ps) are paced by credits and the link: the run ends (it used to spin at
 * one instant, queueing messages until memory ran out), and each of the 4
 * endpoints sent at most one per nanosecond.
 */
static void message_flood_is_paced(void **state)
{
	struct fabric *f = with_workload(1, "mixed", "msg=2000000000000");
	uint64_t n = 0;

	fabric_add_observer(f, 0xffff, 0xffff, count_msgs, &n);
	fabric_run_until(f, 100000);
	assert_true(n > 1000);
	assert_true(n <= 4 * 100000);
	fabric_destroy(f);
}

/*
 * Four functions behind a x1 Gen1 Root Port flood it with messages, so
 * they run out of posted credits.  A function without a credit tries again
 * no sooner than 1 ns later: the fuzzer's input (msg=549999999995, a
 * period of 1 ps) took 83 s for 2 us of simulation when it retried every
 * period; these 2 ms (0.5 ms under qemu) would take hours (and time out).
 * Every function must have sent some, and the link cannot have carried more
 * than it can.
 */
static void message_flood_without_credits_ends(void **state)
{
	struct fabric *f = fabric_create(1);
	struct fabric_node_desc rp = {FABRIC_ROOT_PORT, 0, 0x0000, -1, 0, 0, 1, 1};
	const uint64_t ns = test_size(2 * MS, MS / 2);
	uint64_t n = 0;
	struct error err;

	assert_int_equal(fabric_add_node(f, &rp), 0);
	for (int i = 0; i < 4; i++) {
		struct fabric_node_desc ep = {
		    FABRIC_ENDPOINT,	  0, (uint16_t)(0x100 + i), 0, 0, 0, 1, 1,
		    .role = FABRIC_EP_GPU};

		assert_int_equal(fabric_add_node(f, &ep), 1 + i);
	}
	assert_int_equal(
	    fabric_set_workload(f, "mixed", "msg=549999999995,mmio=0,mmio_rd=0,cfg=0", &err), 0);
	fabric_add_observer(f, 0xffff, 0xffff, count_msgs, &n);
	fabric_run_until(f, ns);
	assert_true(n > 4 * 100);
	assert_true(n <= ns / 50);
	fabric_destroy(f);
}

static void removed_endpoint_goes_quiet(void **state)
{
	struct fabric *f = with_workload(1, "storage-read", NULL);
	struct fabric_port_stats a, b;

	fabric_run_until(f, 1 * MS);
	assert_int_equal(fabric_remove_node(f, T_NVME), 0);
	assert_false(fabric_node_present(f, T_NVME));
	fabric_run_until(f, 2 * MS);
	fabric_port_stats(f, T_NVME, &a);
	fabric_run_until(f, 3 * MS);
	fabric_port_stats(f, T_NVME, &b);
	assert_memory_equal(&a, &b, sizeof(a));
	assert_int_equal(fabric_restore_node(f, T_NVME), 0);
	fabric_run_until(f, 4 * MS);
	fabric_port_stats(f, T_NVME, &b);
	assert_true(b.tlps[FABRIC_INBOUND][1] > a.tlps[FABRIC_INBOUND][1]);
	fabric_destroy(f);
}

/*
 * Eight NVMe devices behind one switch: with the CPU writing as fast as the
 * Root Port's Tx request buffer takes it, their 24 CPU streams all wait for
 * room at that one port, and every one is woken when it drains (no table
 * of waiters that drops the seventeenth for good): each device answers its
 * MMIO and config reads.
 */
static void every_waiting_stream_is_woken(void **state)
{
	enum { N = 8 };
	struct fabric_node_desc rp = {FABRIC_ROOT_PORT, 0, 0x0000, -1, 0, 0, 8, 4};
	struct fabric_node_desc up = {FABRIC_SWITCH_UP, 0, 0x0100, 0, 0, 0, 8, 4};
	struct fabric *f = fabric_create(1);
	int ep[N];
	struct error err;

	(void)state;
	assert_non_null(f);
	assert_int_equal(fabric_add_node(f, &rp), 0);
	assert_int_equal(fabric_add_node(f, &up), 1);
	for (int i = 0; i < N; i++) {
		struct fabric_node_desc dn = {
		    FABRIC_SWITCH_DOWN, 0, (uint16_t)(0x0200 | i << 3), 1, 0, 0, 8, 4};
		struct fabric_node_desc nvme = {
		    FABRIC_ENDPOINT,	   0, (uint16_t)((0x10 + i) << 8), -1, 0, 0, 4, 4,
		    .role = FABRIC_EP_NVME};

		nvme.parent = fabric_add_node(f, &dn);
		assert_true(nvme.parent > 1);
		ep[i] = fabric_add_node(f, &nvme);
		assert_true(ep[i] > nvme.parent);
	}
	assert_int_equal(fabric_set_workload(f, "storage-read", NULL, &err), 0);
	assert_int_equal(fabric_run_until(f, test_size(2 * MS, MS / 2)), 0);
	for (int i = 0; i < N; i++) {
		struct fabric_port_stats s;

		assert_int_equal(fabric_port_stats(f, ep[i], &s), 0);
		assert_true(s.tlps[FABRIC_INBOUND][TLP_CLASS_CPL] > 10);
	}
	fabric_destroy(f);
}

struct decoded {
	uint64_t n, pasid;
	int bad;
};

static void decode_tlp(void *ctx, const struct fabric_tlp *t)
{
	struct decoded *d = ctx;
	uint32_t dw[5];
	struct tlp_hdr h;
	struct tlp_pasid p;
	size_t n = 0;

	if (t->prefix)
		dw[n++] = t->prefix;
	for (int i = 0; i < 4; i++)
		dw[n++] = t->hdr[i];
	d->n++;
	if (tlp_decode(dw, n, &h) < 0 || tlp_class_of(h.kind) != t->cls ||
	    tlp_payload_bytes(&h) != (t->payload_bytes + 3) / 4 * 4 ||
	    (h.kind == TLP_CPLD && h.byte_count < t->payload_bytes % 4096)) {
		d->bad++;
		return;
	}
	if (tlp_hdr_pasid(&h, &p) == 0 && p.pasid == 5 && h.requester == 0x3c00)
		d->pasid++;
}

static void headers_decode_with_the_codec(void **state)
{
	struct fabric *f = with_workload(5, "mixed", NULL);
	struct decoded d = {0};

	fabric_add_observer(f, 0xffff, 0xffff, decode_tlp, &d);
	fabric_run_until(f, 1 * MS);
	assert_true(d.n > 10000);
	assert_int_equal(d.bad, 0);
	assert_true(d.pasid > 100);
	fabric_destroy(f);
}

/* A fast writer into a slow peer is held back by its posted credits, not queued without end. */
static void p2p_writes_are_flow_controlled(void **state)
{
	static const struct fabric_node_desc d[] = {
	    {FABRIC_ROOT_PORT, 0, 0x0000, -1, 0, 0, 16, 4},
	    {FABRIC_ENDPOINT, 0, 0x0100, 0, 0, 0, 16, 4, .role = FABRIC_EP_GPU},
	    {FABRIC_ROOT_PORT, 0, 0x0008, -1, 0, 0, 1, 1},
	    {FABRIC_ENDPOINT, 0, 0x0200, 2, 0, 0, 1, 1, .role = FABRIC_EP_ACCEL},
	};
	struct fabric *f = fabric_create(1);
	struct fabric_port_stats in, out;
	struct error err;

	for (int i = 0; i < 4; i++)
		assert_int_equal(fabric_add_node(f, &d[i]), i);
	assert_int_equal(fabric_set_workload(f, "p2p", "qd=1", &err), 0);
	fabric_run_until(f, 2 * MS);
	fabric_port_stats(f, 0, &in);
	fabric_port_stats(f, 2, &out);
	assert_true(out.bytes[FABRIC_OUTBOUND][0] > 100000);
	assert_true(in.bytes[FABRIC_INBOUND][0] - out.bytes[FABRIC_OUTBOUND][0] <= 64 * 4096);
	fabric_destroy(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(same_seed_same_tlps),
	    cmocka_unit_test(headers_decode_with_the_codec),
	    cmocka_unit_test(link_ceiling),
	    cmocka_unit_test(qos_cpl_weight_raises_share),
	    cmocka_unit_test(rx_watermark_limits_reads),
	    cmocka_unit_test(every_request_completed),
	    cmocka_unit_test(p2p_completions_are_cpl_b),
	    cmocka_unit_test(p2p_writes_are_flow_controlled),
	    cmocka_unit_test(bad_workloads_refused),
	    cmocka_unit_test(message_flood_is_paced),
	    cmocka_unit_test(message_flood_without_credits_ends),
	    cmocka_unit_test(removed_endpoint_goes_quiet),
	    cmocka_unit_test(every_waiting_stream_is_woken),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
