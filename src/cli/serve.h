/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `pciescope serve`: the sampler (serve_metrics.c) counts PCIe PMU pairs per
 * Root Port through the stat code and renders one Prometheus text page per
 * interval; builtin-serve.c serves the latest page over HTTP.
 */
#ifndef PCIESCOPE_CLI_SERVE_H
#define PCIESCOPE_CLI_SERVE_H

#include <stddef.h>

#include "stat.h"

/* One Root Port's pair of one TLP kind: counters main and main's partner. */
struct serve_series {
	unsigned sicl, core, port; /* port: the PMU's port bitmap bit */
	char bdf[16];              /* the Root Port */
	char tlp[8];               /* "rx_mrd", ... */
	size_t main;               /* index into stat counters */
};

struct serve {
	struct stat_config s;
	struct serve_series *ser;
	size_t nser;
	struct backend_count *last; /* previous sample, for the interval's gauges */
};

/* Opens a pair per Root Port and TLP kind on every PCIe PMU; 0 or exit code. */
int serve_setup(struct serve *sv, struct backend *b);
/* Reads the counters and renders the page into a malloc'ed text; 0 or -errno. */
int serve_sample(struct serve *sv, char **page, size_t *len);
void serve_teardown(struct serve *sv);

#endif
