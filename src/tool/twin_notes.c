// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the recordings could not show, said once each: what a PTT setting
 * leaves out (docs/analysis.md, *What the recording could see*), what a
 * 4DW clock loses, what the tables could not hold, a trace that stopped
 * early or a file cut short.  The twin then falls
 * back to what it can know, and the note says which way.
 */
#include <stdio.h>
#include <string.h>

#include "twin_internal.h"

void twin_note(struct twin *t, const char *fmt, const char *arg)
{
	if (t->nnotes == TWIN_MAX_NOTES)
		return;
	for (unsigned i = 0; i < t->nnotes; i++)
		if (!strncmp(t->notes[i], fmt, 24))
			return;
	snprintf(t->notes[t->nnotes++], sizeof(t->notes[0]), fmt, arg);
}

static bool sees_reads_done(const struct ptt_setting *s)
{
	return s->format == PTT_FMT_4DW && s->direction >= 2 && (s->type & PTT_TYPE_NP) &&
	       (s->type & PTT_TYPE_CPL);
}

static void setting_notes(struct twin *t, const struct twin_trace *tr)
{
	const struct ptt_setting *s = &tr->set;

	if (!sees_reads_done(s))
		twin_note(t,
			  "%s: its setting holds no read with its completions (4DW direction=2 "
			  "does): its devices' reads are paced at their rate, none waits for its "
			  "completions, and their latency is the platform's",
			  tr->pmu);
	if (s->format == PTT_FMT_4DW && s->direction == 2)
		twin_note(t,
			  "%s: direction=2 leaves out the local die's completions of the CPU's "
			  "reads (CPL A): their latency is the platform's",
			  tr->pmu);
	if (!(s->type & PTT_TYPE_P))
		twin_note(t, "%s: its type leaves out posted requests: no device writes", tr->pmu);
	if (!tr->ports_known)
		twin_note(t,
			  "%s is not on the platform: every Root Port is taken for traced, so a "
			  "peer's requests may be taken for its own",
			  tr->pmu);
	if (tr->folded)
		twin_note(t,
			  "%s: more requesters, kinds of request or CPU targets than the tables "
			  "hold: the rest were not followed",
			  tr->pmu);
}

static void time_notes(struct twin *t, const struct twin_trace *tr)
{
	double span = tr->entries ? (double)(tr->last - tr->first) * tr->tick_ns : 0;
	struct ptt_timing tm = ptt_sight_timing(tr->set.format, span, tr->rec_ns, tr->tick_ns);

	if (tm.times == PTT_TIMES_SHORT)
		twin_note(t,
			  "%s: the 4DW times lost gaps longer than 2048 ticks: rates are over the "
			  "recording's span and bursts may run together (8DW keeps them)",
			  tr->pmu);
	if (tr->stopped)
		twin_note(t,
			  "%s: its trace stopped with its AUX area full before the recording "
			  "ended: the twin is of what was traced (a larger -m traces longer)",
			  tr->pmu);
	if (tr->cut)
		twin_note(t,
			  "%s: its file ends inside a trace payload (a copy cut short): the twin "
			  "is of the entries before the cut",
			  tr->pmu);
}

void twin_notes(struct twin *t, const struct twin_trace *tr, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		setting_notes(t, &tr[i]);
		time_notes(t, &tr[i]);
		for (unsigned k = 0; k < tr[i].ncpu; k++)
			if (tr[i].cpu[k].guessed && tr[i].cpu[k].known) {
				twin_note(
				    t,
				    "%s: no completion named the function some CPU writes went "
				    "to: they were placed by address order below their port",
				    tr[i].pmu);
				break;
			}
	}
	for (unsigned i = 0; i < t->m.ncpu; i++)
		if (t->m.cpu[i].rd_rate && !t->cpu_seen[i].remote_known)
			twin_note(t,
				  "%s: the CPU's reads' completions were not in the recording: "
				  "all of them are read from the local die",
				  "the twin");
}
