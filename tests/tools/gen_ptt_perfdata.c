// SPDX-License-Identifier: GPL-2.0-only
/*
 * gen_ptt_perfdata -o FILE -f 4dw|8dw [-s SEED] [-a TYPE|none] [-p NPRIV] [-k] [-w NS] [-l N]
 * SIZE... Writes a PTT perf.data with one AUXTRACE chunk of each SIZE bytes (a size that is not a
 * multiple of the entry size leaves a partial entry).  -a changes the AUXTRACE_INFO type (default
 * 6, HISI PTT) or leaves it out; -p gives it NPRIV priv words (default 1: the PMU type; 0 leaves
 * that out, a second word is a decoder version, as a pending perf series adds); -k writes every TLP
 * kind in turn (prefixes too, in 8DW) instead of at random; -w writes CLOCK_DATA pairing perf time
 * PTT_GEN_CLOCK_NS with wall time NS; -l writes a PERF_RECORD_LOST of N records after the first
 * chunk.  A test tool: it lets the interoperability tests feed the same file to pciescope and to
 * Linux perf.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ptt_gen.h"

static int usage(void)
{
	fprintf(stderr, "usage: gen_ptt_perfdata -o FILE -f 4dw|8dw [-s SEED] [-a TYPE|none] [-p "
			"NPRIV] [-k] [-w NS] [-l N] SIZE...\n");
	return 2;
}

int main(int argc, char **argv)
{
	struct ptt_gen_opts o = {
	    .format = PTT_FMT_4DW, .seed = 1, .auxtrace_type = 6, .nr_priv = 1};
	const char *out = NULL;
	uint64_t *sizes;
	int c, err;

	while ((c = getopt(argc, argv, "o:f:s:a:p:kw:l:")) != -1) {
		if (c == 'o')
			out = optarg;
		else if (c == 'f' && (!strcmp(optarg, "4dw") || !strcmp(optarg, "8dw")))
			o.format = optarg[0] == '8' ? PTT_FMT_8DW : PTT_FMT_4DW;
		else if (c == 'a')
			o.auxtrace_type = strcmp(optarg, "none") ? atoi(optarg) : -1;
		else if (c == 'p' && optarg[0] >= '0' && optarg[0] <= '2' && !optarg[1])
			o.nr_priv = (size_t)(optarg[0] - '0');
		else if (c == 'k')
			o.every_kind = true;
		else if (c == 'w')
			o.wall_ns = strtoull(optarg, NULL, 0);
		else if (c == 'l')
			o.lost = strtoull(optarg, NULL, 0);
		else if (c == 's')
			o.seed = strtoull(optarg, NULL, 0);
		else
			return usage();
	}
	if (!out || optind >= argc)
		return usage();
	sizes = calloc((size_t)(argc - optind), sizeof(*sizes));
	if (!sizes)
		return 1;
	for (int i = optind; i < argc; i++)
		sizes[o.nr_chunks++] = strtoull(argv[i], NULL, 0);
	o.chunk_bytes = sizes;
	err = ptt_gen_perf_data(out, &o);
	free(sizes);
	if (err) {
		fprintf(stderr, "gen_ptt_perfdata: %s: %s\n", out, strerror(-err));
		return 1;
	}
	return 0;
}
