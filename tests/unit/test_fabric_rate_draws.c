// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rate model is a layer beside the engine (docs/fabric.md, *The rate
 * model*): a workload draws the same random numbers whichever engine runs
 * it, and the model draws from a generator of its own, so the windows of a
 * rated domain joined end to end are the per-TLP engine's run, TLP for TLP
 * (only their times are later, by the time skipped).  A counter on the
 * domain is shown the windows' TLPs one by one and the skips in bulk
 * records (FABRIC_SEQ_BULK); the TLPs are checked against the per-TLP
 * engine's first ones, in order, header, port, direction, class, payload
 * and latency.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "kunpeng_fabric.h"
#include "test_scale.h"

#define US 1000ull
#define MS 1000000ull
#define BUDGET 1500000 /* TLPs per simulated second per domain */
#define MAX_TLPS (1 << 22)

/* The TLPs (not bulk records) a counter was shown, each as a hash of what it is. */
struct seen {
	uint64_t *h;
	size_t n;
	uint64_t bulk;
};

static void seen_tlp(void *ctx, const struct fabric_tlp *t)
{
	struct seen *s = ctx;
	const uint64_t v[] = {t->seq,	 t->hdr[0],  t->hdr[1],		t->hdr[2],
			      t->hdr[3], t->prefix,  (uint64_t)t->port, t->dir,
			      t->cls,	 t->cpl_set, t->payload_bytes,	t->lat_sum_ns};
	uint64_t h = 0xcbf29ce484222325ull;

	if (t->seq & FABRIC_SEQ_BULK) {
		s->bulk++;
		return;
	}
	if (s->n == MAX_TLPS)
		return;
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		h = (h ^ v[i]) * 0x100000001b3ull;
	s->h[s->n++] = h;
}

static struct fabric *counted(const char *workload, uint64_t budget, int core, struct seen *s)
{
	struct fabric *f = kunpeng(workload);

	fabric_set_rate_model(f, budget);
	s->h = calloc(MAX_TLPS, sizeof(*s->h));
	assert_non_null(s->h);
	assert_int_equal(fabric_add_observer(f, 0, (uint16_t)core, seen_tlp, s), 0);
	fabric_observer_counts(f, seen_tlp, s, true);
	return f;
}

/*
 * Core (0, core) under workload: the rated run's window TLPs over end, and
 * the per-TLP engine's first as many, are the same TLPs in the same order.
 */
static void windows_are_the_engine_run(const char *workload, int core, uint64_t end)
{
	struct seen r = {0}, e = {0};
	struct fabric *f = counted(workload, BUDGET, core, &r);
	uint64_t t = 0;

	assert_int_equal(fabric_run_until(f, end), 0);
	fabric_destroy(f);
	assert_true(r.bulk > 0); /* it skipped */
	assert_true(r.n > 1000); /* and ran windows */
	assert_true(r.n < MAX_TLPS);

	f = counted(workload, 0, core, &e);
	while (e.n < r.n) {
		t += 10 * US;
		assert_int_equal(fabric_run_until(f, t), 0);
	}
	fabric_destroy(f);
	assert_int_equal(e.bulk, 0);
	for (size_t i = 0; i < r.n; i++)
		if (r.h[i] != e.h[i])
			fail_msg("%s, core %d: window TLP %zu of %zu is not the engine's", workload,
				 core, i, r.n);
	free(r.h);
	free(e.h);
}

/* A NIC tosses its coin the same in both engines. */
static void nic_windows_are_the_engine_run(void **state)
{
	windows_are_the_engine_run("nic", 2, test_size(20 * MS, 5 * MS));
}

/* How long to skip is drawn from the model's own generator, not the workload's. */
static void mixed_windows_are_the_engine_run(void **state)
{
	windows_are_the_engine_run("mixed", 0, test_size(20 * MS, 5 * MS));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(nic_windows_are_the_engine_run),
	    cmocka_unit_test(mixed_windows_are_the_engine_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
