// SPDX-License-Identifier: GPL-2.0-only
/*
 * Small pieces both backends use.  Kept apart from backend.c so that the
 * host backend links without the platform.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend_internal.h"

const char *backend_strerror(struct backend *b)
{
	return b && b->err[0] ? b->err : NULL;
}

void backend_set_error(struct backend *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(b->err, sizeof(b->err), fmt, ap);
	va_end(ap);
}

int backend_kernel_version(const struct backend *b, unsigned *major, unsigned *minor)
{
	char dot;

	if (sscanf(b->kernel, "%u%c%u", major, &dot, minor) != 3 || dot != '.')
		return -ENOENT;
	return 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int backend_sort_names(char **names, size_t count)
{
	if (count)
		qsort(names, count, sizeof(*names), cmp_names);
	return 0;
}

int backend_close(struct backend *b)
{
	return b ? b->ops->close(b) : 0;
}
