// SPDX-License-Identifier: GPL-2.0-only
/*
 * The perf core against a fake PMU defined here: NCTR counters, each
 * counting simulated nanoseconds times (config + 1) while the event is on
 * the PMU, so every count has an exact expected value.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/core/kernel.h>

#define NCTR 2
#define MS 1000000ULL

struct fake {
	struct pmu pmu;
	struct kcore *k;
	struct perf_event *used[NCTR];
	char log[1024];
	int destroyed;
	uint8_t *aux_pages;
	int move_to_cpu;		/* event_init moves events there, as uncore drivers do */
	struct perf_event *seen_leader; /* the leader event_init saw */
};

static struct fake *fake_of(struct perf_event *e)
{
	return e->pmu->priv;
}

static void logf_(struct fake *f, const char *s)
{
	strncat(f->log, s, sizeof(f->log) - strlen(f->log) - 1);
}

static uint64_t hw_now(struct perf_event *e)
{
	return fake_of(e)->k->clock.now_ns * (e->attr.config + 1);
}

static void destroy(struct perf_event *e)
{
	fake_of(e)->destroyed++;
}

static int f_init(struct perf_event *e)
{
	logf_(fake_of(e), "init ");
	if (e->attr.config > 100)
		return -ENOENT;
	fake_of(e)->seen_leader = e->group_leader;
	if (fake_of(e)->move_to_cpu >= 0)
		e->cpu = fake_of(e)->move_to_cpu;
	e->destroy = destroy;
	return 0;
}

static void f_start(struct perf_event *e, int flags)
{
	e->hw.prev_count = hw_now(e);
	e->hw.state = 0;
}

static void f_read(struct perf_event *e)
{
	uint64_t now = hw_now(e);

	e->count += now - e->hw.prev_count;
	e->hw.prev_count = now;
}

static void f_stop(struct perf_event *e, int flags)
{
	if (!(e->hw.state & PERF_HES_STOPPED) && (flags & PERF_EF_UPDATE))
		f_read(e);
	e->hw.state |= PERF_HES_STOPPED;
}

static int f_add(struct perf_event *e, int flags)
{
	struct fake *f = fake_of(e);

	logf_(f, "add ");
	for (int i = 0; i < NCTR; i++) {
		if (f->used[i])
			continue;
		f->used[i] = e;
		e->hw.idx = i;
		e->hw.state = PERF_HES_STOPPED;
		if (flags & PERF_EF_START)
			f_start(e, PERF_EF_RELOAD);
		return 0;
	}
	return -EAGAIN;
}

static void f_del(struct perf_event *e, int flags)
{
	logf_(fake_of(e), "del ");
	f_stop(e, PERF_EF_UPDATE);
	fake_of(e)->used[e->hw.idx] = NULL;
	e->hw.idx = -1;
}

static void *f_setup_aux(struct perf_event *e, void *pages, int nr_pages, bool overwrite)
{
	fake_of(e)->aux_pages = pages;
	return fake_of(e);
}

static void f_free_aux(void *priv)
{
	((struct fake *)priv)->aux_pages = NULL;
}

static void fake_init(struct fake *f, struct kcore *k, unsigned caps)
{
	memset(f, 0, sizeof(*f));
	f->k = k;
	f->move_to_cpu = -1;
	f->pmu = (struct pmu){.capabilities = caps,
			      .priv = f,
			      .event_init = f_init,
			      .add = f_add,
			      .del = f_del,
			      .start = f_start,
			      .stop = f_stop,
			      .read = f_read,
			      .setup_aux = f_setup_aux,
			      .free_aux = f_free_aux};
}

static struct perf_event_attr attr_of(struct fake *f, uint64_t config, bool disabled)
{
	struct perf_event_attr a = {.size = sizeof(a),
				    .type = (uint32_t)f->pmu.type,
				    .config = config,
				    .disabled = disabled};
	return a;
}

static struct perf_event *open_ev(struct kcore *k, struct fake *f, uint64_t config,
				  struct perf_event *leader)
{
	struct perf_event_attr a = attr_of(f, config, false);
	struct perf_event *e = NULL;

	assert_int_equal(perf_event_open(k->perf, &a, -1, 0, leader, &e), 0);
	return e;
}

static void run_to(struct kcore *k, uint64_t ns)
{
	perf_core_run_until(k->perf, ns);
}

struct count {
	uint64_t v, en, run;
};

static struct count rd(struct perf_event *e)
{
	struct count c;

	perf_event_read_value(e, &c.v, &c.en, &c.run);
	return c;
}

static void registry_and_sysfs(void **state)
{
	struct kcore *k = kcore_create(4, 1);
	struct fake a, b, s;
	char buf[16] = "";

	fake_init(&a, k, 0);
	fake_init(&b, k, 0);
	fake_init(&s, k, 0);
	assert_int_equal(perf_pmu_register(k->perf, &a.pmu, "fake_a", -1), 0);
	assert_int_equal(perf_pmu_register(k->perf, &s.pmu, "sw2", PERF_TYPE_SOFTWARE), -EBUSY);
	assert_int_equal(perf_pmu_register(k->perf, &b.pmu, "fake_b", -1), 0);
	assert_int_equal(a.pmu.type, PERF_TYPE_MAX);
	assert_int_equal(b.pmu.type, PERF_TYPE_MAX + 1);
	assert_int_equal(perf_pmu_register(k->perf, &b.pmu, "fake_a", -1), -EEXIST);
	assert_ptr_equal(perf_pmu_find(k->perf, "fake_b"), &b.pmu);
	assert_ptr_equal(perf_pmu_by_type(k->perf, PERF_TYPE_SOFTWARE),
			 perf_pmu_find(k->perf, "software"));
	assert_int_equal(sysfs_read(k->sysfs, "/sys/bus/event_source/devices/fake_b/type", buf, 15),
			 2);
	assert_string_equal(buf, "7\n");
	assert_int_equal(
	    sysfs_write(k->sysfs, "/sys/bus/event_source/devices/fake_b/perf_event_mux_interval_ms",
			"0", 1),
	    -EINVAL);
	perf_pmu_unregister(k->perf, &b.pmu);
	assert_null(sysfs_lookup(k->sysfs, "/sys/bus/event_source/devices/fake_b"));
	assert_null(perf_pmu_find(k->perf, "fake_b"));
	kcore_destroy(k);
}

static void counts_with_times_in_kernel_order(void **state)
{
	struct kcore *k = kcore_create(4, 1);
	struct fake f;
	struct perf_event_attr a;
	struct perf_event *e;
	struct count c;

	fake_init(&f, k, 0);
	perf_pmu_register(k->perf, &f.pmu, "fake", -1);
	a = attr_of(&f, 1, true);
	assert_int_equal(perf_event_open(k->perf, &a, -1, 0, NULL, &e), 0);
	run_to(k, 1 * MS);
	assert_int_equal(perf_event_enable(e), 0);
	run_to(k, 3 * MS);
	c = rd(e);
	assert_int_equal(c.v, 2 * 2 * MS);
	assert_int_equal(c.en, 2 * MS);
	assert_int_equal(c.run, 2 * MS);
	perf_event_disable(e);
	run_to(k, 5 * MS);
	c = rd(e);
	assert_int_equal(c.v, 4 * MS);
	assert_int_equal(c.en, 2 * MS);
	perf_event_close(e);
	assert_string_equal(f.log, "init add del ");
	assert_int_equal(f.destroyed, 1);
	kcore_destroy(k);
}

static void core_checks(void **state)
{
	struct kcore *k = kcore_create(4, 1);
	struct fake f, g;
	struct perf_event_attr a, sw = {.type = PERF_TYPE_SOFTWARE, .size = sizeof(sw)};
	struct perf_event *e, *lead, *sib;

	fake_init(&f, k, PERF_PMU_CAP_NO_EXCLUDE | PERF_PMU_CAP_NO_INTERRUPT);
	fake_init(&g, k, 0);
	f.pmu.task_ctx_invalid = true;
	perf_pmu_register(k->perf, &f.pmu, "fake", -1);
	perf_pmu_register(k->perf, &g.pmu, "other", -1);
	a = attr_of(&f, 0, false);
	a.exclude_kernel = 1;
	assert_int_equal(perf_event_open(k->perf, &a, -1, 0, NULL, &e), -EINVAL);
	assert_string_equal(f.log, "init "); /* the driver saw it first, as in the kernel */
	assert_int_equal(f.destroyed, 1);
	a = attr_of(&f, 0, false);
	a.sample_period = 1000;
	assert_int_equal(perf_event_open(k->perf, &a, -1, 0, NULL, &e), -EOPNOTSUPP);
	a = attr_of(&f, 0, false);
	assert_int_equal(perf_event_open(k->perf, &a, 0, -1, NULL, &e), -EINVAL);
	assert_int_equal(perf_event_open(k->perf, &a, -1, -1, NULL, &e), -EINVAL);
	assert_int_equal(perf_event_open(k->perf, &a, -1, 4, NULL, &e), -EINVAL);
	a.config = 1000;
	assert_int_equal(perf_event_open(k->perf, &a, -1, 0, NULL, &e), -ENOENT);
	a.type = 99;
	assert_int_equal(perf_event_open(k->perf, &a, -1, 0, NULL, &e), -ENOENT);
	lead = open_ev(k, &f, 0, NULL);
	a = attr_of(&g, 0, false);
	assert_int_equal(perf_event_open(k->perf, &a, -1, 0, lead, &e), -EINVAL);
	assert_int_equal(perf_event_open(k->perf, &a, -1, 1, lead, &e), -EINVAL);
	assert_int_equal(perf_event_open(k->perf, &sw, -1, 0, lead, &sib), 0);
	assert_int_equal(lead->nr_siblings, 1);
	assert_int_equal(perf_event_open(k->perf, &a, -1, 0, sib, &e), -EINVAL);
	kcore_destroy(k);
}

static void event_init_sees_the_leader_and_may_move_the_cpu(void **state)
{
	struct kcore *k = kcore_create(4, 1);
	struct fake f;
	struct perf_event_attr a;
	struct perf_event *l, *s, *e;

	fake_init(&f, k, 0);
	f.move_to_cpu = 2;
	perf_pmu_register(k->perf, &f.pmu, "uncore", -1);
	a = attr_of(&f, 0, false);
	assert_int_equal(perf_event_open(k->perf, &a, -1, 0, NULL, &l), 0);
	assert_ptr_equal(f.seen_leader, l);
	assert_int_equal(l->cpu, 2);
	assert_int_equal(perf_event_open(k->perf, &a, -1, 0, l, &s), 0); /* cpu 0 becomes 2 too */
	assert_ptr_equal(f.seen_leader, l);
	assert_ptr_equal(s->group_leader, l);
	f.move_to_cpu = -1;
	assert_int_equal(perf_event_open(k->perf, &a, -1, 1, l, &e), -EINVAL);
	assert_int_equal(f.destroyed, 1); /* init had succeeded: destroy undoes it */
	assert_int_equal(perf_event_open(k->perf, &a, -1, 2, s, &e), -EINVAL); /* not a leader */
	kcore_destroy(k);
}

static void software_clock_in_a_hardware_group(void **state)
{
	struct kcore *k = kcore_create(4, 1);
	struct fake f;
	struct perf_event_attr sw = {
	    .type = PERF_TYPE_SOFTWARE, .size = sizeof(sw), .config = PERF_COUNT_SW_TASK_CLOCK};
	struct perf_event *l, *s, *e;

	fake_init(&f, k, 0);
	perf_pmu_register(k->perf, &f.pmu, "fake", -1);
	for (int i = 0; i < 3; i++) /* three groups on two counters: multiplexed */
		l = open_ev(k, &f, 0, NULL);
	assert_int_equal(perf_event_open(k->perf, &sw, -1, 0, l, &s), 0);
	for (uint64_t t = 1; t <= 12; t++)
		run_to(k, t * MS);
	assert_true(rd(l).run < rd(l).en);
	assert_int_equal(rd(s).v, rd(l).run); /* the clock ran exactly while its group did */
	sw.sample_period = 1000;
	assert_int_equal(perf_event_open(k->perf, &sw, -1, 0, NULL, &e), -EOPNOTSUPP);
	kcore_destroy(k);
}

static void groups_go_on_whole_or_not_at_all(void **state)
{
	struct kcore *k = kcore_create(4, 1);
	struct fake f;
	struct perf_event *l, *s1, *s2, *big;
	struct count c;

	fake_init(&f, k, 0);
	perf_pmu_register(k->perf, &f.pmu, "fake", -1);
	l = open_ev(k, &f, 0, NULL);
	s1 = open_ev(k, &f, 1, l);
	run_to(k, 1 * MS);
	assert_int_equal(rd(s1).v, 2 * MS);
	assert_int_equal(rd(l).v, 1 * MS);
	perf_event_close(l); /* s1 goes on as a group of its own */
	assert_ptr_equal(s1->group_leader, s1);
	big = open_ev(k, &f, 0, NULL);
	s2 = open_ev(k, &f, 0, big); /* needs 2 counters, only 1 free */
	assert_null(f.used[1]);
	run_to(k, 2 * MS);
	c = rd(s2);
	assert_int_equal(c.run, 0);
	assert_int_equal(c.en, 1 * MS);
	assert_int_equal(rd(s1).run, 2 * MS);
	kcore_destroy(k);
}

static void multiplexing_rotates_and_scales(void **state)
{
	struct kcore *k = kcore_create(4, 1);
	struct fake f;
	struct perf_event *e[3];
	uint64_t total_run = 0;

	fake_init(&f, k, 0);
	perf_pmu_register(k->perf, &f.pmu, "fake", -1);
	for (int i = 0; i < 3; i++)
		e[i] = open_ev(k, &f, (uint64_t)i, NULL);
	for (uint64_t t = 1; t <= 24; t++)
		run_to(k, t * MS);
	for (int i = 0; i < 3; i++) {
		struct count c = rd(e[i]);

		assert_int_equal(c.en, 24 * MS);
		assert_true(c.run > 0 && c.run < c.en);
		assert_int_equal(c.v, c.run * (uint64_t)(i + 1));
		total_run += c.run;
	}
	assert_int_equal(total_run, 2 * 24 * MS); /* both counters busy all the time */
	kcore_destroy(k);
}

static void exclusive_and_pinned(void **state)
{
	struct kcore *k = kcore_create(4, 1);
	struct fake x, f;
	struct perf_event_attr a;
	struct perf_event *e1, *e2, *p1, *p2, *p3;
	struct count c;

	fake_init(&x, k, PERF_PMU_CAP_EXCLUSIVE);
	fake_init(&f, k, 0);
	perf_pmu_register(k->perf, &x.pmu, "excl", -1);
	perf_pmu_register(k->perf, &f.pmu, "fake", -1);
	e1 = open_ev(k, &x, 0, NULL);
	a = attr_of(&x, 0, false);
	assert_int_equal(perf_event_open(k->perf, &a, -1, 0, NULL, &e2), -EBUSY);
	assert_int_equal(perf_event_open(k->perf, &a, -1, 1, NULL, &e2), 0);
	perf_event_close(e1);
	assert_int_equal(perf_event_open(k->perf, &a, -1, 0, NULL, &e1), 0);

	a = attr_of(&f, 0, false);
	a.pinned = 1;
	assert_int_equal(perf_event_open(k->perf, &a, -1, 0, NULL, &p1), 0);
	assert_int_equal(perf_event_open(k->perf, &a, -1, 0, NULL, &p2), 0);
	assert_int_equal(perf_event_open(k->perf, &a, -1, 0, NULL, &p3), 0);
	run_to(k, 1 * MS);
	assert_int_equal(perf_event_read_value(p3, &c.v, &c.en, &c.run), -ENODATA);
	assert_int_equal(p3->state, PERF_EVENT_STATE_ERROR);
	assert_int_equal(rd(p2).run, 1 * MS);
	kcore_destroy(k);
}

static void exclusive_attr_runs_alone(void **state)
{
	struct kcore *k = kcore_create(4, 1);
	struct fake f;
	struct perf_event_attr a;
	struct perf_event *plain, *ex;

	fake_init(&f, k, 0);
	perf_pmu_register(k->perf, &f.pmu, "fake", -1);
	plain = open_ev(k, &f, 0, NULL);
	a = attr_of(&f, 0, false);
	a.exclusive = 1;
	assert_int_equal(perf_event_open(k->perf, &a, -1, 0, NULL, &ex), 0);
	assert_int_equal(ex->state, PERF_EVENT_STATE_INACTIVE);
	for (uint64_t t = 1; t <= 16; t++)
		run_to(k, t * MS);
	assert_true(rd(ex).run > 0);
	assert_int_equal(rd(ex).run + rd(plain).run, 16 * MS);
	kcore_destroy(k);
}

static unsigned rec_type(const uint64_t *rec)
{
	struct perf_event_header h;

	memcpy(&h, rec, sizeof(h));
	return h.type;
}

static size_t next(struct perf_event *e, uint64_t *rec)
{
	int n = perf_event_next_record(e, rec, 256);

	assert_true(n >= 0);
	return (size_t)n;
}

static void aux_records_and_flags(void **state)
{
	struct kcore *k = kcore_create(4, 1);
	struct fake f;
	struct perf_event_attr a;
	struct perf_event *e;
	struct perf_output_handle h;
	uint64_t rec[32], tail;
	const void *p1, *p2;
	size_t n1, n2;
	uint8_t data[4096];

	fake_init(&f, k, PERF_PMU_CAP_ITRACE | PERF_PMU_CAP_EXCLUSIVE);
	perf_pmu_register(k->perf, &f.pmu, "trace", -1);
	a = attr_of(&f, 0, true);
	assert_int_equal(perf_event_open(k->perf, &a, -1, 0, NULL, &e), 0);
	assert_int_equal(perf_event_aux_map(e, 3 * 4096, false), -EINVAL);
	assert_int_equal(perf_event_aux_map(e, 4 * 4096, false), 0);
	assert_non_null(f.aux_pages);
	assert_int_equal(next(e, rec), 0);
	perf_event_enable(e);
	assert_int_equal(next(e, rec), 16);
	assert_int_equal(rec_type(rec), PERF_RECORD_ITRACE_START);

	assert_ptr_equal(perf_aux_output_begin(&h, e), &f);
	assert_int_equal(h.size, 4 * 4096 - 1);
	memset(data, 0xab, sizeof(data));
	perf_aux_write(h.aux, h.head, data, sizeof(data));
	perf_aux_output_end(&h, sizeof(data));
	assert_int_equal(next(e, rec), 32);
	assert_int_equal(rec_type(rec), PERF_RECORD_AUX);
	assert_int_equal(rec[1], 0);
	assert_int_equal(rec[2], 4096);
	assert_int_equal(rec[3], 0);
	assert_int_equal(perf_aux_data(e, &tail, &p1, &n1, &p2, &n2), 4096);
	assert_int_equal(tail, 0);
	assert_int_equal(n1, 4096);
	assert_memory_equal(p1, data, 4096);

	perf_aux_output_begin(&h, e);
	assert_int_equal(h.size, 3 * 4096 - 1); /* nothing consumed yet */
	assert_null(perf_aux_output_begin(&(struct perf_output_handle){0}, e)); /* nested */
	perf_aux_output_flag(&h, PERF_AUX_FLAG_PARTIAL);
	perf_aux_output_end(&h, 100);
	next(e, rec);
	assert_int_equal(rec[1], 4096);
	assert_int_equal(rec[2], 100);
	assert_int_equal(rec[3], PERF_AUX_FLAG_PARTIAL);
	perf_aux_consume(e, 4196);

	perf_aux_output_begin(&h, e);
	perf_aux_output_flag(&h, PERF_AUX_FLAG_TRUNCATED);
	perf_aux_output_end(&h, 0);
	next(e, rec);
	assert_int_equal(rec[2], 0);
	assert_int_equal(rec[3], PERF_AUX_FLAG_TRUNCATED);
	assert_int_equal(e->state, PERF_EVENT_STATE_ACTIVE);
	run_to(k, 1 * MS); /* the disable is deferred, as the kernel's irq_work */
	assert_int_equal(e->state, PERF_EVENT_STATE_OFF);
	kcore_destroy(k);
}

static void aux_full_disables_and_wraps(void **state)
{
	struct kcore *k = kcore_create(4, 1);
	struct fake f;
	struct perf_event *e;
	struct perf_output_handle h;
	uint64_t tail;
	const void *p1, *p2;
	size_t n1, n2;
	uint8_t data[8192];

	fake_init(&f, k, PERF_PMU_CAP_ITRACE);
	perf_pmu_register(k->perf, &f.pmu, "trace", -1);
	e = open_ev(k, &f, 0, NULL);
	assert_int_equal(perf_event_aux_map(e, 2 * 4096, false), 0);
	for (size_t i = 0; i < sizeof(data); i++)
		data[i] = (uint8_t)i;
	perf_aux_output_begin(&h, e);
	perf_aux_output_end(&h, 6000);
	perf_aux_consume(e, 6000);
	perf_aux_output_begin(&h, e);
	assert_int_equal(h.size, 8191);
	perf_aux_write(h.aux, h.head, data, 4000);
	perf_aux_output_end(&h, 4000);
	assert_int_equal(perf_aux_data(e, &tail, &p1, &n1, &p2, &n2), 4000);
	assert_int_equal(tail, 6000);
	assert_int_equal(n1, 8192 - 6000);
	assert_memory_equal(p1, data, n1);
	assert_memory_equal(p2, data + n1, n2);
	perf_aux_output_begin(&h, e);
	perf_aux_output_end(&h, h.size);
	assert_null(perf_aux_output_begin(&h, e));
	run_to(k, 1 * MS);
	assert_int_equal(e->state, PERF_EVENT_STATE_OFF);
	kcore_destroy(k);
}

/*
 * A driver may hand over more than begin offered (Linux's PTT copies a whole
 * buffer whenever there is any room): once the area holds its size, begin
 * finds it full, not nearly empty, and the event is disabled.
 */
static void an_area_written_whole_is_full(void **state)
{
	struct kcore *k = kcore_create(4, 1);
	struct fake f;
	struct perf_event *e;
	struct perf_output_handle h;

	fake_init(&f, k, PERF_PMU_CAP_ITRACE);
	perf_pmu_register(k->perf, &f.pmu, "trace", -1);
	e = open_ev(k, &f, 0, NULL);
	assert_int_equal(perf_event_aux_map(e, 2 * 4096, false), 0);
	assert_non_null(perf_aux_output_begin(&h, e));
	assert_int_equal(h.size, 8191);
	perf_aux_output_end(&h, 8192);
	assert_null(perf_aux_output_begin(&h, e));
	assert_int_equal(h.size, 0);
	run_to(k, 1 * MS);
	assert_int_equal(e->state, PERF_EVENT_STATE_OFF);
	kcore_destroy(k);
}

static void full_side_band_ring_reports_lost(void **state)
{
	struct kcore *k = kcore_create(4, 1);
	struct fake f;
	struct perf_event_attr a;
	struct perf_event *e;
	struct perf_output_handle h;
	uint64_t rec[32];
	int records = 0;

	fake_init(&f, k, 0);
	perf_pmu_register(k->perf, &f.pmu, "trace", -1);
	a = attr_of(&f, 0, false);
	a.sample_id_all = 1;
	a.sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_IDENTIFIER;
	assert_int_equal(perf_event_open(k->perf, &a, -1, 0, NULL, &e), 0);
	assert_int_equal(perf_event_set_data_size(e, 4096), 0);
	assert_int_equal(perf_event_aux_map(e, 1 << 20, false), 0);
	for (int i = 0; i < 100; i++) { /* 56-byte records: 73 fit in 4096 */
		perf_aux_output_begin(&h, e);
		perf_aux_output_end(&h, 8);
	}
	assert_int_equal(perf_event_lost(e), 27);
	while (next(e, rec) == 56)
		records++;
	assert_int_equal(records, 73);
	assert_int_equal(rec[4], 0); /* TID (pid/tid 0), then TIME, then IDENTIFIER */
	assert_int_equal(rec[6], e->id);
	perf_aux_output_begin(&h, e);
	perf_aux_output_end(&h, 8);
	assert_int_equal(next(e, rec), 8 + 16 + 24);
	assert_int_equal(rec_type(rec), PERF_RECORD_LOST);
	assert_int_equal(rec[1], e->id);
	assert_int_equal(rec[2], 27);
	assert_int_equal(next(e, rec), 56);
	assert_int_equal(rec[1], 100 * 8);
	kcore_destroy(k);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(registry_and_sysfs),
	    cmocka_unit_test(counts_with_times_in_kernel_order),
	    cmocka_unit_test(core_checks),
	    cmocka_unit_test(event_init_sees_the_leader_and_may_move_the_cpu),
	    cmocka_unit_test(software_clock_in_a_hardware_group),
	    cmocka_unit_test(groups_go_on_whole_or_not_at_all),
	    cmocka_unit_test(multiplexing_rotates_and_scales),
	    cmocka_unit_test(exclusive_and_pinned),
	    cmocka_unit_test(exclusive_attr_runs_alone),
	    cmocka_unit_test(aux_records_and_flags),
	    cmocka_unit_test(aux_full_disables_and_wraps),
	    cmocka_unit_test(an_area_written_whole_is_full),
	    cmocka_unit_test(full_side_band_ring_reports_lost),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
