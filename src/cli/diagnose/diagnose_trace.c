// SPDX-License-Identifier: GPL-2.0-only
/* A PTT perf.data into diagnosis (diag/trace.h's diag_trace_read), its error worded. */
#include "cli.h"
#include "diagnose.h"

int diagnose_read_trace(const char *path, double tick_ns, const uint16_t *host, size_t nhost,
			const struct diag_trace_link *links, size_t nlinks, struct diag_trace **out)
{
	const struct diag_trace_opts o = {
	    .tick_ns = tick_ns, .host = host, .nhost = nhost, .links = links, .nlinks = nlinks};
	struct error e;

	return diag_trace_read(path, &o, out, &e) ? cli_fail(&e) : 0;
}
