/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The rate model's skips shown to observers that repeat (rate_replay.c):
 * its state per domain, in struct frate, and where rate.c calls it.
 */
#ifndef PCIESCOPE_FABRIC_RATE_REPLAY_H
#define PCIESCOPE_FABRIC_RATE_REPLAY_H

#include "fabric_internal.h"

#define REPLAY_WINDOWS 64 /* a power of two, above REPLAY_STRETCH */

/* A rated domain that observers which repeat (tracers) look at. */
struct freplay {
	bool on;			 /* some looking observer of the domain repeats */
	uint64_t sig;			 /* which (rate_replay.c repeaters) */
	uint64_t start[REPLAY_WINDOWS];	 /* ps: the last windows' starts, window n at n % */
	uint64_t windows;		 /* windows opened since the replay began */
	uint64_t kept_from;		 /* the first window the observers have kept */
	uint64_t kept0;			 /* TLPs the repeaters had kept when the window opened */
	uint64_t run_kept;		 /* kept in the windows the skips are decided from */
	uint64_t last, k, len, at, done; /* the skip being shown: after window last, k windows
					    of len from at on, done ps of it */
};

/*
 * Whether domain d replays, after the observers change: true if its
 * repeaters changed (the model then starts over in it: a skip under way ends).
 */
bool rate_replay_set(struct fabric *f, struct fdomain *d);
/* The model starts over in domain d: nothing before is shown again, nor kept. */
void rate_replay_restart(struct fabric *f, struct fdomain *d);
/* TLPs per simulated second domain d's windows may simulate: the fabric's budget, or more. */
uint64_t rate_replay_budget(const struct fabric *f, const struct fdomain *d);
/* k windows to skip, or fewer while the first windows run. */
uint64_t rate_replay_cap(const struct fabric *f, const struct fdomain *d, uint64_t k);
/* A window of d opens; it closes, a skip of k windows (0: none) following it. */
void rate_replay_open(struct fabric *f, struct fdomain *d);
void rate_replay_close(struct fabric *f, struct fdomain *d, uint64_t k, bool counted);
/* The skip shown to the repeaters up to to (ps). */
void rate_replay_deliver(struct fabric *f, struct fdomain *d, uint64_t to);

#endif
