// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tool library's error messages and warning hook (tool/tool_err.h).
 * A message too long for its buffer is cut, never overrun: it is for a
 * person, and its start says what failed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <pciescope/tool/tool_err.h>

static void (*warn_fn)(const char *msg);

int tool_fail(struct tool_err *e, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	return err;
}

int tool_fail_errno(struct tool_err *e, int err, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	n = strlen(e->msg);
	snprintf(e->msg + n, sizeof(e->msg) - n, ": %s", strerror(err < 0 ? -err : err));
	return err;
}

void tool_set_warn(void (*fn)(const char *msg))
{
	warn_fn = fn;
}

void tool_warn(const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	if (!warn_fn)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	warn_fn(msg);
}
