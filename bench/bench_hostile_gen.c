// SPDX-License-Identifier: GPL-2.0-only
/*
 * Writes a hostile PTT trace: MIB MiB of random 4DW entries in a perf.data,
 * what a corrupt or mis-decoded file looks like to the analyser (every
 * Requester ID, tag, completer and kind, latencies of any length).  The
 * memory benchmark (bench_bounds.sh) sets it against bench_stats_gen's
 * well-formed trace of the same size.  The same SEED gives the same bytes.
 *
 * usage: bench_hostile_gen OUT.data MIB [SEED]
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/perf/perf_data.h>

#include "ptt_gen.h"
#include "xorshift.h"

/* AUXTRACE chunks of this size, as perf writes a trace in pieces. */
#define CHUNK (4u << 20)

int main(int argc, char **argv)
{
	uint64_t bytes = argc > 2 ? strtoull(argv[2], NULL, 0) << 20 : 0;
	size_t nchunk = (size_t)((bytes + CHUNK - 1) / CHUNK);
	uint64_t *chunk = calloc(nchunk ? nchunk : 1, sizeof(*chunk));
	uint32_t *data = malloc(bytes ? bytes : 1);
	int err;

	if (argc < 3 || !bytes || bytes % PTT_4DW_BYTES || !chunk || !data) {
		fprintf(stderr, "usage: bench_hostile_gen OUT.data MIB [SEED]\n");
		return 2;
	}
	if (argc > 3)
		rng = strtoull(argv[3], NULL, 0) | 1;
	for (uint64_t i = 0; i < bytes / 4; i++)
		data[i] = rnd();
	for (size_t i = 0; i < nchunk; i++)
		chunk[i] =
		    bytes - (uint64_t)i * CHUNK < CHUNK ? bytes - (uint64_t)i * CHUNK : CHUNK;
	/* type=7 direction=2: a setting that sees requests and completions both ways */
	err = ptt_gen_perf_data(
	    argv[1], &(struct ptt_gen_opts){
			 .format = PTT_FMT_4DW,
			 .chunk_bytes = chunk,
			 .nr_chunks = nchunk,
			 .auxtrace_type = PERF_AUXTRACE_HISI_PTT,
			 .nr_priv = 2,
			 .data = (const uint8_t *)data,
			 .config = (uint64_t)PTT_FMT_4DW << 32 | 7ull << 24 | 2ull << 20 | 0x80001,
		     });
	if (err) {
		fprintf(stderr, "bench_hostile_gen: %s: %s\n", argv[1], strerror(-err));
		return 1;
	}
	free(data);
	free(chunk);
	return 0;
}
