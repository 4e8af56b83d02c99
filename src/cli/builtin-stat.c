// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope stat -e EVENTS | -M GROUPS [-I MS] [-x SEP | -j/--json] [-r N]
 *                [-o FILE] [--timeout MS] [--metrics] [--force] [--dry-run]
 *                [--platform NAME] [--backend emulated|host] [[--] COMMAND]
 *
 * perf stat for the emulated platform and the host, through the backend
 * only.  The event strings are perf's (src/perf/event_parse.c), resolved
 * against the backend's sysfs.  Before anything is opened, the PCIe PMU
 * rules the kernel leaves unchecked are applied (stat_rules.c); --dry-run
 * prints each event's encoding, one contract line per event:
 *   EVENT type=N config=0xHEX config1=0xHEX config2=0xHEX
 * Like perf, the counts go to stderr, the exit code is the command's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pciescope/backend/interrupt.h>
#include <pciescope/tool/event_list.h>
#include <pciescope/tool/pmu_source.h>

#include "backend_opts.h"
#include "cli.h"
#include "cli_names.h"
#include "stat_print.h"

#define MAX_EVENT_ARGS 64

static const char *const stat_synopsis[] = {
    "stat -e EVENTS [-e EVENTS ...] [-M GROUPS] [-I MS] [-x SEP|-j]\n"
    "                      [-r N] [-o FILE] [--timeout MS] [--metrics]\n"
    "                      [--force] [--dry-run] [--platform NAME]\n"
    "                      [--backend emulated|host] [--seed N]\n"
    "                      [--workload NAME[:k=v,...]]\n"
    "                      [[--] COMMAND [ARGS]]",
    NULL};

static const char stat_notes[] =
    "Without COMMAND, counts until SIGINT (Ctrl-C) or --timeout; on the emulated\n"
    "backend its clock then follows the wall clock.\n";

struct args {
	const char *ev[MAX_EVENT_ARGS];
	int nev;
	const char *groups[MAX_EVENT_ARGS];
	int ngroups;
	const char *output;
	struct backend_opts bo;
};

/* What the table's callbacks fill: the options beyond plain values. */
struct parse_ctx {
	struct stat_config *s;
	struct args *a;
};

static int add_event(const struct cli_option *opt, const char *arg)
{
	struct args *a = ((struct parse_ctx *)opt->value)->a;

	if (a->nev >= MAX_EVENT_ARGS)
		return cli_error("-e: at most %d event arguments", MAX_EVENT_ARGS);
	a->ev[a->nev++] = arg;
	return 0;
}

/* Each group of a -M argument is one stat knows. */
static int known_groups(const char *arg)
{
	char g[64];

	for (const char *p = arg; *p; p += *p == ',') {
		size_t len = strcspn(p, ",");
		bool known = false;

		snprintf(g, sizeof(g), "%.*s", (int)len, p);
		for (size_t i = 0; stat_metric_groups[i]; i++)
			known |= !strcmp(g, stat_metric_groups[i]);
		if (!known)
			return cli_unknown_name(g, stat_metric_groups, NULL,
						"-M '%s': no such metric group", g);
		p += len;
	}
	return 0;
}

static int add_group(const struct cli_option *opt, const char *arg)
{
	struct args *a = ((struct parse_ctx *)opt->value)->a;

	if (a->ngroups >= MAX_EVENT_ARGS)
		return cli_error("-M: at most %d arguments", MAX_EVENT_ARGS);
	if (known_groups(arg))
		return 1;
	a->groups[a->ngroups++] = arg;
	return 0;
}

/* -x SEP and -j: two layouts, one of them. */
static int set_layout(const struct cli_option *opt, const char *arg)
{
	struct stat_config *s = ((struct parse_ctx *)opt->value)->s;
	enum stat_layout l = arg ? STAT_CSV : STAT_JSON;

	if (s->layout != STAT_TEXT && s->layout != l)
		return cli_error("-x and -j are two output formats; give one");
	s->layout = l;
	if (arg)
		s->sep = arg;
	return 0;
}

/* -a: uncore events are system-wide already; taken for perf's command lines. */
static int all_cpus(const struct cli_option *opt, const char *arg)
{
	return 0;
}

static int check_args(struct stat_config *s, struct args *a, uint64_t interval, uint64_t repeat,
		      uint64_t timeout)
{
	if (!a->nev && !a->ngroups)
		return cli_error("no event given; use -e EVENTS (see 'pciescope stat --help')");
	/* 0: not given (the table takes 1 or more) */
	if (interval)
		s->interval_ms = (unsigned)interval;
	if (repeat)
		s->repeat = (unsigned)repeat;
	if (timeout)
		s->timeout_ns = timeout * 1000000ull;
	if (s->repeat > 1 && s->interval_ms)
		return cli_error(
		    "stat: -r and -I: repeated runs print no intervals; give one of them");
	return 0;
}

/* 0, 1 after an error, -1 after --help. */
static int parse_args(int argc, char **argv, struct stat_config *s, struct args *a)
{
	struct parse_ctx ctx = {s, a};
	uint64_t interval = 0, repeat = 0, timeout = 0;
	const struct cli_option options[] = {
	    OPT_CALLBACK('e', "event", &ctx, "EVENTS",
			 "perf event syntax: pmu/term=val,.../, {groups}, a,b", add_event),
	    OPT_UINT('I', "interval-print", &interval, 1, 3600000, "MS",
		     "print deltas every MS milliseconds"),
	    OPT_CALLBACK('x', "field-separator", &ctx, "SEP", "perf stat -x layout", set_layout),
	    OPT_CALLBACK('j', "json", &ctx, NULL, "perf stat -j layout", set_layout),
	    OPT_CALLBACK('a', "all-cpus", &ctx, NULL, NULL, all_cpus),
	    OPT_UINT('r', "repeat", &repeat, 1, 100000, "N",
		     "run N times; means with perf's ( +- x% ) spread"),
	    OPT_STRING('o', "output", &a->output, "FILE",
		       "write the counts to FILE instead of stderr"),
	    OPT_UINT(0, "timeout", &timeout, 1, 86400000, "MS",
		     "stop after MS milliseconds (the command gets SIGTERM)"),
	    OPT_CALLBACK('M', "metrics-group", &ctx, "G",
			 "the events of metric groups G[,G]: pcie_bandwidth,\n"
			 "pcie_latency (every PCIe PMU), iommu (every AMD IOMMU)",
			 add_group),
	    OPT_BOOL(0, "metrics", &s->metrics, "derived metrics of related PCIe PMU pairs"),
	    OPT_BOOL(0, "force", &s->force, "pass events that break the PCIe PMU document's rules"),
	    OPT_BOOL(0, "dry-run", &s->dry_run, "print each event's encoding, count nothing"),
	    OPT_BACKEND_OPTS(&a->bo),
	    OPT_END(),
	};
	const struct cli_command_options cmd = {stat_synopsis, options, stat_notes,
						CLI_PARSE_STOP_AT_NON_OPTION};
	int n = cli_parse_options(argc, argv, &cmd);

	if (n < 0)
		return n == CLI_PARSE_HELP ? -1 : 1;
	if (check_args(s, a, interval, repeat, timeout))
		return 1;
	if (n)
		s->argv = argv;
	return 0;
}

static int parse_events(struct stat_config *s, struct args *a, const struct perf_pmu_source *src)
{
	for (int i = 0; i < a->nev; i++)
		if (event_list_add(&s->events, a->ev[i], src, &s->err))
			return cli_fail_event(s->b, &s->err);
	for (int i = 0; i < a->ngroups; i++)
		if (stat_add_metric_groups(s, a->groups[i], src))
			return cli_fail(&s->err);
	if (a->ngroups)
		s->metrics = true;
	return 0;
}

static void dry_run(const struct stat_config *s)
{
	for (size_t i = 0; i < s->events.n; i++) {
		const struct perf_event_spec *ev = s->events.ev[i].spec;

		printf("%s type=%u config=0x%llx config1=0x%llx config2=0x%llx\n", ev->text,
		       ev->attr.type, (unsigned long long)ev->attr.config,
		       (unsigned long long)ev->attr.config1, (unsigned long long)ev->attr.config2);
	}
}

static int count(struct stat_config *s)
{
	struct backend_count *avg = calloc(s->events.n ? s->events.n : 1, sizeof(*avg));
	int status = 0, r;

	if (!avg)
		return cli_errno(-ENOMEM, "stat");
	r = stat_count(s, avg, &status);
	if (r)
		r = cli_fail(&s->err);
	else if (!s->interval_ms) {
		stat_print_header(s);
		stat_print(s, avg, -1);
		stat_print_footer(s, s->span_ns);
	}
	free(avg);
	return r ? r : status;
}

/* -o FILE: perf's "# started on" line first, then the counts. */
static int open_output(struct stat_config *s, const char *path)
{
	time_t now = time(NULL);

	if (!path)
		return 0;
	s->out = fopen(path, "w");
	if (!s->out)
		return cli_errno(-errno, "stat: -o %s", path);
	fprintf(s->out, "# started on %s\n", ctime(&now));
	return 0;
}

static int close_output(struct stat_config *s, const char *path)
{
	if (!path)
		return 0;
	if (ferror(s->out) | fclose(s->out))
		return cli_errno(-EIO, "stat: writing %s", path);
	return 0;
}

int cmd_stat(int argc, char **argv)
{
	struct stat_config s = {.out = stderr,
				.sep = ",",
				.print_interval = stat_print,
				.print_start = stat_print_header};
	struct args a = {0};
	struct perf_pmu_source src;
	int r;

	r = parse_args(argc, argv, &s, &a);
	if (r)
		return r < 0 ? 0 : 1;
	/* a service manager's stop too: the counts so far are printed, as for Ctrl-C */
	interrupt_catch();
	if (backend_opts_ready(&a.bo, "stat"))
		return 1;
	s.b = cli_backend_open(&a.bo.o, "stat");
	if (!s.b)
		return 1;
	pmu_source_backend(s.b, &src);
	r = parse_events(&s, &a, &src);
	if (!r)
		stat_note_kernel_differences(&s.events.parsed, &src, s.b);
	if (!r && !s.force && stat_check_rules(&s, &src))
		r = cli_fail(&s.err);
	if (!r && s.dry_run)
		dry_run(&s);
	else if (!r)
		event_list_find_pairs(&s.events);
	if (!r && !s.dry_run)
		r = open_output(&s, a.output);
	if (!r && !s.dry_run) {
		int w;

		r = count(&s);
		w = close_output(&s, a.output);
		r = r ? r : w;
	}
	stat_release(&s);
	backend_close(s.b);
	return r;
}
