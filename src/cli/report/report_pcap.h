/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report --pcap FILE: the trace as a pcap file for Wireshark, one packet
 * per entry.  Link type LINKTYPE_USER5 (152); each packet is a 16-byte
 * pseudo-header followed by the entry's bytes as stored in the trace:
 *
 *   0  'P' 'T' 'T'  magic, so that other LINKTYPE_USER5 data is not decoded as ours
 *   3  u8   version, 1
 *   4  u8   format: 0 4DW (16-byte entry), 1 8DW (32-byte entry)
 *   5  u8   direction of the TLPs (0 inbound, 1 outbound, 2 unknown)
 *   6  u16  reserved, 0
 *   8  u64  little-endian: offset of the entry in the trace stream (report --json's "offset")
 *
 * Timestamps have nanosecond precision: the entry's time field unwrapped
 * (as the analyser does) times the tick, counted from the first entry,
 * which is at 0 or at the wall time report_pcap_start_at gives.
 */
#ifndef PCIESCOPE_CLI_REPORT_PCAP_H
#define PCIESCOPE_CLI_REPORT_PCAP_H

#include <stddef.h>
#include <stdint.h>

#include <pciescope/trace/analysis.h>

#define REPORT_PCAP_LINKTYPE 152 /* LINKTYPE_USER5 */
#define REPORT_PCAP_PSEUDO_BYTES 16

struct report_pcap;

/* Creates path; tick_ns is the length of a time tick.  0 or 1 after printing an error. */
int report_pcap_open(const char *path, double tick_ns, struct report_pcap **out);
/* Puts the first entry at wall_ns (ns since 1970) instead of 0; before any entry only. */
void report_pcap_start_at(struct report_pcap *p, uint64_t wall_ns);
/* Writes only the entries f keeps (f stays the caller's; NULL or an empty filter: all). */
void report_pcap_filter(struct report_pcap *p, const struct ptt_filter *f);
/* The whole entries of a chunk of format f whose first byte is at stream offset base. */
void report_pcap_chunk(struct report_pcap *p, const uint8_t *buf, size_t len, enum ptt_format f,
		       uint64_t base, enum analysis_dir d);
/* Flushes and closes; 0 or 1 after printing an error (the file is then incomplete). */
int report_pcap_close(struct report_pcap *p);

#endif
