/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Trace parameter rules for hisi_ptt events, checked by `pciescope record`
 * before the event reaches the driver: the kernel's own checks (so the user
 * reads which rule, not a bare EINVAL) and the rules the PTT document states
 * but the kernel leaves unchecked.  --force skips all of them.
 */
#ifndef PCIESCOPE_TOOL_PTT_RULES_H
#define PCIESCOPE_TOOL_PTT_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include <pciescope/base/error.h>
#include <pciescope/backend/backend.h>
#include <pciescope/perf/event_parse.h>

bool ptt_is_pmu(const char *pmu);
/* 0 when every rule holds, else -EINVAL with the rule broken in e. */
int ptt_rules_check(struct backend *b, const struct perf_event_spec *ev, struct error *e);

#endif
