// SPDX-License-Identifier: GPL-2.0-only
/*
 * Synthetic PTT perf.data files.  The record sequence mirrors what perf
 * record leaves for a PTT session (AUXTRACE_INFO, ID_INDEX, TIME_CONV,
 * ITRACE_START, then per buffer an AUX record followed by its AUXTRACE chunk
 * and a FINISHED_ROUND), so tools see a realistic file.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/perf/perf_data.h>

#include "ptt_gen.h"

#define PTT_PMU_TYPE 42

static uint64_t next(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return *s >> 17;
}

/* Fmt/Type of every kind, reserved combinations included. */
static const uint8_t fmt_type[] = {
    0x00, 0x20, 0x01, 0x21, 0x40, 0x60, 0x02, 0x42, 0x04, 0x44, 0x05, 0x45, 0x30,
    0x70, 0x0a, 0x4a, 0x0b, 0x4b, 0x4c, 0x6c, 0x4d, 0x6d, 0x4e, 0x6e, 0x1f, 0x7f,
};
/* The two prefix kinds, which only an 8DW entry's header can start with. */
static const uint8_t prefix_type[] = {0x80, 0x91};

/* A header of a kind picked at random, or of kind number pick (from 0) in turn. */
static void gen_header(uint64_t *s, uint32_t hdr[4], long pick)
{
	size_t nft = sizeof(fmt_type), n = nft + sizeof(prefix_type);
	uint64_t r = next(s);
	size_t i = pick < 0 ? r % nft : (size_t)pick % n;
	uint8_t ft = i < nft ? fmt_type[i] : prefix_type[i - nft];

	hdr[0] = (uint32_t)ft << 24 | ((uint32_t)next(s) & 0x00ffffff);
	hdr[1] = (uint32_t)next(s);
	hdr[2] = (uint32_t)next(s);
	hdr[3] = (uint32_t)next(s);
	/* In turn, messages are the three error messages in turn. */
	if (pick >= 0 && (ft & 0xbf) == 0x30)
		hdr[1] = (hdr[1] & ~0xffu) | (uint32_t) "\x30\x31\x33"[(size_t)pick / n % 3];
}

/* 8DW prefix word: none half the time; in turn, a PASID prefix every other entry. */
static uint32_t gen_prefix(uint64_t *s, long pick)
{
	if (pick >= 0)
		return pick & 1 ? 0x91000000u | ((uint32_t)next(s) & 0xffffff) : (uint32_t)next(s);
	return next(s) & 1 ? 0 : (uint32_t)next(s);
}

static void gen_entries(uint8_t *buf, size_t n, enum ptt_format f, uint64_t *seed, long *turn)
{
	for (size_t i = 0; i < n; i++) {
		long pick = turn ? (*turn)++ : -1;
		uint32_t hdr[4];

		gen_header(seed, hdr, pick);
		if (f == PTT_FMT_8DW)
			ptt_entry_encode_8dw(hdr, gen_prefix(seed, pick), (uint32_t)next(seed),
					     buf + i * PTT_8DW_BYTES);
		else
			ptt_entry_encode_4dw(hdr, (uint32_t)next(seed), buf + i * PTT_4DW_BYTES);
	}
}

void ptt_gen_entries(uint8_t *buf, size_t n, enum ptt_format f, uint64_t *seed)
{
	gen_entries(buf, n, f, seed, NULL);
}

static int write_chunks(struct perf_writer *w, const struct ptt_gen_opts *o, uint64_t id)
{
	size_t esz = ptt_entry_size(o->format);
	uint64_t seed = o->seed, aux_off = 0;
	long turn = 0;
	int err = 0;

	for (size_t i = 0; i < o->nr_chunks && !err; i++) {
		uint64_t n = o->chunk_bytes[i];
		uint8_t *buf = malloc(n + esz);
		/* after ITRACE_START, and no later than the generated times could end */
		struct perf_sample_id sid = {.time = PTT_GEN_START_NS + 1 + i, .id = id, .cpu = 0};
		struct perf_auxtrace_chunk c = {.offset = aux_off,
						.reference = 0x1000 + i,
						.idx = 0,
						.tid = (uint32_t)-1,
						.cpu = 0};

		if (!buf)
			return -ENOMEM;
		if (o->data)
			memcpy(buf, o->data + aux_off, n);
		else
			gen_entries(buf, (size_t)(n / esz) + 1, o->format, &seed,
				    o->every_kind ? &turn : NULL);
		err = perf_writer_aux(w, aux_off, n, 0, &sid);
		if (!err)
			err = perf_writer_auxtrace(w, &c, buf, n);
		if (!err && !i && o->lost)
			err = perf_writer_lost(w, id, o->lost, &sid);
		if (!err)
			err = perf_writer_finished_round(w);
		aux_off += n;
		free(buf);
	}
	return err;
}

int ptt_gen_perf_data(const char *path, const struct ptt_gen_opts *o)
{
	static const char *const argv[] = {"perf", "record", "-e", "hisi_ptt0_2//"};
	struct perf_writer_env env = {
	    .hostname = "pciescope",
	    .os_release = "6.1.0",
	    .version = "6.1.0",
	    .arch = "aarch64",
	    .cpudesc = "pciescope synthetic",
	    .nr_cpus_online = 4,
	    .nr_cpus_avail = 4,
	    .argc = 4,
	    .argv = argv,
	    .pmu_name = "hisi_ptt0_2",
	    .pmu_type = PTT_PMU_TYPE,
	};
	struct perf_event_attr attr = {
	    .type = PTT_PMU_TYPE,
	    .size = sizeof(attr),
	    .config = o->config ? o->config : (uint64_t)o->format << 32 | 1ull << 24 | 0x80001,
	    .sample_period = 1,
	    .sample_type =
		PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU,
	    .disabled = 1,
	    .sample_id_all = 1,
	};
	uint64_t id = 7, priv[2] = {PTT_PMU_TYPE, 1};
	struct perf_id_index_entry idx = {.id = id, .idx = 0, .cpu = 0, .tid = (uint64_t)-1};
	struct perf_time_conv tc = {.time_shift = 10, .time_mult = 1000, .time_mask = ~0ull};
	struct perf_clock_data clock = {.clockid = 1 /* CLOCK_MONOTONIC */,
					.wall_ns = o->wall_ns,
					.clock_ns = PTT_GEN_CLOCK_NS};
	struct perf_sample_id start = {
	    .pid = (uint32_t)-1, .tid = (uint32_t)-1, .time = PTT_GEN_START_NS, .id = id};
	struct perf_writer *w;
	int err;

	env.clock = o->wall_ns ? &clock : NULL;
	err = perf_writer_open(path, &env, &w);

	if (err)
		return err;
	err = perf_writer_add_attr(w, &attr, "hisi_ptt0_2//", &id, 1);
	if (!err && o->auxtrace_type >= 0)
		err = perf_writer_auxtrace_info(w, (uint32_t)o->auxtrace_type, priv,
						o->nr_priv < 2 ? o->nr_priv : 2);
	if (!err)
		err = perf_writer_id_index(w, &idx, 1);
	if (!err)
		err = perf_writer_time_conv(w, &tc);
	if (!err)
		err = perf_writer_itrace_start(w, (uint32_t)-1, (uint32_t)-1, &start);
	if (!err)
		err = write_chunks(w, o, id);
	if (err) {
		perf_writer_abort(w);
		return err;
	}
	return perf_writer_close(w);
}
