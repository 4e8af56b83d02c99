// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel log.  Lines are kept in order and shown, newest last, through
 * /sys/kernel/pciescope_dmesg, an emulation-only attribute: a tool reaches
 * the emulated kernel only through sysfs and perf, so dmesg lives there.
 * PCIESCOPE_DMESG=1 also echoes each line to stderr, for debugging drivers.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/core/kernel.h>

#include "core_internal.h"

struct klog {
	char **lines;
	size_t n, cap;
};

void kcore_log(struct kcore *k, const char *fmt, ...)
{
	struct klog *l = k->log;
	char line[512];
	va_list ap;
	const char *echo = getenv("PCIESCOPE_DMESG");

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (echo && *echo == '1')
		fprintf(stderr, "[%12.6f] %s\n", (double)k->clock.now_ns / 1e9, line);
	if (!l)
		return;
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 64;
		char **p = realloc(l->lines, cap * sizeof(*p));

		if (!p)
			return;
		l->lines = p;
		l->cap = cap;
	}
	l->lines[l->n] = strdup(line);
	if (l->lines[l->n])
		l->n++;
}

const char *kcore_log_line(struct kcore *k, size_t i)
{
	return k->log && i < k->log->n ? k->log->lines[i] : NULL;
}

/* The newest lines that fit in one page. */
static ssize_t dmesg_show(void *ctx, char *buf, size_t n)
{
	struct klog *l = ((struct kcore *)ctx)->log;
	size_t first = l->n, used = 0, len = 0;

	while (first > 0 && used + strlen(l->lines[first - 1]) + 1 < n) {
		first--;
		used += strlen(l->lines[first]) + 1;
	}
	for (size_t i = first; i < l->n; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s\n", l->lines[i]);
	return (ssize_t)len;
}

int klog_sysfs_init(struct kcore *k)
{
	static const struct sysfs_attr_ops ops = {.show = dmesg_show};

	k->log = calloc(1, sizeof(*k->log));
	if (!k->log)
		return -ENOMEM;
	return sysfs_add_attr(sysfs_lookup(k->sysfs, "/sys/kernel"), "pciescope_dmesg", 0444, &ops,
			      k);
}

void klog_free(struct kcore *k)
{
	if (!k->log)
		return;
	for (size_t i = 0; i < k->log->n; i++)
		free(k->log->lines[i]);
	free(k->log->lines);
	free(k->log);
	k->log = NULL;
}
