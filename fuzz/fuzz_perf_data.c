// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf.data reader fuzz target.  Each input is read twice: as it is (file or
 * pipe mode, as its header says) and behind a pipe-mode header, so the record
 * parsers are reached even when the fuzzer has not found a valid file
 * header.  Every AUXTRACE payload is also rendered by the PTT views, and
 * every record goes through the AUX stream bookkeeping (aux_streams.h),
 * whose loss sentences are written at the end.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/out/wbuf.h>
#include <pciescope/perf/aux_streams.h>
#include <pciescope/perf/perf_data.h>
#include <pciescope/trace/ptt_print.h>

static void read_image(const uint8_t *data, size_t size)
{
	struct perf_aux_streams *st = NULL;
	struct perf_reader *r;
	struct perf_rec rec;
	struct wbuf w;
	struct ptt_clock c1 = {0}, c2 = {0}; /* the JSON and line views' clocks */
	struct perf_reader_cut cut;
	char msg[256];
	uint64_t base = 0;
	struct error err;

	if (perf_reader_open_mem(data, size, &r, &err))
		return;
	if (wbuf_init_mem(&w) || perf_aux_streams_create(&st)) {
		perf_aux_streams_destroy(st);
		perf_reader_close(r);
		return;
	}
	for (size_t i = 0; i < perf_reader_nr_attrs(r); i++)
		(void)perf_reader_attr(r, i)->nr_ids;
	while (perf_reader_next(r, &rec, &err) > 0) {
		long dev = perf_aux_streams_note(st, r, &rec);

		if (dev >= 0) {
			(void)perf_aux_streams_attr(st, r, (size_t)dev);
			(void)perf_aux_streams_stream(st, &rec);
		}
		if (rec.type == PERF_REC_ID_INDEX) {
			struct perf_id_index_entry e;

			for (uint64_t i = 0; i < rec.id_index.nr; i++)
				perf_rec_id_index_entry(r, &rec, i, &e);
		}
		if (rec.type != PERF_REC_AUXTRACE)
			continue;
		w.len = 0;
		ptt_dump_chunk(&w, rec.auxtrace.data, (size_t)rec.auxtrace.size,
			       PTT_DUMP_PERF_6_1);
		w.len = 0;
		ptt_json_chunk(&w, rec.auxtrace.data, (size_t)rec.auxtrace.size, base, &c1);
		w.len = 0;
		ptt_line_chunk(&w, rec.auxtrace.data, (size_t)rec.auxtrace.size, base, &c2);
		base += rec.auxtrace.size;
	}
	perf_aux_streams_finish(st, r, 4u << 20);
	for (size_t i = 0; i < perf_aux_streams_devices(st); i++) {
		const struct perf_aux_device *a = perf_aux_streams_device(st, i);

		perf_aux_loss_describe(&a->loss, a->timed, a->start_ns, msg, sizeof(msg));
		perf_aux_device_describe_streams(a, msg, sizeof(msg));
	}
	perf_aux_loss_describe(perf_aux_streams_unjoined(st), false, 0, msg, sizeof(msg));
	if (perf_reader_cut_auxtrace(r, &cut))
		perf_reader_cut_describe(r, &cut, msg, sizeof(msg));
	perf_aux_streams_destroy(st);
	wbuf_close(&w);
	perf_reader_close(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *piped = malloc(size + PERF_PIPE_HEADER_SIZE);
	uint64_t hdr[2] = { PERF_MAGIC2, PERF_PIPE_HEADER_SIZE };

	read_image(data, size);
	if (!piped)
		return 0;
	memcpy(piped, hdr, sizeof(hdr));
	memcpy(piped + PERF_PIPE_HEADER_SIZE, data, size);
	read_image(piped, size + PERF_PIPE_HEADER_SIZE);
	free(piped);
	return 0;
}
