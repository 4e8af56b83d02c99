/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a PTT recording could see, from its event's settings: whether the
 * trace can hold the completions of the requests it traces (request
 * latency), and whether its times can be short (4DW's 11-bit time field).
 * The answers are sentences for the analysis views to print beside (or
 * instead of) the figures they concern.  Pure: no I/O, no allocation.
 */
#ifndef PCIESCOPE_TRACE_PTT_SIGHT_H
#define PCIESCOPE_TRACE_PTT_SIGHT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/trace/ptt_entry.h>
#include <pciescope/trace/ptt_filter.h>

/* The PTT event's format, direction and type terms (spec/ptt.md, section 5). */
struct ptt_setting {
	enum ptt_format format;
	unsigned int direction; /* 0..3 */
	unsigned int type;	/* OR of P 1, NP 2, CPL 4 */
};

#define PTT_TYPE_P 1u
#define PTT_TYPE_NP 2u
#define PTT_TYPE_CPL 4u

/* The terms of a perf event config (config:20-23, 24-31, 32-35). */
struct ptt_setting ptt_setting_of_config(uint64_t config);

/*
 * When the setting keeps the completions of the traced non-posted requests
 * out of the trace (so no request can be matched and latency measured),
 * writes one sentence into buf (like snprintf) saying so and naming the
 * setting that would show them, and returns its length; 0 when the trace
 * can hold both, or the setting is not one the driver accepts.
 */
int ptt_sight_latency(const struct ptt_setting *s, char *buf, size_t n);

/*
 * Which completions a setting that traces both ways leaves out, in words,
 * for a view that counts only requests whose completions it sees: 4DW
 * direction=2 has no inbound completions A (the CPU's reads'), direction=3
 * no inbound completions B (peer-to-peer and remote reads').  Its length,
 * or 0 for any other setting.
 */
int ptt_sight_unseen_completions(const struct ptt_setting *s, char *buf, size_t n);

/*
 * The same for a report filter (ptt_filter.h) whose kinds leave out every
 * completion or every non-posted request: then nothing can be matched,
 * whatever the trace holds.  Its length, or 0.
 */
int ptt_sight_filter_latency(const struct ptt_filter *f, char *buf, size_t n);

/*
 * A sentence for the time-based figures (time span, bandwidth, timeline) of
 * a trace in format f whose unwrapped times span span_ns, when they can be
 * short: its time field wraps every 2^11 (4DW) or 2^32 (8DW) ticks of
 * tick_ns, and a longer gap between two entries is lost.  rec_ns is how long
 * the recording lasted by the perf.data records' times (0: unknown): then
 * the sentence is written only when the recording outlasts the span by more
 * than one wrap, and says by how much; without it, always for 4DW.  Returns
 * its length, or 0 when no sentence is due.
 */
int ptt_sight_time(enum ptt_format f, double span_ns, double rec_ns, double tick_ns, char *buf,
		   size_t n);

/*
 * What a trace's own clock can give, by the same rule.  HOLD: its times
 * place every entry (8DW, or a recording no longer than its span plus a
 * wrap); MAY_BE_SHORT: 4DW with no record times to check against; SHORT:
 * the recording outlasts the span by more than a wrap, so gaps were lost
 * and the times place nothing: rates are then over the recording's span.
 */
enum ptt_times { PTT_TIMES_HOLD, PTT_TIMES_MAY_BE_SHORT, PTT_TIMES_SHORT };
struct ptt_timing {
	enum ptt_times times;
	double span_ns; /* the trace's own, first to last entry */
	double rec_ns;	/* the recording's by its record times; 0: unknown */
	double rate_ns; /* what a rate divides by: rec_ns when SHORT, else span_ns */
};
struct ptt_timing ptt_sight_timing(enum ptt_format f, double span_ns, double rec_ns,
				   double tick_ns);
/*
 * For a view that places entries in time (what: "--timeline", "--pcap
 * times", ...): when t is SHORT, one sentence saying it cannot, and why;
 * its length, or 0.
 */
int ptt_sight_placing(const struct ptt_timing *t, const char *what, char *buf, size_t n);

#endif
