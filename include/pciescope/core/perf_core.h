/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The in-process perf core: a PMU registry with type numbers, events with
 * groups, the event_init/add/del/start/stop/read protocol of Linux, counting
 * with time_enabled/time_running, and AUX areas for hardware tracers.
 *
 * struct perf_event_attr is the uapi one, so an attr built by a tool is the
 * same bytes whether it goes to this core or to perf_event_open(2).
 */
#ifndef PCIESCOPE_CORE_PERF_CORE_H
#define PCIESCOPE_CORE_PERF_CORE_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct kcore;
struct perf_core;
struct perf_event;
struct sysfs_node;

/* pmu->add / pmu->start / pmu->stop flags, as in the kernel. */
#define PERF_EF_START 0x01
#define PERF_EF_RELOAD 0x02
#define PERF_EF_UPDATE 0x04

/* hw.state bits */
#define PERF_HES_STOPPED 0x01
#define PERF_HES_UPTODATE 0x02

/* pmu->capabilities */
#define PERF_PMU_CAP_NO_INTERRUPT 0x0001
#define PERF_PMU_CAP_AUX_NO_SG 0x0004
#define PERF_PMU_CAP_EXCLUSIVE 0x0010
#define PERF_PMU_CAP_ITRACE 0x0020
#define PERF_PMU_CAP_NO_EXCLUDE 0x0080

struct pmu {
	const char *name;
	int type; /* set by perf_pmu_register */
	unsigned capabilities;
	bool task_ctx_invalid; /* system-wide only: task-attached events fail in event_init */
	bool software;	       /* may join, and host, groups of other PMUs (software events) */
	void *priv;	       /* the driver's PMU state */

	int (*event_init)(struct perf_event *e);
	int (*add)(struct perf_event *e, int flags);
	void (*del)(struct perf_event *e, int flags);
	void (*start)(struct perf_event *e, int flags);
	void (*stop)(struct perf_event *e, int flags);
	void (*read)(struct perf_event *e);
	void (*pmu_enable)(struct pmu *p);  /* optional */
	void (*pmu_disable)(struct pmu *p); /* optional */

	/* AUX: pages is one contiguous area of nr_pages * 4096 bytes. */
	void *(*setup_aux)(struct perf_event *e, void *pages, int nr_pages, bool overwrite);
	void (*free_aux)(void *aux_priv);

	struct sysfs_node *dir; /* /sys/bus/event_source/devices/<name>, made at register */
};

struct hw_perf_event {
	uint64_t config, config_base, event_base;
	int idx;
	int state;
	uint64_t prev_count; /* drivers use it as the kernel's local64 prev_count */
};

enum perf_event_state {
	PERF_EVENT_STATE_ERROR = -2,
	PERF_EVENT_STATE_OFF = -1,
	PERF_EVENT_STATE_INACTIVE = 0,
	PERF_EVENT_STATE_ACTIVE = 1
};

struct perf_aux;

struct perf_event {
	struct perf_event_attr attr;
	struct pmu *pmu;
	struct perf_core *core;
	int cpu; /* -1 when the open asked for none */
	int pid; /* -1 system-wide; >= 0 task-attached */
	struct perf_event *group_leader;
	struct perf_event **siblings; /* leader only */
	int nr_siblings;
	enum perf_event_state state;
	uint64_t count; /* accumulated by the driver (local64 count) */
	struct hw_perf_event hw;
	void *pmu_private;
	uint64_t total_time_enabled, total_time_running, tstamp;
	struct perf_aux *aux;
	uint64_t id; /* unique id, as PERF_FORMAT_ID reports */
	/* Set by event_init when it holds resources; called once when the event goes. */
	void (*destroy)(struct perf_event *e);
};

/* The handle a tracer holds while it writes one stretch of AUX data. */
struct perf_output_handle {
	struct perf_event *event;
	struct perf_aux *aux;
	uint64_t head;	    /* absolute AUX head at begin */
	size_t size;	    /* bytes free from head at begin */
	uint64_t aux_flags; /* PERF_AUX_FLAG_* accumulated for the AUX record */
};

struct perf_core *perf_core_create(struct kcore *k);
void perf_core_destroy(struct perf_core *pc);

/* type < 0: allocate a dynamic type number (from PERF_TYPE_MAX up), else fixed. */
int perf_pmu_register(struct perf_core *pc, struct pmu *pmu, const char *name, int type);
void perf_pmu_unregister(struct perf_core *pc, struct pmu *pmu);
struct pmu *perf_pmu_find(struct perf_core *pc, const char *name);
struct pmu *perf_pmu_by_type(struct perf_core *pc, uint32_t type);

/*
 * perf_event_open(2) semantics: group_leader NULL for a new group.  Checks
 * the PMU's capabilities (exclude_* against NO_EXCLUDE, sampling, ...) the
 * way the kernel's core does, then calls event_init.  Returns 0 or -errno.
 */
int perf_event_open(struct perf_core *pc, const struct perf_event_attr *attr, int pid, int cpu,
		    struct perf_event *group_leader, struct perf_event **out);
int perf_event_enable(struct perf_event *e); /* the whole group when e is a leader */
int perf_event_disable(struct perf_event *e);
/* Reads count, time_enabled and time_running (ns of simulated time). */
int perf_event_read_value(struct perf_event *e, uint64_t *value, uint64_t *enabled,
			  uint64_t *running);
void perf_event_close(struct perf_event *e);

/*
 * Runs the core's clock (struct kcore's) until now_ns, called by the
 * platform after each slice of simulated time: moves it, carries out the
 * disables the AUX code asked for, and rotates the groups of a PMU that
 * could not all be scheduled, every perf_event_mux_interval_ms (default 4,
 * writable in the PMU's directory).
 */
void perf_core_run_until(struct perf_core *pc, uint64_t now_ns);

/* Side-band ring size (a power of two >= 4096, default 512 KiB), before any record. */
int perf_event_set_data_size(struct perf_event *e, size_t bytes);
/* Records dropped so far because the side-band ring was full. */
uint64_t perf_event_lost(struct perf_event *e);

/* AUX: the tool maps an area (like mmap of the aux_offset region). */
int perf_event_aux_map(struct perf_event *e, size_t bytes, bool overwrite);
void *perf_aux_output_begin(struct perf_output_handle *h, struct perf_event *e);
void perf_aux_output_flag(struct perf_output_handle *h, uint64_t flags);
/* Commits size bytes and emits a PERF_RECORD_AUX with the handle's flags. */
void perf_aux_output_end(struct perf_output_handle *h, size_t size);
/* Writes bytes at the AUX area's position pos (modulo its size). */
void perf_aux_write(struct perf_aux *aux, uint64_t pos, const void *src, size_t len);

/*
 * The tool side: side-band records (PERF_RECORD_AUX, ITRACE_START, LOST) in
 * the order they happened, each a complete record with perf_event_header,
 * and AUX bytes between the consumer's tail and the head.
 */
int perf_event_next_record(struct perf_event *e, void *buf, size_t n); /* bytes, 0 if none */
size_t perf_aux_data(struct perf_event *e, uint64_t *tail, const void **p1, size_t *n1,
		     const void **p2, size_t *n2);
void perf_aux_consume(struct perf_event *e, size_t bytes);

#endif
