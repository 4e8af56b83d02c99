// SPDX-License-Identifier: GPL-2.0-only
/*
 * The emulated backend: a platform booted in-process, every op a call into
 * its core (sysfs by path, perf_event_open and friends).  Event handles are
 * indexes into a table of the core's events, as file descriptors would be.
 * `sleep N` is N seconds of simulated time, run as fast as the machine
 * allows; another command runs for real and then the platform simulates the
 * span it took, so a trace covers what the command's wall time would have.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <pciescope/core/kernel.h>
#include <pciescope/platform/platform.h>

#include "backend_internal.h"

struct emulated {
	struct platform *p;
	struct kcore *k;
	struct perf_event **ev;
	int nev;
};

static struct emulated *emu(struct backend *b)
{
	return b->priv;
}

static struct perf_event *event_of(struct backend *b, int h)
{
	struct emulated *m = emu(b);

	return h >= 0 && h < m->nev ? m->ev[h] : NULL;
}

static ssize_t e_sysfs_read(struct backend *b, const char *path, char *buf, size_t n)
{
	return sysfs_read(emu(b)->k->sysfs, path, buf, n);
}

static ssize_t e_sysfs_write(struct backend *b, const char *path, const char *buf, size_t n)
{
	return sysfs_write(emu(b)->k->sysfs, path, buf, n);
}

struct name_list {
	char **names;
	size_t count;
	int err;
};

static int add_name(void *ctx, const char *name, const struct sysfs_stat *st)
{
	struct name_list *l = ctx;
	char **n = realloc(l->names, (l->count + 1) * sizeof(*n));

	if (!n)
		return -ENOMEM;
	l->names = n;
	n[l->count] = strdup(name);
	if (!n[l->count])
		return -ENOMEM;
	l->count++;
	return 0;
}

static int e_sysfs_list(struct backend *b, const char *path, char ***names, size_t *count)
{
	struct name_list l = {0};
	int ret = sysfs_readdir(emu(b)->k->sysfs, path, add_name, &l);

	if (ret) {
		for (size_t i = 0; i < l.count; i++)
			free(l.names[i]);
		free(l.names);
		return ret;
	}
	*names = l.names;
	*count = l.count;
	return 0;
}

static int e_sysfs_is_dir(struct backend *b, const char *path)
{
	struct sysfs_stat st;
	int ret = sysfs_stat(emu(b)->k->sysfs, path, &st);

	return ret ? ret : st.is_dir;
}

static int e_sysfs_mode(struct backend *b, const char *path)
{
	struct sysfs_stat st;
	int ret = sysfs_stat(emu(b)->k->sysfs, path, &st);

	return ret ? ret : (int)((st.is_dir ? S_IFDIR : S_IFREG) | (st.mode & 07777));
}

static int store_event(struct emulated *m, struct perf_event *e)
{
	struct perf_event **ev = realloc(m->ev, (size_t)(m->nev + 1) * sizeof(*ev));

	if (!ev)
		return -ENOMEM;
	m->ev = ev;
	ev[m->nev] = e;
	return m->nev++;
}

static int e_event_open(struct backend *b, const struct perf_event_attr *attr, int pid, int cpu,
			int group)
{
	struct perf_event *leader = NULL, *e;
	int ret;

	if (group >= 0 && !(leader = event_of(b, group)))
		return -EBADF;
	ret = perf_event_open(emu(b)->k->perf, attr, pid, cpu, leader, &e);
	if (ret)
		return ret;
	ret = store_event(emu(b), e);
	if (ret < 0)
		perf_event_close(e);
	return ret;
}

static int e_event_enable(struct backend *b, int h)
{
	struct perf_event *e = event_of(b, h);

	return e ? perf_event_enable(e) : -EBADF;
}

static int e_event_disable(struct backend *b, int h)
{
	struct perf_event *e = event_of(b, h);

	return e ? perf_event_disable(e) : -EBADF;
}

static int e_event_read(struct backend *b, int h, struct backend_count *c)
{
	struct perf_event *e = event_of(b, h);

	if (!e)
		return -EBADF;
	return perf_event_read_value(e, &c->value, &c->enabled, &c->running);
}

static int e_event_close(struct backend *b, int h)
{
	struct perf_event *e = event_of(b, h);

	if (!e)
		return -EBADF;
	perf_event_close(e);
	emu(b)->ev[h] = NULL;
	return 0;
}

static uint64_t e_event_id(struct backend *b, int h)
{
	struct perf_event *e = event_of(b, h);

	return e ? e->id : 0;
}

static int e_aux_map(struct backend *b, int h, size_t bytes)
{
	struct perf_event *e = event_of(b, h);

	return e ? perf_event_aux_map(e, bytes, false) : -EBADF;
}

static ssize_t e_next_record(struct backend *b, int h, void *buf, size_t n)
{
	struct perf_event *e = event_of(b, h);

	return e ? perf_event_next_record(e, buf, n) : -EBADF;
}

static size_t e_aux_peek(struct backend *b, int h, uint64_t *tail, const void **p1, size_t *n1,
			 const void **p2, size_t *n2)
{
	struct perf_event *e = event_of(b, h);

	*n1 = *n2 = 0;
	return e ? perf_aux_data(e, tail, p1, n1, p2, n2) : 0;
}

static void e_aux_consume(struct backend *b, int h, size_t bytes)
{
	struct perf_event *e = event_of(b, h);

	if (e)
		perf_aux_consume(e, bytes);
}

static int e_run(struct backend *b, char *const argv[], int (*poll)(void *ctx), void *ctx,
		 uint64_t *elapsed_ns, int *exit_status)
{
	struct emulated *m = emu(b);
	uint64_t ns = 0, t0 = m->k->clock.now_ns;
	int ret = backend_parse_sleep(argv, &ns);

	*exit_status = 0;
	if (ret < 0) {
		backend_set_error(b, "sleep: invalid time interval '%s'", argv[1]);
		return ret;
	}
	if (ret == 0) {
		/* polled while it runs only so that a tool's stop request ends it */
		ret = backend_run_real(b, argv, poll, ctx, 10, &ns, exit_status);
		if (ret)
			return ret;
	}
	ret = platform_run_for(m->p, ns, poll, ctx);
	*elapsed_ns = m->k->clock.now_ns - t0;
	return ret;
}

static uint64_t e_now_ns(struct backend *b)
{
	return emu(b)->k->clock.now_ns;
}

static int e_run_for(struct backend *b, uint64_t ns)
{
	return platform_run_for(emu(b)->p, ns, NULL, NULL);
}

static void e_reading_span(struct backend *b, uint64_t ns)
{
	platform_set_reading_span(emu(b)->p, ns);
}

static int e_close(struct backend *b)
{
	struct emulated *m = emu(b);
	int r;

	for (int h = m->nev - 1; h >= 0; h--)
		if (m->ev[h])
			perf_event_close(m->ev[h]);
	free(m->ev);
	r = platform_shutdown(m->p);
	free(m);
	free(b);
	return r;
}

static bool e_stale(struct backend *b)
{
	return platform_state_changed(emu(b)->p);
}

static const struct backend_ops emulated_ops = {
    .name = "emulated",
    .sysfs_read = e_sysfs_read,
    .sysfs_write = e_sysfs_write,
    .sysfs_list = e_sysfs_list,
    .sysfs_is_dir = e_sysfs_is_dir,
    .sysfs_mode = e_sysfs_mode,
    .event_open = e_event_open,
    .event_enable = e_event_enable,
    .event_disable = e_event_disable,
    .event_read = e_event_read,
    .event_close = e_event_close,
    .event_id = e_event_id,
    .aux_map = e_aux_map,
    .next_record = e_next_record,
    .aux_peek = e_aux_peek,
    .aux_consume = e_aux_consume,
    .run = e_run,
    .now_ns = e_now_ns,
    .run_for = e_run_for,
    .reading_span = e_reading_span,
    .stale = e_stale,
    .close = e_close,
};

int emulated_backend_open(const struct backend_options *o, struct backend **out, struct error *e)
{
	struct platform_options po = {o->platform, o->workload,	 o->workload_params,
				      o->seed,	   o->ephemeral, o->replay};
	struct backend *b = calloc(1, sizeof(*b));
	struct emulated *m = calloc(1, sizeof(*m));
	int ret = b && m ? platform_boot(&po, &m->p, e) : error_set(e, -ENOMEM, "out of memory");

	if (ret) {
		free(b);
		free(m);
		return ret;
	}
	m->k = platform_kcore(m->p);
	platform_state_warning(m->p, b->warning, sizeof(b->warning));
	snprintf(b->machine, sizeof(b->machine), "emulated %s", platform_name(m->p));
	snprintf(b->kernel, sizeof(b->kernel), "%s", BACKEND_EMULATED_KERNEL);
	b->ops = &emulated_ops;
	b->priv = m;
	*out = b;
	return 0;
}
