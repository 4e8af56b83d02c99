// SPDX-License-Identifier: GPL-2.0-only
/*
 * The emulated machine as this process reaches it.  `pciescope exec` owns
 * the one machine of the command and serves it on a Unix socket named in
 * PCIESCOPE_EXEC_SOCKET: the first emulated open connects a remote backend
 * to it, so every process of the command (perf, its workload, a shell,
 * pciescope itself) opens events on the same machine, and its clock is the
 * server's (serve.h).  The emulated PMU types come in PCIESCOPE_EXEC_TYPES
 * ("6:hisi_pcie0_core0,..."), so deciding that a perf_event_open is not
 * ours costs no message: children that inherit the library (perf's
 * workload) never connect unless they open an emulated event themselves.
 *
 * Without the socket (the library preloaded by hand) the process boots a
 * machine of its own from the PCIESCOPE_EXEC_PLATFORM, _WORKLOAD,
 * _WORKLOAD_PARAMS and _SEED variables, and runs its clock here:
 * simulated time follows the wall clock from the first enable, stands
 * still while no group is enabled, and at exit the library says how far it
 * fell behind.  Only the process that booted such a machine shuts it down
 * (a child forked later works on its copy, which has no threads to lose).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pciescope/backend/pace.h>

#include "interpose.h"

#define MAX_TYPES 256 /* as many as exec passes (builtin-exec.c) */

struct machine {
	bool parsed, booted, failed, started;
	int running;	    /* enabled group leaders */
	uint64_t paused_at; /* wall ns when the last one was disabled */
	pid_t pid;	    /* the process that booted it */
	int ntypes;
	uint32_t types[MAX_TYPES];
	char names[MAX_TYPES][64];
	struct backend *b;
	uint64_t wall0, sim0;	  /* the start: wall and simulated ns */
	uint64_t simulated, busy; /* simulated ns so far; wall ns spent simulating */
	uint64_t max_lag;	  /* wall ns by which an answer came late */
};

/* One process-wide machine; its lock serialises the program's threads. */
static struct machine m;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void machine_lock(void)
{
	pthread_mutex_lock(&lock);
}

void machine_unlock(void)
{
	pthread_mutex_unlock(&lock);
}

void interpose_say(const char *fmt, ...)
{
	static const char prefix[] = "pciescope: exec: ";
	char line[512];
	va_list ap;
	int n;

	memcpy(line, prefix, sizeof(prefix) - 1);
	va_start(ap, fmt);
	n = vsnprintf(line + sizeof(prefix) - 1, sizeof(line) - sizeof(prefix), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	n += (int)sizeof(prefix) - 1;
	if (n > (int)sizeof(line) - 2) /* cut: the text ends before the NUL */
		n = (int)sizeof(line) - 2;
	line[n++] = '\n';
	/* One write, so the line is not split by the program's own output. */
	if (write(STDERR_FILENO, line, (size_t)n) < 0)
		return;
}

static void parse_types(void)
{
	const char *s = getenv("PCIESCOPE_EXEC_TYPES");

	m.parsed = true;
	while (s && *s && m.ntypes < MAX_TYPES) {
		char *end;
		unsigned long t = strtoul(s, &end, 10);
		size_t len;

		if (end == s || *end != ':')
			return;
		s = end + 1;
		len = strcspn(s, ",");
		snprintf(m.names[m.ntypes], sizeof(m.names[0]), "%.*s", (int)len, s);
		m.types[m.ntypes++] = (uint32_t)t;
		s += len;
		if (*s == ',')
			s++;
	}
}

static int find_type(uint32_t type)
{
	if (!m.parsed)
		parse_types();
	for (int i = 0; i < m.ntypes; i++)
		if (m.types[i] == type)
			return i;
	return -1;
}

bool machine_emulates(uint32_t type)
{
	return find_type(type) >= 0;
}

const char *machine_pmu_name(uint32_t type)
{
	int i = find_type(type);

	return i < 0 ? "" : m.names[i];
}

struct backend *machine_backend(void)
{
	const char *seed = getenv("PCIESCOPE_EXEC_SEED");
	struct backend_options o = {
	    .kind = "emulated",
	    .platform = getenv("PCIESCOPE_EXEC_PLATFORM"),
	    .workload = getenv("PCIESCOPE_EXEC_WORKLOAD"),
	    .workload_params = getenv("PCIESCOPE_EXEC_WORKLOAD_PARAMS"),
	    .seed = seed ? strtoull(seed, NULL, 10) : 0,
	};
	struct error err;

	if (getenv("PCIESCOPE_EXEC_SOCKET")) {
		o.kind = "remote";
		o.remote = getenv("PCIESCOPE_EXEC_SOCKET");
	}
	if (m.booted)
		return m.b;
	if (m.failed)
		return NULL;
	if (backend_open(&o, &m.b, &err)) {
		interpose_say("cannot %s the emulated platform: %s", o.remote ? "reach" : "boot",
			      err.msg);
		m.failed = true;
		return NULL;
	}
	m.booted = true;
	m.pid = getpid();
	return m.b;
}

void machine_running(int delta)
{
	bool was = m.running > 0;

	m.running += delta;
	if (was || m.running <= 0 || !m.booted || !m.b->ops->run_for) {
		if (was && m.running <= 0)
			m.paused_at = wall_clock_monotonic.now_ns(NULL);
		return;
	}
	if (!m.started) {
		m.started = true;
		m.wall0 = wall_clock_monotonic.now_ns(NULL);
		m.sim0 = m.b->ops->now_ns(m.b);
	} else {
		/* the pause is not simulated */
		m.wall0 += wall_clock_monotonic.now_ns(NULL) - m.paused_at;
	}
}

void machine_follow_wall(void)
{
	uint64_t want, t, after;

	if (!m.started || m.running <= 0 || !m.b->ops->run_for)
		return;
	want = wall_clock_monotonic.now_ns(NULL) - m.wall0;
	if (want <= m.simulated)
		return;
	t = wall_clock_monotonic.now_ns(NULL);
	if (m.b->ops->run_for(m.b, want - m.simulated))
		return;
	after = wall_clock_monotonic.now_ns(NULL);
	m.simulated = m.b->ops->now_ns(m.b) - m.sim0;
	m.busy += after - t;
	if (after - m.wall0 > m.simulated && after - m.wall0 - m.simulated > m.max_lag)
		m.max_lag = after - m.wall0 - m.simulated;
}

__attribute__((destructor)) static void machine_exit(void)
{
	machine_lock();
	if (m.booted && m.pid == getpid()) {
		if (m.busy > m.simulated)
			interpose_say("the emulated machine simulated %.3f s in %.3f s: its time "
				      "lagged the wall clock by up to %.3f s (counts stay "
				      "consistent: each read shows the machine at the time it "
				      "reports)",
				      (double)m.simulated / 1e9, (double)m.busy / 1e9,
				      (double)m.max_lag / 1e9);
		backend_close(m.b);
		m.booted = false;
	}
	machine_unlock();
}
