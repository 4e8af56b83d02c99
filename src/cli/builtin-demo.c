// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope demo: one screen for a newcomer, a tour of what the platform
 * has, with ephemeral state (the demo changes nothing a later command
 * sees).  It shows the platform's functions and PMUs; where there is a PTT,
 * the PTT devices with the Root Ports they trace, tunes one parameter,
 * records 1 ms of the workload through the same code as `pciescope record`,
 * reads the perf.data back and summarises the TLP headers in it; then
 * demo_tour.c counts PCIe PMU and IOMMU events and places SR-IOV VFs where
 * the platform has those.  Every option (--platform, --workload, --seed,
 * --backend) applies to every section.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pciescope/pcie/tlp.h>
#include <pciescope/perf/perf_data.h>
#include <pciescope/perf/pmu_name.h>
#include <pciescope/tool/aux_record.h>
#include <pciescope/tool/ptt_tune.h>
#include <pciescope/trace/ptt_entry.h>

#include "backend_opts.h"
#include "cli.h"
#include "demo.h"
#include "record_summary.h"

#define DEMO_SLEEP "0.001"

struct demo_counts {
	uint64_t kind[TLP_KIND_COUNT];
	uint64_t entries;
	char first[3][160];
};

static size_t count_dir(struct backend *b, const char *dir)
{
	char **names;
	size_t n;

	if (backend_list_dir(b, dir, &names, &n))
		return 0;
	backend_names_free(names, n);
	return n;
}

/* The PTT devices with the Root Ports they trace; picks one (hisi_ptt0_2 if present). */
static int demo_ptts(struct backend *b, char *ptt, size_t n, char *port_filter, size_t pn)
{
	char **pmus, **ports, path[512], val[32];
	size_t npmu, nport, nptt = 0;

	if (backend_list_dir(b, PMU_SYSFS_DIR, &pmus, &npmu))
		return 0;
	for (size_t i = 0; i < npmu; i++) {
		if (pmu_name_parse(pmus[i], NULL) != PMU_HISI_PTT)
			continue;
		snprintf(path, sizeof(path), "%s/%s/root_port_filters", PMU_SYSFS_DIR, pmus[i]);
		if (backend_list_dir(b, path, &ports, &nport))
			continue;
		if (!nptt)
			printf("   the PCIe Tune and Trace devices (one per PCIe core):\n");
		printf("   %-14s traces Root Ports", pmus[i]);
		for (size_t j = 0; j < nport; j++)
			if (strcmp(ports[j], "multiselect"))
				printf(" %s", ports[j]);
		printf("\n");
		if (!nptt++ || !strcmp(pmus[i], "hisi_ptt0_2")) {
			snprintf(ptt, n, "%s", pmus[i]);
			snprintf(path, sizeof(path), "%s/%s/root_port_filters/%s", PMU_SYSFS_DIR,
				 pmus[i], nport > 1 ? ports[0] : "");
			if (backend_read_line(b, path, val, sizeof(val)) > 0)
				snprintf(port_filter, pn, "%s", val);
		}
		backend_names_free(ports, nport);
	}
	backend_names_free(pmus, npmu);
	return (int)nptt;
}

static void demo_platform(struct demo *d, char *ptt, size_t n, char *port_filter, size_t pn)
{
	size_t nfn = count_dir(d->b, "/sys/bus/pci/devices"), npmu = count_dir(d->b, PMU_SYSFS_DIR);

	printf("%d. The platform: %zu PCI function%s, %zu PMU%s\n", d->step++, nfn,
	       nfn == 1 ? "" : "s", npmu, npmu == 1 ? "" : "s");
	if (!demo_ptts(d->b, ptt, n, port_filter, pn))
		printf("   no PCIe Tune and Trace device: no tune or trace section\n");
}

/*
 * On the emulated machine the demo tunes and forgets (ephemeral state); on a
 * host a write would change the real link, which "nothing here is saved"
 * rules out, so there it only shows the level.
 */
static int demo_tune(struct demo *d, const char *ptt)
{
	struct backend *b = d->b;
	char path[384], before[32], after[32];

	ptt_tune_path(ptt, "qos_tx_cpl", path, sizeof(path));
	if (!strcmp(b->ops->name, "host")) {
		if (backend_read_line(b, path, before, sizeof(before)) < 0)
			return cli_error("demo: cannot read %s", path);
		printf("\n%d. Tune: $ pciescope tune %s qos_tx_cpl\n"
		       "   weight of Tx completions on the core's links: %s (a host: the demo "
		       "changes nothing; 'pciescope tune %s qos_tx_cpl=2' would)\n",
		       d->step++, ptt, before, ptt);
		return 0;
	}
	if (backend_read_line(b, path, before, sizeof(before)) < 0 ||
	    b->ops->sysfs_write(b, path, "2", 1) < 0 ||
	    backend_read_line(b, path, after, sizeof(after)) < 0)
		return cli_error("demo: cannot tune %s", ptt);
	printf("\n%d. Tune: $ pciescope tune %s qos_tx_cpl=2\n"
	       "   weight of Tx completions on the core's links: %s -> %s "
	       "(storage reads get more of the link)\n",
	       d->step++, ptt, before, after);
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
	struct error e;
	int ret = perf_reader_open(file, &r, &e);

	if (ret)
		return cli_error("demo: reading %s: %s", file, e.msg);
	while ((ret = perf_reader_next(r, &rec, &e)) > 0)
		if (rec.type == PERF_REC_AUXTRACE)
			demo_count_chunk(c, rec.auxtrace.data, rec.auxtrace.size);
	perf_reader_close(r);
	return ret < 0 ? cli_error("demo: reading %s: %s", file, e.msg) : 0;
}

static int demo_record(struct demo *d, const char *ptt, const char *filter, const char *file,
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
	o.events[0] = event;
	o.nr_events = 1;
	printf("\n%d. Trace: $ pciescope record -e %s -- sleep %s\n"
	       "   inbound posted, non-posted and completion (B) TLP headers, 8DW entries,\n"
	       "   below the Root Port with filter %s, for %s ms of simulated time\n",
	       d->step++, event, DEMO_SLEEP, filter, "1");
	if (aux_record(d->b, &o, res))
		return cli_fail(&res->err);
	record_summary(&o, res);
	return 0;
}

static void demo_summary(struct demo *d, const struct demo_counts *c,
			 const struct aux_record_result *res)
{
	printf("   %llu TLP headers, %llu KiB of trace in %llu AUX records%s\n",
	       (unsigned long long)c->entries, (unsigned long long)(res->aux_bytes >> 10),
	       (unsigned long long)res->aux_records,
	       res->stopped ? " (the trace stopped: the AUX area filled)" : ", nothing lost");
	printf("\n%d. What was on the link:\n", d->step++);
	for (int k = 0; k < TLP_KIND_COUNT; k++)
		if (c->kind[k])
			printf("   %-8s %8llu  %5.1f%%\n", tlp_kind_name(k),
			       (unsigned long long)c->kind[k],
			       100.0 * (double)c->kind[k] / (double)c->entries);
	for (uint64_t i = 0; i < c->entries && i < 3; i++)
		printf("   %s %s\n", i ? "        " : "first:  ", c->first[i]);
}

/* Tune, trace and summary on the platform's PTT. */
static int demo_ptt(struct demo *d, const char *ptt, const char *filter)
{
	struct aux_record_result res;
	struct demo_counts *c = calloc(1, sizeof(*c));
	char file[300];
	int ret;

	if (!c)
		return cli_errno(-ENOMEM, "demo");
	snprintf(file, sizeof(file), "%s/perf.data", d->state_dir);
	ret = demo_tune(d, ptt) ?: demo_record(d, ptt, filter, file, &res) ?: demo_count(file, c);
	if (!ret)
		demo_summary(d, c, &res);
	free(c);
	return ret;
}

static const char *const demo_synopsis[] = {
    "demo [--platform NAME] [--backend B] [--workload W] [--seed N]", NULL};

/* The backend options given, kept to be given again to every step of the tour. */
struct demo_args {
	struct backend_opts bo;
	char names[16][16];
	char *pass[16];
	int npass;
};

static int demo_opt(const struct cli_option *opt, const char *arg)
{
	struct demo_args *da = opt->value;
	char name[16];

	snprintf(name, sizeof(name), "--%s", opt->long_name);
	if (backend_opts_set(&da->bo, name, arg))
		return 1;
	if (da->npass + 2 > 16)
		return cli_error("demo: too many options");
	snprintf(da->names[da->npass], sizeof(da->names[0]), "%s", name);
	da->pass[da->npass] = da->names[da->npass];
	da->pass[da->npass + 1] = (char *)arg;
	da->npass += 2;
	return 0;
}

static int demo_run(struct demo *d, const char *platform)
{
	char ptt[64] = "", filter[32] = "0x80001";
	int ret;

	printf("pciescope demo: the %s backend, platform %s (nothing here is saved)\n\n",
	       d->b->ops->name, platform ? platform : "kunpeng930");
	demo_platform(d, ptt, sizeof(ptt), filter, sizeof(filter));
	ret = *ptt ? demo_ptt(d, ptt, filter) : 0;
	ret = ret ?: demo_tour(d);
	if (!ret && d->step == 2)
		printf("\nThis platform has nothing the demo shows beyond its devices: see "
		       "'pciescope platform'.\n");
	if (!ret)
		printf(
		    "\nNext: pciescope list | tune | record -e ... | report --stats | stat -e ... "
		    "| ioda show  (README.md);\n      pciescope demo --platform epyc (AMD IOMMU), "
		    "--platform power8 (IODA2)\n");
	return ret;
}

int cmd_demo(int argc, char **argv)
{
	struct demo_args da = {0};
	const struct cli_option options[] = {
	    OPT_CALLBACK(0, "platform", &da, "NAME",
			 "kunpeng930 (the default), epyc, power8, or a platform file", demo_opt),
	    OPT_CALLBACK(0, "backend", &da, "B", "emulated (the default) or host", demo_opt),
	    OPT_CALLBACK(0, "workload", &da, "W[:k=v,...]", "the emulated workload", demo_opt),
	    OPT_CALLBACK(0, "seed", &da, "N", "the emulated run's seed (0)", demo_opt),
	    OPT_END(),
	};
	const struct cli_command_options cmd = {
	    demo_synopsis, options,
	    "A one-screen tour of what the platform has: PTT tune, trace and summary,\n"
	    "PCIe PMU and IOMMU counting, IODA2 VF placement (nothing is saved).\n",
	    0};
	struct backend_opts *bo = &da.bo;
	struct demo d = {.step = 1};
	const char *tmp = getenv("TMPDIR");
	char dir[256];
	int ret = cli_parse_options(argc, argv, &cmd);

	if (ret < 0)
		return cli_parse_status(ret);
	if (ret)
		return cli_error("demo: unexpected argument '%s'", argv[0]);
	d.pass = da.pass;
	d.npass = da.npass;
	bo->o.ephemeral = true;
	d.b = backend_opts_open(bo, "demo");
	if (!d.b)
		return 1;
	snprintf(dir, sizeof(dir), "%s/pciescope-demo-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		backend_close(d.b);
		return cli_errno(-errno, "demo: temporary directory %s", dir);
	}
	d.state_dir = dir;
	ret = demo_run(&d, bo->o.platform);
	demo_remove_dir(dir);
	backend_close(d.b);
	return ret;
}
