/* SPDX-License-Identifier: GPL-2.0-only */
/* The recording's state, shared by aux_record.c (setup) and aux_record_drain.c (the loop). */
#ifndef PCIESCOPE_TOOL_AUX_RECORD_INTERNAL_H
#define PCIESCOPE_TOOL_AUX_RECORD_INTERNAL_H

#include <pciescope/perf/perf_data.h>
#include <pciescope/tool/aux_record.h>
#include <pciescope/perf/event_parse.h>

struct rec_event {
	struct perf_event_list parsed; /* spec's one event, parsed.ev[0] */
	struct perf_event_attr attr;   /* its attribute with a recording's sampling bits */
	const char *pmu;	       /* parsed.ev[0].pmu */
	const char *spec;	       /* as the user wrote it */
	int ev, cpu;
	uint64_t id;
	uint64_t aux_bytes;
	bool itrace_seen;
	/* ITRACE_START waits for the first AUX record's time (backend clock_apart) */
	bool start_pending;
	uint64_t enable_ns; /* now_ns at the enable */
	uint64_t start_ns;  /* perf time tracing began (its ITRACE_START's) */
	/* The last AUX record that handed data over: perf time, bytes, now_ns when read. */
	bool handed;
	uint64_t handover_ns, handover_bytes, handover_read_ns;
	bool flagged; /* an AUX record said TRUNCATED */
	uint64_t truncated_ns;
};

struct rec {
	struct backend *b;
	const struct aux_record_opts *o;
	struct aux_record_result *r;
	struct perf_writer *w;
	struct rec_event e[AUX_RECORD_MAX_EVENTS];
	int n;
	unsigned polls;
	int err;
	uint64_t buf[65536 / 8]; /* records, 8-byte aligned as in the ring */
};

/* Drains every event's side-band records and AUX data; 0 or -errno of the output. */
int rec_drain(struct rec *s);
/* The backend's poll callback: a drain, or -EINTR once a caught signal came. */
int rec_poll(void *ctx);

#endif
