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
/*
 * The trace's buffers as Linux's hisi_ptt allocates them (TRACE_ADDR_SIZE):
 * the trace reaches the AUX area in whole buffers, and only a stop hands
 * over less.
 */
#define PTT_TRACE_BUF_BYTES (4u << 20)
#define PTT_8DW_MARK_MASK 0xfffff800u

struct ptt_entry {
	enum ptt_format format;
	uint32_t dw[8];	 /* entry words as in memory, host order */
	uint32_t time;	 /* 4DW: 11-bit field; 8DW: DW7 */
	uint32_t prefix; /* 8DW only */
	uint32_t hdr[4]; /* TLP header DW0..DW3 (4DW: DW0 rebuilt, see below) */
	uint8_t hdr_dws; /* 4 for 8DW, 3 for 4DW (DW1..DW3) */
};

/* An entry word: little-endian in memory. */
static inline uint32_t ptt_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/*
 * TLP DW0 from the fields a 4DW entry's DW0 keeps.  The entry's 2-bit Fmt is
 * Fmt[1:0] of the header: Fmt[2] only marks a prefix, and prefixes are not
 * traced in 4DW mode.
 */
static inline uint32_t ptt_4dw_tlp_dw0(uint32_t w)
{
	uint32_t fmt = w >> 30 & 0x3, type = w >> 25 & 0x1f;
	uint32_t t9 = w >> 24 & 1, t8 = w >> 23 & 1, th = w >> 22 & 1;
	uint32_t len = w >> 11 & 0x3ff;

	return fmt << 29 | type << 24 | t9 << 23 | t8 << 19 | th << 16 | len;
}

/*
 * What a statistics pass reads of the entry at buf, without the rest of
 * struct ptt_entry: the TLP header words and time (hdr and time of
 * ptt_entry_decode) and, returned, the 8DW prefix word (0 for 4DW).  Inline
 * so that a loop over a chunk of one format keeps it in registers.
 */
static inline uint32_t ptt_entry_hdr(const uint8_t *buf, enum ptt_format f, uint32_t hdr[4],
				     uint32_t *time)
{
	if (f == PTT_FMT_8DW) {
		for (int i = 0; i < 4; i++)
			hdr[i] = ptt_le32(buf + 8 + 4 * i);
		*time = ptt_le32(buf + 28);
		return ptt_le32(buf + 4);
	}
	hdr[0] = ptt_4dw_tlp_dw0(ptt_le32(buf));
	for (int i = 1; i < 4; i++)
		hdr[i] = ptt_le32(buf + 4 * i);
	*time = ptt_le32(buf) & 0x7ff;
	return 0;
}

/* The bits of the raw time field of an entry of format f. */
static inline uint32_t ptt_time_mask(enum ptt_format f)
{
	return f == PTT_FMT_4DW ? 0x7ffu : 0xffffffffu;
}

/*
 * Unwraps the time fields of consecutive entries into one monotonic tick
 * count, the rule of the analysis (trace/analysis.h): the first entry's raw
 * field, then each entry adds its difference to the previous one modulo the
 * field's range (2^11 for 4DW, 2^32 for 8DW); a change of format adds 0.
 * Zero-initialise; feed every entry of the stream in order.
 */
struct ptt_clock {
	bool started;
	enum ptt_format fmt;
	uint32_t last_raw;
	uint64_t now;
};

static inline uint64_t ptt_clock_tick(struct ptt_clock *c, enum ptt_format f, uint32_t time)
{
	uint32_t mask = ptt_time_mask(f), raw = time & mask;

	if (__builtin_expect(!c->started, 0)) {
		c->started = true;
		c->now = raw;
	} else if (__builtin_expect(f == c->fmt, 1)) {
		c->now += (raw - c->last_raw) & mask;
	}
	c->fmt = f;
	c->last_raw = raw;
	return c->now;
}

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
