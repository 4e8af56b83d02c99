/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A twin from a recording: one or more PTT traces (perf.data) turned into
 * the devices they behave like (fabric/replay.h), which the emulated
 * platform then runs as the workload "replay".
 *
 * What is inferred, per requester the traces saw: its requests (kind,
 * size, alignment, target: host memory, MSI, a peer) and their shares;
 * per engine (reads, posted requests) what held it: its own window of
 * reads (it sat at its most and refilled each slot at once), the Root
 * Complex's request slots its Root Port shared (the port's reads sat at
 * a ceiling), a full link, the other engine (an NVMe drive's completion
 * entries follow its reads), or nothing: then it is paced at the rate and
 * in the bursts it showed.  Per endpoint, what the CPU sent it: posted
 * MMIO writes (as fast as the Root Port took them when they held a
 * backlogged class's share of a full link), MMIO reads with the share
 * from the remote die, configuration reads.  What the recordings could
 * not show is said in notes (docs/twin.md).
 *
 * The topology (which Root Port each function sits below, the links'
 * capacity, the ports each PTT traces) comes from the platform the twin
 * will run on, through a backend, as a tool reads any machine.
 */
#ifndef PCIESCOPE_TOOL_TWIN_H
#define PCIESCOPE_TOOL_TWIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/backend/backend.h>
#include <pciescope/fabric/replay.h>
#include <pciescope/perf/hisi_ptt_tune.h>
#include <pciescope/tool/event_list.h>
#include <pciescope/base/error.h>

#define TWIN_MAX_FILES 16
#define TWIN_MAX_NOTES 16

/* What held an engine in the recording. */
enum twin_loop {
	TWIN_NONE,    /* it sent nothing of its kind */
	TWIN_PACED,   /* nothing: paced at its rate and bursts */
	TWIN_WINDOW,  /* its own window of reads */
	TWIN_SLOTS,   /* the Root Complex's request slots of its Root Port */
	TWIN_LINK,    /* the link its data crossed was full */
	TWIN_COUPLED, /* the other engine: so many per request of it */
};

/* What the traces showed of one device: the figures the model came from. */
struct twin_seen {
	uint16_t port; /* Root Port it was seen at (its own, or its peer's) */
	bool own_port; /* seen at its own Root Port (else its requests to a peer) */
	enum twin_loop loop[FABRIC_REPLAY_ENGINES];
	double per_s[FABRIC_REPLAY_ENGINES]; /* requests per second */
	double bursts_per_s[FABRIC_REPLAY_ENGINES];
	unsigned max_reads; /* most reads in flight seen; 0: unknown */
	double at_max;	    /* share of its busy time with max_reads in flight */
	double latency_ns;  /* mean read latency, request to last completion; 0: unknown */
	uint64_t matched;   /* reads it is the mean of */
	double link_busy;   /* of the link its data crossed, 0..1 (0: unknown) */
};

struct twin_cpu_seen {
	uint16_t port;
	bool wr_max;	 /* writes held a full link's backlogged share */
	double wr_share; /* of the port's outbound traffic */
	double link_busy;
	bool remote_known; /* the setting saw one kind of the reads' completions */
};

struct twin {
	struct fabric_replay m;
	struct twin_seen seen[FABRIC_REPLAY_DEVS];
	struct twin_cpu_seen cpu_seen[FABRIC_REPLAY_DEVS];
	char platform[256]; /* the platform the recordings name ("" none) */
	double span_ns;	    /* of the longest trace */
	unsigned nfiles;
	char files[TWIN_MAX_FILES][256];
	unsigned nnotes;
	char notes[TWIN_MAX_NOTES][256];
};

/*
 * The platform the recording at path names: `pciescope record` writes its
 * command line (with --platform) into the file.  "" when it names none
 * (a host's perf record); -errno with e set when the file cannot be read.
 */
int twin_recorded_platform(const char *path, char *buf, size_t n, struct error *e);

/*
 * Infers the twin of the recordings in files (nfiles, each a PTT
 * perf.data) on the machine b: its topology places each requester.
 * tick_ns is the trace time tick (0: 1 ns).  0, or -errno with e set.
 */
int twin_infer(struct backend *b, const char *const *files, unsigned nfiles, double tick_ns,
	       struct twin *t, struct error *e);

/* The model as JSON (docs/twin.md), with what was seen beside it; 0 or -errno with e set. */
int twin_json_write(const struct twin *t, const char *path, struct error *e);
/* Into a string the caller frees, or NULL without memory. */
char *twin_json_dump(const struct twin *t);
/* A model file back; every field checked, the first fault named in e.  0 or -errno. */
int twin_json_read(const char *path, struct twin *t, struct error *e);

/*
 * The twin a --workload replay:... names: "trace=FILE[+FILE...]" (with
 * ",tick=NS") or "model=FILE".  With traces it boots platform (NULL: the
 * one the first recording names, else the default) to read its topology.
 * The platform used is left in t->platform.  0, or -errno with e set.
 */
int twin_from_spec(const char *spec, const char *platform, struct twin *t, struct error *e);

/*
 * A change tried on a twin (twin_try): tune levels of a PTT, another
 * platform file (a wider link, a device moved), another model (a deeper
 * queue).  What it leaves NULL or at -1 stays as it is.
 */
struct twin_change {
	const char *ptt; /* the PMU whose tune files level[] are; NULL: no level */
	int level[HISI_PTT_TUNE_NPARAM];
	const char *platform;
	const struct fabric_replay *model;
};

struct twin_try_opts {
	const struct fabric_replay *model; /* the twin */
	const char *platform;		   /* it runs on (NULL: the default) */
	uint64_t seed;
	struct twin_change change;
	struct event_list *events; /* counted in each run (event_list_find_pairs done) */
	char *const *argv;	   /* the command each run runs (sleep N: simulated time) */
};

/*
 * Runs the twin as it is, then with the change, each from the same seed on
 * a machine of its own, counting the events; before[i] and after[i] are
 * event i's count, or for the main event of a PCIe PMU pair the pair's
 * metric (MB/s, ns).  Levels written for the run are put back as they
 * were.  0, or -errno with e set.
 */
int twin_try(const struct twin_try_opts *o, double *before, double *after, struct error *e);

/* Names of enum twin_loop and enum fabric_replay_to, as the table and the JSON spell them. */
const char *twin_loop_name(enum twin_loop l);
const char *twin_to_name(enum fabric_replay_to to);

#endif
