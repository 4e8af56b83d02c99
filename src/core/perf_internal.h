/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The perf core's private structures.  An event is wrapped in a struct
 * kevent for the bookkeeping drivers must not see.  Events are scheduled in
 * contexts, one per (PMU, CPU), holding groups in list order: the unit the
 * kernel's perf_event_pmu_context schedules and rotates.
 */
#ifndef PCIESCOPE_CORE_PERF_INTERNAL_H
#define PCIESCOPE_CORE_PERF_INTERNAL_H

#include <pciescope/core/kernel.h>
#include <pciescope/core/perf_core.h>

#define PERF_DEFAULT_MUX_MS 4	       /* 1000 / HZ with HZ = 250 */
#define PERF_DEFAULT_DATA (512 * 1024) /* perf record's data ring */
#define PERF_PAGE 4096

struct perf_ctx {
	struct pmu *pmu;
	int cpu;
	struct perf_event **groups; /* leaders, in rotation order */
	int ngroups, cap;
	bool rotate_necessary;
	uint64_t last_rotate;
	struct perf_ctx *next;
};

struct perf_sb {
	uint8_t *buf;
	size_t size;
	uint64_t head, tail, lost, total_lost;
};

struct kevent {
	struct perf_event e;
	struct perf_ctx *ctx;
	bool pending_disable, itrace_started, destroyed;
	struct perf_sb sb;
	struct kevent *next; /* every open event */
};

struct perf_aux {
	struct perf_event *event;
	uint8_t *pages;
	size_t size;
	uint64_t head, tail;
	bool overwrite, nested;
	void *priv;
};

struct pmu_entry {
	struct pmu *pmu;
	unsigned mux_ms;
	struct pmu_entry *next;
};

struct perf_core {
	struct kcore *k;
	struct pmu_entry *pmus;
	int next_type;
	struct perf_ctx *ctxs;
	struct kevent *events;
	uint64_t next_id;
	struct pmu sw; /* the software PMU, type PERF_TYPE_SOFTWARE */
};

static inline struct kevent *kev(struct perf_event *e)
{
	return (struct kevent *)e;
}

static inline uint64_t perf_now(struct perf_core *pc)
{
	return pc->k->clock.now_ns;
}

struct pmu_entry *perf_pmu_entry(struct perf_core *pc, struct pmu *pmu);

/* perf_sw.c: registers the software PMU; needs the sysfs skeleton. */
int perf_sw_register(struct perf_core *pc);

/* perf_sched.c */
struct perf_ctx *perf_ctx_get(struct perf_core *pc, struct pmu *pmu, int cpu);
int perf_ctx_add_group(struct perf_ctx *ctx, struct perf_event *leader);
void perf_ctx_del_group(struct perf_ctx *ctx, struct perf_event *leader);
void perf_update_times(struct perf_event *e);
void perf_set_state(struct perf_event *e, enum perf_event_state st);
int perf_group_sched_in(struct perf_ctx *ctx, struct perf_event *leader);
void perf_group_sched_out(struct perf_event *leader);
void perf_event_sched_out(struct perf_event *e);
void perf_ctx_sched_in(struct perf_ctx *ctx);
void perf_ctx_free_all(struct perf_core *pc);
void perf_ctx_drop_pmu(struct perf_core *pc, struct pmu *pmu);

/* perf_ring.c */
void perf_sb_output(struct perf_event *e, uint32_t type, const void *body, size_t len);
void perf_sb_free(struct perf_event *e);

/* perf_aux.c */
void perf_aux_free(struct perf_event *e);

#endif
