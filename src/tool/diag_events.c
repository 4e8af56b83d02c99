// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf's event syntax (perf/event_parse.h) over the backend's PMU files,
 * reduced to what counting needs: the attribute, the PMU and the group.
 */
#include <stdio.h>
#include <stdlib.h>

#include <pciescope/perf/event_parse.h>
#include <pciescope/tool/diag_events.h>
#include <pciescope/tool/pmu_source.h>

#include "cli.h"

int diag_events_parse(struct backend *b, const char *cmd, const char *text, struct diag_event **ev,
		      size_t *n)
{
	struct perf_event_list l = {0};
	struct perf_pmu_source src;
	char err[1024];

	pmu_source_backend(b, &src);
	if (perf_events_parse(&l, text, &src, err, sizeof(err)))
		return cli_error("%s: %s", cmd, err);
	*ev = calloc(l.n ? l.n : 1, sizeof(**ev));
	if (!*ev) {
		perf_events_free(&l);
		return cli_error("%s: out of memory", cmd);
	}
	for (size_t i = 0; i < l.n; i++) {
		(*ev)[i].attr = l.ev[i].attr;
		(*ev)[i].leader = l.ev[i].leader;
		snprintf((*ev)[i].pmu, sizeof((*ev)[i].pmu), "%s", l.ev[i].pmu ? l.ev[i].pmu : "");
	}
	*n = l.n;
	perf_events_free(&l);
	return 0;
}
