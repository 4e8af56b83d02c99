// SPDX-License-Identifier: GPL-2.0-only
/*
 * The server of one machine (serve.h): one thread polls the listening
 * socket, a wake pipe and every client; each message is one request,
 * answered whole before the next is read, under the caller's lock, so the
 * machine sees one operation at a time as from one program.
 *
 * Each event belongs to the connection that opened it and is closed when
 * that connection ends, as the kernel closes an event with its last fd: a
 * program that exits without closing its events leaves no counter taken.
 * The clock is the one the interposer ran per process before: it starts at
 * the first enable and skips the pauses when no leader is enabled.  It runs
 * lazily, when a request that sees or changes the machine at a time comes
 * (a read of counts, of the clock or of AUX data, a disable, a sysfs
 * write): a `perf stat` that sleeps until Ctrl-C owes the whole run when it
 * reads its counts.  Setting up (sysfs reads, opens, enables, closes) runs
 * nothing: a tool that opens hundreds of counters (top's link model) would
 * otherwise owe the simulation of each round trip's wall time, several
 * times over where the machine runs slower than real time, before the next.  Once a stop is
 * requested (backend/interrupt.h: exec asks when it passes SIGINT or SIGTERM on), catching up gets
 * STOP_GRACE_NS of wall time more, then the clock stands where it got to: a command reading its
 * counts on the way out is answered within the grace however far the simulation lags, with counts
 * that agree with the time they report.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <pciescope/backend/interrupt.h>
#include <pciescope/backend/pace.h>
#include <pciescope/backend/serve.h>

#include "remote_wire.h"

#define MAX_CLIENTS 256
#define SLICE_NS 1000000 /* simulated time run between looks at the stop flag */
#define STOP_GRACE_NS (200 * 1000000ull)

struct ev_owner {
	int client; /* index in clients[], -1 for none */
	int group;  /* its leader's handle, -1 for a leader */
	bool on;    /* enabled itself; the clock runs while a leader is */
};

struct backend_server {
	struct backend *b;
	pthread_mutex_t *lock;
	int listen_fd, wake[2];
	int clients[MAX_CLIENTS]; /* fd, or -1 */
	struct ev_owner *ev;
	size_t nev;
	char *msg;
	bool stop;
	/* the clock */
	int running;
	bool started;
	uint64_t wall0, sim0, paused_at;
	uint64_t stop_seen; /* wall time the stop request was first seen; 0 before */
	struct backend_server_stats st;
};

static uint64_t wall(void)
{
	return wall_clock_monotonic.now_ns(NULL);
}

/* The server stops, or a stop request's grace is spent. */
static bool stopping(struct backend_server *s, uint64_t now)
{
	if (__atomic_load_n(&s->stop, __ATOMIC_ACQUIRE))
		return true;
	if (!interrupt_requested())
		return false;
	if (!s->stop_seen)
		s->stop_seen = now;
	return now - s->stop_seen >= STOP_GRACE_NS;
}

/*
 * Runs the machine up to the wall time elapsed since the start, in slices,
 * so that a stop (the command has ended) is seen within one slice even when
 * the machine simulates much more slowly than real time.  What catching up
 * took beyond the simulated time it covered is then skipped like a pause:
 * otherwise each answer would owe the wall time the one before took, the
 * debt would grow by the simulation's slowness with every request, and a
 * tool that reads many counters (top) would never be answered.
 */
static void follow_wall(struct backend_server *s)
{
	uint64_t want, t, after, step, start, from = s->st.simulated;

	if (!s->started || s->running <= 0 || !s->b->ops->run_for || stopping(s, wall()))
		return;
	start = wall();
	want = start - s->wall0;
	while (want > s->st.simulated && !stopping(s, wall())) {
		step = want - s->st.simulated < SLICE_NS ? want - s->st.simulated : SLICE_NS;
		t = wall();
		if (s->b->ops->run_for(s->b, step))
			return;
		after = wall();
		s->st.simulated = s->b->ops->now_ns(s->b) - s->sim0;
		s->st.busy += after - t;
		if (after - s->wall0 > s->st.simulated &&
		    after - s->wall0 - s->st.simulated > s->st.max_lag)
			s->st.max_lag = after - s->wall0 - s->st.simulated;
	}
	after = wall();
	if (after - start > s->st.simulated - from)
		s->wall0 += after - start - (s->st.simulated - from);
}

/* delta leaders were enabled (+) or disabled (-). */
static void running(struct backend_server *s, int delta)
{
	bool was = s->running > 0;

	s->running += delta;
	if (was && s->running <= 0)
		s->paused_at = wall();
	if (was || s->running <= 0)
		return;
	if (!s->started) {
		s->started = true;
		s->wall0 = wall();
		s->sim0 = s->b->ops->now_ns(s->b);
	} else {
		s->wall0 += wall() - s->paused_at; /* the pause is not simulated */
	}
}

static struct ev_owner *owner(struct backend_server *s, int ev)
{
	return ev >= 0 && (size_t)ev < s->nev && s->ev[ev].client >= 0 ? &s->ev[ev] : NULL;
}

static int own(struct backend_server *s, int ev, int client, const struct perf_event_attr *a,
	       int group)
{
	if ((size_t)ev >= s->nev) {
		size_t n = (size_t)ev + 16;
		struct ev_owner *p = realloc(s->ev, n * sizeof(*p));

		if (!p)
			return -ENOMEM;
		for (size_t i = s->nev; i < n; i++)
			p[i] = (struct ev_owner){.client = -1};
		s->ev = p;
		s->nev = n;
	}
	s->ev[ev] = (struct ev_owner){client, group, !a->disabled};
	if (group < 0 && s->ev[ev].on)
		running(s, 1);
	return 0;
}

static void set_on(struct backend_server *s, int ev, bool on)
{
	struct ev_owner *o = owner(s, ev);

	if (o && o->on != on) {
		o->on = on;
		if (o->group < 0)
			running(s, on ? 1 : -1);
	}
}

static int close_event(struct backend_server *s, int ev)
{
	struct ev_owner *o = owner(s, ev);
	int r = s->b->ops->event_close(s->b, ev);

	if (!o)
		return r;
	set_on(s, ev, false);
	o->client = -1;
	/* a closed leader's siblings become groups of their own (perf_group_detach) */
	for (size_t i = 0; o->group < 0 && i < s->nev; i++)
		if (s->ev[i].client >= 0 && s->ev[i].group == ev) {
			s->ev[i].group = -1;
			if (s->ev[i].on)
				running(s, 1);
		}
	return r;
}

static int64_t open_event(struct backend_server *s, int client, const struct remote_req *q,
			  const char *p)
{
	struct perf_event_attr a;
	int64_t h;

	if (q->len != sizeof(a))
		return -EINVAL;
	memcpy(&a, p, sizeof(a));
	if (q->group >= 0 && !owner(s, q->group))
		return -EBADF;
	h = s->b->ops->event_open(s->b, &a, q->pid, q->cpu, q->group);
	if (h >= 0 && own(s, (int)h, client, &a, q->group)) {
		s->b->ops->event_close(s->b, (int)h);
		return -ENOMEM;
	}
	return h;
}

/* Names, each NUL-terminated, into out; the count, or -errno. */
static int64_t list(struct backend_server *s, const char *path, char *out, uint32_t *len)
{
	char **names;
	size_t count, n = 0;
	int r = s->b->ops->sysfs_list(s->b, path, &names, &count);

	if (r)
		return r;
	for (size_t i = 0; i < count; i++) {
		size_t l = strlen(names[i]) + 1;

		if (n + l > REMOTE_PAYLOAD_MAX)
			r = -E2BIG;
		else
			memcpy(out + n, names[i], l);
		n += l;
		free(names[i]);
	}
	free(names);
	*len = r ? 0 : (uint32_t)n;
	return r ? r : (int64_t)count;
}

static int64_t sysfs_op(struct backend_server *s, const struct remote_req *q, const char *p,
			char *out, uint32_t *len)
{
	size_t plen = strnlen(p, q->len);
	ssize_t r;

	if (plen == q->len)
		return -EINVAL; /* the path is not terminated */
	switch (q->op) {
	case REMOTE_SYSFS_READ:
		r = s->b->ops->sysfs_read(s->b, p, out,
					  q->n < REMOTE_PAYLOAD_MAX ? q->n : REMOTE_PAYLOAD_MAX);
		*len = r > 0 ? (uint32_t)r : 0;
		return r;
	case REMOTE_SYSFS_WRITE:
		return s->b->ops->sysfs_write(s->b, p, p + plen + 1, q->len - plen - 1);
	case REMOTE_SYSFS_LIST:
		return list(s, p, out, len);
	default:
		return s->b->ops->sysfs_is_dir(s->b, p);
	}
}

/* Up to q->n AUX bytes from the tail, both spans of a wrapped ring in one answer. */
static int64_t aux_peek(struct backend_server *s, const struct remote_req *q, struct remote_rsp *a,
			char *out)
{
	const void *p1, *p2;
	size_t n1, n2, max = q->n < REMOTE_PAYLOAD_MAX ? (size_t)q->n : REMOTE_PAYLOAD_MAX;
	uint64_t tail = 0;
	size_t all = s->b->ops->aux_peek(s->b, q->ev, &tail, &p1, &n1, &p2, &n2);

	n1 = n1 < max ? n1 : max;
	n2 = n2 < max - n1 ? n2 : max - n1;
	memcpy(out, p1, n1);
	if (n2)
		memcpy(out + n1, p2, n2);
	a->v[0] = tail;
	a->v[1] = all;
	a->len = (uint32_t)(n1 + n2);
	return 0;
}

/* What a request shows or changes depends on when it happens. */
static bool sees_the_clock(int op)
{
	switch (op) {
	case REMOTE_SYSFS_WRITE:
	case REMOTE_EVENT_DISABLE:
	case REMOTE_EVENT_READ:
	case REMOTE_NEXT_RECORD:
	case REMOTE_AUX_PEEK:
	case REMOTE_AUX_CONSUME:
	case REMOTE_NOW_NS:
		return true;
	}
	return false;
}

static int64_t answer(struct backend_server *s, int client, const struct remote_req *q,
		      const char *p, struct remote_rsp *a, char *out)
{
	struct backend_count c;
	int64_t r;

	if (sees_the_clock(q->op))
		follow_wall(s);
	if (q->op >= REMOTE_EVENT_ENABLE && q->op <= REMOTE_AUX_CONSUME && !owner(s, q->ev))
		return -EBADF;
	switch (q->op) {
	case REMOTE_SYSFS_READ:
	case REMOTE_SYSFS_WRITE:
	case REMOTE_SYSFS_LIST:
	case REMOTE_SYSFS_IS_DIR:
		return sysfs_op(s, q, p, out, &a->len);
	case REMOTE_EVENT_OPEN:
		return open_event(s, client, q, p);
	case REMOTE_EVENT_ENABLE:
	case REMOTE_EVENT_DISABLE:
		r = q->op == REMOTE_EVENT_ENABLE ? s->b->ops->event_enable(s->b, q->ev)
						 : s->b->ops->event_disable(s->b, q->ev);
		if (!r)
			set_on(s, q->ev, q->op == REMOTE_EVENT_ENABLE);
		return r;
	case REMOTE_EVENT_READ:
		r = s->b->ops->event_read(s->b, q->ev, &c);
		a->v[0] = c.value, a->v[1] = c.enabled, a->v[2] = c.running;
		return r;
	case REMOTE_EVENT_CLOSE:
		return close_event(s, q->ev);
	case REMOTE_EVENT_ID:
		a->v[0] = s->b->ops->event_id(s->b, q->ev);
		return 0;
	case REMOTE_AUX_MAP:
		return s->b->ops->aux_map(s->b, q->ev, (size_t)q->n);
	case REMOTE_NEXT_RECORD:
		r = s->b->ops->next_record(s->b, q->ev, out,
					   q->n < REMOTE_PAYLOAD_MAX ? q->n : REMOTE_PAYLOAD_MAX);
		a->len = r > 0 ? (uint32_t)r : 0;
		return r;
	case REMOTE_AUX_PEEK:
		return aux_peek(s, q, a, out);
	case REMOTE_AUX_CONSUME:
		s->b->ops->aux_consume(s->b, q->ev, (size_t)q->n);
		return 0;
	case REMOTE_NOW_NS:
		a->v[0] = s->b->ops->now_ns(s->b);
		return 0;
	}
	return -ENOSYS;
}

static void drop_client(struct backend_server *s, int i)
{
	pthread_mutex_lock(s->lock);
	for (size_t ev = s->nev; ev-- > 0;)
		if (s->ev[ev].client == i)
			close_event(s, (int)ev);
	pthread_mutex_unlock(s->lock);
	close(s->clients[i]);
	s->clients[i] = -1;
}

/* One request of client i; false when the client has gone. */
static bool serve_one(struct backend_server *s, int i)
{
	struct remote_req q;
	struct remote_rsp a = {0};
	char *out = s->msg + sizeof(a);
	ssize_t got = recv(s->clients[i], s->msg, REMOTE_MSG_MAX, 0);
	const char *err;
	char *req;

	if (got < 0 && errno == EINTR)
		return true;
	if (got < (ssize_t)sizeof(q))
		return false;
	memcpy(&q, s->msg, sizeof(q));
	if (q.len != (size_t)got - sizeof(q))
		return false;
	/* the answer is written over the message: keep the request's payload apart */
	if (!(req = malloc(q.len + 1)))
		return false;
	memcpy(req, s->msg + sizeof(q), q.len);
	req[q.len] = 0;
	pthread_mutex_lock(s->lock);
	a.ret = answer(s, i, &q, req, &a, out);
	err = a.ret < 0 ? backend_strerror(s->b) : NULL;
	if (err && *err) {
		a.len = (uint32_t)strnlen(err, 255);
		memcpy(out, err, a.len);
	}
	s->b->err[0] = 0;
	pthread_mutex_unlock(s->lock);
	free(req);
	memcpy(s->msg, &a, sizeof(a));
	return remote_send(s->clients[i], s->msg, sizeof(a) + a.len) >= 0;
}

static void accept_one(struct backend_server *s)
{
	int fd = accept4(s->listen_fd, NULL, NULL, SOCK_CLOEXEC);
	struct ucred cr;
	socklen_t len = sizeof(cr);

	if (fd < 0)
		return;
	/* an abstract address is visible to the whole host: serve this user only */
	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cr, &len) || cr.uid != geteuid()) {
		close(fd);
		return;
	}
	for (int i = 0; i < MAX_CLIENTS; i++)
		if (s->clients[i] < 0) {
			s->clients[i] = fd;
			return;
		}
	close(fd);
}

int backend_server_run(struct backend_server *s)
{
	struct pollfd *p = calloc(MAX_CLIENTS + 2, sizeof(*p));
	int map[MAX_CLIENTS];

	if (!p)
		return -ENOMEM;
	while (!__atomic_load_n(&s->stop, __ATOMIC_ACQUIRE)) {
		nfds_t n = 2;

		p[0] = (struct pollfd){.fd = s->listen_fd, .events = POLLIN};
		p[1] = (struct pollfd){.fd = s->wake[0], .events = POLLIN};
		for (int i = 0; i < MAX_CLIENTS; i++)
			if (s->clients[i] >= 0) {
				map[n - 2] = i;
				p[n++] = (struct pollfd){.fd = s->clients[i], .events = POLLIN};
			}
		if (poll(p, n, -1) < 0 && errno != EINTR)
			break;
		/* hang-ups first: a process's events are gone before a later request of another */
		for (nfds_t k = 2; k < n; k++)
			if (p[k].revents & (POLLHUP | POLLERR))
				drop_client(s, map[k - 2]);
		for (nfds_t k = 2; k < n; k++)
			if (p[k].revents == POLLIN && !serve_one(s, map[k - 2]))
				drop_client(s, map[k - 2]);
		if (p[0].revents & POLLIN)
			accept_one(s);
	}
	free(p);
	return 0;
}

void backend_server_stop(struct backend_server *s)
{
	/* the flag is read by the server's thread: release it before the wake */
	__atomic_store_n(&s->stop, true, __ATOMIC_RELEASE);
	if (write(s->wake[1], "", 1) < 0)
		return;
}

void backend_server_stats(struct backend_server *s, struct backend_server_stats *st)
{
	pthread_mutex_lock(s->lock);
	*st = s->st;
	pthread_mutex_unlock(s->lock);
}

static int listen_at(const char *addr, struct error *err)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	size_t len = strlen(addr);
	int fd;

	if (!len || len >= sizeof(sa.sun_path))
		return error_set(err, -EINVAL, "%s: not a socket address", addr);
	memcpy(sa.sun_path, addr, len);
	if (addr[0] == '@')
		sa.sun_path[0] = 0;
	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0 ||
	    bind(fd, (struct sockaddr *)&sa,
		 (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len)) ||
	    listen(fd, 64)) {
		int e = error_set_errno(err, -errno, "cannot listen at %s", addr);

		if (fd >= 0)
			close(fd);
		return e;
	}
	return fd;
}

int backend_server_open(struct backend *b, pthread_mutex_t *lock, const char *addr,
			struct backend_server **out, struct error *e)
{
	struct backend_server *s = calloc(1, sizeof(*s));

	if (!s || !(s->msg = malloc(REMOTE_MSG_MAX)) || pipe2(s->wake, O_CLOEXEC)) {
		error_set_errno(e, -errno, "cannot start the machine's server");
		if (s)
			free(s->msg);
		free(s);
		return e->code;
	}
	s->b = b;
	s->lock = lock;
	for (int i = 0; i < MAX_CLIENTS; i++)
		s->clients[i] = -1;
	if ((s->listen_fd = listen_at(addr, e)) < 0) {
		int e = s->listen_fd;

		close(s->wake[0]);
		close(s->wake[1]);
		free(s->msg);
		free(s);
		return e;
	}
	*out = s;
	return 0;
}

void backend_server_close(struct backend_server *s)
{
	for (int i = 0; i < MAX_CLIENTS; i++)
		if (s->clients[i] >= 0)
			drop_client(s, i);
	close(s->listen_fd);
	close(s->wake[0]);
	close(s->wake[1]);
	free(s->ev);
	free(s->msg);
	free(s);
}
