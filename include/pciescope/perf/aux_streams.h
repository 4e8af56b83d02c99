/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The AUX streams of a recording, as its records tell them.  A stream is
 * one AUX buffer: one traced device (a PTT) on one CPU.  Its payloads
 * (AUXTRACE records) carry the buffer's idx and cpu; the kernel's records
 * about it (ITRACE_START when tracing began, AUX at each hand-over of data,
 * LOST) carry its event's id and cpu in their sample_id trailer.  The two
 * are joined once every record was seen: by ID_INDEX when the file has one
 * (id -> idx), else by cpu, the streams and the events of one cpu paired in
 * order of first appearance (perf record and pciescope record give each
 * buffer one cpu-wide AUX event and start them in buffer order).
 *
 * Per stream: the perf-clock times of its ITRACE_START and AUX records (how
 * long it was traced: the span a trace's own clock is checked against) and
 * what was lost: AUX records flagged TRUNCATED (the buffer was full; the
 * PTT driver then stops tracing) and PERF_RECORD_LOST (side-band records
 * that did not fit).  Pure bookkeeping, no I/O; a hostile file costs at
 * most PERF_AUX_MAX_STREAMS streams and events.
 */
#ifndef PCIESCOPE_PERF_AUX_STREAMS_H
#define PCIESCOPE_PERF_AUX_STREAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/perf/perf_data.h>

/* Streams (and events) one recording may have; perf_aux_streams_note says -E2BIG past it. */
#define PERF_AUX_MAX_STREAMS 256

struct perf_aux_loss {
	uint64_t truncated;    /* AUX records flagged PERF_AUX_FLAG_TRUNCATED */
	uint64_t truncated_ns; /* perf time of the first of them, when truncated_timed */
	uint64_t lost_records; /* PERF_RECORD_LOST records */
	uint64_t lost;	       /* side-band records they say were lost */
	uint64_t lost_ns;      /* perf time of the first of them, when lost_timed */
	bool truncated_timed, lost_timed;
};

struct perf_aux_stream {
	uint32_t idx, cpu;	   /* of its AUXTRACE records */
	long attr;		   /* its event's index for perf_reader_attr; -1: unknown */
	uint64_t chunks, bytes;	   /* AUXTRACE records and payload bytes */
	bool timed;		   /* start_ns and end_ns hold */
	uint64_t start_ns, end_ns; /* first and last time of its ITRACE_START and AUX records */
	struct perf_aux_loss loss;
};

struct perf_aux_streams;

int perf_aux_streams_create(struct perf_aux_streams **out);
void perf_aux_streams_destroy(struct perf_aux_streams *s);
/*
 * Notes rec, just read from r.  Returns the index of its stream for an
 * AUXTRACE record (streams are numbered in order of first payload), -1 for
 * any other record, -ENOMEM, or -E2BIG past PERF_AUX_MAX_STREAMS.
 */
long perf_aux_streams_note(struct perf_aux_streams *s, const struct perf_reader *r,
			   const struct perf_rec *rec);
/*
 * The index of stream i's event for perf_reader_attr, as the records seen
 * so far pair them (the kernel's ITRACE_START comes before any payload, so
 * it is the final answer in the files perf and pciescope write); -1 when
 * unknown.  A recording of one event: that one.
 */
long perf_aux_streams_attr(const struct perf_aux_streams *s, const struct perf_reader *r, size_t i);
/* After the last record: joins the events' records to the streams.  Call once. */
void perf_aux_streams_finish(struct perf_aux_streams *s, const struct perf_reader *r);

size_t perf_aux_streams_count(const struct perf_aux_streams *s);
const struct perf_aux_stream *perf_aux_streams_get(const struct perf_aux_streams *s, size_t i);
/* After finish: loss reported by records no stream could be told for. */
const struct perf_aux_loss *perf_aux_streams_unjoined(const struct perf_aux_streams *s);
/* The first and last perf time of any timed record; false when none was. */
bool perf_aux_streams_times(const struct perf_aux_streams *s, uint64_t *first, uint64_t *last);
/* Whether a loss holds anything. */
bool perf_aux_loss_any(const struct perf_aux_loss *l);
/*
 * The loss in one sentence ("Data was lost: ..."), its times counted from
 * start_ns (when tracing began; pass timed false when unknown), into buf
 * like snprintf; 0 when nothing was lost.
 */
int perf_aux_loss_describe(const struct perf_aux_loss *l, bool timed, uint64_t start_ns,
			   char *buf, size_t n);

#endif
