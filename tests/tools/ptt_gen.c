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

/* A header of a kind picked by r; reserved Fmt/Type combinations included. */
static void gen_header(uint64_t *s, uint32_t hdr[4])
{
	static const uint8_t fmt_type[] = {
		0x00, 0x20, 0x01, 0x21, 0x40, 0x60, 0x02, 0x42, 0x04, 0x44, 0x05, 0x45,
		0x30, 0x70, 0x0a, 0x4a, 0x0b, 0x4b, 0x4c, 0x6c, 0x4d, 0x6d, 0x4e, 0x6e,
		0x1f, 0x7f,
	};
	uint64_t r = next(s);
	uint8_t ft = fmt_type[r % sizeof(fmt_type)];

	hdr[0] = (uint32_t)ft << 24 | ((uint32_t)next(s) & 0x00ffffff);
	hdr[1] = (uint32_t)next(s);
	hdr[2] = (uint32_t)next(s);
	hdr[3] = (uint32_t)next(s);
}

void ptt_gen_entries(uint8_t *buf, size_t n, enum ptt_format f, uint64_t *seed)
{
	for (size_t i = 0; i < n; i++) {
		uint32_t hdr[4];

		gen_header(seed, hdr);
		if (f == PTT_FMT_8DW)
			ptt_entry_encode_8dw(hdr, next(seed) & 1 ? 0 : (uint32_t)next(seed),
					     (uint32_t)next(seed), buf + i * PTT_8DW_BYTES);
		else
			ptt_entry_encode_4dw(hdr, (uint32_t)next(seed), buf + i * PTT_4DW_BYTES);
	}
}

static int write_chunks(struct perf_writer *w, const struct ptt_gen_opts *o, uint64_t id)
{
	size_t esz = ptt_entry_size(o->format);
	uint64_t seed = o->seed, aux_off = 0;
	int err = 0;

	for (size_t i = 0; i < o->nr_chunks && !err; i++) {
		uint64_t n = o->chunk_bytes[i];
		uint8_t *buf = malloc(n + esz);
		struct perf_sample_id sid = { .time = 1000 + i, .id = id, .cpu = 0 };
		struct perf_auxtrace_chunk c = { .offset = aux_off, .reference = 0x1000 + i,
						 .idx = 0, .tid = (uint32_t)-1, .cpu = 0 };

		if (!buf)
			return -ENOMEM;
		if (o->data)
			memcpy(buf, o->data + aux_off, n);
		else
			ptt_gen_entries(buf, (size_t)(n / esz) + 1, o->format, &seed);
		err = perf_writer_aux(w, aux_off, n, 0, &sid);
		if (!err)
			err = perf_writer_auxtrace(w, &c, buf, n);
		if (!err)
			err = perf_writer_finished_round(w);
		aux_off += n;
		free(buf);
	}
	return err;
}

int ptt_gen_perf_data(const char *path, const struct ptt_gen_opts *o)
{
	static const char *const argv[] = { "perf", "record", "-e", "hisi_ptt0_2//" };
	struct perf_writer_env env = {
		.hostname = "pciescope", .os_release = "6.1.0", .version = "6.1.0",
		.arch = "aarch64", .cpudesc = "pciescope synthetic",
		.nr_cpus_online = 4, .nr_cpus_avail = 4, .argc = 4, .argv = argv,
		.pmu_name = "hisi_ptt0_2", .pmu_type = PTT_PMU_TYPE,
	};
	struct perf_event_attr attr = {
		.type = PTT_PMU_TYPE, .size = sizeof(attr),
		.config = o->config ? o->config : (uint64_t)o->format << 32 | 1ull << 24 | 0x80001,
		.sample_period = 1,
		.sample_type = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			       PERF_SAMPLE_CPU,
		.disabled = 1, .sample_id_all = 1,
	};
	uint64_t id = 7, priv = PTT_PMU_TYPE;
	struct perf_id_index_entry idx = { .id = id, .idx = 0, .cpu = 0, .tid = (uint64_t)-1 };
	struct perf_time_conv tc = { .time_shift = 10, .time_mult = 1000, .time_mask = ~0ull };
	struct perf_writer *w;
	int err = perf_writer_open(path, &env, &w);

	if (err)
		return err;
	err = perf_writer_add_attr(w, &attr, "hisi_ptt0_2//", &id, 1);
	if (!err && o->auxtrace_type >= 0)
		err = perf_writer_auxtrace_info(w, (uint32_t)o->auxtrace_type, &priv, 1);
	if (!err)
		err = perf_writer_id_index(w, &idx, 1);
	if (!err)
		err = perf_writer_time_conv(w, &tc);
	if (!err)
		err = perf_writer_itrace_start(w, (uint32_t)-1, (uint32_t)-1, NULL);
	if (!err)
		err = write_chunks(w, o, id);
	if (err) {
		perf_writer_abort(w);
		return err;
	}
	return perf_writer_close(w);
}
