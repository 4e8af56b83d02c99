// SPDX-License-Identifier: GPL-2.0-only
/*
 * fabric_truth WORKLOAD FROM_NS TO_NS: the fabric's own account of what
 * crossed every Root Port of the default platform (seed 0, as the CLI
 * boots it) between two points of simulated time, for the cross-check
 * tests to hold the tools' figures against.  One line per Root Port:
 *
 *   bdf rx_mbps tx_mbps reads read_latency_ns
 *
 * rx/tx: towards the host / towards the device, every TLP's header and
 * payload (a read request has no payload), as pcie/traffic.h counts;
 * reads: the reads the host answered (a device's DMA reads) completed in
 * the span and their average latency (0 when none).  WORKLOAD "default":
 * the platform's own; NAME:k=v,... with parameters, as --workload takes it.  The fabric runs the
 * same whether or not a tool observes it, so a tool's run of the same span sees these TLPs.
 *
 * Every TLP is simulated, whatever PCIESCOPE_RATE_MODEL says: this is the
 * ground truth.  A traced core runs TLP by TLP in the tool's run too, so
 * a trace's figures are these exactly; a count the rate model scaled is
 * held to them within its accuracy (docs/fabric.md, *The rate model*).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/fabric/fabric.h>
#include <pciescope/platform/platform.h>

static double wire(const struct fabric_port_stats *a, const struct fabric_port_stats *b, int dir)
{
	double bytes = 0;

	for (int c = 0; c < 3; c++)
		bytes += (double)(b->bytes[dir][c] - a->bytes[dir][c]) +
			 (double)(b->hdr_bytes[dir][c] - a->hdr_bytes[dir][c]);
	return bytes;
}

static void snapshot(struct fabric *f, struct fabric_port_stats *s, int n)
{
	for (int i = 0; i < n; i++)
		fabric_port_stats(f, i, &s[i]);
}

int main(int argc, char **argv)
{
	struct platform_options o = {.ephemeral = true};
	struct fabric_port_stats *a, *b;
	struct platform *p;
	struct fabric *f;
	uint64_t from, to;
	struct error err;
	char *colon;
	int n;

	if (argc != 4) {
		fprintf(stderr, "usage: fabric_truth WORKLOAD FROM_NS TO_NS\n");
		return 2;
	}
	o.workload = strcmp(argv[1], "default") ? argv[1] : NULL;
	if (o.workload && (colon = strchr(argv[1], ':'))) {
		*colon = 0;
		o.workload_params = colon + 1;
	}
	from = strtoull(argv[2], NULL, 0);
	to = strtoull(argv[3], NULL, 0);
	if (to < from || platform_boot(&o, &p, &err)) {
		fprintf(stderr, "fabric_truth: %s\n", to < from ? "TO before FROM" : err.msg);
		return 1;
	}
	f = platform_fabric(p);
	fabric_set_rate_model(f, 0);
	n = fabric_node_count(f);
	a = calloc((size_t)n, sizeof(*a));
	b = calloc((size_t)n, sizeof(*b));
	if (!a || !b)
		return 1;
	platform_run_for(p, from - fabric_now(f), NULL, NULL);
	snapshot(f, a, n);
	platform_run_for(p, to - fabric_now(f), NULL, NULL);
	snapshot(f, b, n);
	for (int i = 0; i < n; i++) {
		const struct fabric_node_desc *d = fabric_node(f, i);
		double span_us = (double)(to - from) / 1e3;
		uint64_t reads = b[i].rd_count - a[i].rd_count;

		if (d->kind != FABRIC_ROOT_PORT || !span_us)
			continue;
		printf("%04x:%02x:%02x.%x %.3f %.3f %llu %.1f\n", d->domain, d->rid >> 8,
		       (d->rid >> 3) & 0x1f, d->rid & 7,
		       wire(&a[i], &b[i], FABRIC_INBOUND) / span_us,
		       wire(&a[i], &b[i], FABRIC_OUTBOUND) / span_us, (unsigned long long)reads,
		       reads ? (double)(b[i].rd_latency_sum_ns - a[i].rd_latency_sum_ns) /
				   (double)reads
			     : 0.0);
	}
	free(a);
	free(b);
	platform_shutdown(p);
	return 0;
}
