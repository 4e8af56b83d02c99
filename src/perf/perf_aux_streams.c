// SPDX-License-Identifier: GPL-2.0-only
/*
 * The traced devices of a recording (aux_streams.h).  Payloads are routed
 * to their stream as they come (by idx and cpu), and a stream to its device
 * at its first payload, by the PMU of the event it pairs with; the kernel's
 * records are kept per event (by id, or by cpu when the trailer has no id)
 * and joined to the devices at the end: a file names an event's buffer
 * only in ID_INDEX, which perf writes in pipe mode, so the rest is paired
 * by cpu.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/perf/aux_streams.h>

/* What the kernel's records said of one event. */
struct aux_event {
	uint64_t key; /* id, or cpu when the trailer has no id */
	bool by_id, has_cpu;
	uint32_t cpu;
	bool timed;
	uint64_t first_ns, last_ns; /* of its ITRACE_START and AUX records */
	bool handed;		    /* an AUX record handed data over */
	uint64_t first_handover_ns, handover_ns, handover_bytes; /* the first and the last */
	struct perf_aux_loss loss;
};

struct aux_stream {
	uint32_t idx, cpu; /* of its AUXTRACE records */
	long dev;
};

struct id_buffer {
	uint64_t id, idx;
};

struct perf_aux_streams {
	struct aux_stream st[PERF_AUX_MAX_STREAMS];
	size_t nst;
	struct aux_event ev[PERF_AUX_MAX_STREAMS];
	size_t nev;
	struct id_buffer ids[PERF_AUX_MAX_STREAMS];
	size_t nids;
	struct perf_aux_device dev[PERF_AUX_MAX_STREAMS];
	size_t ndev;
	struct perf_aux_loss unjoined;
	bool timed;
	uint64_t first_ns, last_ns;
};

int perf_aux_streams_create(struct perf_aux_streams **out)
{
	*out = calloc(1, sizeof(**out));
	return *out ? 0 : -ENOMEM;
}

void perf_aux_streams_destroy(struct perf_aux_streams *s)
{
	free(s);
}

static void widen(bool *timed, uint64_t *first, uint64_t *last, uint64_t t)
{
	if (!*timed || t < *first)
		*first = t;
	if (!*timed || t > *last)
		*last = t;
	*timed = true;
}

static long attr_of(const struct perf_reader *r, uint64_t id)
{
	for (size_t i = 0; i < perf_reader_nr_attrs(r); i++) {
		const struct perf_attr_info *a = perf_reader_attr(r, i);

		for (size_t k = 0; k < a->nr_ids; k++)
			if (a->ids[k] == id)
				return (long)i;
	}
	return -1;
}

/* The stream event e pairs with: by ID_INDEX, else the first stream of its cpu no event took. */
static long join_one(const struct perf_aux_streams *s, const struct aux_event *e, const bool *taken)
{
	for (size_t k = 0; e->by_id && k < s->nids; k++) {
		if (s->ids[k].id != e->key)
			continue;
		for (size_t i = 0; i < s->nst; i++)
			if (s->st[i].idx == s->ids[k].idx)
				return (long)i;
		return -1; /* its buffer sent nothing yet */
	}
	for (size_t i = 0; e->has_cpu && i < s->nst; i++)
		if (!taken[i] && s->st[i].cpu == e->cpu)
			return (long)i;
	return s->nst == 1 ? 0 : -1;
}

/* The stream of every event seen so far (-1: none), as the rule pairs them. */
static void pair(const struct perf_aux_streams *s, long *of)
{
	bool taken[PERF_AUX_MAX_STREAMS] = {false};

	for (size_t k = 0; k < s->nev; k++) {
		of[k] = join_one(s, &s->ev[k], taken);
		if (of[k] >= 0)
			taken[of[k]] = true;
	}
}

/* The event of stream i, as the records seen so far tell: -1 when unknown. */
static long stream_attr(const struct perf_aux_streams *s, const struct perf_reader *r, size_t i)
{
	long of[PERF_AUX_MAX_STREAMS];

	pair(s, of);
	for (size_t k = 0; k < s->nev; k++)
		if (of[k] == (long)i && s->ev[k].by_id)
			return attr_of(r, s->ev[k].key);
	return perf_reader_nr_attrs(r) == 1 ? 0 : -1;
}

/* The device of events of attribute a's PMU; -1 when none sent data yet. */
static long device_of_attr(const struct perf_aux_streams *s, const struct perf_reader *r, long a)
{
	const struct perf_attr_info *want = a >= 0 ? perf_reader_attr(r, (size_t)a) : NULL;

	for (size_t d = 0; want && d < s->ndev; d++) {
		const struct perf_attr_info *have =
		    s->dev[d].attr >= 0 ? perf_reader_attr(r, (size_t)s->dev[d].attr) : NULL;

		if (have && have->attr.type == want->attr.type)
			return (long)d;
	}
	return -1;
}

/* A new stream's device: its PMU's, or a new one (one of its own when its event is unknown). */
static long device_of_new_stream(struct perf_aux_streams *s, const struct perf_reader *r, size_t i)
{
	long a = stream_attr(s, r, i), d = device_of_attr(s, r, a);

	if (d >= 0)
		return d;
	if (s->ndev == PERF_AUX_MAX_STREAMS)
		return -E2BIG;
	s->dev[s->ndev] = (struct perf_aux_device){.attr = a};
	return (long)s->ndev++;
}

static long stream_index(const struct perf_aux_streams *s, const struct perf_rec *rec)
{
	for (size_t i = 0; i < s->nst; i++)
		if (s->st[i].idx == rec->auxtrace.idx && s->st[i].cpu == rec->auxtrace.cpu)
			return (long)i;
	return -1;
}

/* The device of an AUXTRACE record's stream, the stream made at its first payload. */
static long note_payload(struct perf_aux_streams *s, const struct perf_reader *r,
			 const struct perf_rec *rec)
{
	long i = stream_index(s, rec), d;
	struct perf_aux_device *dev;

	if (i < 0) {
		if (s->nst == PERF_AUX_MAX_STREAMS)
			return -E2BIG;
		i = (long)s->nst++;
		s->st[i] = (struct aux_stream){.idx = rec->auxtrace.idx, .cpu = rec->auxtrace.cpu};
		s->st[i].dev = device_of_new_stream(s, r, (size_t)i);
		if (s->st[i].dev < 0) {
			s->nst--;
			return s->st[i].dev;
		}
		s->dev[s->st[i].dev].streams++;
	}
	d = s->st[i].dev;
	dev = &s->dev[d];
	dev->chunks++;
	dev->bytes += rec->auxtrace.size;
	return d;
}

static struct aux_event *event_of(struct perf_aux_streams *s, const struct perf_sample_id *sid,
				  uint64_t have)
{
	bool by_id = have & (PERF_SAMPLE_ID | PERF_SAMPLE_IDENTIFIER);
	uint64_t key = by_id ? sid->id : have & PERF_SAMPLE_CPU ? sid->cpu : 0;
	struct aux_event *e;

	for (size_t i = 0; i < s->nev; i++)
		if (s->ev[i].by_id == by_id && s->ev[i].key == key)
			return &s->ev[i];
	if (s->nev == PERF_AUX_MAX_STREAMS)
		return NULL;
	e = &s->ev[s->nev++];
	*e = (struct aux_event){
	    .key = key, .by_id = by_id, .has_cpu = have & PERF_SAMPLE_CPU, .cpu = sid->cpu};
	return e;
}

static void note_handover(struct aux_event *e, const struct perf_rec *rec, uint64_t t)
{
	if (!rec->aux.aux_size)
		return;
	if (!e->handed)
		e->first_handover_ns = t;
	e->handed = true;
	e->handover_ns = t;
	e->handover_bytes = rec->aux.aux_size;
}

static void note_kernel(struct perf_aux_streams *s, const struct perf_reader *r,
			const struct perf_rec *rec)
{
	struct perf_sample_id sid;
	uint64_t have = perf_rec_sample_id(r, rec, &sid);
	bool timed = have & PERF_SAMPLE_TIME;
	struct aux_event *e = event_of(s, &sid, have);
	struct perf_aux_loss *l = e ? &e->loss : &s->unjoined;

	if (timed)
		widen(&s->timed, &s->first_ns, &s->last_ns, sid.time);
	if (e && timed && rec->type != PERF_RECORD_LOST)
		widen(&e->timed, &e->first_ns, &e->last_ns, sid.time);
	if (e && timed && rec->type == PERF_RECORD_AUX)
		note_handover(e, rec, sid.time);
	if (rec->type == PERF_RECORD_AUX && (rec->aux.flags & PERF_AUX_FLAG_TRUNCATED)) {
		if (!l->truncated++ && timed) {
			l->truncated_timed = true;
			l->truncated_ns = sid.time;
		}
	} else if (rec->type == PERF_RECORD_LOST) {
		l->lost += rec->lost.lost;
		if (!l->lost_records++ && timed) {
			l->lost_timed = true;
			l->lost_ns = sid.time;
		}
	}
}

static void note_id_index(struct perf_aux_streams *s, const struct perf_reader *r,
			  const struct perf_rec *rec)
{
	for (uint64_t i = 0; i < rec->id_index.nr && s->nids < PERF_AUX_MAX_STREAMS; i++) {
		struct perf_id_index_entry e;

		perf_rec_id_index_entry(r, rec, i, &e);
		s->ids[s->nids++] = (struct id_buffer){.id = e.id, .idx = e.idx};
	}
}

long perf_aux_streams_note(struct perf_aux_streams *s, const struct perf_reader *r,
			   const struct perf_rec *rec)
{
	switch (rec->type) {
	case PERF_REC_AUXTRACE:
		return note_payload(s, r, rec);
	case PERF_RECORD_AUX:
	case PERF_RECORD_ITRACE_START:
	case PERF_RECORD_LOST:
		note_kernel(s, r, rec);
		return -1;
	case PERF_REC_ID_INDEX:
		note_id_index(s, r, rec);
		return -1;
	default:
		return -1;
	}
}

long perf_aux_streams_stream(const struct perf_aux_streams *s, const struct perf_rec *rec)
{
	return stream_index(s, rec);
}

static void add_stop(struct perf_aux_loss *to, uint64_t stopped, uint64_t at, uint64_t until)
{
	if (stopped && (!to->stopped || at < to->stopped_ns)) {
		to->stopped_ns = at;
		to->stopped_until_ns = until;
	}
	to->stopped += stopped;
}

static void add_loss(struct perf_aux_loss *to, const struct perf_aux_loss *l)
{
	if (l->truncated_timed && (!to->truncated_timed || l->truncated_ns < to->truncated_ns)) {
		to->truncated_timed = true;
		to->truncated_ns = l->truncated_ns;
	}
	if (l->lost_timed && (!to->lost_timed || l->lost_ns < to->lost_ns)) {
		to->lost_timed = true;
		to->lost_ns = l->lost_ns;
	}
	to->truncated += l->truncated;
	to->lost_records += l->lost_records;
	to->lost += l->lost;
	add_stop(to, l->stopped, l->stopped_ns, l->stopped_until_ns);
}

long perf_aux_streams_attr(const struct perf_aux_streams *s, const struct perf_reader *r, size_t i)
{
	(void)r;
	return i < s->ndev ? s->dev[i].attr : -1;
}

/* Event k's device (of[k]: its stream as paired); -1 when none can be told. */
static long device_of_event(const struct perf_aux_streams *s, const struct perf_reader *r, size_t k,
			    const long *of)
{
	const struct aux_event *e = &s->ev[k];
	long d = e->by_id ? device_of_attr(s, r, attr_of(r, e->key)) : -1;

	if (d < 0 && of[k] >= 0)
		d = s->st[of[k]].dev;
	if (d < 0 && perf_reader_nr_attrs(r) == 1)
		d = device_of_attr(s, r, 0);
	return d;
}

/* Whether a trace of device d's events handed data over first after the first stop. */
static bool resumed(const struct perf_aux_streams *s, const long *dev_of, long d,
		    uint64_t stopped_ns)
{
	for (size_t k = 0; k < s->nev; k++)
		if (dev_of[k] == d && s->ev[k].handed && s->ev[k].first_handover_ns > stopped_ns)
			return true;
	return false;
}

void perf_aux_streams_finish(struct perf_aux_streams *s, const struct perf_reader *r, uint64_t unit)
{
	long of[PERF_AUX_MAX_STREAMS], dev_of[PERF_AUX_MAX_STREAMS];
	uint64_t first, last;

	if (!perf_reader_sample_time(r, &first, &last) && last >= first) {
		widen(&s->timed, &s->first_ns, &s->last_ns, first);
		widen(&s->timed, &s->first_ns, &s->last_ns, last);
	}
	pair(s, of);
	for (size_t k = 0; k < s->nev; k++) {
		const struct aux_event *e = &s->ev[k];
		struct perf_aux_device *dev;
		struct perf_aux_loss *l;

		dev_of[k] = device_of_event(s, r, k, of);
		dev = dev_of[k] >= 0 ? &s->dev[dev_of[k]] : NULL;
		l = dev ? &dev->loss : &s->unjoined;
		add_loss(l, &e->loss);
		if (e->handed &&
		    perf_aux_stopped_early(unit, e->handover_bytes, e->handover_ns, s->last_ns))
			add_stop(l, 1, e->handover_ns, s->last_ns);
		if (dev && e->timed) {
			widen(&dev->timed, &dev->start_ns, &dev->end_ns, e->first_ns);
			widen(&dev->timed, &dev->start_ns, &dev->end_ns, e->last_ns);
		}
	}
	for (size_t d = 0; d < s->ndev; d++) {
		struct perf_aux_loss *l = &s->dev[d].loss;

		l->resumed = l->stopped && resumed(s, dev_of, (long)d, l->stopped_ns);
	}
}

size_t perf_aux_streams_devices(const struct perf_aux_streams *s)
{
	return s->ndev;
}

const struct perf_aux_device *perf_aux_streams_device(const struct perf_aux_streams *s, size_t i)
{
	return &s->dev[i];
}

const struct perf_aux_loss *perf_aux_streams_unjoined(const struct perf_aux_streams *s)
{
	return &s->unjoined;
}

bool perf_aux_streams_times(const struct perf_aux_streams *s, uint64_t *first, uint64_t *last)
{
	*first = s->first_ns;
	*last = s->last_ns;
	return s->timed;
}

bool perf_aux_stopped_early(uint64_t unit, uint64_t bytes, uint64_t last_ns, uint64_t end_ns)
{
	return unit && bytes && bytes % unit == 0 && end_ns > last_ns;
}

int perf_aux_device_describe_streams(const struct perf_aux_device *d, char *buf, size_t n)
{
	if (d->streams < 2)
		return 0;
	return snprintf(buf, n,
			"its trace came in %zu AUX buffers (one event per CPU of the PMU, as perf "
			"record -a opens them; the driver traces into one at a time): read as one "
			"device, one buffer after another",
			d->streams);
}

bool perf_aux_loss_first_stop(const struct perf_aux_loss *l, uint64_t *ns)
{
	bool flagged = l->truncated && l->truncated_timed;

	if (!flagged && !l->stopped)
		return false;
	*ns = flagged && (!l->stopped || l->truncated_ns < l->stopped_ns) ? l->truncated_ns
									  : l->stopped_ns;
	return true;
}

bool perf_aux_loss_any(const struct perf_aux_loss *l)
{
	return l->truncated || l->lost_records || l->stopped;
}

/* " 3.400 ms after tracing began", or "" when the time is unknown. */
static void when(char *buf, size_t n, bool timed, uint64_t start_ns, bool at, uint64_t ns)
{
	if (timed && at)
		snprintf(buf, n, " %.3f ms after tracing began",
			 (double)(ns > start_ns ? ns - start_ns : 0) / 1e6);
	else
		snprintf(buf, n, " (when is not recorded)");
}

/* The traces that stopped with a full AUX area, which no record flags. */
static void describe_stops(const struct perf_aux_loss *l, bool timed, uint64_t start_ns, char *buf,
			   size_t n, bool more)
{
	char at[64];

	when(at, sizeof(at), timed, start_ns, true, l->stopped_ns);
	if (l->stopped == 1)
		snprintf(buf, n, " the AUX area was full%s and the trace stopped", at);
	else
		snprintf(buf, n, " the AUX area was full and the trace stopped %llu times, first%s",
			 (unsigned long long)l->stopped, at);
	snprintf(buf + strlen(buf), n - strlen(buf),
		 " (no record says so: its last data was whole buffers and the recording went on "
		 "%.3f ms), and %s was not traced%s",
		 (double)(l->stopped_until_ns - l->stopped_ns) / 1e6,
		 l->resumed ? "what came until another CPU's event traced on" : "what came after",
		 more ? ";" : ".");
}

int perf_aux_loss_describe(const struct perf_aux_loss *l, bool timed, uint64_t start_ns, char *buf,
			   size_t n)
{
	char t1[64], t2[64], trunc[256] = "", stops[512] = "", lost[256] = "";

	if (!perf_aux_loss_any(l))
		return 0;
	when(t1, sizeof(t1), timed, start_ns, l->truncated_timed, l->truncated_ns);
	when(t2, sizeof(t2), timed, start_ns, l->lost_timed, l->lost_ns);
	if (l->truncated)
		snprintf(trunc, sizeof(trunc),
			 " the AUX area was full%s (%llu AUX record%s flagged TRUNCATED), and "
			 "what came after was not traced%s",
			 t1, (unsigned long long)l->truncated, l->truncated == 1 ? "" : "s",
			 l->stopped || l->lost_records ? ";" : ".");
	if (l->stopped)
		describe_stops(l, timed, start_ns, stops, sizeof(stops), l->lost_records);
	if (l->lost_records)
		snprintf(lost, sizeof(lost),
			 " %llu side-band record%s did not fit the ring (%llu PERF_RECORD_LOST), "
			 "the first%s.",
			 (unsigned long long)l->lost, l->lost == 1 ? "" : "s",
			 (unsigned long long)l->lost_records, t2);
	return snprintf(buf, n, "Data was lost:%s%s%s", trunc, stops, lost);
}
