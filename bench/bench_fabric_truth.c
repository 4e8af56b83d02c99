// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a user of the fabric can see of one run, in a form two engines can
 * be compared on (bench/fabric_compare.sh): per Root Port, TLPs and payload
 * bytes by direction and class, the request-to-last-completion latency
 * percentiles of the reads it carried, and a hash of the whole ground-truth
 * log (equal hashes: the very same TLPs, in the same order, at the same
 * times).  Only the public API, so that it builds against older trees.
 *
 * usage: bench_fabric_truth WORKLOAD SIM_MS [PARAMS [SEED]]   (PARAMS "-": none; SEED 1)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/pcie/bdf.h>

#include "platform/pfile.h"

#define MAX_RP 64
#define FNV_PRIME 0x100000001b3ull

struct lat {
	uint64_t *v;
	size_t n, cap;
};

struct truth {
	uint64_t hash;
	int rp[MAX_RP]; /* node index of each Root Port seen, in order of first crossing */
	int nrp;
	uint64_t tlps[MAX_RP][2][3], bytes[MAX_RP][2][3];
	struct lat lat[MAX_RP];
};

static void mix(uint64_t *h, uint64_t v)
{
	for (int i = 0; i < 8; i++, v >>= 8)
		*h = (*h ^ (v & 0xff)) * FNV_PRIME;
}

static int rp_slot(struct truth *t, int port)
{
	for (int i = 0; i < t->nrp; i++)
		if (t->rp[i] == port)
			return i;
	if (t->nrp == MAX_RP)
		abort();
	t->rp[t->nrp] = port;
	return t->nrp++;
}

static void lat_add(struct lat *l, uint64_t ns)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 1024;
		l->v = realloc(l->v, l->cap * sizeof(*l->v));
		if (!l->v)
			abort();
	}
	l->v[l->n++] = ns;
}

/* A completion whose byte count is its own payload is the last of its request. */
static bool last_completion(const struct fabric_tlp *x)
{
	uint32_t bc = x->hdr[1] & 0xfff;

	return x->cls == 2 && x->payload_bytes && bc <= x->payload_bytes;
}

static void seen(void *ctx, const struct fabric_tlp *x)
{
	struct truth *t = ctx;
	int i = rp_slot(t, x->port);

	mix(&t->hash, x->time_ns);
	mix(&t->hash, x->seq);
	for (int d = 0; d < 4; d++)
		mix(&t->hash, x->hdr[d]);
	mix(&t->hash, (uint64_t)x->prefix << 32 | (uint32_t)x->port);
	mix(&t->hash, (uint64_t)x->dir << 16 | (uint64_t)x->cls << 8 | x->cpl_set);
	mix(&t->hash, x->payload_bytes);
	mix(&t->hash, x->req_time_ns);
	t->tlps[i][x->dir][x->cls]++;
	t->bytes[i][x->dir][x->cls] += x->payload_bytes;
	if (last_completion(x))
		lat_add(&t->lat[i], x->time_ns - x->req_time_ns);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static uint64_t pct(const struct lat *l, unsigned p)
{
	return l->n ? l->v[(l->n - 1) * p / 100] : 0;
}

static void print(const struct fabric *f, struct truth *t)
{
	static const char *dir[2] = {"in", "out"}, *cls[3] = {"P", "NP", "CPL"};

	printf("hash %016llx\n", (unsigned long long)t->hash);
	for (int i = 0; i < t->nrp; i++) {
		const struct fabric_node_desc *d = fabric_node(f, t->rp[i]);
		char name[16];

		pci_bdf_format((struct pci_bdf){.domain = d->domain, .rid = d->rid}, name,
			       sizeof(name));
		for (int di = 0; di < 2; di++)
			for (int c = 0; c < 3; c++)
				printf("bw %s %s %s tlps %llu bytes %llu\n", name, dir[di], cls[c],
				       (unsigned long long)t->tlps[i][di][c],
				       (unsigned long long)t->bytes[i][di][c]);
		qsort(t->lat[i].v, t->lat[i].n, sizeof(uint64_t), cmp_u64);
		printf("lat %s p50 %llu p90 %llu p99 %llu\n", name,
		       (unsigned long long)pct(&t->lat[i], 50), (unsigned long long)pct(&t->lat[i], 90),
		       (unsigned long long)pct(&t->lat[i], 99));
		free(t->lat[i].v);
	}
}

int main(int argc, char **argv)
{
	struct truth *t = calloc(1, sizeof(*t));
	struct fabric *f = fabric_create(argc > 4 ? strtoull(argv[4], NULL, 0) : 1);
	struct pfile pf;
	struct error err;

	if (argc < 3 || !t || !f) {
		fprintf(stderr, "usage: bench_fabric_truth WORKLOAD SIM_MS [PARAMS [SEED]]\n");
		return 2;
	}
	t->hash = 0xcbf29ce484222325ull;
	if (pfile_load("kunpeng930", &pf, &err) ||
	    pfile_build_fabric(&pf, f, &err) ||
	    fabric_set_workload(f, argv[1], argc > 3 && strcmp(argv[3], "-") ? argv[3] : NULL, &err)) {
		fprintf(stderr, "bench_fabric_truth: %s\n", err.msg);
		return 1;
	}
	fabric_set_log(f, seen, t);
	fabric_run_until(f, strtoull(argv[2], NULL, 0) * 1000000);
	print(f, t);
	fabric_destroy(f);
	pfile_free(&pf);
	free(t);
	return 0;
}
