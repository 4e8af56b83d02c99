/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Recording AUX tracers into perf.data, as `perf record` does for them:
 * each event opened system-wide on one CPU of its PMU's cpumask with an AUX
 * area of its own, the measured command run while a poll callback drains
 * side-band records and AUX data into the file, then the traces stopped and
 * drained once more.  SIGINT or SIGTERM (aux_record_catch_signals) ends the
 * command early the same way: drained, the file finished.  Shared by
 * `pciescope record` and `pciescope demo`.
 */
#ifndef PCIESCOPE_TOOL_AUX_RECORD_H
#define PCIESCOPE_TOOL_AUX_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/base/error.h>
#include <pciescope/backend/backend.h>

#define AUX_RECORD_DEFAULT_BYTES (16u << 20)
#define AUX_RECORD_MAX_EVENTS 16

struct aux_record_opts {
	const char *events[AUX_RECORD_MAX_EVENTS]; /* one per PTT device, as perf takes them */
	int nr_events;
	size_t aux_bytes;
	const char *output;
	/* output is the caller's own file (a private temporary one): written over, never moved
	 * to <output>.old */
	bool overwrite;
	bool force;	      /* skip the tool-side trace parameter rules */
	unsigned drain_every; /* drain on every Nth poll (1 = always) */
	char *const *argv;    /* the measured command */
	int cmd_argc;	      /* recorded command line, for the CMDLINE feature */
	const char *const *cmd_argv;
	bool quiet; /* record_summary prints no summary lines */
};

struct aux_record_result {
	uint64_t aux_bytes;   /* trace bytes written to the file */
	uint64_t aux_records; /* PERF_RECORD_AUX seen */
	uint64_t truncated;   /* of which with PERF_AUX_FLAG_TRUNCATED */
	/*
	 * Traces that stopped before the recording ended, their AUX area full
	 * (flagged TRUNCATED, or told by the times: Linux's PTT flags nothing),
	 * and when the first did: after it began, and before the end.
	 */
	uint64_t stopped;
	uint64_t stopped_at_ns, stopped_before_ns;
	uint64_t lost; /* side-band records lost (PERF_RECORD_LOST) */
	uint64_t wakeups;
	uint64_t elapsed_ns;
	uint64_t config;     /* of the first event */
	unsigned entry_size; /* PTT entry bytes of the first event, 0 for other PMUs */
	uint64_t tlps;	     /* PTT entries written, all events */
	bool mixed_formats;  /* the events trace 4DW and 8DW entries */
	uint64_t file_bytes; /* size of the output */
	int exit_status;
	int signal;	  /* SIGINT or SIGTERM that ended the command, else 0 */
	struct error err; /* why aux_record failed */
};

/*
 * From now on SIGINT and SIGTERM end a recording as the command's end
 * would; aux_record_result.signal says which came.  perf record does the
 * same, then dies of the signal once the file is finished.
 */
void aux_record_catch_signals(void);

/*
 * Records; prints nothing (the command shows the result: record_summary).
 * 0, or -errno with the reason in r->err.
 */
int aux_record(struct backend *b, const struct aux_record_opts *o, struct aux_record_result *r);

/* Parses -m like perf: pages, or bytes with a K/M/G suffix.  0 or -EINVAL. */
int aux_record_parse_size(const char *s, size_t *bytes);

#endif
