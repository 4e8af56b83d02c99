/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The rate model's own state (rate.c, rate_fluid.c): a layer beside the
 * per-TLP engine, which keeps none of it.  The engine's side of where the
 * two meet is declared in fabric_internal.h (rate_runs, rate_run, ...).
 */
#ifndef PCIESCOPE_FABRIC_RATE_H
#define PCIESCOPE_FABRIC_RATE_H

#include "fabric_internal.h"
#include "rate_replay.h"

/*
 * rate_groups.c: TLPs alike for a counting observer, over the model's
 * windows: how many, and their latency sum (ns).
 */
struct frate_group {
	struct fabric_tlp rep; /* the first of them */
	uint64_t key[2];       /* what they are alike in (rate_groups.c group_key) */
	int agg;	       /* its aggregate: the groups alike but for the requester */
	int next;	       /* the aggregate's next group, -1 */
	uint64_t n, lat;       /* in this window */
	uint64_t hn, hlat;     /* in every window since the model began: its share */
	uint64_t wn, wlat;     /* what the skip scales, << RATE_FRAC */
	uint64_t sent_n, sent_lat;
	uint64_t carry_n, carry_lat; /* below one TLP (ns) at the last skip's end, << RATE_FRAC */
};

/* rate_groups.c: groups alike but for their requester; a window gives their total. */
struct frate_agg {
	uint64_t key[2];
	int first;	   /* its first group */
	bool seen;	   /* its groups are shared out for this skip */
	uint64_t n, lat;   /* in this window */
	uint64_t hn, hlat; /* in every window since the model began */
};

enum rate_phase { RATE_OFF, RATE_WINDOW, RATE_SKIP };

/*
 * rate_fluid.c: the TLPs of one rate-paced stream alike for a counter and for the
 * statistics (the same port and endpoint), over the windows: the fluid part.
 * Each quantity three ways: TLPs, their latency sum as observers see it,
 * and as the read latency statistics do.
 */
enum { FQ_N, FQ_OLAT, FQ_RLAT, FQ_COUNT };
struct frate_fluid {
	struct fabric_tlp rep;
	uint64_t key[3]; /* from the queued TLP: what its header and statistics depend on */
	int stream, ep;	 /* ep: endpoint node whose statistics count it too, -1 none */
	uint32_t hdr;	 /* header bytes of each */
	uint8_t rd;	 /* a request completes with it: 1 at the port, 2 at the endpoint too */
	uint64_t pend[4][FQ_COUNT]; /* of the fires of the last windows, by window mod 4 */
	uint64_t cum[FQ_COUNT];	    /* of the fires whose TLPs have all been counted */
	uint64_t all[FQ_COUNT];	    /* every one crossed in the windows */
	uint64_t seen[FQ_COUNT];    /* crossed in the windows a skip followed: for the latency */
	uint64_t cur[FQ_COUNT];	    /* crossed in this window */
	uint64_t win[FQ_COUNT];	    /* crossed in the window the skip scales */
	uint64_t x[FQ_COUNT];	/* what the fires of the stream's den make: a skip adds x / den */
	uint64_t res[FQ_COUNT]; /* what fluid skips left below one, in units of 1 / res_den */
	uint64_t res_den;
	uint64_t sent[FQ_COUNT]; /* what the skip has added */
};

/* rate_fluid.c: a stream's fires in the rate model's windows. */
struct frate_stream {
	uint64_t fires0;  /* its fires when the window opened */
	uint64_t pend[4]; /* fires of the last windows, by window mod 4, until their TLPs are in */
	uint64_t fires;	  /* fires whose TLPs have all been counted (cum of its groups) */
	uint64_t all_fires; /* in the tallied windows since the model began */
	uint64_t den;	    /* period x fires: what its groups' x is divided by in a skip */
	bool fluid;	    /* it kept its rate: a skip counts its TLPs from its period */
};

/* A domain's place in the rate model (rate.c). */
struct frate {
	bool rated;		   /* no one looks TLP by TLP: it runs in the rate model */
	bool tally;		   /* a window of a domain skipping long: the fluid part tallies */
	uint8_t phase;		   /* enum rate_phase */
	uint64_t rng;		   /* its own generator: the workload's draws stay the engine's */
	uint64_t start;		   /* ps: when the phase began */
	uint64_t len;		   /* ps: how long it lasts */
	uint64_t win_len;	   /* ps: the window the skip scales */
	uint64_t seq0;		   /* the domain's crossing count when the window began */
	uint64_t skip;		   /* windows to skip after this one, decided when it opened */
	bool overflow;		   /* more groups than fit: the window is not scaled */
	bool forget;		   /* the groups' history starts afresh at the next window */
	bool shared;		   /* some aggregate has groups of two requesters or more */
	uint64_t hist_ps;	   /* time of the windows in the groups' history */
	uint64_t windows;	   /* windows since the model began */
	uint64_t run_tlps, run_ps; /* TLPs and time of the windows the skips are decided from */
	/* the closed part (rate_groups.c) */
	struct frate_group *g;
	struct frate_agg *agg;
	int ng, nagg;
	int *slot, *agg_slot; /* hashes of the groups and the aggregates, RATE_SLOTS */
	int *touched;	      /* the groups this window counted, ntouched */
	int *dl;	      /* the groups a skip adds to, ndl */
	int ntouched, ndl;
	/* the fluid part: rate-paced streams counted from their rate (rate_fluid.c) */
	uint64_t win_id;    /* windows opened; the domain's epoch follows it */
	uint64_t run;	    /* windows tallied one after the other, up to this one */
	uint64_t tally_ps;  /* time of the windows tallied since the model began */
	uint64_t fluid_seq; /* the crossing the fluid part took, kept from the groups */
	bool warm;	    /* the fluid part knows what the fast streams' fires make */
	bool fluid_skip;    /* the skip adds the fluid part (its window was tallied) */
	struct frate_fluid *fl;
	int nfl;
	int *fl_slot; /* hash of fl, RATE_FLUID_SLOTS */
	struct frate_stream *fs;
	int nfs;
	struct freplay replay; /* its skips shown to observers that repeat (rate_replay.c) */

	/* a lazy domain: every observer asks before it reads (fabric_observer_asks) */
	bool lazy;
	bool owed;	   /* a skip is not shown up to the domain's present */
	uint64_t shown;	   /* ps: the skip's counts are shown up to here (rate_settle) */
	uint64_t stats_to; /* ps: and the statistics given theirs, when read (dom_sync) */
};

/* The rate model of a fabric: its budget and its state, per domain and per node. */
struct rate_model {
	uint64_t budget; /* TLPs per simulated second per domain, 0 off */
	struct frate *d; /* by domain index */
	int nd;
	int nowed;     /* domains owed (frate owed): with none, asking costs nothing */
	uint64_t span; /* ps between two reads of the counts, 0 not known */
	/*
	 * per node: statistics when the window began, the window's (for a skip,
	 * what it adds, fixed-point), what a skip has added, every window's
	 * since the model began; per port, its endpoints' window and history
	 */
	struct fabric_port_stats *snap, *win, *sent, *hist, *port_win, *port_hist;
	struct fabric_port_stats *carry; /* below one at the last skip's end, << RATE_FRAC */
	int nnodes;
};

static inline struct frate *rate_of(const struct fabric *f, const struct fdomain *d)
{
	return &f->rate->d[d - f->doms];
}

/* rate.c */
/* (a x b + add) / d, exactly (128-bit), and its remainder; the quotient fits 64 bits. */
uint64_t rate_mul_div(uint64_t a, uint64_t b, uint64_t add, uint64_t d, uint64_t *rem);

/* rate_groups.c: the closed part */
/* What a counting observer of port p is shown of a skip: o, to all but the recorder. */
void rate_show(const struct fport *p, const struct fabric_tlp *o);
/* Whether a counting observer looks at domain d (the recorder's groups are for those). */
bool rate_counted(const struct fabric *f, int d);
bool rate_groups_ready(struct frate *r);
void rate_groups_free(struct frate *r);
/* Domain's history forgotten at its next window (its knobs changed, it left the model). */
void rate_groups_restart(struct frate *r);
/* A window opens; closes (into the history, and shared out for a skip); a skip delivers. */
void rate_groups_open(struct frate *r);
void rate_groups_close(struct frate *r, bool skipping);
void rate_groups_deliver(struct fabric *f, struct fdomain *d, uint64_t done_ns, uint64_t win_ns,
			 bool end);
/* The same for the statistics of domain d's nodes. */
bool rate_stats_ready(struct fabric *f);
void rate_stats_free(struct rate_model *m);
void rate_stats_restart(struct fabric *f, int dom);
void rate_stats_open(struct fabric *f, struct fdomain *d);
void rate_stats_window(struct fabric *f, struct fdomain *d);
void rate_stats_close(struct fabric *f, struct fdomain *d, bool skipping);
void rate_stats_deliver(struct fabric *f, struct fdomain *d, uint64_t done_ns, uint64_t win_ns,
			bool end);
/* x scaled from the window to the part of the skip done (ns: no overflow below 2^64). */
static inline uint64_t rate_scaled(uint64_t x, uint64_t done_ns, uint64_t win_ns)
{
	return x / win_ns * done_ns + x % win_ns * done_ns / win_ns;
}

/* rate_fluid.c: the rate model's fluid part */
/* The domain's tap while it tallies: a TLP crossed port p in a tallied window. */
void rate_fluid(struct fabric *f, struct fport *p, int dir, const struct ptlp *t, uint64_t now);
/* Room for the fluid part's groups and streams; false without memory. */
bool rate_fluid_ready(struct fabric *f, struct frate *r);
/* A window of domain d opens, closes (followed by a skip or not), a skip is delivered up to tau. */
void rate_fluid_open(struct fabric *f, struct fdomain *d);
void rate_fluid_close(struct fabric *f, struct fdomain *d, bool skipping);
void rate_fluid_deliver(struct fabric *f, struct fdomain *d, uint64_t tau, bool end,
			uint64_t done_ns, uint64_t win_ns);

#endif
