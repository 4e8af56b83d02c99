// SPDX-License-Identifier: GPL-2.0-only
/*
 * One error prefix for every command: "pciescope: <command>: <message>".
 * main() names the running command once (cli_set_command), so no call site
 * has to repeat it; a message that already starts with the command's name
 * ("record: ...", "platform remove: ...") is not prefixed twice.  The test
 * is on the formatted message, not the format, so a name that arrives
 * through "%s: %s" is caught too.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <pciescope/base/error.h>

#include "cli.h"

static const char *command;

void cli_set_command(const char *name)
{
	command = name;
}

const char *cli_command(void)
{
	return command ? command : "";
}

static void prefix(const char *msg)
{
	size_t n = command ? strlen(command) : 0;

	fputs("pciescope: ", stderr);
	if (n && !(strncmp(msg, command, n) == 0 && (msg[n] == ':' || msg[n] == ' ')))
		fprintf(stderr, "%s: ", command);
}

/* err: append ": strerror(err)" when with_err.  A longer message is cut, not lost. */
static void vsay(const char *fmt, va_list ap, bool with_err, int err)
{
	char msg[4096];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	prefix(msg);
	fputs(msg, stderr);
	if (with_err)
		fprintf(stderr, ": %s", strerror(err < 0 ? -err : err));
	fputc('\n', stderr);
}

int cli_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(fmt, ap, false, 0);
	va_end(ap);
	return 1;
}

int cli_errno(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(fmt, ap, true, err);
	va_end(ap);
	return 1;
}

void cli_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(fmt, ap, false, 0);
	va_end(ap);
}

int cli_fail(const struct error *e)
{
	prefix(e->msg);
	fprintf(stderr, "%s\n", e->msg);
	return 1;
}

void cli_warn_line(const char *msg)
{
	prefix(msg);
	fprintf(stderr, "%s\n", msg);
}
