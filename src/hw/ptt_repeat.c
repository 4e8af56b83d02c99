// SPDX-License-Identifier: GPL-2.0-only
/*
 * The trace of a stretch the fabric skips (its rate model): the entries the
 * engine wrote in the windows before, written again with their times moved
 * to where the skip puts them (fabric_observer_repeats).  While the fabric
 * asks, the model keeps what it writes, as written, from the time the
 * fabric says on; a repeat is then a copy per entry and its time field
 * patched, with the buffers filling and interrupting as for any entry.
 */
#include <stdlib.h>

#include "ptt_internal.h"

void ptt_log_clear(struct ptt_log *l)
{
	l->head = l->n = 0;
	l->on = false;
}

void ptt_log_free(struct ptt_log *l)
{
	free(l->ent);
	free(l->t);
	*l = (struct ptt_log){0};
}

/* The first kept entry at or after t_ns. */
static size_t log_find(const struct ptt_log *l, uint64_t t_ns)
{
	size_t lo = l->head, hi = l->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->t[mid] < t_ns)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Room for one more: what was forgotten goes first, else the log doubles. */
static int log_room(struct ptt_log *l, uint32_t esize)
{
	size_t cap = l->cap ? 2 * l->cap : 4096;
	uint8_t *ent;
	uint64_t *t;

	if (l->head >= l->n / 2 && l->head) {
		memmove(l->ent, l->ent + l->head * esize, (l->n - l->head) * esize);
		memmove(l->t, l->t + l->head, (l->n - l->head) * sizeof(*l->t));
		l->n -= l->head;
		l->head = 0;
		return 0;
	}
	ent = realloc(l->ent, cap * esize);
	if (!ent)
		return -1;
	l->ent = ent;
	t = realloc(l->t, cap * sizeof(*t));
	if (!t)
		return -1;
	l->t = t;
	l->cap = cap;
	return 0;
}

void ptt_log_add(struct ptt_log *l, const uint8_t *p, uint32_t esize, uint64_t t_ns)
{
	if (l->n == l->cap && log_room(l, esize))
		return; /* out of memory: a repeat shows one entry fewer */
	memcpy(l->ent + l->n * esize, p, esize);
	l->t[l->n++] = t_ns;
	l->added++;
}

/*
 * n entries from log index i into dst, their times shift later: the 4DW
 * entry's is DW0[10:0], the 8DW's DW7.  One loop per size, so the copy is
 * of a constant size.
 */
static void put(uint8_t *dst, const struct ptt_log *l, size_t i, size_t n, uint32_t esize,
		uint64_t shift)
{
	const uint8_t *src = l->ent + i * esize;
	const uint64_t *t = l->t + i;

	if (esize == PTT_ENTRY_4DW_BYTES) {
		for (size_t j = 0; j < n;
		     j++, dst += PTT_ENTRY_4DW_BYTES, src += PTT_ENTRY_4DW_BYTES) {
			memcpy(dst, src, PTT_ENTRY_4DW_BYTES);
			ptt_put_le32(dst, (ptt_get_le32(src) & ~PTT_ENTRY_4DW_TIME_MASK) |
					      ((uint32_t)(t[j] + shift) & PTT_ENTRY_4DW_TIME_MASK));
		}
		return;
	}
	for (size_t j = 0; j < n; j++, dst += PTT_ENTRY_8DW_BYTES, src += PTT_ENTRY_8DW_BYTES) {
		memcpy(dst, src, PTT_ENTRY_8DW_BYTES);
		ptt_put_le32(dst + 28, (uint32_t)(t[j] + shift));
	}
}

/* The kept entries of times from .. to - 1 written again, shift ns later. */
static void repeat(struct ptt_hw *h, uint64_t from, uint64_t to, uint64_t shift)
{
	struct ptt_trace *tr = &h->tr;
	size_t i = log_find(&tr->log, from), end = log_find(&tr->log, to);

	while (i < end && tr->running) {
		uint8_t *buf = tr->buf[tr->cur];
		size_t n = (tr->size - tr->wr) / tr->esize;

		if (!buf || !n)
			return;
		if (n > end - i)
			n = end - i;
		put(buf + tr->wr, &tr->log, i, n, tr->esize, shift);
		tr->wr += (uint32_t)(n * tr->esize);
		tr->stats.traced += n;
		i += n;
		if (tr->wr + tr->esize > tr->size) /* its interrupt may stop the trace */
			ptt_buffer_full(h, tr->log.t[i - 1] + shift);
	}
}

uint64_t ptt_hw_repeat(void *hw, const struct fabric_repeat *r)
{
	struct ptt_hw *h = hw;
	struct ptt_log *l = &h->tr.log;

	if (r->keep_ns == UINT64_MAX || !h->tr.running) {
		ptt_log_clear(l);
		return l->added;
	}
	l->on = true;
	l->head = log_find(l, r->keep_ns);
	if (r->from_ns < r->to_ns)
		repeat(h, r->from_ns, r->to_ns, r->shift_ns);
	return l->added;
}
