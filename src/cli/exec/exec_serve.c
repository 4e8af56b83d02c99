// SPDX-License-Identifier: GPL-2.0-only
/*
 * The parent of `pciescope exec` owns the command's one emulated machine,
 * as a kernel is owned by no process of its users: it boots it, forks the
 * command, and a thread of its serves the machine (serve.h) to every
 * process of the command until the command ends; then it closes the
 * machine, which saves its state, and exits with the command's status.
 *
 * The command is forked before this process starts a thread (the /sys
 * view's, the server's) and waits on a pipe until both are up: the child
 * of a process whose other threads run may make only async-signal-safe
 * calls until it execs, and the child here prints its own error when the
 * exec fails (stdio, strerror); it is a copy of a one-thread process.
 *
 * The parent stays out of the command's way: signals a terminal sends go to
 * the whole foreground group, so the command gets them itself and the
 * parent only stops the machine's clock (perf stat, interrupted, still
 * reads its counts through the server, at once); a signal sent to the parent alone with kill(2) is
 * passed on to the command, so `kill -INT <exec's pid>` reaches perf as
 * before.  Killed by a signal, the command makes the parent die of the same
 * one, so the shell sees what it saw when exec became the command.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pciescope/backend/interrupt.h>
#include <pciescope/backend/serve.h>
#include <pciescope/tool/hold.h>

#include "cli.h"
#include "exec_serve.h"

static const int passed_on[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2};
/* the command's pid, read by the signal handler */
static volatile sig_atomic_t command_pid;

/*
 * A signal that ends a command (not SIGUSR1/2) also stops the machine's
 * clock (remote_serve.c): the command's last reads are answered at once.
 */
static void pass_on(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	if (sig != SIGUSR1 && sig != SIGUSR2)
		interrupt_request();
	/* never kill(0): that would be our whole process group, ourselves included */
	if ((si->si_code == SI_USER || si->si_code == SI_QUEUE) && command_pid > 0)
		kill((pid_t)command_pid, sig);
}

static void handle_signals(void)
{
	struct sigaction sa = {.sa_sigaction = pass_on, .sa_flags = SA_SIGINFO | SA_RESTART};

	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(passed_on) / sizeof(passed_on[0]); i++)
		sigaction(passed_on[i], &sa, NULL);
}

int exec_machine_init(struct exec_machine *m, struct backend *b)
{
	unsigned char rnd[8];

	if (getrandom(rnd, sizeof(rnd), 0) != sizeof(rnd))
		return cli_errno(-errno, "exec: cannot name the machine's socket");
	snprintf(m->addr, sizeof(m->addr), "@pciescope-exec-%d-%02x%02x%02x%02x%02x%02x%02x%02x",
		 (int)getpid(), rnd[0], rnd[1], rnd[2], rnd[3], rnd[4], rnd[5], rnd[6], rnd[7]);
	m->b = b;
	pthread_mutex_init(&m->lock, NULL);
	return 0;
}

static void *serve_main(void *arg)
{
	backend_server_run(arg);
	return NULL;
}

/* The thread that serves, with the passed-on signals blocked: they are the main thread's. */
static int start_server(struct backend_server *s, pthread_t *t)
{
	sigset_t all, old;
	int r;

	sigemptyset(&all);
	for (size_t i = 0; i < sizeof(passed_on) / sizeof(passed_on[0]); i++)
		sigaddset(&all, passed_on[i]);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	r = pthread_create(t, NULL, serve_main, s);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return r;
}

/* In the child: waits for the parent's go (EOF: it gave up and says why), then execs. */
_Noreturn static void run_command(int go, char *const argv[])
{
	ssize_t n;
	char c;
	int e;

	while ((n = read(go, &c, 1)) < 0 && errno == EINTR)
		;
	if (n != 1)
		_exit(1);
	close(go);
	execvp(argv[0], argv);
	e = errno;
	cli_errno(-e, "exec: cannot run '%s'", argv[0]);
	_exit(e == ENOENT ? 127 : 126);
}

int exec_machine_fork(struct exec_machine *m, char *const argv[])
{
	int p[2];

	if (pipe2(p, O_CLOEXEC))
		return cli_errno(-errno, "exec: cannot make a pipe");
	fflush(NULL);
	m->command = fork();
	if (m->command < 0) {
		close(p[0]);
		close(p[1]);
		return cli_errno(-errno, "exec: cannot fork");
	}
	if (!m->command) {
		close(p[1]);
		run_command(p[0], argv);
	}
	close(p[0]);
	m->go = p[1];
	return 0;
}

/* The command, still waiting, is told to give up (EOF on its pipe) and reaped. */
static void drop_command(struct exec_machine *m)
{
	if (m->command <= 0)
		return;
	close(m->go);
	while (waitpid(m->command, NULL, 0) < 0 && errno == EINTR)
		;
	m->command = 0;
}

static void say_lag(struct backend_server *s)
{
	struct backend_server_stats st;

	backend_server_stats(s, &st);
	if (st.busy > st.simulated)
		fprintf(
		    stderr,
		    "pciescope: exec: the emulated machine simulated %.3f s in %.3f s: its time "
		    "lagged the wall clock by up to %.3f s (counts stay consistent: each read "
		    "shows the machine at the time it reports)\n",
		    (double)st.simulated / 1e9, (double)st.busy / 1e9, (double)st.max_lag / 1e9);
}

/* Dies of the signal that killed the command, without a core of ours. */
static void die_of(int sig)
{
	struct rlimit none = {0, 0};

	setrlimit(RLIMIT_CORE, &none);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Saves the machine's state; the /sys view answers ENOTCONN from then on. */
static void close_machine(struct exec_machine *m)
{
	pthread_mutex_lock(&m->lock);
	backend_close(m->b);
	m->b = NULL;
	pthread_mutex_unlock(&m->lock);
	hold_release(m->hold);
	m->hold = NULL;
}

void exec_machine_abort(struct exec_machine *m)
{
	drop_command(m);
	close_machine(m);
}

int exec_machine_run(struct exec_machine *m)
{
	struct backend_server *s;
	struct error err;
	pthread_t t;
	int st = 0, r;

	if ((r = backend_server_open(m->b, &m->lock, m->addr, &s, &err))) {
		exec_machine_abort(m);
		return cli_error("exec: %s", err.msg);
	}
	command_pid = m->command;
	handle_signals();
	if ((r = start_server(s, &t))) {
		cli_errno(-r, "exec: cannot start the machine's server");
		drop_command(m);
	} else {
		/* the server is up: the command may exec */
		if (write(m->go, "", 1) != 1)
			kill(m->command, SIGKILL);
		close(m->go);
		while (waitpid(m->command, &st, 0) < 0 && errno == EINTR)
			;
		backend_server_stop(s);
		pthread_join(t, NULL);
		say_lag(s);
	}
	backend_server_close(s);
	close_machine(m);
	if (r)
		return 1;
	if (WIFSIGNALED(st))
		die_of(WTERMSIG(st));
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}
