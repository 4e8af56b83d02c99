/* SPDX-License-Identifier: GPL-2.0-only */
/* Event text (perf syntax) turned into the diag library's counted events, resolved through a
 * backend. */
#ifndef PCIESCOPE_TOOL_DIAG_EVENTS_H
#define PCIESCOPE_TOOL_DIAG_EVENTS_H

#include <pciescope/diag/counters.h>

/* 0, or 1 after printing "pciescope: <cmd>: <why>"; free *ev with free(). */
int diag_events_parse(struct backend *b, const char *cmd, const char *text, struct diag_event **ev,
		      size_t *n);

#endif
