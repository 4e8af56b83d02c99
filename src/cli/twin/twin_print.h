/* SPDX-License-Identifier: GPL-2.0-only */
/* `pciescope twin`'s printing (twin_print.c). */
#ifndef PCIESCOPE_CLI_TWIN_PRINT_H
#define PCIESCOPE_CLI_TWIN_PRINT_H

#include <stdbool.h>
#include <stdint.h>

#include <pciescope/tool/twin.h>

#define TWIN_MAX_EVENTS 16

/* What `pciescope twin` was asked. */
struct twin_args {
	const char *platform, *model, *out, *tick, *ptt;
	bool json, force;
	uint64_t seed;
	const char *events[TWIN_MAX_EVENTS];
	int nevents;
	struct twin_change change;
	bool trying;
	struct twin *other; /* a model tried in place of the twin's */
};

/* The twin as tables, then its notes, on standard output. */
void twin_print(const struct twin *t);
/* --try: the twin run as it is and with the change, argv the command; the exit status. */
int twin_tried(const struct twin_args *a, const struct twin *t, char **argv);

#endif
