// SPDX-License-Identifier: GPL-2.0-only
/*
 * read(2), ioctl(2) and close(2) on an emulated event, with the kernel's
 * layouts and errors: read_format's value, time_enabled, time_running, id
 * and lost (0: counting events lose nothing), or PERF_FORMAT_GROUP's nr,
 * times and {value, id, lost} per member, from any member of the group;
 * ENOSPC for a short buffer; end of file for an event in error state.
 * PERF_EVENT_IOC_RESET is kept here as an offset (the backend has no reset;
 * the kernel, too, leaves the times alone).  Each call first runs the
 * machine up to the wall clock, so a count read is the count at that time.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "interpose.h"

#define MAX_WORDS 1024 /* a group of up to 340 members */

static struct backend *be(void)
{
	return machine_backend();
}

static int count_of(struct efd *e, struct backend_count *c)
{
	struct backend *b = be();
	int r = b->ops->event_read(b, e->handle, c);

	if (!r)
		c->value -= e->reset_base;
	return r;
}

static size_t put_member(struct efd *e, uint64_t rf, const struct backend_count *c, uint64_t *w)
{
	size_t n = 0;

	w[n++] = c->value;
	if (rf & PERF_FORMAT_ID)
		w[n++] = be()->ops->event_id(be(), e->handle);
	if (rf & PERF_FORMAT_LOST)
		w[n++] = 0;
	return n;
}

static size_t put_times(uint64_t rf, const struct backend_count *c, uint64_t *w)
{
	size_t n = 0;

	if (rf & PERF_FORMAT_TOTAL_TIME_ENABLED)
		w[n++] = c->enabled;
	if (rf & PERF_FORMAT_TOTAL_TIME_RUNNING)
		w[n++] = c->running;
	return n;
}

static size_t member_words(uint64_t rf)
{
	return 1 + !!(rf & PERF_FORMAT_ID) + !!(rf & PERF_FORMAT_LOST);
}

/* The group's layout: nr, times, then each member; its word count or -errno. */
static long read_group(struct efd *leader, uint64_t rf, uint64_t *w)
{
	struct backend_count c;
	size_t n = 1, nr = 1;
	int r = count_of(leader, &c);

	if (r)
		return r;
	n += put_times(rf, &c, w + n);
	n += put_member(leader, rf, &c, w + n);
	for (struct efd *s = leader->sibling; s; s = s->sibling) {
		if (n + member_words(rf) > MAX_WORDS)
			return -E2BIG;
		if ((r = count_of(s, &c)))
			return r;
		n += put_member(s, rf, &c, w + n);
		nr++;
	}
	w[0] = nr;
	return (long)n;
}

static long read_one(struct efd *e, uint64_t rf, uint64_t *w)
{
	struct backend_count c;
	size_t n = 1;
	int r = count_of(e, &c);

	if (r)
		return r;
	w[0] = c.value;
	n += put_times(rf, &c, w + n);
	if (rf & PERF_FORMAT_ID)
		w[n++] = be()->ops->event_id(be(), e->handle);
	if (rf & PERF_FORMAT_LOST)
		w[n++] = 0;
	return (long)n;
}

ssize_t efd_read(struct efd *e, void *buf, size_t len)
{
	uint64_t *w = malloc(MAX_WORDS * sizeof(*w));
	long n;

	if (!w)
		return -ENOMEM;
	machine_follow_wall();
	if (e->read_format & PERF_FORMAT_GROUP)
		n = read_group(e->leader, e->read_format, w);
	else
		n = read_one(e, e->read_format, w);
	if (n == -ENODATA)
		n = 0; /* the kernel's read of an event in error state */
	else if (n > 0 && (size_t)n * sizeof(*w) > len)
		n = -ENOSPC;
	if (n > 0)
		memcpy(buf, w, (size_t)n * sizeof(*w));
	free(w);
	return n < 0 ? n : n * (long)sizeof(*w);
}

static int reset(struct efd *e)
{
	struct backend_count c;
	int r = be()->ops->event_read(be(), e->handle, &c);

	if (!r)
		e->reset_base = c.value;
	return r == -ENODATA ? 0 : r;
}

/* Enables or disables e, telling the machine when a group starts or stops. */
static int set_on(struct efd *e, bool on)
{
	struct backend *b = be();
	int r = on ? b->ops->event_enable(b, e->handle) : b->ops->event_disable(b, e->handle);

	if (!r && !on && e->base)
		ring_pump(e); /* what the event produced until now is the reader's */
	if (!r && e->on != on) {
		e->on = on;
		if (e->leader == e)
			machine_running(on ? 1 : -1);
	}
	return r;
}

static int apply(struct efd *e, unsigned long req)
{
	if (req == PERF_EVENT_IOC_ENABLE || req == PERF_EVENT_IOC_DISABLE)
		return set_on(e, req == PERF_EVENT_IOC_ENABLE);
	return reset(e);
}

/* ENABLE, DISABLE, RESET: the event, or its whole group with PERF_IOC_FLAG_GROUP. */
static int each(struct efd *e, unsigned long req, unsigned long arg)
{
	int r;

	machine_follow_wall();
	if (!(arg & PERF_IOC_FLAG_GROUP))
		return apply(e, req);
	if ((r = apply(e->leader, req)))
		return r;
	for (struct efd *s = e->leader->sibling; s; s = s->sibling)
		if ((r = apply(s, req)))
			return r;
	return 0;
}

int efd_ioctl(struct efd *e, unsigned long req, unsigned long arg)
{
	struct efd *out;

	switch (req) {
	case PERF_EVENT_IOC_ENABLE:
	case PERF_EVENT_IOC_DISABLE:
	case PERF_EVENT_IOC_RESET:
		return each(e, req, arg);
	case PERF_EVENT_IOC_ID:
		if (!arg)
			return -EFAULT;
		*(uint64_t *)arg = be()->ops->event_id(be(), e->handle);
		return 0;
	case PERF_EVENT_IOC_SET_OUTPUT:
		/* Counting events have no ring buffer: only the checks remain. */
		if (arg == (unsigned long)-1)
			return 0;
		out = arg <= INT_MAX ? fdtab_peek((int)arg) : NULL;
		if (out)
			return out == e ? -EINVAL : 0;
		return arg <= INT_MAX && fcntl((int)arg, F_GETFD) >= 0 ? -EINVAL : -EBADF;
	case PERF_EVENT_IOC_PERIOD:
		return arg ? -EINVAL : -EFAULT; /* the kernel reads the period first */
	case PERF_EVENT_IOC_REFRESH:
	case PERF_EVENT_IOC_SET_FILTER:
	case PERF_EVENT_IOC_PAUSE_OUTPUT:
	case PERF_EVENT_IOC_SET_BPF:
	case PERF_EVENT_IOC_QUERY_BPF:
		return -EINVAL; /* none applies to a counting uncore event */
	case PERF_EVENT_IOC_MODIFY_ATTRIBUTES:
		return -EOPNOTSUPP; /* breakpoints only */
	default:
		return -ENOTTY;
	}
}

void efd_close(struct efd *e)
{
	struct backend *b = be();

	if (e->leader == e) {
		/* The siblings become groups of their own (perf_group_detach). */
		for (struct efd *s = e->sibling, *next; s; s = next) {
			next = s->sibling;
			s->leader = s;
			s->sibling = NULL;
			if (s->on)
				machine_running(1);
		}
		if (e->on)
			machine_running(-1);
	} else {
		struct efd **p = &e->leader->sibling;

		while (*p && *p != e)
			p = &(*p)->sibling;
		if (*p)
			*p = e->sibling;
	}
	ring_detach(e);
	b->ops->event_close(b, e->handle);
	fdtab_remove(e->fd);
	free(e);
}
