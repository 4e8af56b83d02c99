// SPDX-License-Identifier: GPL-2.0-only
/*
 * The "software" PMU (type PERF_TYPE_SOFTWARE), so software events can be
 * counted and grouped with hardware ones on the emulated platform as on
 * Linux.  cpu-clock and task-clock count simulated nanoseconds while the
 * event is on; the other software events count nothing, because the
 * emulated machine has no tasks to fault, switch or migrate.  No sample
 * records are produced here, so sampling is refused (EOPNOTSUPP, as for a
 * PMU without an interrupt), except for the dummy event: it never counts,
 * and perf record opens it sampling, to carry its side-band records (the
 * arm64 perf's tracking event beside hisi_ptt).
 */
#include <errno.h>

#include "perf_internal.h"

static uint64_t sw_now(struct perf_event *e)
{
	return perf_now(e->core);
}

static bool counts_time(const struct perf_event *e)
{
	return e->attr.config == PERF_COUNT_SW_CPU_CLOCK ||
	       e->attr.config == PERF_COUNT_SW_TASK_CLOCK;
}

static int sw_event_init(struct perf_event *e)
{
	if (e->attr.type != PERF_TYPE_SOFTWARE)
		return -ENOENT;
	if (e->attr.config >= PERF_COUNT_SW_MAX)
		return -ENOENT;
	if (e->attr.sample_period && e->attr.config != PERF_COUNT_SW_DUMMY)
		return -EOPNOTSUPP;
	return 0;
}

static void sw_read(struct perf_event *e)
{
	uint64_t now = sw_now(e);

	if (counts_time(e))
		e->count += now - e->hw.prev_count;
	e->hw.prev_count = now;
}

static void sw_start(struct perf_event *e, int flags)
{
	e->hw.prev_count = sw_now(e);
	e->hw.state = 0;
}

static void sw_stop(struct perf_event *e, int flags)
{
	if (!(e->hw.state & PERF_HES_STOPPED))
		sw_read(e);
	e->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

static int sw_add(struct perf_event *e, int flags)
{
	e->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	if (flags & PERF_EF_START)
		sw_start(e, PERF_EF_RELOAD);
	return 0;
}

static void sw_del(struct perf_event *e, int flags)
{
	sw_stop(e, PERF_EF_UPDATE);
}

int perf_sw_register(struct perf_core *pc)
{
	pc->sw = (struct pmu){
	    .software = true,
	    .event_init = sw_event_init,
	    .add = sw_add,
	    .del = sw_del,
	    .start = sw_start,
	    .stop = sw_stop,
	    .read = sw_read,
	};
	return perf_pmu_register(pc, &pc->sw, "software", PERF_TYPE_SOFTWARE);
}
