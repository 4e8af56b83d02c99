/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * HiSilicon PTT trace buffer entries, as the PTT document draws them.
 *
 * 4DW (16 bytes): DW0 = Fmt[31:30] Type[29:25] T9[24] T8[23] TH[22] SO[21]
 * Length[20:11] Time[10:0]; DW1..DW3 = TLP header DW1..DW3.
 * 8DW (32 bytes): DW0 = 0xffffffff marker, DW1 = prefix, DW2..DW5 = TLP header
 * DW0..DW3, DW6 reserved, DW7 = time.  Words are little-endian in memory.
 */
#ifndef PCIESCOPE_TRACE_PTT_ENTRY_H
#define PCIESCOPE_TRACE_PTT_ENTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/pcie/tlp.h>

enum ptt_format { PTT_FMT_4DW = 0, PTT_FMT_8DW = 1 };

#define PTT_4DW_BYTES 16
#define PTT_8DW_BYTES 32
#define PTT_8DW_MARK_MASK 0xfffff800u

struct ptt_entry {
	enum ptt_format format;
	uint32_t dw[8];       /* entry words as in memory, host order */
	uint32_t time;        /* 4DW: 11-bit field; 8DW: DW7 */
	uint32_t prefix;      /* 8DW only */
	uint32_t hdr[4];      /* TLP header DW0..DW3 (4DW: DW0 rebuilt, see below) */
	uint8_t hdr_dws;      /* 4 for 8DW, 3 for 4DW (DW1..DW3) */
};

/* Format of a trace chunk, judged from its first word as perf does. */
enum ptt_format ptt_detect_format(const uint8_t *buf, size_t len);
size_t ptt_entry_size(enum ptt_format f);

/*
 * Decodes the entry at buf (at least ptt_entry_size bytes).  For 4DW the TLP
 * DW0 is rebuilt from the fields the entry keeps (Fmt, Type, T9, T8, TH, Length;
 * the rest zero) so that the pcie codec can decode the header.
 */
void ptt_entry_decode(const uint8_t *buf, enum ptt_format f, struct ptt_entry *e);

/* Writes one entry for a TLP header (hdr DW0..DW3) at time t into out. */
void ptt_entry_encode_4dw(const uint32_t hdr[4], uint32_t time, uint8_t out[PTT_4DW_BYTES]);
void ptt_entry_encode_8dw(const uint32_t hdr[4], uint32_t prefix, uint32_t time,
			  uint8_t out[PTT_8DW_BYTES]);

#endif
