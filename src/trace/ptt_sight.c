// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a PTT setting lets a trace see (ptt_sight.h).  The direction table
 * (spec/ptt.md 5.1, docs/ptt.md): 4DW 0 inbound only, 1 outbound only, 2
 * outbound and inbound (P, NP, CPL B), 3 outbound and inbound CPL A; 8DW 1
 * outbound, 2 inbound, 3 inbound completions A, 0 reserved.  A request and
 * its completions travel opposite ways, so only 4DW 2 (endpoints' DMA reads
 * inbound, their completions outbound) and 4DW 3 (the CPU's reads outbound,
 * their completions inbound) hold both, and only with NP and CPL in type.
 * Several types with an outbound direction break a rule of the PTT
 * document, hence the --force in the advice.
 */
#include <stdio.h>

#include <pciescope/trace/ptt_sight.h>

#define BOTH_WAYS                                                                                  \
	"record with format=0,direction=2 (endpoints' DMA reads) or direction=3 (the CPU's "       \
	"reads) and type=6 (NP and CPL; pciescope record needs --force for it) to see them"

struct ptt_setting ptt_setting_of_config(uint64_t config)
{
	return (struct ptt_setting){.format = (enum ptt_format)(config >> 32 & 0xf),
				    .direction = (unsigned int)(config >> 20 & 0xf),
				    .type = (unsigned int)(config >> 24 & 0xff)};
}

static bool valid(const struct ptt_setting *s)
{
	return (s->format == PTT_FMT_4DW || s->format == PTT_FMT_8DW) && s->direction <= 3 &&
	       s->type && !(s->type & ~7u);
}

int ptt_sight_latency(const struct ptt_setting *s, char *buf, size_t n)
{
	static const char *const dir_8dw[4] = {"nothing (direction 0 is reserved)",
					       "outbound TLPs only", "inbound TLPs only",
					       "inbound completions only"};

	if (!valid(s))
		return 0;
	if (!(s->type & PTT_TYPE_NP))
		return snprintf(buf, n,
				"No request latency: type=%u traces no non-posted requests (NP); "
				"%s.",
				s->type, BOTH_WAYS);
	if (!(s->type & PTT_TYPE_CPL))
		return snprintf(buf, n,
				"No request latency: type=%u traces no completions (CPL); %s.",
				s->type, BOTH_WAYS);
	if (s->format == PTT_FMT_8DW)
		return snprintf(buf, n,
				"No request latency: format=1 (8DW) with direction=%u traces %s, "
				"and the completions of the traced requests travel the other way; "
				"%s.",
				s->direction, dir_8dw[s->direction], BOTH_WAYS);
	if (s->direction == 0)
		return snprintf(buf, n,
				"No request latency: direction=0 traces inbound TLPs only, so the "
				"endpoints' read requests are here but their completions, which go "
				"outbound, are not; record with direction=2 (type=6, pciescope "
				"record needs --force for it) to see them.");
	if (s->direction == 1)
		return snprintf(buf, n,
				"No request latency: direction=1 traces outbound TLPs only, so the "
				"CPU's read requests are here but their completions, which come "
				"back inbound, are not; record with direction=3 (type=6, pciescope "
				"record needs --force for it) to see them.");
	return 0;
}

int ptt_sight_unseen_completions(const struct ptt_setting *s, char *buf, size_t n)
{
	if (!valid(s) || s->format != PTT_FMT_4DW)
		return 0;
	if (s->direction == 2)
		return snprintf(buf, n,
				"direction=2 traces no inbound completions A, those of the CPU's "
				"reads; direction=3 does");
	if (s->direction == 3)
		return snprintf(buf, n,
				"direction=3 traces no inbound completions B, those of "
				"peer-to-peer and remote reads; direction=2 does");
	return 0;
}

static double wrap_ns(enum ptt_format f, double tick_ns)
{
	return (f == PTT_FMT_4DW ? 2048.0 : 4294967296.0) * tick_ns;
}

struct ptt_timing ptt_sight_timing(enum ptt_format f, double span_ns, double rec_ns, double tick_ns)
{
	struct ptt_timing t = {.span_ns = span_ns, .rec_ns = rec_ns, .rate_ns = span_ns};

	if (rec_ns > 0 && rec_ns - span_ns > wrap_ns(f, tick_ns)) {
		t.times = PTT_TIMES_SHORT;
		t.rate_ns = rec_ns;
	} else if (rec_ns <= 0 && f == PTT_FMT_4DW) {
		t.times = PTT_TIMES_MAY_BE_SHORT;
	}
	return t;
}

static const char *fmt_name(enum ptt_format f)
{
	return f == PTT_FMT_4DW ? "4DW" : "8DW";
}

int ptt_sight_time(enum ptt_format f, double span_ns, double rec_ns, double tick_ns, char *buf,
		   size_t n)
{
	struct ptt_timing t = ptt_sight_timing(f, span_ns, rec_ns, tick_ns);

	if (t.times == PTT_TIMES_SHORT)
		return snprintf(buf, n,
				"Times are short: the recording lasted %.3f ms (perf.data record "
				"times) but the %s times span only %.3f ms: gaps of more than %s "
				"ticks between two entries were lost, so rates are over the "
				"recording's %.3f ms and no entry can be placed in time%s.",
				rec_ns / 1e6, fmt_name(f), span_ns / 1e6,
				f == PTT_FMT_4DW ? "2047" : "2^32 - 1", rec_ns / 1e6,
				f == PTT_FMT_4DW ? "; format=1 (8DW) keeps 32-bit times" : "");
	if (t.times == PTT_TIMES_HOLD)
		return 0;
	return snprintf(buf, n,
			"Times may be short: 4DW times wrap every 2048 ticks and a longer gap "
			"between two entries is lost (this file has no record times to check "
			"against); format=1 (8DW) keeps 32-bit times.");
}

int ptt_sight_placing(const struct ptt_timing *t, const char *what, char *buf, size_t n)
{
	if (t->times != PTT_TIMES_SHORT)
		return 0;
	return snprintf(buf, n,
			"%s: entries cannot be placed in time: the trace's times span %.3f ms of "
			"a %.3f ms recording (gaps over one wrap of the time field were lost), so "
			"its times are a compressed clock.",
			what, t->span_ns / 1e6, t->rec_ns / 1e6);
}

int ptt_sight_filter_latency(const struct ptt_filter *f, char *buf, size_t n)
{
	if (!f->by_kind)
		return 0;
	if (!(f->kinds & ptt_filter_class_kinds(TLP_CLASS_CPL)))
		return snprintf(buf, n,
				"No request latency: the --kind filter keeps no completions (class "
				"CPL), so no request can be matched with its completions.");
	if (!(f->kinds & ptt_filter_class_kinds(TLP_CLASS_NP)))
		return snprintf(
		    buf, n,
		    "No request latency: the --kind filter keeps no non-posted requests "
		    "(class NP), so no completion can be matched with its request.");
	return 0;
}
