/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The options every machine-facing subcommand shares: which backend
 * (--backend emulated|host), which emulated platform (--platform), the
 * workload (--workload NAME[:key=value,...]) and --seed; then opening it
 * with a one-line error.
 */
#ifndef PCIESCOPE_CLI_BACKEND_OPTS_H
#define PCIESCOPE_CLI_BACKEND_OPTS_H

#include <stdbool.h>
#include <stddef.h>

#include <pciescope/backend/backend.h>
#include <pciescope/backend/sysfs_read.h>
#include <pciescope/tool/twin.h>

#include "parse_options.h"

struct backend_opts {
	struct backend_options o;
	char workload[64];
	/* --workload replay:...: the twin it names, made once the options are all read */
	bool replay, replay_ready;
	struct twin twin;
};

/* Sets the option named name ("--backend", ...) to value; 0, or 1 after an error. */
int backend_opts_set(struct backend_opts *bo, const char *name, const char *value);
/*
 * The shared options as entries of an option table (parse_options.h),
 * setting *bo; OPT_BACKEND_OPTS(&bo) goes inside the command's table.
 */
int backend_opts_cb(const struct cli_option *opt, const char *arg);
#define OPT_BACKEND_OPTS(bo)                                                                       \
	OPT_CALLBACK(0, "backend", (bo), "B", "host or emulated (default: by the machine)",        \
		     backend_opts_cb),                                                             \
	    OPT_CALLBACK(0, "platform", (bo), "NAME", "the emulated platform (kunpeng930)",        \
			 backend_opts_cb),                                                         \
	    OPT_CALLBACK(0, "workload", (bo), "W[:k=v,...]", "the emulated workload",              \
			 backend_opts_cb),                                                         \
	    OPT_CALLBACK(0, "seed", (bo), "N", "the emulated run's seed (0)", backend_opts_cb)

/*
 * Makes the twin --workload replay:... names (docs/twin.md), on the
 * platform --platform names or the recording does, which it then sets;
 * nothing for another workload.  0, or 1 after printing why not.
 * backend_opts_open does it first.
 */
int backend_opts_ready(struct backend_opts *bo, const char *cmd);
/*
 * Opens the backend; prints "pciescope: <cmd>: <why>" and returns NULL on
 * error, and what a command prints on opening one (cli_backend_opened).
 */
struct backend *backend_opts_open(struct backend_opts *bo, const char *cmd);
/*
 * The same for options of the backend's own: a mistyped platform, workload
 * or backend kind is said with the closest name it has.
 */
struct backend *cli_backend_open(const struct backend_options *o, const char *cmd);
/*
 * What a command says once its backend is open, on stderr: which machine
 * ("on emulated kunpeng930", "on this machine") if stderr is a terminal,
 * and the open's warning (a damaged state file) if any.
 */
void cli_backend_opened(const struct backend *b);

#endif
