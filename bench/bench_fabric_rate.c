// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the counters see of one run, with the rate model at a given budget
 * or off (0), in the form bench/fabric_compare.sh compares: per Root Port
 * and per endpoint (a requester's share of its port), TLPs and payload
 * bytes by direction and class, and the mean latency of the reads it
 * carried (the figure the PCIe PMU gives), all from
 * fabric_port_stats, so that no observer makes the fabric run TLP by TLP.
 *
 * usage: bench_fabric_rate WORKLOAD SIM_MS PARAMS BUDGET [SEED]   (PARAMS "-": none)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/pcie/bdf.h>

#include "platform/pfile.h"

static void print_port(struct fabric *f, int node)
{
	static const char *dir[2] = {"in", "out"}, *cls[3] = {"P", "NP", "CPL"};
	const struct fabric_node_desc *d = fabric_node(f, node);
	struct fabric_port_stats s;
	char name[16];

	fabric_port_stats(f, node, &s);
	pci_bdf_format((struct pci_bdf){.domain = d->domain, .rid = d->rid}, name, sizeof(name));
	for (int di = 0; di < 2; di++)
		for (int c = 0; c < 3; c++)
			printf("bw %s %s %s tlps %llu bytes %llu\n", name, dir[di], cls[c],
			       (unsigned long long)s.tlps[di][c],
			       (unsigned long long)s.bytes[di][c]);
	printf("lat %s mean %llu\n", name,
	       (unsigned long long)(s.rd_count ? s.rd_latency_sum_ns / s.rd_count : 0));
}

int main(int argc, char **argv)
{
	struct fabric *f;
	struct pfile pf;
	struct error err;

	if (argc < 5) {
		fprintf(stderr, "usage: bench_fabric_rate WORKLOAD SIM_MS PARAMS BUDGET [SEED]\n");
		return 2;
	}
	f = fabric_create(argc > 5 ? strtoull(argv[5], NULL, 0) : 1);
	if (!f || pfile_load("kunpeng930", &pf, &err) ||
	    pfile_build_fabric(&pf, f, &err)) {
		fprintf(stderr, "bench_fabric_rate: %s\n", f ? err.msg : "no memory");
		return 1;
	}
	fabric_set_rate_model(f, strtoull(argv[4], NULL, 0));
	if (fabric_set_workload(f, argv[1], strcmp(argv[3], "-") ? argv[3] : NULL, &err)) {
		fprintf(stderr, "bench_fabric_rate: %s\n", err.msg);
		return 1;
	}
	fabric_run_until(f, strtoull(argv[2], NULL, 0) * 1000000);
	for (int i = 0; i < fabric_node_count(f); i++)
		if (fabric_node(f, i)->kind == FABRIC_ROOT_PORT ||
		    fabric_node(f, i)->kind == FABRIC_ENDPOINT)
			print_port(f, i);
	fabric_destroy(f);
	pfile_free(&pf);
	return 0;
}
