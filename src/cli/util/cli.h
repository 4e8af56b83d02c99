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
struct error;
/* The reason a tool-library call failed, with the same prefix.  Returns 1. */
int cli_fail(const struct error *e);
/* A warning line of the tool library (its tool_set_warn hook), with the same prefix. */
void cli_warn_line(const char *msg);
/* The same prefix for a warning that does not end the command. */
void cli_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * The one wording of a name the command does not know: fmt's message, then
 * "; did you mean 'x'? (see)" with the known name closest to typed, or
 * " (see)" when none is close.  see: where to look ("see 'pciescope list'"),
 * or NULL for "one of: " and the known names.  known: NULL-terminated.
 * Returns 1.
 */
int cli_unknown_name(const char *typed, const char *const *known, const char *see, const char *fmt,
		     ...) __attribute__((format(printf, 4, 5)));
/* The same wording with the suggestion given (NULL: none). */
int cli_did_you_mean(const char *pick, const char *see, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The known name a mistyped one is closest to, or NULL if none is close. */
const char *cli_suggest(const char *typed, const char *const *known);
/* The running command's name ("stat"), or "" before main() set one. */
const char *cli_command(void);

#endif
