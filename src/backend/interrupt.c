// SPDX-License-Identifier: GPL-2.0-only
/*
 * The stop flag (backend/interrupt.h).  A signal may land on any thread
 * (serve's HTTP thread, a FUSE worker) while the main thread reads the
 * flag, so it is a lock-free atomic, which a handler may write and another
 * thread may read without a data race; a volatile sig_atomic_t is safe only
 * within one thread.  The first signal is the one kept: a second Ctrl-C
 * while the first is being handled changes nothing that was reported.
 */
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>

#include <pciescope/backend/interrupt.h>

_Static_assert(ATOMIC_INT_LOCK_FREE == 2 && ATOMIC_BOOL_LOCK_FREE == 2,
	       "a signal handler may only touch lock-free atomics");

static atomic_int caught;     /* the first signal, or 0 */
static atomic_bool requested; /* by a signal or interrupt_request */
static atomic_flag installed = ATOMIC_FLAG_INIT;

static void on_signal(int sig)
{
	int none = 0;

	atomic_compare_exchange_strong(&caught, &none, sig);
	atomic_store(&requested, true);
}

void interrupt_catch(void)
{
	struct sigaction sa = {.sa_handler = on_signal};

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
	atomic_store(&requested, true);
}

int interrupt_signal(void)
{
	return atomic_load(&caught);
}
