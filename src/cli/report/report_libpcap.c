// SPDX-License-Identifier: GPL-2.0-only
/* The libpcap functions report --pcap calls, resolved on use (lazy_lib.h). */
#include "lazy_lib.h"
#include "report_libpcap.h"

struct pcap_api lib_pcap;

int pcap_load(void)
{
	const struct lazy_sym syms[] = {
	    LAZY_SYM(lib_pcap, pcap_open_dead_with_tstamp_precision, NULL),
	    LAZY_SYM(lib_pcap, pcap_dump_open, NULL),
	    LAZY_SYM(lib_pcap, pcap_dump_file, NULL),
	    LAZY_SYM(lib_pcap, pcap_dump, NULL),
	    LAZY_SYM(lib_pcap, pcap_dump_close, NULL),
	    LAZY_SYM(lib_pcap, pcap_geterr, NULL),
	    LAZY_SYM(lib_pcap, pcap_close, NULL),
	};

	return lazy_lib_load("report --pcap", PCIESCOPE_SONAME_PCAP, syms,
			     sizeof(syms) / sizeof(syms[0]));
}
