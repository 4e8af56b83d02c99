// SPDX-License-Identifier: GPL-2.0-only
/*
 * The event list: perf stat's way of counting, over any backend (see
 * tool/event_list.h for the rules).  ev[] grows with parsed.ev[], and its
 * spec pointers are set again after each parse, since a parse may move the
 * parsed array.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/backend/sysfs_read.h>
#include <pciescope/tool/event_list.h>

static bool is_clock(const struct perf_event_attr *a)
{
	return a->type == PERF_TYPE_SOFTWARE &&
	       (a->config == PERF_COUNT_SW_CPU_CLOCK || a->config == PERF_COUNT_SW_TASK_CLOCK);
}

int event_list_add(struct event_list *l, const char *text, const struct perf_pmu_source *src,
		   struct error *e)
{
	struct event *ev;
	int r = perf_events_parse(&l->parsed, text, src, e);

	if (r)
		return r;
	for (size_t i = 0; i < l->n; i++)
		l->ev[i].spec = &l->parsed.ev[i];
	/* on failure the events just parsed stay uncounted; event_list_free frees them */
	ev = realloc(l->ev, (l->parsed.n ? l->parsed.n : 1) * sizeof(*ev));
	if (!ev)
		return error_set(e, -ENOMEM, "out of memory");
	l->ev = ev;
	for (size_t i = l->n; i < l->parsed.n; i++)
		ev[i] = (struct event){.spec = &l->parsed.ev[i],
				       .handle = -1,
				       .clock = is_clock(&l->parsed.ev[i].attr),
				       .partner = -1,
				       .denom = -1};
	l->n = l->parsed.n;
	return 0;
}

int event_cpu(struct backend *b, const char *pmu)
{
	char path[384], buf[64];

	if (!pmu || !pmu[0])
		return -1;
	snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/cpumask", pmu);
	if (backend_read_line(b, path, buf, sizeof(buf)) <= 0)
		return -1;
	return atoi(buf);
}

/* A handle, or -errno; group -1 opens a leader, disabled until event_list_open enables it. */
static int open_attr(struct backend *b, const struct perf_event_spec *spec, int group)
{
	struct perf_event_attr a = spec->attr;
	int cpu = event_cpu(b, spec->pmu);

	a.size = sizeof(a);
	a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	a.disabled = group < 0;
	a.inherit = cpu < 0;
	return b->ops->event_open(b, &a, cpu < 0 ? 0 : -1, cpu, group);
}

/*
 * perf stat's "<not supported>": no such PMU or event on this machine (a
 * generic hardware event answers EOPNOTSUPP where there is no PMU for it).
 * A PMU's EOPNOTSUPP for a raw configuration is a refusal, not an absence.
 */
static bool unsupported(const struct perf_event_attr *attr, int err)
{
	bool generic = attr->type == PERF_TYPE_HARDWARE || attr->type == PERF_TYPE_HW_CACHE;

	return err == -ENOENT || err == -ENXIO || (generic && err == -EOPNOTSUPP);
}

static int open_one(struct event_list *l, size_t i, struct error *e)
{
	struct event *ev = &l->ev[i];
	const struct perf_event_spec *s = ev->spec;
	int group = s->leader == i ? -1 : l->ev[s->leader].handle;
	int h = open_attr(l->b, s, group);

	ev->cur = ev->prev = (struct backend_count){0};
	ev->unsupported = unsupported(&s->attr, h);
	if (ev->unsupported)
		return 0;
	if ((h == -EACCES || h == -EPERM) && backend_strerror(l->b))
		return error_set(e, h, "'%s': cannot open the event: %s", s->text,
				 backend_strerror(l->b));
	if (h < 0)
		return error_set_errno(e, h,
				       "'%s': cannot open the event (type=%u config=0x%llx "
				       "config1=0x%llx config2=0x%llx)",
				       s->text, s->attr.type, (unsigned long long)s->attr.config,
				       (unsigned long long)s->attr.config1,
				       (unsigned long long)s->attr.config2);
	ev->handle = h;
	return 0;
}

/* A leader, or a member whose leader is missing (not supported) and so counts alone. */
static bool enables_itself(const struct event_list *l, size_t i)
{
	size_t leader = l->ev[i].spec->leader;

	return l->ev[i].handle >= 0 && (leader == i || l->ev[leader].handle < 0);
}

static int enable_all(struct event_list *l, struct error *e)
{
	for (size_t i = 0; i < l->n; i++) {
		int r = enables_itself(l, i) ? l->b->ops->event_enable(l->b, l->ev[i].handle) : 0;

		if (r < 0)
			return error_set_errno(e, r, "'%s': cannot enable", l->ev[i].spec->text);
	}
	return 0;
}

int event_list_open(struct event_list *l, struct backend *b, struct error *e)
{
	int r = 0;

	l->b = b;
	for (size_t i = 0; i < l->n && !r; i++)
		r = open_one(l, i, e);
	if (!r)
		r = enable_all(l, e);
	if (r)
		event_list_close(l);
	return r;
}

int event_list_read(struct event_list *l, struct error *e)
{
	for (size_t i = 0; i < l->n; i++) {
		struct event *ev = &l->ev[i];
		int r;

		if (ev->handle < 0) {
			ev->cur = (struct backend_count){0};
			continue;
		}
		r = l->b->ops->event_read(l->b, ev->handle, &ev->cur);
		if (r < 0)
			return error_set_errno(e, r, "'%s': cannot read", ev->spec->text);
	}
	return 0;
}

void event_list_delta(struct event_list *l, struct backend_count *d)
{
	for (size_t i = 0; i < l->n; i++) {
		struct event *ev = &l->ev[i];

		d[i].value = ev->cur.value - ev->prev.value;
		d[i].enabled = ev->cur.enabled - ev->prev.enabled;
		d[i].running = ev->cur.running - ev->prev.running;
		ev->prev = ev->cur;
	}
}

void event_list_close(struct event_list *l)
{
	if (!l->b)
		return;
	for (size_t i = l->n; i-- > 0;)
		if (enables_itself(l, i))
			l->b->ops->event_disable(l->b, l->ev[i].handle);
	for (size_t i = l->n; i-- > 0;) {
		if (l->ev[i].handle >= 0)
			l->b->ops->event_close(l->b, l->ev[i].handle);
		l->ev[i].handle = -1;
	}
	l->b = NULL;
}

void event_list_free(struct event_list *l)
{
	event_list_close(l);
	perf_events_free(&l->parsed);
	free(l->ev);
	*l = (struct event_list){0};
}

double count_scaled(const struct backend_count *v)
{
	if (!v->running || v->running >= v->enabled)
		return (double)v->value;
	return (double)v->value * (double)v->enabled / (double)v->running;
}
