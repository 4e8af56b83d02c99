/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Recording an AUX tracer into perf.data, as `perf record` does for it: the
 * event opened system-wide on one CPU of the PMU's cpumask, an AUX area
 * mapped, the measured command run while a poll callback drains side-band
 * records and AUX data into the file, then the trace stopped and drained
 * once more.  Shared by `pciescope record` and `pciescope demo`.
 */
#ifndef PCIESCOPE_CLI_AUX_RECORD_H
#define PCIESCOPE_CLI_AUX_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/backend/backend.h>

#define AUX_RECORD_DEFAULT_BYTES (16u << 20)

struct aux_record_opts {
	const char *event;
	size_t aux_bytes;
	const char *output;
	bool force;	      /* skip the tool-side trace parameter rules */
	unsigned drain_every; /* drain on every Nth poll (1 = always) */
	char *const *argv;    /* the measured command */
	int cmd_argc;	      /* recorded command line, for the CMDLINE feature */
	const char *const *cmd_argv;
	bool quiet; /* no summary lines */
};

struct aux_record_result {
	uint64_t aux_bytes;   /* trace bytes written to the file */
	uint64_t aux_records; /* PERF_RECORD_AUX seen */
	uint64_t truncated;   /* of which with PERF_AUX_FLAG_TRUNCATED */
	uint64_t truncated_at_ns;
	uint64_t lost; /* side-band records lost (PERF_RECORD_LOST) */
	uint64_t wakeups;
	uint64_t elapsed_ns;
	uint64_t config;
	unsigned entry_size; /* PTT entry bytes, 0 for other PMUs */
	int exit_status;
};

/* 0 on success, else 1 after printing one error line. */
int aux_record(struct backend *b, const struct aux_record_opts *o, struct aux_record_result *r);

/* Parses -m like perf: pages, or bytes with a K/M/G suffix.  0 or -EINVAL. */
int aux_record_parse_size(const char *s, size_t *bytes);

#endif
