// SPDX-License-Identifier: GPL-2.0-only
/*
 * The error of base/error.h.  A message too long for its buffer is cut,
 * never overrun: it is for a person, and its start says what failed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <pciescope/base/error.h>

static void say(struct error *e, int code, const char *fmt, va_list ap)
{
	e->code = code;
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
}

int error_set(struct error *e, int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(e, code, fmt, ap);
	va_end(ap);
	return code;
}

int error_wrap(struct error *e, const char *fmt, ...)
{
	char below[sizeof(e->msg)];
	va_list ap;
	size_t n;

	memcpy(below, e->msg, sizeof(below));
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	n = strlen(e->msg);
	snprintf(e->msg + n, sizeof(e->msg) - n, ": %s", below);
	return e->code;
}

int error_set_errno(struct error *e, int code, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	say(e, code, fmt, ap);
	va_end(ap);
	n = strlen(e->msg);
	snprintf(e->msg + n, sizeof(e->msg) - n, ": %s", strerror(code < 0 ? -code : code));
	return code;
}
