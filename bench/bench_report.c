// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_report OUT MIB [4dw|8dw]: writes a PTT perf.data of MIB MiB of trace
 * in 16 MiB AUXTRACE chunks (the size a PTT recording commits at once), for
 * bench_report.sh to decode with pciescope and with perf.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptt_gen.h"

#define CHUNK (16ull << 20)

int main(int argc, char **argv)
{
	struct ptt_gen_opts o = { .format = PTT_FMT_4DW, .seed = 1,
				  .auxtrace_type = 6 /* PERF_AUXTRACE_HISI_PTT */, .nr_priv = 1 };
	uint64_t *sizes, total;
	int err;

	if (argc < 3) {
		fprintf(stderr, "usage: bench_report OUT MIB [4dw|8dw]\n");
		return 2;
	}
	total = strtoull(argv[2], NULL, 0) << 20;
	if (argc > 3 && !strcmp(argv[3], "8dw"))
		o.format = PTT_FMT_8DW;
	o.nr_chunks = (size_t)((total + CHUNK - 1) / CHUNK);
	sizes = calloc(o.nr_chunks ? o.nr_chunks : 1, sizeof(*sizes));
	if (!sizes)
		return 1;
	for (size_t i = 0; i < o.nr_chunks; i++)
		sizes[i] = total - i * CHUNK < CHUNK ? total - i * CHUNK : CHUNK;
	o.chunk_bytes = sizes;
	err = ptt_gen_perf_data(argv[1], &o);
	free(sizes);
	if (err) {
		fprintf(stderr, "bench_report: %s: %s\n", argv[1], strerror(-err));
		return 1;
	}
	return 0;
}
