// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope demo: one screen for a newcomer, on the emulated platform with
 * ephemeral state (the demo changes nothing a later command sees).  It shows
 * the PTT devices with the Root Ports they trace, tunes one parameter,
 * records 1 ms of the default workload through the same code as `pciescope
 * record`, reads the perf.data back and summarises the TLP headers in it;
 * then demo_tour.c counts PCIe PMU and IOMMU events and places SR-IOV VFs.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pciescope/pcie/tlp.h>
#include <pciescope/perf/perf_data.h>
#include <pciescope/trace/ptt_entry.h>

#include "aux_record.h"
#include "backend_opts.h"
#include "cli.h"
#include "demo.h"

#define DEMO_SLEEP "0.001"

struct demo_counts {
	uint64_t kind[TLP_KIND_COUNT];
	uint64_t entries;
	char first[3][160];
};

static int demo_platform(struct backend *b, char *ptt, size_t n, char *port_filter, size_t pn)
{
	char **pmus, **ports, path[512], val[32];
	size_t npmu, nport, nptt = 0;

	if (cli_sysfs_list(b, PMU_SYSFS, &pmus, &npmu))
		return cli_error("demo: no PMUs on this platform");
	printf("1. The platform: %zu PMUs; the PCIe Tune and Trace devices (one per PCIe core):\n",
	       npmu);
	for (size_t i = 0; i < npmu; i++) {
		if (strncmp(pmus[i], "hisi_ptt", 8))
			continue;
		snprintf(path, sizeof(path), "%s/%s/root_port_filters", PMU_SYSFS, pmus[i]);
		if (cli_sysfs_list(b, path, &ports, &nport))
			continue;
		printf("   %-14s traces Root Ports", pmus[i]);
		for (size_t j = 0; j < nport; j++)
			if (strcmp(ports[j], "multiselect"))
				printf(" %s", ports[j]);
		printf("\n");
		if (!nptt++ || !strcmp(pmus[i], "hisi_ptt0_2")) {
			snprintf(ptt, n, "%s", pmus[i]);
			snprintf(path, sizeof(path), "%s/%s/root_port_filters/%s", PMU_SYSFS,
				 pmus[i], nport > 1 ? ports[0] : "");
			if (cli_sysfs_read(b, path, val, sizeof(val)) > 0)
				snprintf(port_filter, pn, "%s", val);
		}
		cli_names_free(ports, nport);
	}
	cli_names_free(pmus, npmu);
	return nptt ? 0 : cli_error("demo: this platform has no PTT device");
}

static int demo_tune(struct backend *b, const char *ptt)
{
	char path[384], before[32], after[32];

	snprintf(path, sizeof(path), "%s/%s/tune/qos_tx_cpl", PMU_SYSFS, ptt);
	if (cli_sysfs_read(b, path, before, sizeof(before)) < 0 ||
	    b->ops->sysfs_write(b, path, "2", 1) < 0 ||
	    cli_sysfs_read(b, path, after, sizeof(after)) < 0)
		return cli_error("demo: cannot tune %s", ptt);
	printf("\n2. Tune: $ pciescope tune %s qos_tx_cpl=2\n"
	       "   weight of Tx completions on the core's links: %s -> %s "
	       "(storage reads get more of the link)\n",
	       ptt, before, after);
	return 0;
}

static void demo_count_chunk(struct demo_counts *c, const uint8_t *p, size_t len)
{
	enum ptt_format f = ptt_detect_format(p, len);
	size_t es = ptt_entry_size(f);

	for (size_t off = 0; off + es <= len; off += es) {
		struct ptt_entry e;
		struct tlp_hdr h;
		uint32_t dw[4];

		ptt_entry_decode(p + off, f, &e);
		memcpy(dw, e.hdr, sizeof(dw));
		if (tlp_decode(dw, 4, &h) < 0)
			continue;
		if (c->entries < 3)
			tlp_format(&h, c->first[c->entries], sizeof(c->first[0]));
		c->kind[h.kind]++;
		c->entries++;
	}
}

static int demo_count(const char *file, struct demo_counts *c)
{
	struct perf_reader *r;
	struct perf_rec rec;
	char err[256] = "";
	int ret = perf_reader_open(file, &r, err, sizeof(err));

	if (ret)
		return cli_error("demo: reading %s: %s", file, err);
	while ((ret = perf_reader_next(r, &rec)) > 0)
		if (rec.type == PERF_REC_AUXTRACE)
			demo_count_chunk(c, rec.auxtrace.data, rec.auxtrace.size);
	if (ret < 0)
		snprintf(err, sizeof(err), "%s", perf_reader_errmsg(r));
	perf_reader_close(r);
	return ret < 0 ? cli_error("demo: reading %s: %s", file, err) : 0;
}

static int demo_record(struct backend *b, const char *ptt, const char *filter, const char *file,
		       struct aux_record_result *res)
{
	static char *const cmd[] = {"sleep", DEMO_SLEEP, NULL};
	char event[160];
	struct aux_record_opts o = {.aux_bytes = AUX_RECORD_DEFAULT_BYTES,
				    .output = file,
				    .drain_every = 1,
				    .argv = cmd,
				    .quiet = true};

	snprintf(event, sizeof(event), "%s/filter=%s,type=7,direction=2,format=1/", ptt, filter);
	o.event = event;
	printf("\n3. Trace: $ pciescope record -e %s -- sleep %s\n"
	       "   inbound posted, non-posted and completion (B) TLP headers, 8DW entries,\n"
	       "   below the Root Port with filter %s, for %s ms of simulated time\n",
	       event, DEMO_SLEEP, filter, "1");
	return aux_record(b, &o, res);
}

static void demo_summary(const struct demo_counts *c,
			 const struct aux_record_result *res)
{
	printf("   %llu TLP headers, %llu KiB of trace in %llu AUX records%s\n",
	       (unsigned long long)c->entries, (unsigned long long)(res->aux_bytes >> 10),
	       (unsigned long long)res->aux_records,
	       res->truncated ? " (truncated: the AUX area filled)" : ", nothing lost");
	printf("\n4. What was on the link:\n");
	for (int k = 0; k < TLP_KIND_COUNT; k++)
		if (c->kind[k])
			printf("   %-8s %8llu  %5.1f%%\n", tlp_kind_name(k),
			       (unsigned long long)c->kind[k],
			       100.0 * (double)c->kind[k] / (double)c->entries);
	for (uint64_t i = 0; i < c->entries && i < 3; i++)
		printf("   %s %s\n", i ? "        " : "first:  ", c->first[i]);
}

int cmd_demo(int argc, char **argv)
{
	static const char *const known[] = {"--help", BACKEND_OPTS_NAMES, NULL};
	struct backend_opts bo = {.o.ephemeral = true};
	char ptt[64] = "", filter[32] = "0x80001", dir[256], file[300];
	const char *tmp = getenv("TMPDIR");
	struct aux_record_result res;
	struct demo_counts *c;
	struct backend *b;
	int ret;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			printf("usage: pciescope demo [--platform NAME] [--backend B] [--workload W] "
			       "[--seed N]\n  A one-screen tour: tune, trace, summary (nothing "
			       "is saved).\n");
			return 0;
		}
		ret = backend_opts_parse(&bo, argc, argv, &i);
		if (ret <= 0)
			return ret < 0 ? 1 : cli_unknown_option(argv[i], known);
	}
	bo.o.ephemeral = true;
	b = backend_opts_open(&bo, "demo");
	if (!b)
		return 1;
	printf("pciescope demo: the %s backend, platform %s (nothing here is saved)\n\n",
	       b->ops->name, bo.o.platform ? bo.o.platform : "kunpeng930");
	snprintf(dir, sizeof(dir), "%s/pciescope-demo-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	c = calloc(1, sizeof(*c));
	ret = !c || !mkdtemp(dir) ? cli_errno(-errno, "demo: temporary directory") : 0;
	snprintf(file, sizeof(file), "%s/perf.data", dir);
	if (!ret)
		ret = demo_platform(b, ptt, sizeof(ptt), filter, sizeof(filter));
	if (!ret)
		ret = demo_tune(b, ptt);
	if (!ret)
		ret = demo_record(b, ptt, filter, file, &res);
	if (!ret)
		ret = demo_count(file, c);
	if (!ret)
		demo_summary(c, &res);
	/* The tour names kunpeng930's PMUs: only on the default platform. */
	if (!ret && !bo.o.platform && (!bo.o.kind || !strcmp(bo.o.kind, "emulated")))
		ret = demo_tour(5, dir);
	if (!ret)
		printf("\nNext: pciescope list | tune %s | record -e ... | report --stats | "
		       "stat -e ... | ioda show  (README.md)\n", ptt);
	if (c && !strstr(dir, "XXXXXX")) {
		demo_remove_dir(dir);
	}
	free(c);
	backend_close(b);
	return ret;
}
