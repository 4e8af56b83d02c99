// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf stat's way of counting, over any backend: see tool/counters.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <pciescope/backend/sysfs_read.h>
#include <pciescope/tool/counters.h>

int counter_cpu(struct backend *b, const char *pmu)
{
	char path[384], buf[64];

	if (!pmu || !pmu[0])
		return -1;
	snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/cpumask", pmu);
	if (backend_read_line(b, path, buf, sizeof(buf)) <= 0)
		return -1;
	return atoi(buf);
}

int counter_open(struct backend *b, const struct perf_event_attr *attr, const char *pmu, int group)
{
	struct perf_event_attr a = *attr;
	int cpu = counter_cpu(b, pmu);

	a.size = sizeof(a);
	a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	a.disabled = group < 0;
	a.inherit = cpu < 0;
	return b->ops->event_open(b, &a, cpu < 0 ? 0 : -1, cpu, group);
}

bool counter_unsupported(const struct perf_event_attr *attr, int err)
{
	bool generic = attr->type == PERF_TYPE_HARDWARE || attr->type == PERF_TYPE_HW_CACHE;

	return err == -ENOENT || err == -ENXIO || (generic && err == -EOPNOTSUPP);
}

static int open_one(struct counters *c, size_t i)
{
	size_t leader = c->ev[i].leader;
	int h = counter_open(c->b, &c->ev[i].attr, c->ev[i].pmu, leader == i ? -1 : c->h[leader]);

	if (h < 0)
		return h;
	c->h[i] = h;
	return 0;
}

int counters_open(struct backend *b, const struct counter_event *ev, size_t n, struct counters *c)
{
	int err = 0;

	*c = (struct counters){.b = b, .ev = ev, .n = n};
	c->h = malloc((n ? n : 1) * sizeof(*c->h));
	c->val = calloc(n ? n : 1, sizeof(*c->val));
	if (!c->h || !c->val) {
		counters_close(c);
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
		counters_close(c);
	return err;
}

int counters_read(struct counters *c)
{
	for (size_t i = 0; i < c->n; i++) {
		int r = c->b->ops->event_read(c->b, c->h[i], &c->val[i]);

		if (r < 0)
			return r;
	}
	return 0;
}

void counters_close(struct counters *c)
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

double count_scaled(const struct backend_count *v)
{
	if (!v->running || v->running >= v->enabled)
		return (double)v->value;
	return (double)v->value * (double)v->enabled / (double)v->running;
}
