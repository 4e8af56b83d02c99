/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Text views of PTT trace chunks, written with the wbuf helpers (no printf
 * per field: a trace can be hundreds of MiB).
 *
 * - dump:  the lines `perf report -D` prints for HISI PTT data, byte for
 *          byte (colour aside), as Linux perf 6.1 prints them (its reversed
 *          4DW DW0 bit-fields) or as perf 7.3 does (docs/trace-format.md).
 * - line:  one readable line per entry, like `perf script`.
 * - json:  one JSON object per entry (key names are a contract, README).
 *
 * A chunk is one AUXTRACE payload; `base` is the offset of its first byte in
 * the trace stream (all payloads concatenated in file order).
 */
#ifndef PCIESCOPE_TRACE_PTT_PRINT_H
#define PCIESCOPE_TRACE_PTT_PRINT_H

#include <stddef.h>
#include <stdint.h>

#include <pciescope/out/wbuf.h>
#include <pciescope/trace/ptt_entry.h>
#include <pciescope/trace/ptt_filter.h>

/* Bytes of whole entries in a chunk, as perf rounds it. */
size_t ptt_chunk_whole(const uint8_t *buf, size_t len, enum ptt_format *f);

/* Whose `perf report -D` layout the dump copies. */
enum ptt_dump_layout { PTT_DUMP_PERF_6_1, PTT_DUMP_PERF_7_3 };

int ptt_dump_chunk(struct wbuf *w, const uint8_t *buf, size_t len, enum ptt_dump_layout layout);
/* clk: the stream's clock (ptt_entry.h), carried from chunk to chunk. */
int ptt_line_chunk(struct wbuf *w, const uint8_t *buf, size_t len, uint64_t base,
		   struct ptt_clock *clk);
int ptt_json_chunk(struct wbuf *w, const uint8_t *buf, size_t len, uint64_t base,
		   struct ptt_clock *clk);

/* The same, printing only the entries filter keeps (every one with NULL); clk ticks on all. */
int ptt_line_chunk_where(struct wbuf *w, const uint8_t *buf, size_t len, uint64_t base,
			 struct ptt_clock *clk, const struct ptt_filter *filter);
int ptt_json_chunk_where(struct wbuf *w, const uint8_t *buf, size_t len, uint64_t base,
			 struct ptt_clock *clk, const struct ptt_filter *filter);
/* The line view's header line, naming its columns. */
void ptt_line_header(struct wbuf *w);

/* One entry (e decoded from the stream at offset off, at unwrapped time ticks). */
void ptt_line_entry(struct wbuf *w, const struct ptt_entry *e, uint64_t off, uint64_t ticks);
void ptt_json_entry(struct wbuf *w, const struct ptt_entry *e, uint64_t off, uint64_t ticks);

#endif
