/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A PTT recording (perf.data) walked for its traces, for every reader that
 * wants the entries and not the records (diagnose -i, the twin): each
 * traced device (one PTT, its trace in one or more AUX buffers, see
 * perf/aux_streams.h) by its index, with its event once the records pair
 * them, then its payloads' whole entries in order, read in pieces into
 * one buffer (perf_reader_aux_bytes) rather than through the file's
 * mapping, whose pages would stay in the RSS: memory does not follow the
 * trace's size.
 */
#ifndef PCIESCOPE_TOOL_PTT_FILE_H
#define PCIESCOPE_TOOL_PTT_FILE_H

#include <stddef.h>
#include <stdint.h>

#include <pciescope/perf/aux_streams.h>
#include <pciescope/perf/perf_data.h>
#include <pciescope/base/error.h>
#include <pciescope/trace/ptt_entry.h>

struct ptt_file_ops {
	/* Device i's first payload; a: its event, NULL when unknown.  0, or -errno with e set. */
	int (*device)(void *ctx, size_t i, const struct perf_attr_info *a, struct error *e);
	/* len bytes of whole entries of format f of device i. */
	void (*entries)(void *ctx, size_t i, const uint8_t *buf, size_t len, enum ptt_format f);
	/* After the last record: every device's span and loss (s), and the file (rd). */
	void (*done)(void *ctx, const struct perf_aux_streams *s, const struct perf_reader *rd);
};

/*
 * Walks path ("-" for standard input).  0 (a file with no payload too:
 * device is never called; a file that ends inside a payload too, after
 * its whole entries: perf_reader_cut_auxtrace of done's rd says so), or
 * -errno with "PATH: why" in e: not a perf.data, not PTT data, a read
 * error.
 */
int ptt_file_walk(const char *path, const struct ptt_file_ops *ops, void *ctx, struct error *e);
/*
 * Device i's event as the records seen so far pair them, the recording's
 * first when they do not; NULL when the recording has none.
 */
const struct perf_attr_info *ptt_file_event(const struct perf_aux_streams *s,
					    const struct perf_reader *r, size_t i);
/* The PMU an event's name names ("hisi_ptt0_2" of "hisi_ptt0_2/filter=.../"); "" unknown. */
void ptt_file_pmu(const struct perf_attr_info *a, char *buf, size_t n);

#endif
