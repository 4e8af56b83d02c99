// SPDX-License-Identifier: GPL-2.0-only
/*
 * Writes a synthetic PTT trace with a known content, for the --stats
 * benchmark and the report view tests.  Traffic: four endpoints issue DMA
 * reads (MRd64, completed by the Root Complex in one or two CplD each after
 * a latency that cycles through a fixed set), DMA writes (MWr64) and, from
 * the Root Complex, doorbell writes (MWr32).  Entries are emitted in time
 * order (pending completions wait in a small heap) with gaps well under the
 * 2048 ticks a 4DW time field can span, one tick per nanosecond.
 *
 * usage: bench_stats_gen OUT.data MIB [4dw|8dw]
 * Prints the ground truth: "kind NAME TLPS PAYLOAD_BYTES" lines, then
 * "matched N", "lat_min NS", "lat_max NS", "lat_sum NS".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/pcie/tlp.h>
#include <pciescope/perf/perf_data.h>
#include <pciescope/trace/ptt_entry.h>

#define CHUNK (4u << 20)
#define HEAP_MAX 4096
#define PMU_TYPE 44 /* any dynamic PMU type: it only has to agree with AUXTRACE_INFO */

static const uint16_t ep[4] = {0x0100, 0x0101, 0x3900, 0x3901};

struct pending {
	uint64_t t;
	uint32_t hdr[4];
};

struct gen {
	enum ptt_format fmt;
	struct perf_writer *w;
	uint8_t *chunk;
	size_t used;
	uint64_t written;
	struct pending heap[HEAP_MAX];
	size_t nheap;
	uint64_t tlps[TLP_KIND_COUNT], bytes[TLP_KIND_COUNT];
	uint64_t matched, lat_min, lat_max, lat_sum;
	uint8_t tag[4];
};

/*
 * The PTT event as `perf record -e hisi_ptt0_2/type=7,direction=D,format=F/`
 * sets it: a direction that sees both requests and completions, so the file
 * says the direction of each TLP is unknown (4DW 2; 8DW 0, reserved).
 */
static int open_perf(struct gen *g, const char *path)
{
	struct perf_writer_env env = {.hostname = "pciescope",
				      .arch = "aarch64",
				      .nr_cpus_online = 1,
				      .nr_cpus_avail = 1,
				      .pmu_name = "hisi_ptt0_2",
				      .pmu_type = PMU_TYPE};
	struct perf_event_attr attr = {
	    .type = PMU_TYPE,
	    .size = sizeof(attr),
	    .sample_period = 1,
	    .config = (uint64_t)g->fmt << 32 | 7ull << 24 |
		      (g->fmt == PTT_FMT_4DW ? 2ull : 0ull) << 20 | 0x80001,
	};
	uint64_t id = 1, priv = PMU_TYPE;
	int err = perf_writer_open(path, &env, &g->w);

	if (err)
		return err;
	err = perf_writer_add_attr(g->w, &attr, "hisi_ptt0_2//", &id, 1);
	if (!err)
		err = perf_writer_auxtrace_info(g->w, PERF_AUXTRACE_HISI_PTT, &priv, 1);
	return err;
}

static int flush(struct gen *g)
{
	struct perf_auxtrace_chunk c = {
	    .offset = g->written, .reference = g->written, .tid = (uint32_t)-1};
	int err = g->used ? perf_writer_auxtrace(g->w, &c, g->chunk, g->used) : 0;

	g->written += g->used;
	g->used = 0;
	return err;
}

static int emit(struct gen *g, const uint32_t hdr[4], uint64_t t, enum tlp_kind k, uint32_t payload)
{
	uint8_t *p = g->chunk + g->used;

	if (g->fmt == PTT_FMT_8DW) {
		ptt_entry_encode_8dw(hdr, 0, (uint32_t)t, p);
		g->used += PTT_8DW_BYTES;
	} else {
		ptt_entry_encode_4dw(hdr, (uint32_t)t & 0x7ff, p);
		g->used += PTT_4DW_BYTES;
	}
	g->tlps[k]++;
	g->bytes[k] += payload;
	return g->used + PTT_8DW_BYTES > CHUNK ? flush(g) : 0;
}

static void heap_push(struct gen *g, struct pending p)
{
	size_t i = g->nheap++;

	while (i && g->heap[(i - 1) / 2].t > p.t) {
		g->heap[i] = g->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	g->heap[i] = p;
}

static struct pending heap_pop(struct gen *g)
{
	struct pending top = g->heap[0], last = g->heap[--g->nheap];
	size_t i = 0;

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= g->nheap)
			break;
		if (c + 1 < g->nheap && g->heap[c + 1].t < g->heap[c].t)
			c++;
		if (g->heap[c].t >= last.t)
			break;
		g->heap[i] = g->heap[c];
		i = c;
	}
	g->heap[i] = last;
	return top;
}

/* Completions due before t, in time order. */
static int drain(struct gen *g, uint64_t t)
{
	while (g->nheap && g->heap[0].t <= t) {
		struct pending p = heap_pop(g);
		int err = emit(g, p.hdr, p.t, TLP_CPLD, (p.hdr[0] & 0x3ff) * 4);

		if (err)
			return err;
	}
	return 0;
}

static void complete(struct gen *g, uint16_t rid, uint8_t tag, uint64_t t, uint64_t lat,
		     unsigned bytes)
{
	uint32_t dw2 = (uint32_t)rid << 16 | (uint32_t)tag << 8;
	unsigned half = bytes / 2;

	if (bytes > 256) { /* split: two completions of half the bytes each */
		heap_push(g, (struct pending){t + lat - 50,
					      {0x4a000000u | half / 4, bytes & 0xfff, dw2, 0}});
		heap_push(g, (struct pending){t + lat, {0x4a000000u | half / 4, half, dw2, 0}});
	} else {
		heap_push(g, (struct pending){t + lat, {0x4a000000u | bytes / 4, bytes, dw2, 0}});
	}
	g->matched++;
	g->lat_sum += lat;
	if (lat < g->lat_min)
		g->lat_min = lat;
	if (lat > g->lat_max)
		g->lat_max = lat;
}

static int step(struct gen *g, uint64_t s, uint64_t t)
{
	int e = (int)(s % 4), err = drain(g, t);
	uint32_t h[4];

	if (err)
		return err;
	switch (s % 8) {
	case 0:
	case 1:
	case 2:
	case 3: {
		unsigned bytes = s % 16 < 8 ? 512 : 64;
		uint8_t tag = g->tag[e]++;

		h[0] = 0x20000000u | bytes / 4;
		h[1] = (uint32_t)ep[e] << 16 | (uint32_t)tag << 8 | 0xff;
		h[2] = 0x1;
		h[3] = (uint32_t)(s << 9);
		complete(g, ep[e], tag, t, 400 + (s * 37) % 600, bytes);
		return emit(g, h, t, TLP_MRD64, 0);
	}
	case 7:
		h[0] = 0x40000001u;
		h[1] = 0xf;
		h[2] = 0xe0000000u;
		h[3] = 0;
		return emit(g, h, t, TLP_MWR32, 4);
	default:
		h[0] = 0x60000040u;
		h[1] = (uint32_t)ep[e] << 16 | 0xff;
		h[2] = 0x2;
		h[3] = (uint32_t)(s << 8);
		return emit(g, h, t, TLP_MWR64, 256);
	}
}

static int generate(struct gen *g, uint64_t target)
{
	uint64_t t = 1000;
	int err = 0;

	for (uint64_t s = 0; !err && g->written + g->used < target; s++) {
		t += 40 + (s % 5) * 10;
		err = step(g, s, t);
	}
	if (!err)
		err = drain(g, UINT64_MAX);
	return err ? err : flush(g);
}

static void print_truth(const struct gen *g)
{
	for (int k = 0; k < TLP_KIND_COUNT; k++)
		if (g->tlps[k])
			printf("kind %s %llu %llu\n", tlp_kind_name(k),
			       (unsigned long long)g->tlps[k], (unsigned long long)g->bytes[k]);
	printf("matched %llu\nlat_min %llu\nlat_max %llu\nlat_sum %llu\n",
	       (unsigned long long)g->matched, (unsigned long long)g->lat_min,
	       (unsigned long long)g->lat_max, (unsigned long long)g->lat_sum);
}

int main(int argc, char **argv)
{
	struct gen *g = calloc(1, sizeof(*g));
	int err;

	if (argc < 3 || !g) {
		fprintf(stderr, "usage: bench_stats_gen OUT.data MIB [4dw|8dw]\n");
		return 2;
	}
	g->fmt = argc > 3 && !strcmp(argv[3], "4dw") ? PTT_FMT_4DW : PTT_FMT_8DW;
	g->lat_min = UINT64_MAX;
	g->chunk = malloc(CHUNK);
	err = g->chunk ? open_perf(g, argv[1]) : -ENOMEM;
	if (!err)
		err = generate(g, (uint64_t)strtoull(argv[2], NULL, 0) << 20);
	if (g->w && err)
		perf_writer_abort(g->w);
	else if (g->w)
		err = perf_writer_close(g->w);
	if (err) {
		fprintf(stderr, "bench_stats_gen: %s: %s\n", argv[1], strerror(-err));
		return 1;
	}
	print_truth(g);
	free(g->chunk);
	free(g);
	return 0;
}
