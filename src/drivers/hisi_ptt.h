/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The hisi_ptt driver's own state, shared by its files: probe and IRQ
 * (hisi_ptt.c), tune attributes (hisi_ptt_tune.c), filter lists
 * (hisi_ptt_filter.c) and the PMU with its AUX path (hisi_ptt_pmu.c).
 */
#ifndef PCIESCOPE_DRIVERS_HISI_PTT_H
#define PCIESCOPE_DRIVERS_HISI_PTT_H

#include <stdbool.h>
#include <stdint.h>

#include <pciescope/core/kernel.h>
#include <pciescope/perf/pmu_name.h>
#include <pciescope/regs/ptt.h>
#include <pciescope/trace/ptt_entry.h>

#define HISI_PTT_TRACE_BUF_SIZE PTT_TRACE_BUF_BYTES
#define HISI_PTT_AUX_MIN (16u << 20)
#define HISI_PTT_PORT_FILTER 0x80000u /* filter bit 19 */
#define HISI_PTT_TUNE_POLLS 100000    /* 10 us polls: 1 s */
#define HISI_PTT_IDLE_POLLS 10	      /* 10 us polls: 100 us */
#define HISI_PTT_RESET_POLLS 10	      /* 1 us polls: 10 us */

struct hisi_ptt_filter {
	struct hisi_ptt_filter *next;
	struct hisi_ptt *ptt;
	bool is_port;
	uint16_t rid;
	uint32_t value; /* the perf `filter` value */
	char name[16];	/* dddd:bb:dd.f */
};

#define HISI_PTT_TUNE_FILES 7 /* 5 events + 2 seed aliases */

/* What a tune file's show/store get: the device and the event code. */
struct hisi_ptt_tune_ctx {
	struct hisi_ptt *ptt;
	uint32_t event;
};

/* What setup_aux hands back: the AUX area as the driver sees it. */
struct hisi_ptt_aux {
	size_t length;
	uint64_t pos;
};

struct hisi_ptt {
	struct kcore *k;
	struct kdevice *kd;
	struct bus_device *bd;
	uint16_t sicl, core, lower_bdf, upper_bdf;
	char path[96]; /* /sys/bus/event_source/devices/<name> */

	struct hisi_ptt_filter *port_filters, *req_filters;
	uint16_t port_mask;
	struct sysfs_node *port_dir, *req_dir;
	bool notifier;

	void *buf[PTT_TRACE_BUF_CNT];
	uint64_t buf_dma[PTT_TRACE_BUF_CNT];
	bool started;
	unsigned buffer_index;
	int trace_cpu;
	struct perf_event *event;
	struct perf_output_handle handle;
	struct hisi_ptt_aux *aux; /* non-NULL while a handle is open */

	struct pmu pmu;
	char name[PMU_NAME_LEN];
	struct hisi_ptt_tune_ctx tune_ctx[HISI_PTT_TUNE_FILES];
};

int hisi_ptt_tune_register(struct hisi_ptt *ptt, struct sysfs_node *pmu_dir);

int hisi_ptt_filters_init(struct hisi_ptt *ptt, struct sysfs_node *pmu_dir);
void hisi_ptt_filters_release(struct hisi_ptt *ptt);
/* 0 if filter (the perf config value) names devices of the current lists. */
int hisi_ptt_filter_check(struct hisi_ptt *ptt, uint64_t filter);

int hisi_ptt_pmu_register(struct hisi_ptt *ptt);
void hisi_ptt_pmu_unregister(struct hisi_ptt *ptt);
void hisi_ptt_irq(void *ctx, int vector);

/* Polls reg until (val & mask) == want; polls times at most.  0 or -ETIMEDOUT. */
int hisi_ptt_poll(struct hisi_ptt *ptt, uint64_t reg, uint32_t mask, uint32_t want, int polls);

#endif
