/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared pieces of the subcommands (builtin-*.c), like perf's util/: one-line
 * error reporting, and the declarations of every cmd_<name>() from
 * commands.def.
 */
#ifndef PCIESCOPE_CLI_H
#define PCIESCOPE_CLI_H

#include <stdarg.h>

#define CMD(name, summary) int cmd_##name(int argc, char **argv);
#include "commands.def"
#undef CMD

/* The command the messages below name (main() sets it before running one). */
void cli_set_command(const char *name);
/* "pciescope: <command>: <message>" on stderr.  Returns 1, the exit code for user errors. */
int cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "pciescope: <command>: <what>: <strerror(-err)>" on stderr.  Returns 1. */
int cli_errno(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same prefix for a warning that does not end the command. */
void cli_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * "unknown option 'arg'" with the closest of the known option names
 * ("did you mean '--json'?") and where the help is.  known: NULL-terminated.
 * Returns 1.
 */
int cli_unknown_option(const char *arg, const char *const *known);
/* The known name a mistyped one is closest to, or NULL if none is close. */
const char *cli_suggest(const char *typed, const char *const *known);
/* The running command's name ("stat"), or "" before main() set one. */
const char *cli_command(void);

struct option;
/*
 * getopt_long with this CLI's wording: an unknown option or a missing value
 * prints one "pciescope: <command>: ..." line (with a suggestion) and
 * returns '?', so the caller only returns 1.
 */
int cli_getopt(int argc, char **argv, const char *shortopts, const struct option *longopts);
/* The same, telling which long option it was (getopt_long's longindex). */
int cli_getopt_index(int argc, char **argv, const char *shortopts, const struct option *longopts,
		     int *longindex);

#endif
