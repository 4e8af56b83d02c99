// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tracing in the rate model (docs/fabric.md, *Tracing in the rate model*):
 * an observer that repeats (fabric_observer_repeats), as the PTT model
 * does, on core (0,2) of kunpeng930 under mixed, its domain (cores 1 and 2)
 * run in the rate model.  What it is shown live is the per-TLP engine's
 * run, TLP for TLP; what it keeps and repeats where the model skips makes a
 * trace in time order whose TLPs per kind are the engine's within 2 %; a
 * light domain, or a trace that could pair a read with its completion, is
 * shown every TLP as the engine runs it; a tracer that starts in the middle
 * of a skip leaves no gap in its trace or another's, and one that stops
 * keeps nothing.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/pcie/tlp.h>

#include "kunpeng_fabric.h"
#include "test_scale.h"

#define US 1000ull
#define MS 1000000ull
#define BUDGET 1500000
#define IN_ALL                                                                                     \
	(FABRIC_CLASS_BIT(FABRIC_INBOUND, TLP_CLASS_P) |                                           \
	 FABRIC_CLASS_BIT(FABRIC_INBOUND, TLP_CLASS_NP) |                                          \
	 FABRIC_CLASS_BIT(FABRIC_INBOUND, TLP_CLASS_CPL))
#define OUT_POSTED FABRIC_CLASS_BIT(FABRIC_OUTBOUND, TLP_CLASS_P)

struct entry {
	uint64_t t;
	uint32_t hdr[4];
};

struct entries {
	struct entry *e;
	size_t n, cap;
};

/* A tracer: its trace (what it was shown, and what it repeated), and what it keeps. */
struct tracer {
	struct entries out, live, kept;
	size_t head;	   /* kept from here on */
	bool keeping;	   /* the fabric asked it to keep */
	uint64_t all_kept; /* TLPs ever kept */
	uint64_t shifts;   /* repeats of a stretch, shifted */
	uint64_t forgets;
};

static void put(struct entries *l, uint64_t t, const uint32_t hdr[4])
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 4096;
		l->e = realloc(l->e, l->cap * sizeof(*l->e));
		assert_non_null(l->e);
	}
	l->e[l->n].t = t;
	memcpy(l->e[l->n++].hdr, hdr, sizeof(l->e->hdr));
}

static void observe(void *ctx, const struct fabric_tlp *t)
{
	struct tracer *tr = ctx;

	assert_int_equal(t->count, 1); /* never a bulk record */
	put(&tr->out, t->time_ns, t->hdr);
	put(&tr->live, t->time_ns, t->hdr);
	if (tr->keeping) {
		put(&tr->kept, t->time_ns, t->hdr);
		tr->all_kept++;
	}
}

static uint64_t repeat(void *ctx, const struct fabric_repeat *r)
{
	struct tracer *tr = ctx;

	if (r->keep_ns == UINT64_MAX) {
		tr->keeping = false;
		tr->kept.n = tr->head = 0;
		tr->forgets++;
		return tr->all_kept;
	}
	tr->keeping = true;
	while (tr->head < tr->kept.n && tr->kept.e[tr->head].t < r->keep_ns)
		tr->head++;
	for (size_t i = tr->head; i < tr->kept.n; i++)
		if (tr->kept.e[i].t >= r->from_ns && tr->kept.e[i].t < r->to_ns)
			put(&tr->out, tr->kept.e[i].t + r->shift_ns, tr->kept.e[i].hdr);
	tr->shifts += r->from_ns < r->to_ns && r->shift_ns;
	return tr->all_kept;
}

static void tracer_free(struct tracer *tr)
{
	free(tr->out.e);
	free(tr->live.e);
	free(tr->kept.e);
}

/* tr traces core (0,2), shown classes, repeating or not. */
static void trace(struct fabric *f, struct tracer *tr, unsigned classes, bool repeats)
{
	assert_int_equal(fabric_add_observer(f, 0, 2, observe, tr), 0);
	fabric_observer_classes(f, observe, tr, classes);
	if (repeats)
		fabric_observer_repeats(f, observe, tr, repeat);
}

/* The fabric run to `to`, looked at every 100 us as the platform does. */
static void run(struct fabric *f, uint64_t from, uint64_t to)
{
	for (uint64_t t = from + 100 * US; t <= to; t += 100 * US)
		assert_int_equal(fabric_run_until(f, t), 0);
}

/* A trace of core (0,2) over ns by a tracer that repeats, under the rate model at budget. */
static void traced(const char *workload, const char *params, unsigned classes, uint64_t budget,
		   uint64_t ns, struct tracer *tr)
{
	struct fabric *f = kunpeng_with(workload, params, 3);

	memset(tr, 0, sizeof(*tr));
	fabric_set_rate_model(f, budget);
	trace(f, tr, classes, budget != 0);
	run(f, 0, ns);
	fabric_destroy(f);
}

/* TLPs of the trace by kind (Fmt and Type, DW0[31:24]). */
static void kinds(const struct entries *l, uint64_t n[256])
{
	memset(n, 0, 256 * sizeof(*n));
	for (size_t i = 0; i < l->n; i++)
		n[l->e[i].hdr[0] >> 24]++;
}

static void assert_same_entries(const struct entries *a, const struct entries *b)
{
	assert_int_equal(a->n, b->n);
	for (size_t i = 0; i < a->n; i++) {
		assert_int_equal(a->e[i].t, b->e[i].t);
		assert_memory_equal(a->e[i].hdr, b->e[i].hdr, sizeof(a->e->hdr));
	}
}

static void a_traced_core_is_the_engines_run_repeated(void **state)
{
	uint64_t ns = test_size(10, 4) * MS, engine[256], rated[256], last = 0;
	struct tracer e, r;

	(void)state;
	traced("mixed", NULL, IN_ALL, 0, ns, &e);
	traced("mixed", NULL, IN_ALL, BUDGET, ns, &r);
	assert_true(r.shifts > 0);	      /* it skipped */
	assert_true(r.live.n * 5 < e.live.n); /* and ran a fraction of the TLPs */
	for (size_t i = 0; i < r.live.n; i++) /* which are the engine's own */
		assert_memory_equal(r.live.e[i].hdr, e.live.e[i].hdr, sizeof(e.live.e->hdr));
	for (size_t i = 0; i < r.out.n; i++) { /* in time order */
		assert_true(r.out.e[i].t >= last);
		last = r.out.e[i].t;
	}
	assert_true(last < ns && last + 10 * US >= ns); /* up to the end */
	kinds(&e.out, engine);
	kinds(&r.out, rated);
	for (int k = 0; k < 256; k++) {
		uint64_t d = engine[k] > rated[k] ? engine[k] - rated[k] : rated[k] - engine[k];

		if (engine[k] >= 10000 && d * 50 > engine[k])
			fail_msg("kind 0x%02x: %llu TLPs, the engine's %llu", k,
				 (unsigned long long)rated[k], (unsigned long long)engine[k]);
	}
	tracer_free(&e);
	tracer_free(&r);
}

/* Light enough to run whole: the engine's TLPs at the engine's times, none repeated. */
static void a_light_domain_is_traced_whole(void **state)
{
	const char *light = "rate=10000,mmio=100000,mmio_rd=10000,cfg=100,msg=100";
	struct tracer e, r;

	(void)state;
	traced("mixed", light, IN_ALL | OUT_POSTED, 0, 2 * MS, &e);
	traced("mixed", light, IN_ALL | OUT_POSTED, BUDGET, 2 * MS, &r);
	assert_int_equal(r.shifts, 0);
	assert_true(e.out.n > 1000);
	assert_same_entries(&e.out, &r.out);
	tracer_free(&e);
	tracer_free(&r);
}

/*
 * Reads in and their completions out: a repeat would part them, so every
 * TLP is shown as the engine runs it, whatever the rate model's budget.
 */
static void a_trace_that_pairs_reads_is_shown_every_tlp(void **state)
{
	unsigned pairs = IN_ALL | FABRIC_CLASS_BIT(FABRIC_OUTBOUND, TLP_CLASS_CPL);
	uint64_t ns = test_size(MS, 300 * US);
	struct tracer e, r;

	(void)state;
	traced("mixed", NULL, pairs, 0, ns, &e);
	traced("mixed", NULL, pairs, BUDGET, ns, &r);
	assert_int_equal(r.shifts, 0);
	assert_same_entries(&e.out, &r.out);
	tracer_free(&e);
	tracer_free(&r);
}

/* No stretch of 5 us without a TLP in l from `from` to `to` (ns). */
static void assert_no_gap(const struct entries *l, uint64_t from, uint64_t to)
{
	uint64_t last = from;

	for (size_t i = 0; i < l->n; i++) {
		if (l->e[i].t < from || l->e[i].t >= to)
			continue;
		assert_true(l->e[i].t - last < 5 * US);
		last = l->e[i].t;
	}
	assert_true(to - last < 5 * US);
}

/*
 * A tracer of core (0,2) makes its domain skip; one of core (0,1), the same
 * domain, starts in the middle of a skip, and later stops: neither trace
 * has a gap, both repeat again, and the one that stopped keeps nothing.
 */
static void a_tracer_starting_in_a_skip_leaves_no_gap(void **state)
{
	struct fabric *f = kunpeng_with("mixed", NULL, 3);
	struct tracer a = {0}, b = {0};
	uint64_t from, to;

	(void)state;
	fabric_set_rate_model(f, BUDGET);
	trace(f, &a, OUT_POSTED, true);
	for (uint64_t t = 100 * US; !a.shifts; t += 100 * US)
		assert_int_equal(fabric_run_until(f, t), 0);
	from = fabric_now(f) + 37 * US;
	to = from + 2 * MS;
	assert_int_equal(fabric_run_until(f, from), 0);
	assert_int_equal(fabric_add_observer(f, 0, 1, observe, &b), 0);
	fabric_observer_classes(f, observe, &b, OUT_POSTED);
	fabric_observer_repeats(f, observe, &b, repeat);
	a.shifts = 0;
	run(f, from, to);
	assert_true(a.shifts > 0 && b.shifts > 0);
	assert_true(b.out.n > 1000 && b.out.e[0].t >= from);
	assert_no_gap(&a.out, a.out.e[0].t, to);
	assert_no_gap(&b.out, from, to);
	fabric_observer_want(f, observe, &b, false);
	assert_false(b.keeping); /* told to keep nothing */
	a.shifts = b.shifts = 0;
	run(f, to, to + MS);
	assert_int_equal(b.shifts, 0);
	assert_true(a.shifts > 0);
	fabric_destroy(f);
	tracer_free(&a);
	tracer_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(a_traced_core_is_the_engines_run_repeated),
	    cmocka_unit_test(a_light_domain_is_traced_whole),
	    cmocka_unit_test(a_trace_that_pairs_reads_is_shown_every_tlp),
	    cmocka_unit_test(a_tracer_starting_in_a_skip_leaves_no_gap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
