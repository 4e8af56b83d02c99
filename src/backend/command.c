// SPDX-License-Identifier: GPL-2.0-only
/*
 * Running the measured command.  `sleep N` is recognised so the emulated
 * backend can turn it into simulated time; anything else is fork/exec'd.
 * An exec failure comes back through a close-on-exec pipe, so the caller
 * can say "cannot run 'x': No such file or directory" as perf does instead
 * of reporting exit status 127.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <pciescope/backend/pace.h>

#include "backend_internal.h"

int backend_parse_sleep(char *const argv[], uint64_t *ns)
{
	char *end;
	double v, mult = 1;

	if (!argv[0] || strcmp(argv[0], "sleep") || !argv[1] || argv[2])
		return 0;
	v = strtod(argv[1], &end);
	if (end == argv[1] || isnan(v) || v < 0)
		return -EINVAL;
	if (*end && end[1])
		return -EINVAL;
	switch (*end) {
	case '\0':
	case 's':
		break;
	case 'm':
		mult = 60;
		break;
	case 'h':
		mult = 3600;
		break;
	case 'd':
		mult = 86400;
		break;
	default:
		return -EINVAL;
	}
	v *= mult * 1e9;
	if (v > 1e18)
		return -EINVAL;
	*ns = (uint64_t)llround(v);
	return 1;
}

static void child(char *const argv[], int errfd)
{
	int e;

	signal(SIGINT, SIG_DFL);
	execvp(argv[0], argv);
	e = errno;
	if (write(errfd, &e, sizeof(e)) < 0)
		_exit(127);
	_exit(127);
}

/*
 * Waits for pid, polling every poll_ms; the wait status or -errno.  A poll
 * that says stop (non-zero, into *stopped: a tool's stop request, or -ETIME
 * when its deadline passed, stat --timeout) ends the command as perf record
 * and perf stat end their workload: SIGTERM, then a wait for it to go.
 */
static int wait_child(pid_t pid, int (*poll)(void *ctx), void *ctx, unsigned poll_ms, int *stopped)
{
	struct timespec slice = {0, (long)poll_ms * 1000000L};
	int st;
	pid_t r;

	for (;;) {
		r = waitpid(pid, &st, poll ? WNOHANG : 0);
		if (r == pid)
			return st;
		if (r < 0 && errno != EINTR)
			return -errno;
		if (poll && r == 0) {
			*stopped = poll(ctx);
			if (*stopped) {
				kill(pid, SIGTERM);
				poll = NULL;
				continue;
			}
			nanosleep(&slice, NULL);
		}
	}
}

static int exec_error(int fd)
{
	int e = 0;
	ssize_t n;

	do
		n = read(fd, &e, sizeof(e));
	while (n < 0 && errno == EINTR);
	return n == sizeof(e) ? e : 0;
}

int backend_run_real(struct backend *b, char *const argv[], int (*poll)(void *ctx), void *ctx,
		     unsigned poll_ms, uint64_t *elapsed_ns, int *exit_status)
{
	int pipefd[2], st, e, stopped = 0;
	uint64_t t0 = wall_clock_monotonic.now_ns(NULL);
	pid_t pid;

	if (!argv[0])
		return -EINVAL;
	if (pipe2(pipefd, O_CLOEXEC))
		return -errno;
	pid = fork();
	if (pid < 0) {
		e = errno;
		close(pipefd[0]);
		close(pipefd[1]);
		return -e;
	}
	if (pid == 0)
		child(argv, pipefd[1]);
	close(pipefd[1]);
	e = exec_error(pipefd[0]);
	close(pipefd[0]);
	st = wait_child(pid, poll, ctx, poll_ms, &stopped);
	*elapsed_ns = wall_clock_monotonic.now_ns(NULL) - t0;
	if (e) {
		backend_set_error(b, "cannot run '%s': %s", argv[0], strerror(e));
		return -e;
	}
	if (st < 0)
		return st;
	*exit_status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	return stopped;
}
