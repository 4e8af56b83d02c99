/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The traced devices of a recording, as its records tell them.  A device
 * is one PMU (a PTT); each of its events has an AUX buffer of its own, a
 * stream: perf record -a opens one event per CPU of the PMU's cpumask, and
 * whichever the driver lets trace fills its buffer, so one device's trace
 * may come in several streams, one after the other.  A stream's payloads
 * (AUXTRACE records) carry the buffer's idx and cpu; the kernel's records
 * about an event (ITRACE_START when tracing began, AUX at each hand-over
 * of data, LOST) carry its id and cpu in their sample_id trailer.  A
 * stream is joined to its event by ID_INDEX when the file has one (id ->
 * idx), else by cpu, the streams and events of one cpu paired in order of
 * first appearance (perf record and pciescope record give each buffer one
 * cpu-wide event and start them in buffer order); an event belongs to the
 * device of its attribute's PMU type.
 *
 * Per device: the perf-clock times of its ITRACE_START and AUX records
 * (how long it was traced: the span a trace's own clock is checked
 * against) and what was lost: AUX records flagged TRUNCATED, PERF_RECORD_LOST
 * (side-band records that did not fit), and traces that stopped before the
 * recording ended.  Linux's PTT driver stops a trace whose AUX area is full
 * without flagging anything; what tells it is the times: such a trace's
 * last hand-over is whole buffers (a stop hands over the part of a buffer
 * written so far) and the recording goes on after it.  Pure bookkeeping,
 * no I/O; a hostile file costs at most PERF_AUX_MAX_STREAMS streams, events
 * and devices.
 */
#ifndef PCIESCOPE_PERF_AUX_STREAMS_H
#define PCIESCOPE_PERF_AUX_STREAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/perf/perf_data.h>

/* Streams (and events, and devices) one recording may have; past it note says -E2BIG. */
#define PERF_AUX_MAX_STREAMS 256

struct perf_aux_loss {
	uint64_t truncated;    /* AUX records flagged PERF_AUX_FLAG_TRUNCATED */
	uint64_t truncated_ns; /* perf time of the first of them, when truncated_timed */
	uint64_t lost_records; /* PERF_RECORD_LOST records */
	uint64_t lost;	       /* side-band records they say were lost */
	uint64_t lost_ns;      /* perf time of the first of them, when lost_timed */
	bool truncated_timed, lost_timed;
	/* Traces that stopped before the recording ended (their last hand-over whole buffers). */
	uint64_t stopped;
	uint64_t stopped_ns;	   /* perf time of the first stop: that trace's last hand-over */
	uint64_t stopped_until_ns; /* when the recording ended (its last record) */
	bool resumed;		   /* a trace of another event began after the first stop */
};

struct perf_aux_device {
	long attr;		   /* its first event's index for perf_reader_attr; -1: unknown */
	size_t streams;		   /* AUX buffers that sent it data */
	uint64_t chunks, bytes;	   /* AUXTRACE records and payload bytes */
	bool timed;		   /* start_ns and end_ns hold */
	uint64_t start_ns, end_ns; /* first and last time of its ITRACE_START and AUX records */
	struct perf_aux_loss loss;
};

struct perf_aux_streams;

int perf_aux_streams_create(struct perf_aux_streams **out);
void perf_aux_streams_destroy(struct perf_aux_streams *s);
/*
 * Notes rec, just read from r.  Returns the device of an AUXTRACE record
 * (devices are numbered in order of first payload), -1 for any other
 * record, -ENOMEM, or -E2BIG past PERF_AUX_MAX_STREAMS.
 */
long perf_aux_streams_note(struct perf_aux_streams *s, const struct perf_reader *r,
			   const struct perf_rec *rec);
/*
 * The index of device i's event for perf_reader_attr (the one its first
 * payload was known by; the kernel's records of an event come before its
 * payloads in the files perf and pciescope write); -1 when unknown.
 */
long perf_aux_streams_attr(const struct perf_aux_streams *s, const struct perf_reader *r, size_t i);
/*
 * The stream (AUX buffer) of the AUXTRACE record rec, numbered in order of
 * first payload across devices: the order in which the device's traces
 * began, as one device traces from one buffer at a time.  -1: unknown.
 */
long perf_aux_streams_stream(const struct perf_aux_streams *s, const struct perf_rec *rec);
/*
 * After the last record: joins the events' records to the devices.  unit:
 * the bytes of a whole buffer of the tracer (PTT_TRACE_BUF_BYTES), so
 * that a trace stopped early is told; 0: not told.  Call once.
 */
void perf_aux_streams_finish(struct perf_aux_streams *s, const struct perf_reader *r,
			     uint64_t unit);

size_t perf_aux_streams_devices(const struct perf_aux_streams *s);
const struct perf_aux_device *perf_aux_streams_device(const struct perf_aux_streams *s, size_t i);
/* After finish: loss reported by records no device could be told for. */
const struct perf_aux_loss *perf_aux_streams_unjoined(const struct perf_aux_streams *s);
/*
 * The first and last perf time of any timed ITRACE_START, AUX or LOST
 * record, and of the SAMPLE_TIME feature once finished; false when none.
 */
bool perf_aux_streams_times(const struct perf_aux_streams *s, uint64_t *first, uint64_t *last);
/*
 * Whether a trace stopped before the recording did, by its times: its last
 * hand-over (bytes at last_ns) was a whole number of unit-byte buffers, and
 * the recording ended after it (end_ns).  A trace ended by a stop hands the
 * part of a buffer written so far over last.
 */
bool perf_aux_stopped_early(uint64_t unit, uint64_t bytes, uint64_t last_ns, uint64_t end_ns);
/*
 * For a device whose trace came in several AUX buffers, one sentence
 * saying so and how it is read, into buf like snprintf; 0 for one buffer.
 */
int perf_aux_device_describe_streams(const struct perf_aux_device *d, char *buf, size_t n);
/*
 * The perf time a trace first stopped at with its AUX area full, flagged
 * TRUNCATED or told by the times: true with *ns set; false when none did,
 * or when its time is not recorded.
 */
bool perf_aux_loss_first_stop(const struct perf_aux_loss *l, uint64_t *ns);
/* Whether a loss holds anything. */
bool perf_aux_loss_any(const struct perf_aux_loss *l);
/*
 * The loss in one sentence ("Data was lost: ..."), its times counted from
 * start_ns (when tracing began; pass timed false when unknown), into buf
 * like snprintf; 0 when nothing was lost.
 */
int perf_aux_loss_describe(const struct perf_aux_loss *l, bool timed, uint64_t start_ns, char *buf,
			   size_t n);

#endif
