/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The options every machine-facing subcommand shares: which backend
 * (--backend emulated|host), which emulated platform (--platform), the
 * workload (--workload NAME[:key=value,...]) and --seed; then opening it
 * with a one-line error.  Also the sysfs helpers those commands use.
 */
#ifndef PCIESCOPE_CLI_BACKEND_OPTS_H
#define PCIESCOPE_CLI_BACKEND_OPTS_H

#include <stdbool.h>
#include <stddef.h>

#include <pciescope/backend/backend.h>

#define PMU_SYSFS "/sys/bus/event_source/devices"
/* The shared options' names, for "did you mean" lists of the commands that take them. */
#define BACKEND_OPTS_NAMES "--backend", "--platform", "--workload", "--seed"

struct backend_opts {
	struct backend_options o;
	char workload[64];
};

/*
 * If argv[*i] is one of the shared options (taking its value from the next
 * argument or after '='), consumes it and returns 1; 0 if not one of them;
 * -1 after printing an error.
 */
int backend_opts_parse(struct backend_opts *bo, int argc, char **argv, int *i);
/* The same for a parser of its own (getopt): name is "--backend" etc.; 0 or 1 after an error. */
int backend_opts_set(struct backend_opts *bo, const char *name, const char *value);
/*
 * getopt_long entries of the shared options, all returning val, for a
 * table of one's own; backend_opts_take() then sets the one getopt found
 * (opt: the table entry, through getopt's longindex).
 */
#define BACKEND_OPTS_LONGOPTS(val)                                                                 \
	{"backend", required_argument, NULL, (val)}, {"platform", required_argument, NULL, (val)}, \
	    {"workload", required_argument, NULL, (val)}, {"seed", required_argument, NULL, (val)}
struct option;
int backend_opts_take(struct backend_opts *bo, const struct option *opt, const char *value);
/* Opens the backend; prints "pciescope: <cmd>: <why>" and returns NULL on error. */
struct backend *backend_opts_open(struct backend_opts *bo, const char *cmd);

/* Reads a sysfs file into buf without the trailing newline; length or -errno. */
ssize_t cli_sysfs_read(struct backend *b, const char *path, char *buf, size_t n);
/* Entry names of a directory (caller frees with cli_names_free); 0 or -errno. */
int cli_sysfs_list(struct backend *b, const char *path, char ***names, size_t *count);
void cli_names_free(char **names, size_t count);

#endif
