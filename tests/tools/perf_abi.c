// SPDX-License-Identifier: GPL-2.0-only
/*
 * The perf_event_open ABI as a tool uses it, with nothing but system calls:
 * a group of two counting events, every read_format, the ioctls with and
 * without PERF_IOC_FLAG_GROUP, poll, fcntl and close.  The same program
 * runs against the host kernel (`perf_abi host`: cpu-clock and task-clock
 * of this process) and, through `pciescope exec`, the emulated one
 * (`perf_abi PMU-TYPE CONFIG CONFIG2 SIBLING-CONFIG`: a system-wide pair on
 * CPU 0).  Each check prints a line; any failure exits 1.  The expectations
 * are the kernel's, so the host run is the yardstick of the emulated one.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define RF_ALL                                                                                     \
	(PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING | PERF_FORMAT_ID |        \
	 PERF_FORMAT_LOST)

static int failures;

static void check(int ok, const char *what)
{
	printf("%s: %s\n", ok ? "ok" : "FAIL", what);
	if (!ok)
		failures++;
}

static int open_event(struct perf_event_attr *a, int pid, int cpu, int group)
{
	return (int)syscall(SYS_perf_event_open, a, pid, cpu, group, PERF_FLAG_FD_CLOEXEC);
}

/* Keeps the CPU busy for ms, so that cpu-clock counts on the host too. */
static void spin(unsigned ms)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do
		clock_gettime(CLOCK_MONOTONIC, &t);
	while ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 < ms);
}

struct group_read {
	uint64_t nr, enabled, running;
	struct {
		uint64_t value, id, lost;
	} m[2];
};

static int read_group(int fd, struct group_read *g)
{
	return read(fd, g, sizeof(*g)) == (ssize_t)sizeof(*g) ? 0 : -1;
}

static void check_group(int leader, int sib)
{
	uint64_t id_l = 0, id_s = 0, one[5], small[2];
	struct group_read g, h;

	check(!ioctl(leader, PERF_EVENT_IOC_ID, &id_l) && !ioctl(sib, PERF_EVENT_IOC_ID, &id_s) &&
		  id_l && id_s && id_l != id_s,
	      "PERF_EVENT_IOC_ID gives two distinct ids");
	check(read_group(leader, &g) == 0 && g.nr == 2 && g.m[0].value == 0 && g.enabled == 0,
	      "a disabled group reads nr=2 and zeros");
	check(!ioctl(leader, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP),
	      "ENABLE with PERF_IOC_FLAG_GROUP");
	spin(60);
	check(read_group(leader, &g) == 0 && g.nr == 2 && g.enabled > 0 && g.running > 0 &&
		  g.m[0].value > 0 && g.m[1].value > 0,
	      "the running group counts, with time enabled and running");
	check(g.m[0].id == id_l && g.m[1].id == id_s && !g.m[0].lost && !g.m[1].lost,
	      "the group read carries the ids, in open order, and lost 0");
	check(read(sib, one, sizeof(one)) == (ssize_t)sizeof(one) && one[0] > 0 && one[3] == id_s,
	      "the sibling without PERF_FORMAT_GROUP reads its own value, times, id, lost");
	errno = 0;
	check(read(leader, small, sizeof(small)) < 0 && errno == ENOSPC,
	      "a buffer too short for the group is ENOSPC");
	check(!ioctl(leader, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP),
	      "DISABLE with PERF_IOC_FLAG_GROUP");
	spin(20);
	check(read_group(leader, &g) == 0 && read_group(leader, &h) == 0 &&
		  g.m[0].value == h.m[0].value && g.m[1].value == h.m[1].value &&
		  g.enabled == h.enabled,
	      "a disabled group's counts and times stay still");
	check(!ioctl(leader, PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP) &&
		  read_group(leader, &h) == 0 && h.m[0].value == 0 && h.m[1].value == 0 &&
		  h.enabled == g.enabled,
	      "RESET with PERF_IOC_FLAG_GROUP zeroes the counts, not the times");
	check(!ioctl(sib, PERF_EVENT_IOC_ENABLE, 0) && !ioctl(leader, PERF_EVENT_IOC_ENABLE, 0),
	      "ENABLE of each event on its own");
	spin(30);
	errno = 0;
	check(read(leader, one, 40) < 0 && errno == ENOSPC, "the group layout wants its size");
}

static void check_single(int sib, int leader)
{
	struct pollfd p = {sib, POLLIN, 0};
	uint64_t v[5] = {0}, id = 0, w[5];

	check(poll(&p, 1, 1000) == 1 && p.revents == POLLHUP,
	      "poll of an event without a ring buffer is POLLHUP at once");
	check((fcntl(sib, F_GETFD) & FD_CLOEXEC) != 0,
	      "PERF_FLAG_FD_CLOEXEC made the fd close-on-exec");
	errno = 0;
	check(ioctl(sib, _IO('$', 99), 0) < 0 && errno == ENOTTY, "an unknown ioctl is ENOTTY");
	check(!ioctl(sib, PERF_EVENT_IOC_SET_OUTPUT, -1L), "SET_OUTPUT -1 is accepted");
	errno = 0;
	check(ioctl(sib, PERF_EVENT_IOC_SET_OUTPUT, (long)sib) < 0 && errno == EINVAL,
	      "SET_OUTPUT to itself is EINVAL");
	check(!close(leader), "closing the leader");
	ioctl(sib, PERF_EVENT_IOC_ID, &id);
	check(read(sib, v, sizeof(v)) == (ssize_t)sizeof(v) && v[3] == id && v[4] == 0,
	      "the sibling, now alone, reads value, times, id, lost");
	spin(30);
	check(read(sib, w, sizeof(w)) == (ssize_t)sizeof(w) && w[0] >= v[0] && w[1] > v[1],
	      "it keeps counting, its time enabled grows");
	check(!close(sib), "closing the sibling");
	errno = 0;
	check(read(sib, v, sizeof(v)) < 0 && errno == EBADF, "a closed event fd is EBADF");
}

int main(int argc, char **argv)
{
	struct perf_event_attr a = {.size = sizeof(a), .disabled = 1};
	int host = argc == 2 && !strcmp(argv[1], "host"), leader, sib, pid = -1, cpu = 0;
	uint64_t sib_config;

	if (!host && argc != 5) {
		fprintf(stderr,
			"usage: perf_abi host | perf_abi TYPE CONFIG CONFIG2 SIBLING-CONFIG\n");
		return 2;
	}
	if (host) {
		a.type = PERF_TYPE_SOFTWARE;
		a.config = PERF_COUNT_SW_CPU_CLOCK;
		sib_config = PERF_COUNT_SW_TASK_CLOCK;
		pid = 0;
		cpu = -1;
	} else {
		a.type = (uint32_t)strtoul(argv[1], NULL, 0);
		a.config = strtoull(argv[2], NULL, 0);
		a.config2 = strtoull(argv[3], NULL, 0);
		sib_config = strtoull(argv[4], NULL, 0);
	}
	a.read_format = PERF_FORMAT_GROUP | RF_ALL;
	leader = open_event(&a, pid, cpu, -1);
	a.disabled = 0;
	a.config = sib_config;
	a.read_format = RF_ALL;
	sib = open_event(&a, pid, cpu, leader);
	check(leader >= 0 && sib >= 0 && leader != sib,
	      "perf_event_open of a leader and a sibling");
	if (leader < 0 || sib < 0) {
		perror("perf_event_open");
		return 1;
	}
	check(open_event(&a, pid, cpu, sib) < 0 && errno == EINVAL,
	      "a sibling cannot lead a group (EINVAL)");
	check_group(leader, sib);
	check_single(sib, leader);
	return failures ? 1 : 0;
}
