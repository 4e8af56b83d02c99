/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Synthetic PTT traces for tests and benchmarks: a deterministic mix of TLP
 * headers (memory, IO, config, message, completion, atomic, reserved
 * encodings) laid out as 4DW or 8DW entries, and perf.data files holding
 * them in AUXTRACE chunks written with pciescope's own writer.
 */
#ifndef PCIESCOPE_TESTS_PTT_GEN_H
#define PCIESCOPE_TESTS_PTT_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/trace/ptt_entry.h>

/* Fills buf with n entries of format f from the generator state *seed. */
void ptt_gen_entries(uint8_t *buf, size_t n, enum ptt_format f, uint64_t *seed);

struct ptt_gen_opts {
	enum ptt_format format;
	const uint64_t *chunk_bytes; /* payload size of each AUXTRACE chunk */
	size_t nr_chunks;
	uint64_t seed;
	int auxtrace_type; /* of the AUXTRACE_INFO record; -1: write none */
	size_t nr_priv;	   /* its priv words (0..2): PMU type, decoder version */
	bool every_kind;   /* kinds in turn (prefixes too, in 8DW), not at random */
	/* Non-zero: CLOCK_DATA says perf time PTT_GEN_CLOCK_NS is this wall time (ns). */
	uint64_t wall_ns;
	/* Chunks hold these bytes (in order) instead of generated entries, when set. */
	const uint8_t *data;
	/* The PTT event's perf config; 0: format, type=1 (posted), direction 0, port 0x80001. */
	uint64_t config;
	/* Non-zero: a PERF_RECORD_LOST of this many records after the first chunk. */
	uint64_t lost;
};

/* The perf time CLOCK_DATA pairs with wall_ns, and the ITRACE_START time (tracing begins). */
#define PTT_GEN_CLOCK_NS 1000000u
#define PTT_GEN_START_NS 1500000u

/* Writes a complete perf.data like `perf record -e hisi_ptt0_2/.../` would. */
int ptt_gen_perf_data(const char *path, const struct ptt_gen_opts *o);

#endif
