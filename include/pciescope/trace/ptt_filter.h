/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Which trace entries a report looks at: the one filter every view of
 * `pciescope report` applies (the line, JSON and pcap views per entry, the
 * analyser in its filtered loop), so that they all keep the same entries.
 *
 * - requester: the entry's Requester ID field.  A completion carries the ID
 *   of the requester it answers, so a requester's reads and their
 *   completions stay together (and so does their latency).
 * - kinds: the entry's own TLP kind (a set; "Unknown" holds the entries
 *   whose header does not decode).  Leaving completions out leaves nothing
 *   to match requests with: no latency.
 * - time: a window [from, to] of unwrapped ticks, the time column of the
 *   line view and "ticks" of the JSON view (ptt_clock, from the first
 *   entry's raw time field).  Entries outside it still tick the clock: a
 *   4DW time field wraps every 2048 ticks, so unwrapping needs them all.
 *
 * An entry without a Requester ID field (one that does not decode, a
 * prefix) never matches a requester.  Pure: no I/O, no allocation.
 */
#ifndef PCIESCOPE_TRACE_PTT_FILTER_H
#define PCIESCOPE_TRACE_PTT_FILTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/pcie/tlp.h>
#include <pciescope/trace/ptt_entry.h>

struct ptt_filter {
	bool by_requester, by_kind, by_time;
	uint16_t requester;
	uint32_t kinds;	   /* 1u << enum tlp_kind */
	uint64_t from, to; /* ticks, both included */
};

/* Whether a filter keeps every entry (then the views take their unfiltered path). */
static inline bool ptt_filter_none(const struct ptt_filter *f)
{
	return !f || !(f->by_requester || f->by_kind || f->by_time);
}

/* has_rid: the entry has a Requester ID field, rid. */
static inline bool ptt_filter_match(const struct ptt_filter *f, enum tlp_kind k, bool has_rid,
				    uint16_t rid, uint64_t ticks)
{
	if (f->by_kind && !(f->kinds >> k & 1))
		return false;
	if (f->by_requester && (!has_rid || rid != f->requester))
		return false;
	return !f->by_time || (ticks >= f->from && ticks <= f->to);
}

/* The same for a decoded entry at unwrapped time ticks, judged as the line view shows it. */
bool ptt_filter_entry(const struct ptt_filter *f, const struct ptt_entry *e, uint64_t ticks);

/* The kinds of class c (P, NP, CPL) as a kinds set; Unknown is in none. */
uint32_t ptt_filter_class_kinds(enum tlp_class c);

/*
 * Parsers of the values users type (report --requester, --kind, --time).
 * Each returns 0 and sets its part of f (and its by_ flag), or a negative
 * errno with f unchanged:
 *
 * requester: "[dddd:]bb:dd.f" (hex, as lspci prints it); a trace's IDs
 * carry no domain, so one typed is not compared.  -EINVAL.
 *
 * kinds: comma-separated names of TLP kinds as the views print them
 * (MRd64, CplD, ...) or the classes P, NP, CPL (their kinds), in any case;
 * a kind's exact name comes first, so "Cpl" is the kind and "CPL" or
 * "cpl" the class.
 * -EINVAL, with *bad and *bad_len the first name not known.
 *
 * time: "A..B", "A.." or "..B"; A and B are ticks (a whole number) or a
 * duration with a unit, ns, us, ms or s, converted with tick_ns (a tick's
 * length): from rounds up, to down, to the ticks inside.  -EINVAL for
 * anything else, -ERANGE when B is before A.
 */
int ptt_filter_parse_requester(const char *s, struct ptt_filter *f);
int ptt_filter_parse_kinds(const char *s, struct ptt_filter *f, const char **bad, size_t *bad_len);
int ptt_filter_parse_time(const char *s, double tick_ns, struct ptt_filter *f);

#endif
