/* SPDX-License-Identifier: GPL-2.0-only */
/* The parent of `pciescope exec`: the command's one machine, served (exec_serve.c). */
#ifndef PCIESCOPE_CLI_EXEC_SERVE_H
#define PCIESCOPE_CLI_EXEC_SERVE_H

#include <pthread.h>

#include <pciescope/backend/backend.h>

struct hold;

struct exec_machine {
	struct backend *b;
	struct hold *hold;    /* the machine, against platform changes (tool/hold.h) */
	pthread_mutex_t lock; /* guards b: the server's thread and the /sys view share it */
	char addr[64];	      /* the server's socket, "@pciescope-exec-..." */
};

/* Picks the socket's address; 0, or 1 after printing why. */
int exec_machine_init(struct exec_machine *m, struct backend *b);
/*
 * Forks argv (the environment set already: PCIESCOPE_EXEC_SOCKET names
 * m->addr), serves m->b to its processes until it ends, then closes the
 * machine.  Returns argv's exit status, as a shell would see it; a command
 * killed by a signal kills us by the same signal.
 */
int exec_machine_run(struct exec_machine *m, char *const argv[]);

#endif
