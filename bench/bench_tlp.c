// SPDX-License-Identifier: GPL-2.0-only
/*
 * TLP codec throughput: tlp_kind_of, tlp_decode and tlp_format over a
 * buffer of headers of every kind in a fixed pseudo-random mix, laid out
 * four DWs per header as a PTT trace keeps them.  The buffer is larger than
 * the caches so that the figure includes memory traffic, as in a trace.
 * Each figure is the best of several rounds: the machine is shared, and the
 * fastest round is the one least disturbed by other processes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <pciescope/pcie/tlp.h>

#include "xorshift.h"

#define HEADERS (1u << 20)
#define ROUNDS 8

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void fill(uint32_t *dw)
{
	static const enum tlp_kind mix[] = { TLP_MRD64, TLP_MWR64, TLP_CPLD, TLP_CPLD, TLP_MRD32,
					     TLP_MWR32, TLP_CPL,   TLP_MSG,  TLP_CFGRD0, TLP_CAS64 };
	struct tlp_hdr h;

	for (uint32_t i = 0; i < HEADERS; i++) {
		tlp_hdr_init(&h, mix[rnd() % (sizeof(mix) / sizeof(mix[0]))]);
		h.requester = rnd() & 0xffff;
		h.tag = rnd() & 0x3ff;
		h.length = rnd() & 0x3ff;
		h.address = (h.fmt & 1) ? (uint64_t)rnd() << 32 | (rnd() & ~3u) : rnd() & ~3u;
		dw[4 * i + 3] = 0;
		if (tlp_encode(&h, dw + 4 * i, 4) < 0)
			abort();
	}
}

static void report(const char *what, double secs)
{
	printf("%-12s %8.1f M headers/s %8.1f ns/header %8.1f MB/s of 16-byte entries\n", what,
	       HEADERS / secs / 1e6, secs * 1e9 / HEADERS, HEADERS * 16.0 / secs / 1e6);
}

static double best(double t0, double t1, double prev)
{
	return t1 - t0 < prev ? t1 - t0 : prev;
}

int main(void)
{
	uint32_t *dw = malloc((size_t)HEADERS * 16);
	uint64_t sum = 0;
	double t, kind = 1e9, dec = 1e9, fmt = 1e9;
	struct tlp_hdr h;
	char line[160];

	if (!dw)
		return 1;
	rng = 0x2545f4914f6cdd1dull;
	fill(dw);
	for (int r = 0; r < ROUNDS; r++) {
		t = now();
		for (uint32_t i = 0; i < HEADERS; i++)
			sum += tlp_kind_of(dw[4 * i]);
		kind = best(t, now(), kind);
		t = now();
		for (uint32_t i = 0; i < HEADERS; i++)
			sum += (uint64_t)tlp_decode(dw + 4 * i, 4, &h) + h.tag + h.requester;
		dec = best(t, now(), dec);
	}
	for (int r = 0; r < 2; r++) {
		t = now();
		for (uint32_t i = 0; i < HEADERS; i++) {
			tlp_decode(dw + 4 * i, 4, &h);
			sum += (uint64_t)tlp_format(&h, line, sizeof(line));
		}
		fmt = best(t, now(), fmt);
	}
	printf("%u headers, mix of 9 kinds, best of %d rounds\n", HEADERS, ROUNDS);
	report("tlp_kind_of", kind);
	report("tlp_decode", dec);
	report("decode+format", fmt);
	printf("checksum %llu\n", (unsigned long long)sum);
	free(dw);
	return 0;
}
