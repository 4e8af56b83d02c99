// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope stat -e EVENTS [-I MS] [-x SEP | -j/--json] [--metrics] [--force]
 *                [--dry-run] [--platform NAME] [--backend emulated|host]
 *                [[--] COMMAND]
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
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend_opts.h"
#include "cli.h"
#include "cli_number.h"
#include "pmu_source.h"
#include "stat.h"

#define MAX_EVENT_ARGS 64

static void usage(FILE *out)
{
	fprintf(
	    out,
	    "usage: pciescope stat -e EVENTS [-e EVENTS ...] [-I MS] [-x SEP | -j] [--metrics]\n"
	    "                      [--force] [--dry-run] [--platform NAME]\n"
	    "                      [--backend emulated|host] [--seed N]\n"
	    "                      [--workload NAME[:k=v,...]]\n"
	    "                      [[--] COMMAND [ARGS]]\n"
	    "  -e, --event EVENTS     perf event syntax: pmu/term=val,.../, {groups}, a,b\n"
	    "  -I, --interval-print MS  print deltas every MS milliseconds\n"
	    "  -x, --field-separator SEP  perf stat -x layout\n"
	    "  -j, --json             perf stat -j layout\n"
	    "  --metrics              derived metrics of related PCIe PMU pairs\n"
	    "  --force                pass events that break the PCIe PMU document's rules\n"
	    "  --dry-run              print each event's encoding, count nothing\n"
	    "Without COMMAND, counts until SIGINT (Ctrl-C).\n");
}

enum {
	OPT_METRICS = 256,
	OPT_FORCE,
	OPT_DRY_RUN,
	OPT_PLATFORM,
	OPT_BACKEND,
	OPT_SEED,
	OPT_WORKLOAD
};

static const struct option options[] = {
    {"event", required_argument, NULL, 'e'},
    {"interval-print", required_argument, NULL, 'I'},
    {"field-separator", required_argument, NULL, 'x'},
    {"json", no_argument, NULL, 'j'},
    {"all-cpus", no_argument, NULL, 'a'},
    {"metrics", no_argument, NULL, OPT_METRICS},
    {"force", no_argument, NULL, OPT_FORCE},
    {"dry-run", no_argument, NULL, OPT_DRY_RUN},
    {"platform", required_argument, NULL, OPT_PLATFORM},
    {"backend", required_argument, NULL, OPT_BACKEND},
    {"seed", required_argument, NULL, OPT_SEED},
    {"workload", required_argument, NULL, OPT_WORKLOAD},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

struct args {
	const char *ev[MAX_EVENT_ARGS];
	int nev;
	struct backend_opts bo;
};

static int parse_uint(const char *s, const char *what, uint64_t max, uint64_t *out)
{
	if (cli_parse_uint(s, 10, max, out))
		return cli_error("%s: '%s' is not a number up to %llu", what, s,
				 (unsigned long long)max);
	return 0;
}

static int parse_opt(int c, struct stat_config *s, struct args *a)
{
	uint64_t v;

	switch (c) {
	case 'e':
		if (a->nev >= MAX_EVENT_ARGS)
			return cli_error("-e: at most %d event arguments", MAX_EVENT_ARGS);
		a->ev[a->nev++] = optarg;
		return 0;
	case 'I':
		if (parse_uint(optarg, "-I", 3600000, &v))
			return 1;
		if (v < 1)
			return cli_error("-I: the interval must be at least 1 ms");
		s->interval_ms = (unsigned)v;
		return 0;
	case 'x':
		s->layout = STAT_CSV;
		s->sep = optarg;
		return 0;
	case 'j':
		s->layout = STAT_JSON;
		return 0;
	case 'a':
		return 0; /* uncore events are system-wide already */
	case OPT_METRICS:
		s->metrics = true;
		return 0;
	case OPT_FORCE:
		s->force = true;
		return 0;
	case OPT_DRY_RUN:
		s->dry_run = true;
		return 0;
	case OPT_PLATFORM:
		return backend_opts_set(&a->bo, "--platform", optarg);
	case OPT_BACKEND:
		return backend_opts_set(&a->bo, "--backend", optarg);
	case OPT_SEED:
		return backend_opts_set(&a->bo, "--seed", optarg);
	case OPT_WORKLOAD:
		return backend_opts_set(&a->bo, "--workload", optarg);
	case 'h':
		usage(stdout);
		exit(0);
	default:
		usage(stderr);
		return 1;
	}
}

static int parse_args(int argc, char **argv, struct stat_config *s, struct args *a)
{
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "+e:I:x:jah", options, NULL)) != -1)
		if (parse_opt(c, s, a))
			return 1;
	if (!a->nev)
		return cli_error("no event given; use -e EVENTS (see 'pciescope stat --help')");
	if (optind < argc)
		s->argv = argv + optind;
	return 0;
}

static int parse_events(struct stat_config *s, struct args *a, const struct perf_pmu_source *src)
{
	char err[1024];

	for (int i = 0; i < a->nev; i++) {
		if (perf_events_parse(&s->events, a->ev[i], src, err, sizeof(err)))
			return cli_error("%s", err);
	}
	return 0;
}

static void dry_run(const struct stat_config *s)
{
	for (size_t i = 0; i < s->events.n; i++) {
		const struct perf_event_spec *ev = &s->events.ev[i];

		printf("%s type=%u config=0x%llx config1=0x%llx config2=0x%llx\n", ev->text,
		       ev->attr.type, (unsigned long long)ev->attr.config,
		       (unsigned long long)ev->attr.config1, (unsigned long long)ev->attr.config2);
	}
}

static int make_counters(struct stat_config *s)
{
	s->n = s->events.n;
	s->c = calloc(s->n, sizeof(*s->c));
	if (!s->c)
		return cli_errno(-ENOMEM, "stat");
	for (size_t i = 0; i < s->n; i++) {
		const struct perf_event_attr *a = &s->events.ev[i].attr;

		s->c[i].spec = &s->events.ev[i];
		s->c[i].handle = -1;
		s->c[i].partner = -1;
		s->c[i].denom = -1;
		s->c[i].clock =
		    a->type == PERF_TYPE_SOFTWARE &&
		    (a->config == PERF_COUNT_SW_CPU_CLOCK || a->config == PERF_COUNT_SW_TASK_CLOCK);
	}
	stat_find_pairs(s);
	return 0;
}

static int count(struct stat_config *s)
{
	uint64_t elapsed = 0;
	int status = 0, r;

	r = stat_open(s);
	if (!r && s->interval_ms)
		stat_print_header(s);
	if (!r)
		r = stat_run(s, &elapsed, &status);
	if (!r && !s->interval_ms) {
		struct backend_count *vals = calloc(s->n, sizeof(*vals));

		r = vals ? stat_read(s) : cli_errno(-ENOMEM, "stat");
		for (size_t i = 0; !r && i < s->n; i++)
			vals[i] = s->c[i].cur;
		if (!r) {
			stat_print_header(s);
			stat_print(s, vals, -1);
			stat_print_footer(s, elapsed);
		}
		free(vals);
	}
	stat_close(s);
	return r ? r : status;
}

int cmd_stat(int argc, char **argv)
{
	struct stat_config s = {.out = stderr, .sep = ","};
	struct args a = {0};
	struct perf_pmu_source src;
	char err[256];
	int r;

	if (parse_args(argc, argv, &s, &a))
		return 1;
	stat_catch_sigint();
	if (backend_open(&a.bo.o, &s.b, err, sizeof(err)))
		return cli_error("%s", err);
	pmu_source_backend(s.b, &src);
	r = parse_events(&s, &a, &src);
	if (!r)
		stat_note_kernel_differences(&s.events, &src, "stat");
	if (!r && !s.force)
		r = stat_check_rules(&s, &src);
	if (!r && s.dry_run)
		dry_run(&s);
	else if (!r)
		r = make_counters(&s);
	if (!r && !s.dry_run)
		r = count(&s);
	free(s.c);
	perf_events_free(&s.events);
	backend_close(s.b);
	return r;
}
