// SPDX-License-Identifier: GPL-2.0-only
/*
 * The recording loop: between slices of the command's run, every event's
 * side-band records are passed through byte for byte (AUX, ITRACE_START,
 * LOST: the core already appends the sample_id fields the attribute asks
 * for), then one AUXTRACE record per drained span, with the event's index
 * as perf's mmap index, and a FINISHED_ROUND after each drain that wrote
 * something, written out at once so the file on disk holds the round.
 *
 * A caught SIGINT or SIGTERM (backend/interrupt.h) makes the next poll say -EINTR, which ends the
 * command's run (simulated or real) at the next slice; the caller then
 * drains what the hardware still holds and finishes the file.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>

#include <pciescope/backend/interrupt.h>

#include "aux_record_internal.h"

/*
 * A reader of `-o -` that went away makes the next write fail with EPIPE,
 * which names the output like any write error.  A handler rather than
 * SIG_IGN: an ignored signal would stay ignored in the measured command.
 */
static void on_sigpipe(int sig)
{
	(void)sig;
}

void aux_record_catch_signals(void)
{
	struct sigaction sa = {.sa_handler = on_sigpipe};

	interrupt_catch();
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPIPE, &sa, NULL);
}

/*
 * Side-band bookkeeping.  The sample_id trailer follows the body in the order
 * TID, TIME, CPU, IDENTIFIER (the sample_type prepare_event asks for), so an
 * AUX record's time is the word after its TID.
 */
static void rec_note(struct rec *s, struct rec_event *e, const struct perf_event_header *h)
{
	const uint64_t *body = (const uint64_t *)(h + 1);
	bool timed = h->size >= 8 + 5 * 8;

	if (h->type == PERF_RECORD_AUX) {
		s->r->aux_records++;
		if (body[2] & PERF_AUX_FLAG_TRUNCATED) {
			s->r->truncated++;
			e->flagged = e->flagged || timed;
			e->truncated_ns = timed ? body[4] : 0;
		}
		if (body[1] && timed) {
			e->handed = true;
			e->handover_ns = body[4];
			e->handover_bytes = body[1];
			e->handover_read_ns = s->b->ops->now_ns(s->b);
		}
	} else if (h->type == PERF_RECORD_LOST) {
		s->r->lost += body[1];
	} else if (h->type == PERF_RECORD_ITRACE_START) {
		e->itrace_seen = true;
		if (h->size >= 8 + 8 + 2 * 8)
			e->start_ns = body[2];
	}
}

/*
 * The ITRACE_START of a backend whose clock is not perf's: the first AUX
 * record's time less what passed on the tool's clock since the enable (the
 * delay between the kernel stamping the record and the tool reading it is
 * the error, microseconds).
 */
static int placed_start(struct rec *s, struct rec_event *e, const struct perf_event_header *h)
{
	const uint64_t *body = (const uint64_t *)(h + 1);
	uint64_t since, at;
	struct perf_sample_id sid = {
	    .pid = (uint32_t)-1, .tid = (uint32_t)-1, .id = e->id, .cpu = (uint32_t)e->cpu};

	if (!e->start_pending || h->type != PERF_RECORD_AUX || h->size < 8 + 5 * 8)
		return 0;
	e->start_pending = false;
	since = s->b->ops->now_ns(s->b) - e->enable_ns;
	at = body[4];
	sid.time = at > since ? at - since : 0;
	e->start_ns = sid.time;
	return perf_writer_itrace_start(s->w, (uint32_t)-1, (uint32_t)-1, &sid);
}

static int drain_records(struct rec *s, struct rec_event *e, bool *wrote)
{
	ssize_t n;

	while ((n = s->b->ops->next_record(s->b, e->ev, s->buf, sizeof(s->buf))) > 0) {
		int err;

		rec_note(s, e, (const struct perf_event_header *)s->buf);
		err = placed_start(s, e, (const struct perf_event_header *)s->buf)
			  ?: perf_writer_raw(s->w, s->buf, (size_t)n);
		if (err)
			return err;
		*wrote = true;
	}
	return (int)n;
}

static int write_span(struct rec *s, struct rec_event *e, uint64_t offset, const void *p, size_t n)
{
	struct perf_auxtrace_chunk c = {
	    .offset = offset,
	    .reference = s->b->ops->now_ns(s->b) + offset,
	    .idx = (uint32_t)(e - s->e),
	    .tid = (uint32_t)-1,
	    .cpu = (uint32_t)e->cpu,
	};

	if (!n)
		return 0;
	e->aux_bytes += n;
	s->r->aux_bytes += n;
	return perf_writer_auxtrace(s->w, &c, p, n);
}

static int drain_event(struct rec *s, struct rec_event *e, bool *wrote)
{
	const void *p1, *p2;
	size_t n1, n2, total;
	uint64_t tail;
	int ret = drain_records(s, e, wrote);

	if (ret)
		return ret;
	total = s->b->ops->aux_peek(s->b, e->ev, &tail, &p1, &n1, &p2, &n2);
	if (!total)
		return 0;
	ret = write_span(s, e, tail, p1, n1);
	if (!ret)
		ret = write_span(s, e, tail + n1, p2, n2);
	if (ret)
		return ret;
	s->b->ops->aux_consume(s->b, e->ev, total);
	*wrote = true;
	return 0;
}

int rec_drain(struct rec *s)
{
	bool wrote = false;
	int ret = 0;

	for (int i = 0; i < s->n && !ret; i++)
		ret = drain_event(s, &s->e[i], &wrote);
	if (ret || !wrote)
		return ret;
	s->r->wakeups++;
	ret = perf_writer_finished_round(s->w);
	return ret ? ret : perf_writer_flush(s->w);
}

int rec_poll(void *ctx)
{
	struct rec *s = ctx;

	if (interrupt_requested())
		return -EINTR;
	if (++s->polls % (s->o->drain_every ? s->o->drain_every : 1))
		return 0;
	s->err = rec_drain(s);
	return s->err;
}
