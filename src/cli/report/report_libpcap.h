/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * libpcap for report --pcap, loaded on use (lazy_lib.h): call lib_pcap.pcap_x().
 * Linked, it brought libdbus, libsystemd and libgcrypt into every command's
 * start-up; only --pcap writes a capture.
 */
#ifndef PCIESCOPE_CLI_REPORT_LIBPCAP_H
#define PCIESCOPE_CLI_REPORT_LIBPCAP_H

#include <pcap/pcap.h>

struct pcap_api {
	__typeof__(pcap_open_dead_with_tstamp_precision) *pcap_open_dead_with_tstamp_precision;
	__typeof__(pcap_dump_open) *pcap_dump_open;
	__typeof__(pcap_dump_file) *pcap_dump_file;
	__typeof__(pcap_dump) *pcap_dump;
	__typeof__(pcap_dump_close) *pcap_dump_close;
	__typeof__(pcap_geterr) *pcap_geterr;
	__typeof__(pcap_close) *pcap_close;
};

extern struct pcap_api lib_pcap;

/* 0, or 1 after the error line: libpcap is not there. */
int pcap_load(void);

#endif
