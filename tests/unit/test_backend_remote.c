// SPDX-License-Identifier: GPL-2.0-only
/*
 * The remote backend against a server of an emulated machine in the same
 * process (serve.h), as `pciescope exec`'s interposer reaches exec's: the
 * sysfs it shows is the machine's (a write through it is seen directly,
 * the kernel's errors come back as they are), and events opened through it
 * are the machine's, closed when their connection ends.  A message whose
 * send a signal interrupts still goes out whole (remote_wire.h).  The
 * server's clock catches up with the wall clock in slices of at most 1 ms,
 * asking for a stop between them: after a stop request a catch-up far
 * behind gets a short grace and then ends, and the clock stands.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/backend/backend.h>
#include <pciescope/backend/interrupt.h>
#include <pciescope/backend/serve.h>

#include "backend/remote_wire.h"

#define TUNE "/sys/bus/event_source/devices/hisi_ptt0_2/tune/qos_tx_cpl"

struct rig {
	struct backend *machine, *client;
	struct backend_server *server;
	pthread_mutex_t lock;
	pthread_t thread;
	char addr[64];
};

static void *serve(void *arg)
{
	backend_server_run(arg);
	return NULL;
}

static struct backend *connect_to(struct rig *r)
{
	struct backend_options o = {.kind = "remote", .remote = r->addr};
	struct backend *b = NULL;
	struct error err;

	assert_int_equal(backend_open(&o, &b, &err), 0);
	assert_string_equal(b->ops->name, "remote");
	return b;
}

static int setup(void **state)
{
	struct backend_options o = {.kind = "emulated", .workload = "idle", .ephemeral = true};
	struct rig *r = calloc(1, sizeof(*r));
	struct error err;

	assert_non_null(r);
	assert_int_equal(backend_open(&o, &r->machine, &err), 0);
	pthread_mutex_init(&r->lock, NULL);
	snprintf(r->addr, sizeof(r->addr), "@pciescope-test-remote-%d", (int)getpid());
	assert_int_equal(backend_server_open(r->machine, &r->lock, r->addr, &r->server, &err), 0);
	assert_int_equal(pthread_create(&r->thread, NULL, serve, r->server), 0);
	r->client = connect_to(r);
	*state = r;
	return 0;
}

static int teardown(void **state)
{
	struct rig *r = *state;

	backend_close(r->client);
	backend_server_stop(r->server);
	pthread_join(r->thread, NULL);
	backend_server_close(r->server);
	backend_close(r->machine);
	pthread_mutex_destroy(&r->lock);
	free(r);
	return 0;
}

static void sysfs_is_the_machines(void **state)
{
	struct rig *r = *state;
	struct backend *c = r->client;
	char **names, **direct, buf[64] = "";
	size_t n, nd;

	assert_int_equal(c->ops->sysfs_list(c, "/sys/bus/pci/devices", &names, &n), 0);
	assert_int_equal(
	    r->machine->ops->sysfs_list(r->machine, "/sys/bus/pci/devices", &direct, &nd), 0);
	assert_int_equal(n, nd);
	for (size_t i = 0; i < n; i++) {
		assert_string_equal(names[i], direct[i]);
		free(names[i]);
		free(direct[i]);
	}
	free(names);
	free(direct);
	assert_int_equal(c->ops->sysfs_is_dir(c, "/sys/bus/pci/devices"), 1);
	assert_int_equal(c->ops->sysfs_read(c, TUNE, buf, sizeof(buf)), 2);
	assert_memory_equal(buf, "1\n", 2);
	assert_int_equal(c->ops->sysfs_write(c, TUNE, "2\n", 2), 2);
	assert_int_equal(r->machine->ops->sysfs_read(r->machine, TUNE, buf, sizeof(buf)), 2);
	assert_memory_equal(buf, "2\n", 2);
	assert_int_equal(c->ops->sysfs_write(c, TUNE, "-1\n", 3), -EINVAL);
	assert_int_equal(c->ops->sysfs_read(c, "/sys/nope", buf, sizeof(buf)), -ENOENT);
}

static struct perf_event_attr software_clock(void)
{
	struct perf_event_attr a = {.type = PERF_TYPE_SOFTWARE,
				    .size = sizeof(a),
				    .config = PERF_COUNT_SW_CPU_CLOCK,
				    .disabled = 1};

	return a;
}

static void events_are_the_machines(void **state)
{
	struct rig *r = *state;
	struct backend *c = r->client, *other = connect_to(r);
	struct perf_event_attr a = software_clock();
	struct backend_count cnt = {0};
	int ev = c->ops->event_open(c, &a, -1, 0, -1), sib;

	assert_true(ev >= 0);
	assert_int_not_equal(c->ops->event_id(c, ev), 0);
	/* another connection may join the group and read the event: one machine */
	sib = other->ops->event_open(other, &a, -1, 0, ev);
	assert_true(sib >= 0);
	assert_int_equal(other->ops->event_read(other, ev, &cnt), 0);
	assert_int_equal(c->ops->event_enable(c, ev), 0);
	assert_int_equal(c->ops->event_disable(c, ev), 0);
	assert_int_equal(c->ops->event_read(c, ev, &cnt), 0);
	assert_int_equal(cnt.enabled, cnt.running);
	assert_int_equal(c->ops->event_close(c, ev), 0);
	assert_int_equal(c->ops->event_read(c, ev, &cnt), -EBADF);
	/* a connection's events close with it */
	backend_close(other);
	assert_int_equal(c->ops->event_read(c, sib, &cnt), -EBADF);
	assert_int_equal(c->ops->event_enable(c, 12345), -EBADF);
}

static atomic_int signals;

static void on_signal(int sig)
{
	(void)sig;
	atomic_fetch_add(&signals, 1);
}

struct interrupter {
	pthread_t sender;
	pid_t tid; /* the sender's, to see it wait */
	int fd;	   /* the receiving end */
};

/* Whether thread tid sleeps (in the send it blocks on: it does nothing else). */
static bool sleeping(pid_t tid)
{
	char path[64], stat[256] = "", *p;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)tid);
	if (!(f = fopen(path, "r")))
		return false;
	if (!fgets(stat, sizeof(stat), f))
		stat[0] = 0;
	fclose(f);
	p = strrchr(stat, ')');
	return p && p[1] == ' ' && p[2] == 'S';
}

/* Signals the blocked sender 100 times, then takes every message until the last one. */
static void *interrupt_then_receive(void *arg)
{
	struct interrupter *it = arg;
	static char buf[REMOTE_MSG_MAX];
	ssize_t got;

	while (!sleeping(it->tid))
		sched_yield();
	for (int sent = 0; sent < 100; sent++) {
		int seen = atomic_load(&signals);

		pthread_kill(it->sender, SIGUSR1);
		while (atomic_load(&signals) == seen)
			sched_yield();
	}
	do
		got = recv(it->fd, buf, sizeof(buf), 0);
	while (got != 7 && (got > 0 || errno == EINTR));
	return (void *)(intptr_t)(got == 7 && !memcmp(buf, "the end", 7));
}

static void a_signal_loses_no_message(void **state)
{
	struct sigaction sa = {.sa_handler = on_signal}; /* no SA_RESTART: send sees EINTR */
	struct interrupter it = {.sender = pthread_self(), .tid = gettid()};
	char filler[4096] = {0};
	pthread_t thread;
	void *received;
	int sv[2];

	(void)state;
	assert_int_equal(socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv), 0);
	it.fd = sv[1];
	fcntl(sv[0], F_SETFL, O_NONBLOCK);
	while (send(sv[0], filler, sizeof(filler), MSG_NOSIGNAL) > 0)
		;
	assert_int_equal(errno, EAGAIN);
	fcntl(sv[0], F_SETFL, 0);
	assert_int_equal(sigaction(SIGUSR1, &sa, NULL), 0);
	assert_int_equal(pthread_create(&thread, NULL, interrupt_then_receive, &it), 0);
	assert_int_equal(remote_send(sv[0], "the end", 7), 7);
	assert_int_equal(pthread_join(thread, &received), 0);
	assert_true(received);
	assert_true(atomic_load(&signals) >= 100);
	close(sv[0]);
	close(sv[1]);
}

/*
 * The machine's run_for, counted and made 20 times slower than real time
 * (each 1 ms slice takes at least 20 ms); the third call asks to stop, as
 * exec's SIGINT handler does.
 */
static const struct backend_ops *machine_ops;
static struct backend_ops counting_ops;
static int runs;
static uint64_t longest_run;

static int counting_run_for(struct backend *b, uint64_t ns)
{
	if (ns > longest_run)
		longest_run = ns;
	struct timespec slow = {0, 20 * 1000000L};

	if (++runs == 3)
		interrupt_request();
	nanosleep(&slow, NULL);
	return machine_ops->run_for(b, ns);
}

static uint64_t clock_of(struct backend *c)
{
	uint64_t now = c->ops->now_ns(c);

	assert_int_not_equal(now, 0);
	return now;
}

/* Last: the stop flag, once raised, stays raised for the process. */
static void a_stop_cuts_the_catch_up_short_and_the_clock_stands(void **state)
{
	struct rig *r = *state;
	struct backend *c = r->client;
	struct perf_event_attr a = software_clock();
	struct timespec behind = {0, 50 * 1000000L};
	struct backend_count cnt;
	uint64_t stood;
	int ev;

	machine_ops = r->machine->ops;
	counting_ops = *machine_ops;
	counting_ops.run_for = counting_run_for;
	pthread_mutex_lock(&r->lock);
	r->machine->ops = &counting_ops;
	pthread_mutex_unlock(&r->lock);
	a.disabled = 0; /* an enabled leader: the clock follows the wall clock */
	ev = c->ops->event_open(c, &a, -1, 0, -1);
	assert_true(ev >= 0);
	/* 50 ms behind: 50 slices of at least 20 ms each (1 s), were the catch-up not cut */
	nanosleep(&behind, NULL);
	assert_int_equal(c->ops->event_read(c, ev, &cnt), 0);
	assert_true(interrupt_requested());
	assert_true(runs > 3 && runs < 50);
	assert_true(longest_run <= 1000000);
	stood = clock_of(c);
	nanosleep(&behind, NULL);
	assert_int_equal(c->ops->event_read(c, ev, &cnt), 0);
	assert_int_equal(clock_of(c), stood);
	assert_int_equal(c->ops->event_close(c, ev), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(sysfs_is_the_machines, setup, teardown),
	    cmocka_unit_test_setup_teardown(events_are_the_machines, setup, teardown),
	    cmocka_unit_test(a_signal_loses_no_message),
	    cmocka_unit_test_setup_teardown(a_stop_cuts_the_catch_up_short_and_the_clock_stands,
					    setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
