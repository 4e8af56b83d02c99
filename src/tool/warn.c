// SPDX-License-Identifier: GPL-2.0-only
/* The tool library's warning hook (tool/warn.h). */
#include <stdarg.h>
#include <stdio.h>

#include <pciescope/tool/warn.h>

static void (*warn_fn)(const char *msg);

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
