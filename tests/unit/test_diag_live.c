// SPDX-License-Identifier: GPL-2.0-only
/*
 * The live rules of the diag library over the link model, each with a
 * case that fires it and a near miss that must not:
 *  - link-downgraded: a link trained below what both its ends support, not
 *    one limited by its device;
 *  - link-saturated: traffic in a direction at 90 % of what the link
 *    carries for TLPs at its own MPS, a link of a shared port bit judged on
 *    its own split figures (the x4 drive at 92 % beside its x16 NIC);
 *  - link-may-be-saturated: a range whose top reaches 90 %;
 *  - link-load: what every other counted link carries, none for a link
 *    nothing counted;
 *  - diag_link_causes: a requester's latency behind a saturated link is
 *    put under it, one behind another link is not.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <pciescope/diag/live.h>
#include <pciescope/pcie/traffic.h>

static size_t findings(const struct link *k, size_t n, struct diag_findings *l)
{
	struct diag_thresholds th;

	diag_thresholds_default(&th);
	memset(l, 0, sizeof(*l));
	assert_int_equal(diag_live_rules(k, n, &th, l), 0);
	return l->n;
}

static size_t with_id(const struct diag_findings *l, const char *id)
{
	size_t n = 0;

	for (size_t i = 0; i < l->n; i++)
		n += !strcmp(l->f[i].id, id);
	return n;
}

static const struct diag_finding *find(const struct diag_findings *l, const char *id)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->f[i].id, id))
			return &l->f[i];
	return NULL;
}

static double figure(const struct diag_finding *f, const char *name)
{
	for (size_t i = 0; i < f->nfig; i++)
		if (!strcmp(f->fig[i].name, name))
			return f->fig[i].value;
	fail_msg("%s has no figure %s", f->id, name);
	return 0;
}

/* A 16 GT/s x4 link at MPS mps, nothing counted. */
static struct link x4(const char *bdf, unsigned mps)
{
	struct link k = {.speed_gts = 16,
			 .max_speed_gts = 16,
			 .width = 4,
			 .max_width = 4,
			 .mps = mps,
			 .capacity_mbps = pcie_link_tlp_capacity_mbps(16, 4, mps)};

	snprintf(k.bdf, sizeof(k.bdf), "%s", bdf);
	for (int d = 0; d < LINK_NDIR; d++)
		k.dir[d] = (struct link_flow){.traffic_mbps = -1,
					      .lo_mbps = -1,
					      .hi_mbps = -1,
					      .util_pct = -1,
					      .util_lo_pct = -1,
					      .util_hi_pct = -1,
					      .read_ns = -1};
	return k;
}

/* A direction the PMU counted at mbps (basis COUNTED or SPLIT). */
static void carries(struct link *k, enum link_dir d, enum link_basis basis, double mbps)
{
	struct link_flow *f = &k->dir[d];

	f->basis = basis;
	f->traffic_mbps = f->lo_mbps = f->hi_mbps = mbps;
	f->util_pct = f->util_lo_pct = f->util_hi_pct =
	    pcie_link_utilisation(mbps, k->capacity_mbps);
	f->busy = f->util_hi_pct >= LINK_BUSY_PCT;
}

static void may_carry(struct link *k, enum link_dir d, double lo, double hi)
{
	struct link_flow *f = &k->dir[d];

	f->basis = LINK_RANGE;
	f->traffic_mbps = f->util_pct = -1;
	f->lo_mbps = lo;
	f->hi_mbps = hi;
	f->util_lo_pct = pcie_link_utilisation(lo, k->capacity_mbps);
	f->util_hi_pct = pcie_link_utilisation(hi, k->capacity_mbps);
	f->busy = f->util_hi_pct >= LINK_BUSY_PCT;
}

static void downgraded_needs_both_ends(void **state)
{
	struct link k = x4("0000:00:0c.0", 256);
	struct diag_findings l;

	k.speed_gts = 8;
	k.have_dev = true;
	k.dev_max_speed_gts = 8;
	k.dev_max_width = 4;
	/* the device tops out at 8 GT/s: the link is as fast as it can be */
	assert_int_equal(findings(&k, 1, &l), 0);
	diag_findings_free(&l);
	k.dev_max_speed_gts = 16;
	assert_int_equal(findings(&k, 1, &l), 1);
	assert_string_equal(l.f[0].id, "link-downgraded");
	assert_string_equal(l.f[0].subject, "0000:00:0c.0");
	assert_int_equal(l.f[0].severity, DIAG_WARNING);
	assert_true(figure(&l.f[0], "supported_speed_gts") == 16);
	diag_findings_free(&l);
	/* width too: x8 against a x16 port is fine for a x8 device, not for a x16 one */
	k = x4("0000:00:00.0", 256);
	k.width = 8, k.max_width = 16;
	k.have_dev = true;
	k.dev_max_speed_gts = 16;
	k.dev_max_width = 8;
	assert_int_equal(findings(&k, 1, &l), 0);
	diag_findings_free(&l);
	k.dev_max_width = 16;
	assert_int_equal(findings(&k, 1, &l), 1);
	assert_string_equal(l.f[0].id, "link-downgraded");
	diag_findings_free(&l);
}

/*
 * 90 % of what the link leaves for TLPs: a 16 GT/s x4 link at MPS 256 sends
 * two 8-byte DLLPs per 214 symbol times (its Ack latency limit) and a
 * 4-symbol SKP per 1538.
 */
static void saturated_from_ninety_percent_of_the_tlp_capacity(void **state)
{
	double cap = pcie_link_capacity_mbps(16, 4) * (1 - 16.0 / 214 - 4.0 / 1538);
	struct link k = x4("0000:00:04.0", 256);
	struct diag_findings l;

	assert_true(k.capacity_mbps > 0.9999 * cap && k.capacity_mbps < 1.0001 * cap);
	carries(&k, LINK_RX, LINK_COUNTED, 10);
	carries(&k, LINK_TX, LINK_COUNTED, 0.895 * cap);
	assert_int_equal(findings(&k, 1, &l), 1);
	assert_string_equal(l.f[0].id, "link-load");
	diag_findings_free(&l);
	carries(&k, LINK_TX, LINK_COUNTED, 0.9 * cap);
	assert_int_equal(findings(&k, 1, &l), 1);
	assert_string_equal(l.f[0].id, "link-saturated");
	assert_int_equal(l.f[0].severity, DIAG_WARNING);
	assert_non_null(strstr(l.f[0].summary, "outbound"));
	assert_true(figure(&l.f[0], "share") > 0.899 && figure(&l.f[0], "share") < 0.901);
	assert_true(figure(&l.f[0], "inbound_mbps") == 10);
	diag_findings_free(&l);
}

/* A link set to MPS 128 sends more DLLPs per byte: it saturates sooner than at 256. */
static void saturation_at_the_links_own_mps(void **state)
{
	struct link k = x4("0000:00:04.0", 128);
	struct diag_findings l;

	carries(&k, LINK_TX, LINK_COUNTED, 0.905 * k.capacity_mbps);
	assert_true(k.dir[LINK_TX].traffic_mbps < 0.9 * pcie_link_tlp_capacity_mbps(16, 4, 256));
	assert_int_equal(findings(&k, 1, &l), 1);
	assert_string_equal(l.f[0].id, "link-saturated");
	diag_findings_free(&l);
}

/*
 * The storage-read: 00:10.1 (x4) at 92 % outbound shares its port
 * bit with 00:10.0 (x16) at 5 %; their sum over both links reads under a
 * quarter.  Each is judged on its own split figures.
 */
static void a_split_link_is_judged_on_its_own(void **state)
{
	struct link k[2] = {x4("0000:00:10.0", 256), x4("0000:00:10.1", 256)};
	struct diag_findings l;

	k[0].width = k[0].max_width = 16;
	k[0].capacity_mbps = pcie_link_tlp_capacity_mbps(16, 16, 256);
	snprintf(k[0].shares, sizeof(k[0].shares), "0000:00:10.1");
	snprintf(k[1].shares, sizeof(k[1].shares), "0000:00:10.0");
	carries(&k[0], LINK_TX, LINK_SPLIT, 0.05 * k[0].capacity_mbps);
	carries(&k[1], LINK_TX, LINK_SPLIT, 0.92 * k[1].capacity_mbps);
	assert_true((k[0].dir[LINK_TX].traffic_mbps + k[1].dir[LINK_TX].traffic_mbps) /
			(k[0].capacity_mbps + k[1].capacity_mbps) <
		    0.25);
	assert_int_equal(findings(k, 2, &l), 2);
	assert_string_equal(l.f[0].id, "link-load");
	assert_string_equal(l.f[0].subject, "0000:00:10.0");
	assert_string_equal(l.f[1].id, "link-saturated");
	assert_string_equal(l.f[1].subject, "0000:00:10.1");
	assert_non_null(strstr(l.f[1].summary, "split by requester counters"));
	diag_findings_free(&l);
	/* near miss: the drive at 89 % */
	carries(&k[1], LINK_TX, LINK_SPLIT, 0.89 * k[1].capacity_mbps);
	assert_int_equal(findings(k, 2, &l), 2);
	assert_int_equal(with_id(&l, "link-saturated"), 0);
	diag_findings_free(&l);
}

static void a_range_reaching_ninety_percent_may_be_saturated(void **state)
{
	struct link k = x4("0000:00:10.1", 256);
	struct diag_findings l;
	const struct diag_finding *f;

	snprintf(k.shares, sizeof(k.shares), "0000:00:10.0");
	carries(&k, LINK_RX, LINK_SPLIT, 100);
	may_carry(&k, LINK_TX, 0.5 * k.capacity_mbps, 0.95 * k.capacity_mbps);
	assert_int_equal(findings(&k, 1, &l), 1);
	f = find(&l, "link-may-be-saturated");
	assert_non_null(f);
	assert_int_equal(f->severity, DIAG_INFO);
	assert_non_null(strstr(f->summary, "0000:00:10.0"));
	assert_true(figure(f, "outbound_max_mbps") == k.dir[LINK_TX].hi_mbps);
	assert_true(figure(f, "outbound_min_mbps") == k.dir[LINK_TX].lo_mbps);
	diag_findings_free(&l);
	/* near miss: the range tops out at 89 % */
	may_carry(&k, LINK_TX, 0.5 * k.capacity_mbps, 0.89 * k.capacity_mbps);
	assert_int_equal(findings(&k, 1, &l), 1);
	assert_int_equal(with_id(&l, "link-may-be-saturated"), 0);
	assert_int_equal(with_id(&l, "link-saturated"), 0);
	diag_findings_free(&l);
}

static void every_counted_link_has_its_load(void **state)
{
	struct link k[2] = {x4("0000:00:00.0", 256), x4("0000:00:04.0", 256)};
	struct diag_findings l;
	const struct diag_finding *f;

	carries(&k[0], LINK_RX, LINK_COUNTED, 700);
	carries(&k[0], LINK_TX, LINK_COUNTED, 70);
	k[0].dir[LINK_TX].read_ns = 500;
	/* k[1]: nothing counted, no figure to give */
	assert_int_equal(findings(k, 2, &l), 1);
	f = find(&l, "link-load");
	assert_string_equal(f->subject, "0000:00:00.0");
	assert_int_equal(f->severity, DIAG_INFO);
	assert_true(figure(f, "inbound_mbps") == 700);
	assert_true(figure(f, "outbound_mbps") == 70);
	assert_true(figure(f, "outbound_read_ns") == 500);
	assert_true(figure(f, "inbound_share") == k[0].dir[LINK_RX].util_pct / 100);
	assert_true(figure(f, "capacity_mbps") == k[0].capacity_mbps);
	diag_findings_free(&l);
}

static void latency_behind_a_saturated_link_is_its_consequence(void **state)
{
	struct diag_trace_link links[2] = {{.bdf = "0000:00:04.0", .nbelow = 1, .below = {0x3a00}},
					   {.bdf = "0000:00:00.0", .nbelow = 1, .below = {0x3900}}};
	struct link k = x4("0000:00:04.0", 256);
	struct diag_findings l;
	struct diag_finding *lat;

	carries(&k, LINK_TX, LINK_COUNTED, 0.95 * k.capacity_mbps);
	assert_int_equal(findings(&k, 1, &l), 1);
	lat = diag_add(&l, "latency-outlier", DIAG_WARNING, "3a:00.0");
	assert_non_null(lat);
	lat = diag_add(&l, "latency-outlier", DIAG_WARNING, "39:00.0");
	assert_non_null(lat);
	assert_int_equal(diag_link_causes(&l, links, 2), 0);
	assert_string_equal(l.f[0].id, "link-saturated");
	assert_string_equal(l.f[1].subject, "3a:00.0");
	assert_string_equal(l.f[1].cause, "link-saturated 0000:00:04.0");
	/* near miss: 39:00.0 is behind 00:00.0, whose link nothing found busy */
	assert_string_equal(l.f[2].subject, "39:00.0");
	assert_string_equal(l.f[2].cause, "");
	diag_findings_free(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(downgraded_needs_both_ends),
	    cmocka_unit_test(saturated_from_ninety_percent_of_the_tlp_capacity),
	    cmocka_unit_test(saturation_at_the_links_own_mps),
	    cmocka_unit_test(a_split_link_is_judged_on_its_own),
	    cmocka_unit_test(a_range_reaching_ninety_percent_may_be_saturated),
	    cmocka_unit_test(every_counted_link_has_its_load),
	    cmocka_unit_test(latency_behind_a_saturated_link_is_its_consequence),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
