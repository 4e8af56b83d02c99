/* SPDX-License-Identifier: GPL-2.0-only */
/* What the two backends share: opening, error text and running the measured command. */
#ifndef PCIESCOPE_BACKEND_INTERNAL_H
#define PCIESCOPE_BACKEND_INTERNAL_H

#include <pciescope/backend/backend.h>

int emulated_backend_open(const struct backend_options *o, struct backend **out, struct error *e);
/* Whether this machine has a device of the kinds pciescope models (host_detect.c). */
bool host_has_device(void);
int remote_backend_open(const struct backend_options *o, struct backend **out, struct error *e);
int host_backend_open(const struct backend_options *o, struct backend **out, struct error *e);

void backend_set_error(struct backend *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * argv as `sleep DURATION` (GNU sleep's s/m/h/d suffixes, fractions
 * allowed): 1 with *ns set, 0 if argv is another command, -EINVAL if the
 * duration is not one.
 */
int backend_parse_sleep(char *const argv[], uint64_t *ns);

/*
 * fork/exec argv and wait for it, calling poll(ctx) every poll_ms while it
 * runs.  *exit_status is the exit code, or 128 + signal.  An exec failure
 * is -errno with the reason in b->err.  A poll that returns non-zero stops
 * the command with SIGTERM; that value is returned once it has gone.
 */
int backend_run_real(struct backend *b, char *const argv[], int (*poll)(void *ctx), void *ctx,
		     unsigned poll_ms, uint64_t *elapsed_ns, int *exit_status);

/* Sorted, malloc'ed copies of names, for sysfs_list. */
int backend_sort_names(char **names, size_t count);

#endif
