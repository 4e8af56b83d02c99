// SPDX-License-Identifier: GPL-2.0-only
/*
 * The stop flag (backend/interrupt.h).  A signal may land on any thread
 * (serve's HTTP thread, a FUSE worker) while the main thread reads the
 * flag, so it is a lock-free atomic, which a handler may write and another
 * thread may read without a data race; a volatile sig_atomic_t is safe only
 * within one thread.  The first signal is the one kept: a second Ctrl-C
 * while the first is being handled changes nothing that was reported.
 *
 * A sleep must end on the request too, whichever thread the signal landed
 * on (a nanosleep is cut short only in the thread that took it): a
 * request writes a byte to a pipe that interrupt_sleep_ns polls, which a
 * handler may do (write is async-signal-safe).  The byte stays, so every
 * later sleep ends at once as well.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <time.h>
#include <unistd.h>

#include <pciescope/backend/interrupt.h>

_Static_assert(ATOMIC_INT_LOCK_FREE == 2 && ATOMIC_BOOL_LOCK_FREE == 2,
	       "a signal handler may only touch lock-free atomics");

static atomic_int caught;     /* the first signal, or 0 */
static atomic_bool requested; /* by a signal or interrupt_request */
static atomic_flag installed = ATOMIC_FLAG_INIT;
/* the wake pipe: made once, before a handler or another thread may use it */
static atomic_int wake_rd = -1, wake_wr = -1;
static pthread_once_t wake_once = PTHREAD_ONCE_INIT;

static void make_wake(void)
{
	int p[2];

	if (pipe2(p, O_CLOEXEC | O_NONBLOCK))
		return; /* sleeps then end on a signal of their own thread only */
	atomic_store(&wake_rd, p[0]);
	atomic_store(&wake_wr, p[1]);
}

static void wake(void)
{
	int fd = atomic_load(&wake_wr);

	if (fd >= 0 && write(fd, "", 1) < 0)
		return; /* full: a byte is there already */
}

static void on_signal(int sig)
{
	int none = 0, saved = errno;

	atomic_compare_exchange_strong(&caught, &none, sig);
	atomic_store(&requested, true);
	wake();
	errno = saved;
}

void interrupt_catch(void)
{
	struct sigaction sa = {.sa_handler = on_signal};

	pthread_once(&wake_once, make_wake);
	if (atomic_flag_test_and_set(&installed))
		return;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

bool interrupt_requested(void)
{
	return atomic_load(&requested);
}

void interrupt_request(void)
{
	int saved = errno;

	atomic_store(&requested, true);
	wake();
	errno = saved;
}

void interrupt_sleep_ns(uint64_t ns)
{
	struct timespec ts = {(time_t)(ns / 1000000000u), (long)(ns % 1000000000u)};
	struct pollfd p = {.fd = -1, .events = POLLIN};

	pthread_once(&wake_once, make_wake);
	p.fd = atomic_load(&wake_rd);
	if (interrupt_requested())
		return;
	if (p.fd < 0)
		nanosleep(&ts, NULL);
	else
		ppoll(&p, 1, &ts, NULL);
}

int interrupt_signal(void)
{
	return atomic_load(&caught);
}
