/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `pciescope diagnose`: a trace (and, live, counters and link state) turned
 * into findings by the diag/ library.  diagnose_trace.c has the library
 * read a perf.data into its collector, diagnose_live.c records one and counts the
 * PCIe PMU while COMMAND runs, diagnose_print.c writes the findings as
 * text, JSON lines or an HTML page.
 */
#ifndef PCIESCOPE_CLI_DIAGNOSE_H
#define PCIESCOPE_CLI_DIAGNOSE_H

#include <stdio.h>

#include <pciescope/diag/finding.h>
#include <pciescope/diag/live.h>
#include <pciescope/diag/trace.h>

/*
 * Reads a PTT perf.data into a finished collector; host: the Root Ports'
 * requester IDs when known (nhost 0: inferred); links: their links (live,
 * else none).  0, or 1 after printing the error.
 */
int diagnose_read_trace(const char *path, double tick_ns, const uint16_t *host, size_t nhost,
			const struct diag_trace_link *links, size_t nlinks,
			struct diag_trace **out);

void diagnose_print_text(FILE *out, const struct diag_findings *l);
void diagnose_print_json(FILE *out, const struct diag_findings *l);
/* trace may be NULL.  0, or 1 after printing the error. */
int diagnose_write_html(const char *path, const struct diag_findings *l,
			const struct diag_trace *trace);

#endif
