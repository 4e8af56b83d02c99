// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf_event_open(2) and the event's life, with the kernel's core checks in
 * the kernel's order: arguments, PMU by type (ENOENT), then the driver's
 * event_init (which sees the group leader), then what the core checks after
 * it: the group rules (same CPU and task, PMUs mixed only with software
 * events; a driver may have moved the event to its PMU's CPU), NO_EXCLUDE
 * against exclude_* bits (EINVAL), sampling on a PMU without interrupts
 * (EOPNOTSUPP), a task-attached event on a system-wide PMU (EINVAL), a
 * second event on an EXCLUSIVE PMU in one context (EBUSY).  Enable and
 * disable act on the whole group when given its leader.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "perf_internal.h"

static bool has_exclude(const struct perf_event_attr *a)
{
	return a->exclude_user || a->exclude_kernel || a->exclude_hv || a->exclude_idle ||
	       a->exclude_host || a->exclude_guest || a->exclude_callchain_user ||
	       a->exclude_callchain_kernel;
}

static bool group_is_software(struct perf_event *leader)
{
	if (!leader->pmu->software)
		return false;
	for (int i = 0; i < leader->nr_siblings; i++)
		if (!leader->siblings[i]->pmu->software)
			return false;
	return true;
}

/* After event_init, as the kernel: a driver may move the event to its PMU's CPU. */
static int check_leader(struct perf_event *leader, struct perf_event *e)
{
	if (!leader)
		return 0;
	if (leader->cpu != e->cpu || leader->pid != e->pid)
		return -EINVAL;
	if (leader->pmu != e->pmu && !e->pmu->software && !group_is_software(leader))
		return -EINVAL;
	return 0;
}

static bool exclusive_taken(struct perf_ctx *ctx, struct pmu *pmu)
{
	for (int i = 0; i < ctx->ngroups; i++) {
		struct perf_event *g = ctx->groups[i];

		if (g->pmu == pmu)
			return true;
		for (int j = 0; j < g->nr_siblings; j++)
			if (g->siblings[j]->pmu == pmu)
				return true;
	}
	return false;
}

/* The checks the core makes once the driver has accepted the event. */
static int post_init_checks(struct perf_event *e, struct perf_ctx *ctx)
{
	struct pmu *pmu = e->pmu;

	if ((pmu->capabilities & PERF_PMU_CAP_NO_EXCLUDE) && has_exclude(&e->attr))
		return -EINVAL;
	if (e->attr.sample_period && (pmu->capabilities & PERF_PMU_CAP_NO_INTERRUPT))
		return -EOPNOTSUPP;
	if (e->pid >= 0 && pmu->task_ctx_invalid)
		return -EINVAL;
	if (!ctx)
		return -ENOMEM;
	if ((pmu->capabilities & PERF_PMU_CAP_EXCLUSIVE) && exclusive_taken(ctx, pmu))
		return -EBUSY;
	return 0;
}

static struct kevent *event_alloc(struct perf_core *pc, const struct perf_event_attr *attr,
				  struct pmu *pmu, int pid, int cpu)
{
	struct kevent *ke = calloc(1, sizeof(*ke));
	struct perf_event *e;

	if (!ke)
		return NULL;
	e = &ke->e;
	e->attr = *attr;
	e->pmu = pmu;
	e->core = pc;
	e->cpu = cpu;
	e->pid = pid;
	e->group_leader = e;
	e->hw.idx = -1;
	e->hw.state = PERF_HES_STOPPED;
	e->state = attr->disabled ? PERF_EVENT_STATE_OFF : PERF_EVENT_STATE_INACTIVE;
	e->tstamp = perf_now(pc);
	e->id = pc->next_id++;
	return ke;
}

static int add_sibling(struct perf_event *leader, struct perf_event *e)
{
	struct perf_event **s =
	    realloc(leader->siblings, (size_t)(leader->nr_siblings + 1) * sizeof(*s));

	if (!s)
		return -ENOMEM;
	leader->siblings = s;
	s[leader->nr_siblings++] = e;
	e->group_leader = leader;
	kev(e)->ctx = kev(leader)->ctx;
	return 0;
}

/* Puts e in its context: a new group, or a sibling of a group rescheduled whole. */
static int install(struct perf_ctx *ctx, struct perf_event *e, struct perf_event *leader)
{
	bool active = leader && leader->state == PERF_EVENT_STATE_ACTIVE;
	int ret;

	if (!leader) {
		if (perf_ctx_add_group(ctx, e))
			return -ENOMEM;
		perf_ctx_sched_in(ctx);
		return 0;
	}
	if (active)
		perf_group_sched_out(leader);
	ret = add_sibling(leader, e);
	if (kev(leader)->ctx)
		perf_ctx_sched_in(kev(leader)->ctx);
	return ret;
}

static struct perf_ctx *event_ctx(struct perf_core *pc, struct perf_event *e,
				  struct perf_event *leader)
{
	if (leader && kev(leader)->ctx)
		return kev(leader)->ctx;
	return perf_ctx_get(pc, e->pmu, e->pid >= 0 ? -1 : e->cpu);
}

static void event_free(struct perf_event *e)
{
	if (e->destroy && !kev(e)->destroyed)
		e->destroy(e);
	perf_sb_free(e);
	free(e->siblings);
	free(kev(e));
}

static void link_event(struct perf_core *pc, struct kevent *ke)
{
	struct kevent **pp = &pc->events;

	while (*pp)
		pp = &(*pp)->next;
	*pp = ke;
}

/* The driver sees the event with its group leader set, as event_init does in the kernel. */
static int init_event(struct kevent *ke, struct perf_event *leader)
{
	int ret;

	ke->e.group_leader = leader ? leader : &ke->e;
	ret = ke->e.pmu->event_init(&ke->e);
	if (ret)
		ke->destroyed = true;
	return ret;
}

int perf_event_open(struct perf_core *pc, const struct perf_event_attr *attr, int pid, int cpu,
		    struct perf_event *group_leader, struct perf_event **out)
{
	struct pmu *pmu = perf_pmu_by_type(pc, attr->type);
	struct kevent *ke;
	int ret;

	if ((pid < 0 && cpu < 0) || cpu < -1 || cpu >= pc->k->ncpus || pid < -1)
		return -EINVAL;
	if (!pmu)
		return -ENOENT;
	if (group_leader && (group_leader->group_leader != group_leader || !group_leader->pmu))
		return -EINVAL;
	ke = event_alloc(pc, attr, pmu, pid, cpu);
	if (!ke)
		return -ENOMEM;
	ret = init_event(ke, group_leader) ?: check_leader(group_leader, &ke->e);
	if (!ret) {
		struct perf_ctx *ctx = event_ctx(pc, &ke->e, group_leader);

		ret = post_init_checks(&ke->e, ctx) ?: install(ctx, &ke->e, group_leader);
	}
	if (ret) {
		event_free(&ke->e);
		return ret;
	}
	link_event(pc, ke);
	*out = &ke->e;
	return 0;
}

static void set_group_state(struct perf_event *e, enum perf_event_state from,
			    enum perf_event_state to, bool group)
{
	if (e->state == from)
		perf_set_state(e, to);
	for (int i = 0; group && i < e->nr_siblings; i++)
		if (e->siblings[i]->state == from)
			perf_set_state(e->siblings[i], to);
}

int perf_event_enable(struct perf_event *e)
{
	struct perf_event *leader = e->group_leader;
	struct perf_ctx *ctx = kev(leader)->ctx;

	if (!e->pmu)
		return -ENODEV;
	if (leader->state == PERF_EVENT_STATE_ACTIVE && leader != e)
		perf_group_sched_out(leader);
	if (e->state == PERF_EVENT_STATE_ERROR)
		perf_set_state(e, PERF_EVENT_STATE_OFF);
	set_group_state(e, PERF_EVENT_STATE_OFF, PERF_EVENT_STATE_INACTIVE, e == leader);
	if (ctx)
		perf_ctx_sched_in(ctx);
	return 0;
}

int perf_event_disable(struct perf_event *e)
{
	struct perf_event *leader = e->group_leader;

	if (e == leader)
		perf_group_sched_out(e);
	else
		perf_event_sched_out(e);
	set_group_state(e, PERF_EVENT_STATE_INACTIVE, PERF_EVENT_STATE_OFF, e == leader);
	return 0;
}

int perf_event_read_value(struct perf_event *e, uint64_t *value, uint64_t *enabled,
			  uint64_t *running)
{
	if (e->state == PERF_EVENT_STATE_ACTIVE && e->pmu->read)
		e->pmu->read(e);
	perf_update_times(e);
	*value = e->count;
	*enabled = e->total_time_enabled;
	*running = e->total_time_running;
	return e->state == PERF_EVENT_STATE_ERROR ? -ENODATA : 0;
}

static void unlink_event(struct perf_core *pc, struct kevent *ke)
{
	for (struct kevent **pp = &pc->events; *pp; pp = &(*pp)->next) {
		if (*pp == ke) {
			*pp = ke->next;
			return;
		}
	}
}

/* Siblings of a closed leader go on as groups of their own, as perf_group_detach does. */
static void detach(struct perf_event *e)
{
	struct perf_event *leader = e->group_leader;
	struct perf_ctx *ctx = kev(leader)->ctx;

	if (leader != e) {
		for (int i = 0; i < leader->nr_siblings; i++) {
			if (leader->siblings[i] != e)
				continue;
			memmove(&leader->siblings[i], &leader->siblings[i + 1],
				(size_t)(leader->nr_siblings - i - 1) * sizeof(e));
			leader->nr_siblings--;
			break;
		}
		return;
	}
	if (ctx)
		perf_ctx_del_group(ctx, e);
	for (int i = 0; i < e->nr_siblings; i++) {
		e->siblings[i]->group_leader = e->siblings[i];
		if (ctx)
			perf_ctx_add_group(ctx, e->siblings[i]);
	}
	e->nr_siblings = 0;
}

void perf_event_close(struct perf_event *e)
{
	struct perf_ctx *ctx = kev(e->group_leader)->ctx;

	if (e->group_leader == e)
		perf_group_sched_out(e);
	else
		perf_event_sched_out(e);
	perf_set_state(e, PERF_EVENT_STATE_OFF);
	detach(e);
	perf_aux_free(e);
	unlink_event(e->core, kev(e));
	event_free(e);
	if (ctx)
		perf_ctx_sched_in(ctx);
}
