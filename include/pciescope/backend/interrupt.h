/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The one "stop requested?" flag of a command: SIGINT and SIGTERM (Ctrl-C,
 * a service manager's stop) ask a long run to end at its next slice rather
 * than kill the process, so what was counted or recorded is printed or
 * finished.  A command that ends on a key as well ('q' in top) asks through
 * interrupt_request, so every loop below it looks at one flag.  It lives in
 * backend/ because the pacing step there asks it between slices, and every
 * layer that runs a backend may include it; it never prints.
 */
#ifndef PCIESCOPE_BACKEND_INTERRUPT_H
#define PCIESCOPE_BACKEND_INTERRUPT_H

#include <stdbool.h>
#include <stdint.h>

/*
 * From now on SIGINT and SIGTERM set the flag instead of ending the
 * process.  Without SA_RESTART, so a wait for a measured command returns to
 * look at it.  Installs the handlers once however often it is called.
 */
void interrupt_catch(void);
/* Whether a signal or interrupt_request asked to stop. */
bool interrupt_requested(void);
/* Asks to stop as a signal would, though interrupt_signal stays 0; async-signal-safe. */
void interrupt_request(void);
/*
 * Sleeps up to ns, and less once a stop is requested: a signal on any
 * thread, or interrupt_request; returns at once if one was already.
 */
void interrupt_sleep_ns(uint64_t ns);
/* SIGINT or SIGTERM, whichever came first, or 0 (to die of it once finished, as perf does). */
int interrupt_signal(void);

#endif
