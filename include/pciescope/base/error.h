/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How every layer reports a failure: nothing below the commands prints.  A
 * call that fails returns -errno and leaves the code and a message, "what:
 * why" (no "pciescope: <command>:" prefix: the command adds it), in a
 * struct error of its caller, which may hand the same struct further down
 * or word its own.  One type from the perf.data reader to the tune search,
 * so a message travels up unchanged and nothing is lost on the way.
 */
#ifndef PCIESCOPE_BASE_ERROR_H
#define PCIESCOPE_BASE_ERROR_H

struct error {
	int code; /* the -errno the call returned */
	char msg[512];
};

/* Sets e from code and fmt; returns code, so a caller writes `return error_set(...)`. */
int error_set(struct error *e, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same with ": <strerror(-code)>" after the message. */
int error_set_errno(struct error *e, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/*
 * Puts "<fmt>: " before the message a call further down left in e, as the
 * error travels up ("perf.data: truncated: ..."); returns e->code.
 */
int error_wrap(struct error *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
