// SPDX-License-Identifier: GPL-2.0-only
/*
 * The remote backend: every op a message to the server of a machine that
 * another process owns (remote_serve.c; `pciescope exec` serves its one
 * emulated machine so), as a process's system calls reach the one kernel.
 * It has no clock of its own (run_for is NULL, as on the host): the server
 * runs the machine's time, so every client sees the same.
 *
 * One connection per process: a child forked with the connection of its
 * parent would interleave its messages with the parent's, so the first op
 * in another process connects anew.  Event handles are the server's, so an
 * inherited one still names the same event.  The socket is close-on-exec
 * and moved above the fds programs use for redirections.
 *
 * AUX data comes one message at a time: aux_peek gives at most
 * REMOTE_PAYLOAD_MAX bytes and reports that much as available, so a reader
 * that drains until empty makes one round trip per 64 KiB.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "backend_internal.h"
#include "remote_wire.h"

#define FD_FLOOR 100 /* the first fd number the socket may take */

struct remote {
	char addr[108]; /* sun_path; a leading '@' is the abstract namespace */
	int fd;
	pid_t pid; /* the process that connected */
	char *msg; /* one message either way */
	char *aux; /* the AUX bytes aux_peek gave */
};

static struct remote *rem(struct backend *b)
{
	return b->priv;
}

static int dial(struct remote *r)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	size_t len = strlen(r->addr);
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0), high;

	if (fd < 0)
		return -errno;
	memcpy(sa.sun_path, r->addr, len);
	if (r->addr[0] == '@')
		sa.sun_path[0] = 0;
	if (connect(fd, (struct sockaddr *)&sa,
		    (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len))) {
		int e = -errno;

		close(fd);
		return e;
	}
	high = fcntl(fd, F_DUPFD_CLOEXEC, FD_FLOOR);
	if (high >= 0) {
		close(fd);
		fd = high;
	}
	r->fd = fd;
	r->pid = getpid();
	return 0;
}

/* Sends req with its payload and waits for the answer; its payload lands in r->msg. */
static int64_t call(struct backend *b, struct remote_req *q, const void *p1, size_t n1,
		    const void *p2, size_t n2, struct remote_rsp *a)
{
	struct remote *r = rem(b);
	ssize_t got;
	int e;

	if (n1 + n2 > REMOTE_PAYLOAD_MAX)
		return -E2BIG;
	if (r->fd < 0 || r->pid != getpid()) {
		if (r->fd >= 0 && r->pid != getpid())
			close(r->fd);
		r->fd = -1;
		if ((e = dial(r))) {
			backend_set_error(b, "cannot reach the machine's server at %s: %s", r->addr,
					  strerror(-e));
			return e;
		}
	}
	q->len = (uint32_t)(n1 + n2);
	memcpy(r->msg, q, sizeof(*q));
	if (n1)
		memcpy(r->msg + sizeof(*q), p1, n1);
	if (n2)
		memcpy(r->msg + sizeof(*q) + n1, p2, n2);
	if (remote_send(r->fd, r->msg, sizeof(*q) + n1 + n2) < 0)
		return -errno;
	do
		got = recv(r->fd, r->msg, REMOTE_MSG_MAX, 0);
	while (got < 0 && errno == EINTR);
	if (got < (ssize_t)sizeof(*a))
		return got < 0 ? -errno : -EPIPE; /* the server has gone */
	memcpy(a, r->msg, sizeof(*a));
	if (a->len > (size_t)got - sizeof(*a))
		return -EPROTO;
	if (a->ret < 0 && a->len)
		backend_set_error(b, "%.*s", (int)a->len, r->msg + sizeof(*a));
	return a->ret;
}

static const char *payload(struct backend *b)
{
	return rem(b)->msg + sizeof(struct remote_rsp);
}

static int64_t path_call(struct backend *b, uint32_t op, const char *path, size_t n,
			 const void *data, size_t dn, struct remote_rsp *a)
{
	struct remote_req q = {.op = op, .n = n};

	return call(b, &q, path, strlen(path) + 1, data, dn, a);
}

static ssize_t r_sysfs_read(struct backend *b, const char *path, char *buf, size_t n)
{
	struct remote_rsp a;
	int64_t ret = path_call(b, REMOTE_SYSFS_READ, path, n, NULL, 0, &a);

	if (ret < 0)
		return (ssize_t)ret;
	if (a.len > n)
		return -EPROTO;
	memcpy(buf, payload(b), a.len);
	return a.len;
}

static ssize_t r_sysfs_write(struct backend *b, const char *path, const char *buf, size_t n)
{
	struct remote_rsp a;

	return (ssize_t)path_call(b, REMOTE_SYSFS_WRITE, path, n, buf, n, &a);
}

static int r_sysfs_list(struct backend *b, const char *path, char ***names, size_t *count)
{
	struct remote_rsp a;
	int64_t ret = path_call(b, REMOTE_SYSFS_LIST, path, 0, NULL, 0, &a);
	const char *p = payload(b), *end = p + a.len;
	size_t n = 0;

	if (ret < 0)
		return (int)ret;
	if (a.len && end[-1])
		return -EPROTO;
	*names = calloc((size_t)ret + 1, sizeof(**names));
	for (; *names && p < end && n < (size_t)ret; p += strlen(p) + 1)
		if (!((*names)[n++] = strdup(p)))
			break;
	*count = n;
	if (*names && n == (size_t)ret && (!n || (*names)[n - 1]))
		return 0;
	for (size_t i = 0; *names && i < n; i++)
		free((*names)[i]);
	free(*names);
	return -ENOMEM;
}

static int r_sysfs_is_dir(struct backend *b, const char *path)
{
	struct remote_rsp a;

	return (int)path_call(b, REMOTE_SYSFS_IS_DIR, path, 0, NULL, 0, &a);
}

static int r_event_open(struct backend *b, const struct perf_event_attr *attr, int pid, int cpu,
			int group)
{
	struct remote_req q = {.op = REMOTE_EVENT_OPEN, .pid = pid, .cpu = cpu, .group = group};
	struct remote_rsp a;

	return (int)call(b, &q, attr, sizeof(*attr), NULL, 0, &a);
}

static int64_t ev_call(struct backend *b, uint32_t op, int ev, struct remote_rsp *a)
{
	struct remote_req q = {.op = op, .ev = ev};

	return call(b, &q, NULL, 0, NULL, 0, a);
}

static int r_event_enable(struct backend *b, int ev)
{
	struct remote_rsp a;

	return (int)ev_call(b, REMOTE_EVENT_ENABLE, ev, &a);
}

static int r_event_disable(struct backend *b, int ev)
{
	struct remote_rsp a;

	return (int)ev_call(b, REMOTE_EVENT_DISABLE, ev, &a);
}

static int r_event_read(struct backend *b, int ev, struct backend_count *c)
{
	struct remote_rsp a;
	int ret = (int)ev_call(b, REMOTE_EVENT_READ, ev, &a);

	if (!ret)
		*c = (struct backend_count){a.v[0], a.v[1], a.v[2]};
	return ret;
}

static int r_event_close(struct backend *b, int ev)
{
	struct remote_rsp a;

	return (int)ev_call(b, REMOTE_EVENT_CLOSE, ev, &a);
}

static uint64_t r_event_id(struct backend *b, int ev)
{
	struct remote_rsp a;

	return ev_call(b, REMOTE_EVENT_ID, ev, &a) ? 0 : a.v[0];
}

static int r_aux_map(struct backend *b, int ev, size_t bytes)
{
	struct remote_req q = {.op = REMOTE_AUX_MAP, .ev = ev, .n = bytes};
	struct remote_rsp a;

	return (int)call(b, &q, NULL, 0, NULL, 0, &a);
}

static ssize_t r_next_record(struct backend *b, int ev, void *buf, size_t n)
{
	struct remote_req q = {.op = REMOTE_NEXT_RECORD, .ev = ev, .n = n};
	struct remote_rsp a;
	int64_t ret = call(b, &q, NULL, 0, NULL, 0, &a);

	if (ret <= 0)
		return (ssize_t)ret;
	if (a.len > n)
		return -EPROTO;
	memcpy(buf, payload(b), a.len);
	return a.len;
}

/*
 * The AUX bytes from the server's tail, at most one message of them, in
 * this backend's buffer: valid until the next op, as the ops ask.
 */
static size_t r_aux_peek(struct backend *b, int ev, uint64_t *tail, const void **p1, size_t *n1,
			 const void **p2, size_t *n2)
{
	struct remote_req q = {.op = REMOTE_AUX_PEEK, .ev = ev, .n = REMOTE_PAYLOAD_MAX};
	struct remote_rsp a;
	struct remote *r = rem(b);

	*n1 = *n2 = 0;
	if (call(b, &q, NULL, 0, NULL, 0, &a))
		return 0;
	memcpy(r->aux, payload(b), a.len);
	*tail = a.v[0];
	*p1 = r->aux;
	*n1 = a.len;
	*p2 = NULL;
	return a.len;
}

static void r_aux_consume(struct backend *b, int ev, size_t bytes)
{
	struct remote_req q = {.op = REMOTE_AUX_CONSUME, .ev = ev, .n = bytes};
	struct remote_rsp a;

	call(b, &q, NULL, 0, NULL, 0, &a);
}

static int r_run(struct backend *b, char *const argv[], int (*poll)(void *ctx), void *ctx,
		 uint64_t *elapsed_ns, int *exit_status)
{
	/* the machine's time is the server's: a command runs for real beside it */
	return backend_run_real(b, argv, poll, ctx, 10, elapsed_ns, exit_status);
}

static uint64_t r_now_ns(struct backend *b)
{
	struct remote_rsp a;

	return ev_call(b, REMOTE_NOW_NS, -1, &a) ? 0 : a.v[0];
}

/* The shared machine saves its state when the exec ends, not here. */
static int r_close(struct backend *b)
{
	struct remote *r = rem(b);

	if (r->fd >= 0 && r->pid == getpid())
		close(r->fd);
	free(r->msg);
	free(r->aux);
	free(r);
	free(b);
	return 0;
}

static const struct backend_ops remote_ops = {
    .name = "remote",
    .sysfs_read = r_sysfs_read,
    .sysfs_write = r_sysfs_write,
    .sysfs_list = r_sysfs_list,
    .sysfs_is_dir = r_sysfs_is_dir,
    .event_open = r_event_open,
    .event_enable = r_event_enable,
    .event_disable = r_event_disable,
    .event_read = r_event_read,
    .event_close = r_event_close,
    .event_id = r_event_id,
    .aux_map = r_aux_map,
    .next_record = r_next_record,
    .aux_peek = r_aux_peek,
    .aux_consume = r_aux_consume,
    .run = r_run,
    .now_ns = r_now_ns,
    .close = r_close,
};

int remote_backend_open(const struct backend_options *o, struct backend **out, struct error *e)
{
	struct backend *b = calloc(1, sizeof(*b));
	struct remote *r = calloc(1, sizeof(*r));
	int ret;

	if (!b || !r || !(r->msg = malloc(REMOTE_MSG_MAX)) ||
	    !(r->aux = malloc(REMOTE_PAYLOAD_MAX))) {
		ret = error_set(e, -ENOMEM, "out of memory");
		goto fail;
	}
	if (!o->remote || !o->remote[0] || strlen(o->remote) >= sizeof(r->addr)) {
		ret = error_set(e, -EINVAL, "the remote backend needs a socket address");
		goto fail;
	}
	snprintf(r->addr, sizeof(r->addr), "%s", o->remote);
	if ((ret = dial(r))) {
		error_set_errno(e, ret, "cannot reach the machine's server at %s", r->addr);
		goto fail;
	}
	b->ops = &remote_ops;
	b->priv = r;
	snprintf(b->kernel, sizeof(b->kernel), "%s", BACKEND_EMULATED_KERNEL);
	*out = b;
	return 0;
fail:
	if (r) {
		free(r->msg);
		free(r->aux);
	}
	free(r);
	free(b);
	return ret;
}
