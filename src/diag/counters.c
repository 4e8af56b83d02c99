// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf stat's way of counting, over any backend: see diag/counters.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <pciescope/backend/sysfs_read.h>
#include <pciescope/diag/counters.h>

static int pmu_cpu(struct backend *b, const char *pmu)
{
	char path[256], buf[64];
	ssize_t r;

	if (!pmu[0])
		return -1;
	snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/cpumask", pmu);
	r = b->ops->sysfs_read(b, path, buf, sizeof(buf) - 1);
	if (r <= 0)
		return -1;
	buf[r] = 0;
	return atoi(buf);
}

static int open_one(struct diag_counters *c, size_t i)
{
	struct perf_event_attr attr = c->ev[i].attr;
	int cpu = pmu_cpu(c->b, c->ev[i].pmu);
	int group = c->ev[i].leader == i ? -1 : c->h[c->ev[i].leader];
	int h;

	attr.size = sizeof(attr);
	attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	attr.disabled = c->ev[i].leader == i;
	attr.inherit = cpu < 0;
	h = c->b->ops->event_open(c->b, &attr, cpu < 0 ? 0 : -1, cpu, group);
	if (h < 0)
		return h;
	c->h[i] = h;
	return 0;
}

int diag_counters_open(struct backend *b, const struct diag_event *ev, size_t n,
		       struct diag_counters *c)
{
	int err = 0;

	*c = (struct diag_counters){.b = b, .ev = ev, .n = n};
	c->h = malloc((n ? n : 1) * sizeof(*c->h));
	c->val = calloc(n ? n : 1, sizeof(*c->val));
	if (!c->h || !c->val) {
		diag_counters_close(c);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		c->h[i] = -1;
	for (size_t i = 0; i < n && !err; i++)
		err = open_one(c, i);
	for (size_t i = 0; i < n && !err; i++)
		if (ev[i].leader == i)
			err = b->ops->event_enable(b, c->h[i]);
	if (err)
		diag_counters_close(c);
	return err;
}

int diag_counters_read(struct diag_counters *c)
{
	for (size_t i = 0; i < c->n; i++) {
		int r = c->b->ops->event_read(c->b, c->h[i], &c->val[i]);

		if (r < 0)
			return r;
	}
	return 0;
}

void diag_counters_close(struct diag_counters *c)
{
	for (size_t i = c->n; c->h && i-- > 0;)
		if (c->h[i] >= 0 && c->ev[i].leader == i)
			c->b->ops->event_disable(c->b, c->h[i]);
	for (size_t i = c->n; c->h && i-- > 0;)
		if (c->h[i] >= 0)
			c->b->ops->event_close(c->b, c->h[i]);
	free(c->h);
	free(c->val);
	c->h = NULL;
	c->val = NULL;
}

double diag_count_scaled(const struct backend_count *v)
{
	if (!v->running || v->running >= v->enabled)
		return (double)v->value;
	return (double)v->value * (double)v->enabled / (double)v->running;
}
