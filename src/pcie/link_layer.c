// SPDX-License-Identifier: GPL-2.0-only
/*
 * The link layer's share of a link (include/pciescope/pcie/link_layer.h).
 * The spec's Ack latency limit tables differ between rates only by the
 * internal delay they add (none at 2.5 GT/s, 51 symbols more at 5 GT/s, 96
 * from 8 GT/s, where the pcie-bench model uses the 8 GT/s table for all
 * faster rates), so one table at 2.5 GT/s and that delay give them all.
 */
#include <pciescope/pcie/link_layer.h>

/* Ack latency limit at 2.5 GT/s in symbol times, by width (x1 .. x32) and MPS (128 .. 4096). */
static const uint16_t ack_limit_gen1[6][6] = {
    {237, 416, 559, 1071, 2095, 4143}, {128, 217, 289, 545, 1057, 2081},
    {73, 118, 154, 282, 538, 1050},    {67, 107, 86, 150, 278, 534},
    {48, 72, 86, 150, 278, 534},       {33, 45, 52, 84, 148, 276},
};

static int clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static unsigned log2_floor(unsigned v)
{
	unsigned r = 0;

	while (v >>= 1)
		r++;
	return r;
}

uint32_t pcie_ack_limit(int width, int gen, uint32_t mps)
{
	static const uint16_t delay[6] = {0, 0, 51, 96, 96, 96};
	unsigned w = log2_floor((unsigned)clamp(width, 1, 32));
	unsigned m = log2_floor(mps < 128 ? 128 : mps > 4096 ? 4096 : mps) - 7;

	return ack_limit_gen1[w][m] + delay[clamp(gen, 1, 5)];
}

void pcie_link_tlp_share(int width, int gen, uint32_t mps, uint64_t *num, uint64_t *den)
{
	uint64_t lim = pcie_ack_limit(width, gen, mps);

	*den = lim * PCIE_SKP_INTERVAL;
	*num = *den - 2 * PCIE_DLLP_BYTES * PCIE_SKP_INTERVAL - PCIE_SKP_SYMBOLS * lim;
}
