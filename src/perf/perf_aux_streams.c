// SPDX-License-Identifier: GPL-2.0-only
/*
 * The AUX streams of a recording (aux_streams.h).  Payloads are routed to
 * their stream as they come (by idx), while the kernel's records are kept
 * per event (by id, or by cpu when the trailer has no id) and joined to
 * the streams at the end: a file names an event's buffer only in ID_INDEX,
 * which perf writes in pipe mode, so the rest is paired by cpu.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <pciescope/perf/aux_streams.h>

/* What the kernel's records said of one event. */
struct aux_event {
	uint64_t key; /* id, or cpu when the trailer has no id */
	bool by_id, has_cpu;
	uint32_t cpu;
	bool timed;
	uint64_t first_ns, last_ns;
	struct perf_aux_loss loss;
};

struct id_buffer {
	uint64_t id, idx;
};

struct perf_aux_streams {
	struct perf_aux_stream st[PERF_AUX_MAX_STREAMS];
	size_t nst;
	struct aux_event ev[PERF_AUX_MAX_STREAMS];
	size_t nev;
	struct id_buffer ids[PERF_AUX_MAX_STREAMS];
	size_t nids;
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

static long stream_of(struct perf_aux_streams *s, const struct perf_rec *rec)
{
	struct perf_aux_stream *st;

	for (size_t i = 0; i < s->nst; i++)
		if (s->st[i].idx == rec->auxtrace.idx && s->st[i].cpu == rec->auxtrace.cpu)
			return (long)i;
	if (s->nst == PERF_AUX_MAX_STREAMS)
		return -E2BIG;
	st = &s->st[s->nst];
	*st = (struct perf_aux_stream){
	    .idx = rec->auxtrace.idx, .cpu = rec->auxtrace.cpu, .attr = -1};
	return (long)s->nst++;
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
	long i;

	switch (rec->type) {
	case PERF_REC_AUXTRACE:
		i = stream_of(s, rec);
		if (i >= 0) {
			s->st[i].chunks++;
			s->st[i].bytes += rec->auxtrace.size;
		}
		return i;
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

/* The stream of event e: by ID_INDEX, else the first stream of its cpu no event took. */
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

long perf_aux_streams_attr(const struct perf_aux_streams *s, const struct perf_reader *r, size_t i)
{
	long of[PERF_AUX_MAX_STREAMS];

	pair(s, of);
	for (size_t k = 0; k < s->nev; k++)
		if (of[k] == (long)i && s->ev[k].by_id)
			return attr_of(r, s->ev[k].key);
	return perf_reader_nr_attrs(r) == 1 ? 0 : -1;
}

void perf_aux_streams_finish(struct perf_aux_streams *s, const struct perf_reader *r)
{
	long of[PERF_AUX_MAX_STREAMS];

	pair(s, of);
	for (size_t k = 0; k < s->nev; k++) {
		const struct aux_event *e = &s->ev[k];
		struct perf_aux_stream *st;

		if (of[k] < 0) {
			add_loss(&s->unjoined, &e->loss);
			continue;
		}
		st = &s->st[of[k]];
		if (e->by_id && st->attr < 0)
			st->attr = attr_of(r, e->key);
		if (e->timed) {
			widen(&st->timed, &st->start_ns, &st->end_ns, e->first_ns);
			widen(&st->timed, &st->start_ns, &st->end_ns, e->last_ns);
		}
		add_loss(&st->loss, &e->loss);
	}
	for (size_t i = 0; i < s->nst; i++)
		if (s->st[i].attr < 0 && perf_reader_nr_attrs(r) == 1)
			s->st[i].attr = 0;
}

size_t perf_aux_streams_count(const struct perf_aux_streams *s)
{
	return s->nst;
}

const struct perf_aux_stream *perf_aux_streams_get(const struct perf_aux_streams *s, size_t i)
{
	return &s->st[i];
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

bool perf_aux_loss_any(const struct perf_aux_loss *l)
{
	return l->truncated || l->lost_records;
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

int perf_aux_loss_describe(const struct perf_aux_loss *l, bool timed, uint64_t start_ns,
			   char *buf, size_t n)
{
	char t1[64], t2[64], trunc[256] = "", lost[256] = "";

	if (!perf_aux_loss_any(l))
		return 0;
	when(t1, sizeof(t1), timed, start_ns, l->truncated_timed, l->truncated_ns);
	when(t2, sizeof(t2), timed, start_ns, l->lost_timed, l->lost_ns);
	if (l->truncated)
		snprintf(trunc, sizeof(trunc),
			 " the AUX area was full%s (%llu AUX record%s flagged TRUNCATED), and "
			 "what came after was not traced%s",
			 t1, (unsigned long long)l->truncated, l->truncated == 1 ? "" : "s",
			 l->lost_records ? ";" : ".");
	if (l->lost_records)
		snprintf(lost, sizeof(lost),
			 " %llu side-band record%s did not fit the ring (%llu PERF_RECORD_LOST), "
			 "the first%s.",
			 (unsigned long long)l->lost, l->lost == 1 ? "" : "s",
			 (unsigned long long)l->lost_records, t2);
	return snprintf(buf, n, "Data was lost:%s%s", trunc, lost);
}
