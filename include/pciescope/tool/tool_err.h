/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How the tool library reports: nothing below the commands prints.  A call
 * that fails returns -errno and leaves "what: why" in a struct tool_err of
 * its caller (no "pciescope: <command>:" prefix: the command adds it).  A
 * warning that does not stop the work goes to the hook the program set with
 * tool_set_warn (as libperf_init takes perf's print function); without one
 * it is dropped, so a library user sees no stray output.
 */
#ifndef PCIESCOPE_TOOL_TOOL_ERR_H
#define PCIESCOPE_TOOL_TOOL_ERR_H

struct tool_err {
	char msg[512];
};

/* Sets e->msg from fmt; returns err (a -errno), so a caller writes `return tool_fail(...)`. */
int tool_fail(struct tool_err *e, int err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same with ": <strerror(-err)>" after the message. */
int tool_fail_errno(struct tool_err *e, int err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * The warning hook: msg is "warning: ..." without a prefix.  Set once at
 * start-up, before any thread runs, and only read afterwards.
 */
void tool_set_warn(void (*fn)(const char *msg));
void tool_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
