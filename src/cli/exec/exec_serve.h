/* SPDX-License-Identifier: GPL-2.0-only */
/* The parent of `pciescope exec`: the command's one machine, served (exec_serve.c). */
#ifndef PCIESCOPE_CLI_EXEC_SERVE_H
#define PCIESCOPE_CLI_EXEC_SERVE_H

#include <pthread.h>
#include <sys/types.h>

#include <pciescope/backend/backend.h>

struct hold;

struct exec_machine {
	struct backend *b;
	struct hold *hold;    /* the machine, against platform changes (tool/hold.h) */
	pthread_mutex_t lock; /* guards b: the server's thread and the /sys view share it */
	char addr[64];	      /* the server's socket, "@pciescope-exec-..." */
	pid_t command;	      /* forked, waiting to exec */
	int go;		      /* a byte on it lets the command exec; closing it ends it */
};

/* Picks the socket's address; 0, or 1 after printing why. */
int exec_machine_init(struct exec_machine *m, struct backend *b);
/*
 * Forks argv (the environment set already: PCIESCOPE_EXEC_SOCKET names
 * m->addr), before this process has another thread; the child waits to
 * exec until exec_machine_run lets it.  0, or 1 after the error line.
 */
int exec_machine_fork(struct exec_machine *m, char *const argv[]);
/*
 * Serves m->b to the command's processes, lets the command exec, and when
 * it ends closes the machine.  Returns argv's exit status, as a shell would
 * see it; a command killed by a signal kills us by the same signal.
 */
int exec_machine_run(struct exec_machine *m);
/* After a failure between the fork and the run: the command ends unrun, the machine closes. */
void exec_machine_abort(struct exec_machine *m);

#endif
