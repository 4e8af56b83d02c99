/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The tool library's warnings: a warning that does not stop the work goes
 * to the hook the program set with tool_set_warn (as libperf_init takes
 * perf's print function); without one it is dropped, so a library user
 * sees no stray output.  Errors travel as base/error.h says.
 */
#ifndef PCIESCOPE_TOOL_WARN_H
#define PCIESCOPE_TOOL_WARN_H

/*
 * The warning hook: msg is "warning: ..." without a prefix.  Set once at
 * start-up, before any thread runs, and only read afterwards.
 */
void tool_set_warn(void (*fn)(const char *msg));
void tool_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
