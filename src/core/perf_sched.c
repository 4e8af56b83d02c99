// SPDX-License-Identifier: GPL-2.0-only
/*
 * Scheduling events onto a PMU, in the kernel's order.  A group goes on
 * whole or not at all: the leader's add(), then each sibling's, undoing the
 * added ones if one fails.  Pinned groups go first and one that does not fit
 * goes to ERROR; flexible groups follow in list order and the first that
 * does not fit stops the pass and marks the context for rotation, so on each
 * mux interval the first scheduled group moves to the tail and every group
 * gets its share of time (running < enabled, scaled by the tool).
 */
#include <stdlib.h>
#include <string.h>

#include "perf_internal.h"

struct perf_ctx *perf_ctx_get(struct perf_core *pc, struct pmu *pmu, int cpu)
{
	struct perf_ctx *ctx;

	for (ctx = pc->ctxs; ctx; ctx = ctx->next)
		if (ctx->pmu == pmu && ctx->cpu == cpu)
			return ctx;
	ctx = calloc(1, sizeof(*ctx));
	if (!ctx)
		return NULL;
	ctx->pmu = pmu;
	ctx->cpu = cpu;
	ctx->next = pc->ctxs;
	pc->ctxs = ctx;
	return ctx;
}

int perf_ctx_add_group(struct perf_ctx *ctx, struct perf_event *leader)
{
	if (ctx->ngroups == ctx->cap) {
		int cap = ctx->cap ? ctx->cap * 2 : 8;
		struct perf_event **g = realloc(ctx->groups, (size_t)cap * sizeof(*g));

		if (!g)
			return -1;
		ctx->groups = g;
		ctx->cap = cap;
	}
	ctx->groups[ctx->ngroups++] = leader;
	kev(leader)->ctx = ctx;
	return 0;
}

void perf_ctx_del_group(struct perf_ctx *ctx, struct perf_event *leader)
{
	for (int i = 0; i < ctx->ngroups; i++) {
		if (ctx->groups[i] == leader) {
			memmove(&ctx->groups[i], &ctx->groups[i + 1],
				(size_t)(ctx->ngroups - i - 1) * sizeof(*ctx->groups));
			ctx->ngroups--;
			return;
		}
	}
}

void perf_ctx_free_all(struct perf_core *pc)
{
	while (pc->ctxs) {
		struct perf_ctx *ctx = pc->ctxs;

		pc->ctxs = ctx->next;
		free(ctx->groups);
		free(ctx);
	}
}

void perf_update_times(struct perf_event *e)
{
	uint64_t now = perf_now(e->core), dt = now - e->tstamp;

	if (e->state >= PERF_EVENT_STATE_INACTIVE)
		e->total_time_enabled += dt;
	if (e->state == PERF_EVENT_STATE_ACTIVE)
		e->total_time_running += dt;
	e->tstamp = now;
}

void perf_set_state(struct perf_event *e, enum perf_event_state st)
{
	perf_update_times(e);
	e->state = st;
}

static void pmu_disable(struct pmu *p)
{
	if (p && p->pmu_disable)
		p->pmu_disable(p);
}

static void pmu_enable(struct pmu *p)
{
	if (p && p->pmu_enable)
		p->pmu_enable(p);
}

static void log_itrace_start(struct perf_event *e)
{
	uint32_t ids[2] = {(uint32_t)(e->pid < 0 ? 0 : e->pid),
			   (uint32_t)(e->pid < 0 ? 0 : e->pid)};

	if (!(e->pmu->capabilities & PERF_PMU_CAP_ITRACE) || kev(e)->itrace_started)
		return;
	kev(e)->itrace_started = true;
	perf_sb_output(e, PERF_RECORD_ITRACE_START, ids, sizeof(ids));
}

static int event_sched_in(struct perf_event *e)
{
	if (e->state != PERF_EVENT_STATE_INACTIVE || !e->pmu)
		return 0;
	perf_set_state(e, PERF_EVENT_STATE_ACTIVE);
	if (e->pmu->add(e, PERF_EF_START)) {
		perf_set_state(e, PERF_EVENT_STATE_INACTIVE);
		return -1;
	}
	log_itrace_start(e);
	return 0;
}

void perf_event_sched_out(struct perf_event *e)
{
	if (e->state != PERF_EVENT_STATE_ACTIVE)
		return;
	e->pmu->del(e, 0);
	perf_set_state(e, PERF_EVENT_STATE_INACTIVE);
}

int perf_group_sched_in(struct perf_ctx *ctx, struct perf_event *leader)
{
	int i, ret = 0;

	if (leader->state != PERF_EVENT_STATE_INACTIVE)
		return 0;
	pmu_disable(ctx->pmu);
	if (event_sched_in(leader)) {
		ret = -1;
		goto out;
	}
	for (i = 0; i < leader->nr_siblings; i++)
		if (event_sched_in(leader->siblings[i]))
			break;
	if (i < leader->nr_siblings) {
		while (i-- > 0)
			perf_event_sched_out(leader->siblings[i]);
		perf_event_sched_out(leader);
		ret = -1;
	}
out:
	pmu_enable(ctx->pmu);
	return ret;
}

void perf_group_sched_out(struct perf_event *leader)
{
	struct pmu *p = kev(leader)->ctx ? kev(leader)->ctx->pmu : leader->pmu;

	pmu_disable(p);
	perf_event_sched_out(leader);
	for (int i = 0; i < leader->nr_siblings; i++)
		perf_event_sched_out(leader->siblings[i]);
	pmu_enable(p);
}

/* attr.exclusive: such a group runs alone on its PMU. */
static bool group_can_go_on(struct perf_ctx *ctx, struct perf_event *leader, bool can_add_hw)
{
	for (int i = 0; i < ctx->ngroups; i++) {
		struct perf_event *g = ctx->groups[i];

		if (g->state != PERF_EVENT_STATE_ACTIVE)
			continue;
		if (g->attr.exclusive || leader->attr.exclusive)
			return false;
	}
	return can_add_hw;
}

static void sched_in_pass(struct perf_ctx *ctx, bool pinned)
{
	bool can_add_hw = true;

	for (int i = 0; i < ctx->ngroups; i++) {
		struct perf_event *g = ctx->groups[i];

		if (g->attr.pinned != pinned || g->state != PERF_EVENT_STATE_INACTIVE)
			continue;
		if (group_can_go_on(ctx, g, can_add_hw) && !perf_group_sched_in(ctx, g))
			continue;
		if (pinned) {
			perf_set_state(g, PERF_EVENT_STATE_ERROR);
			continue;
		}
		can_add_hw = false;
		if (!ctx->rotate_necessary)
			ctx->last_rotate = perf_now(g->core);
		ctx->rotate_necessary = true;
	}
}

void perf_ctx_sched_in(struct perf_ctx *ctx)
{
	pmu_disable(ctx->pmu);
	sched_in_pass(ctx, true);
	sched_in_pass(ctx, false);
	pmu_enable(ctx->pmu);
}

static void ctx_rotate(struct perf_ctx *ctx, uint64_t now)
{
	int first = -1;

	pmu_disable(ctx->pmu);
	for (int i = 0; i < ctx->ngroups; i++) {
		struct perf_event *g = ctx->groups[i];

		if (g->attr.pinned || g->state != PERF_EVENT_STATE_ACTIVE)
			continue;
		if (first < 0)
			first = i;
		perf_group_sched_out(g);
	}
	if (first >= 0) {
		struct perf_event *g = ctx->groups[first];

		perf_ctx_del_group(ctx, g);
		ctx->groups[ctx->ngroups++] = g;
	}
	ctx->rotate_necessary = false;
	ctx->last_rotate = now;
	perf_ctx_sched_in(ctx);
	pmu_enable(ctx->pmu);
}

static void do_pending_disables(struct perf_core *pc)
{
	for (struct kevent *ke = pc->events; ke; ke = ke->next) {
		if (!ke->pending_disable)
			continue;
		ke->pending_disable = false;
		perf_event_disable(&ke->e);
	}
}

void perf_core_run_until(struct perf_core *pc, uint64_t now_ns)
{
	if (now_ns > pc->k->clock.now_ns)
		pc->k->clock.now_ns = now_ns;
	do_pending_disables(pc);
	for (struct perf_ctx *ctx = pc->ctxs; ctx; ctx = ctx->next) {
		struct pmu_entry *p = perf_pmu_entry(pc, ctx->pmu);
		uint64_t interval = (uint64_t)(p ? p->mux_ms : PERF_DEFAULT_MUX_MS) * 1000000;

		if (ctx->rotate_necessary && now_ns - ctx->last_rotate >= interval)
			ctx_rotate(ctx, now_ns);
	}
}

void perf_ctx_drop_pmu(struct perf_core *pc, struct pmu *pmu)
{
	for (struct perf_ctx **pp = &pc->ctxs; *pp;) {
		struct perf_ctx *ctx = *pp;

		if (ctx->pmu != pmu) {
			pp = &ctx->next;
			continue;
		}
		for (int i = 0; i < ctx->ngroups; i++)
			kev(ctx->groups[i])->ctx = NULL;
		*pp = ctx->next;
		free(ctx->groups);
		free(ctx);
	}
}
