// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PMU registry.  Dynamic type numbers are handed out from PERF_TYPE_MAX
 * (6) upward in registration order, as the kernel's idr does; fixed types
 * (software 1, ...) are taken as asked.  Each PMU gets /sys/devices/<name>
 * with `type` and `perf_event_mux_interval_ms`, and the
 * /sys/bus/event_source/devices/<name> symlink to it; drivers add format/,
 * events/, cpumask and the rest under pmu->dir.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perf_internal.h"

struct perf_core *perf_core_create(struct kcore *k)
{
	struct perf_core *pc = calloc(1, sizeof(*pc));

	if (!pc)
		return NULL;
	pc->k = k;
	pc->next_type = PERF_TYPE_MAX;
	pc->next_id = 1;
	return pc;
}

void perf_core_destroy(struct perf_core *pc)
{
	if (!pc)
		return;
	while (pc->events)
		perf_event_close(&pc->events->e);
	perf_ctx_free_all(pc);
	while (pc->pmus) {
		struct pmu_entry *p = pc->pmus;

		pc->pmus = p->next;
		free(p);
	}
	free(pc);
}

struct pmu_entry *perf_pmu_entry(struct perf_core *pc, struct pmu *pmu)
{
	for (struct pmu_entry *p = pc->pmus; p; p = p->next)
		if (p->pmu == pmu)
			return p;
	return NULL;
}

static ssize_t type_show(void *ctx, char *buf, size_t n)
{
	return snprintf(buf, n, "%d\n", ((struct pmu_entry *)ctx)->pmu->type);
}

static ssize_t mux_show(void *ctx, char *buf, size_t n)
{
	return snprintf(buf, n, "%u\n", ((struct pmu_entry *)ctx)->mux_ms);
}

static ssize_t mux_store(void *ctx, const char *buf, size_t len)
{
	char *end;
	long v = strtol(buf, &end, 0);

	if (end == buf || (*end && *end != '\n') || v < 1 || v > 1000000)
		return -EINVAL;
	((struct pmu_entry *)ctx)->mux_ms = (unsigned)v;
	return (ssize_t)len;
}

static int pmu_sysfs(struct perf_core *pc, struct pmu_entry *p)
{
	static const struct sysfs_attr_ops type_ops = {.show = type_show};
	static const struct sysfs_attr_ops mux_ops = {.show = mux_show, .store = mux_store};
	struct sysfs *fs = pc->k->sysfs;
	char path[300];
	int ret;

	snprintf(path, sizeof(path), "/sys/devices/%s", p->pmu->name);
	if (sysfs_lookup(fs, path))
		return -EEXIST;
	p->pmu->dir = sysfs_mkdir_p(fs, path);
	if (!p->pmu->dir)
		return -ENOMEM;
	snprintf(path, sizeof(path), "../../../devices/%s", p->pmu->name);
	ret = sysfs_add_attr(p->pmu->dir, "type", 0444, &type_ops, p) ?:
	      sysfs_add_attr(p->pmu->dir, "perf_event_mux_interval_ms", 0644, &mux_ops, p) ?:
	      sysfs_add_symlink(sysfs_lookup(fs, "/sys/bus/event_source/devices"), p->pmu->name,
				path);
	if (ret) {
		sysfs_remove(p->pmu->dir);
		p->pmu->dir = NULL;
	}
	return ret;
}

static bool type_taken(struct perf_core *pc, int type)
{
	return perf_pmu_by_type(pc, (uint32_t)type) != NULL;
}

int perf_pmu_register(struct perf_core *pc, struct pmu *pmu, const char *name, int type)
{
	struct pmu_entry *p, **pp = &pc->pmus;
	int ret;

	if (!name || !*name || strchr(name, '/') || perf_pmu_find(pc, name) ||
	    perf_pmu_entry(pc, pmu))
		return -EEXIST;
	if (type >= 0 && type_taken(pc, type))
		return -EBUSY;
	p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	while (type < 0 && type_taken(pc, pc->next_type))
		pc->next_type++;
	pmu->name = name;
	pmu->type = type >= 0 ? type : pc->next_type++;
	p->pmu = pmu;
	p->mux_ms = PERF_DEFAULT_MUX_MS;
	ret = pmu_sysfs(pc, p);
	if (ret) {
		free(p);
		return ret;
	}
	while (*pp)
		pp = &(*pp)->next;
	*pp = p;
	return 0;
}

/* Events still open on the PMU stop and read as errors, as after a driver unbind. */
static void orphan_events(struct perf_core *pc, struct pmu *pmu)
{
	for (struct kevent *ke = pc->events; ke; ke = ke->next) {
		struct perf_event *e = &ke->e;

		if (e->pmu != pmu)
			continue;
		if (e->state == PERF_EVENT_STATE_ACTIVE)
			perf_event_sched_out(e);
		perf_aux_free(e);
		if (e->destroy && !ke->destroyed)
			e->destroy(e);
		ke->destroyed = true;
		perf_set_state(e, PERF_EVENT_STATE_ERROR);
		e->pmu = NULL;
	}
}

void perf_pmu_unregister(struct perf_core *pc, struct pmu *pmu)
{
	char path[300];

	for (struct pmu_entry **pp = &pc->pmus; *pp; pp = &(*pp)->next) {
		struct pmu_entry *p = *pp;

		if (p->pmu != pmu)
			continue;
		orphan_events(pc, pmu);
		perf_ctx_drop_pmu(pc, pmu);
		snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s", pmu->name);
		sysfs_remove_path(pc->k->sysfs, path);
		sysfs_remove(pmu->dir);
		pmu->dir = NULL;
		*pp = p->next;
		free(p);
		return;
	}
}

struct pmu *perf_pmu_find(struct perf_core *pc, const char *name)
{
	for (struct pmu_entry *p = pc->pmus; p; p = p->next)
		if (!strcmp(p->pmu->name, name))
			return p->pmu;
	return NULL;
}

struct pmu *perf_pmu_by_type(struct perf_core *pc, uint32_t type)
{
	for (struct pmu_entry *p = pc->pmus; p; p = p->next)
		if ((uint32_t)p->pmu->type == type)
			return p->pmu;
	return NULL;
}
