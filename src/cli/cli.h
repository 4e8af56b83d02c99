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

/* "pciescope: <message>" on stderr.  Returns 1, the exit code for user errors. */
int cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "pciescope: <what>: <strerror(-err)>" on stderr.  Returns 1. */
int cli_errno(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
