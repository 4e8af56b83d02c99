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
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pciescope/diag/counters.h>
#include <pciescope/tool/pmu_source.h>

#include "backend_opts.h"
#include "cli.h"
#include "cli_number.h"
#include "stat_print.h"

#define MAX_EVENT_ARGS 64

static void usage(FILE *out)
{
	fprintf(
	    out,
	    "usage: pciescope stat -e EVENTS [-e EVENTS ...] [-M GROUPS] [-I MS] [-x SEP | -j]\n"
	    "                      [-r N] [-o FILE] [--timeout MS] [--metrics]\n"
	    "                      [--force] [--dry-run] [--platform NAME]\n"
	    "                      [--backend emulated|host] [--seed N]\n"
	    "                      [--workload NAME[:k=v,...]]\n"
	    "                      [[--] COMMAND [ARGS]]\n"
	    "  -e, --event EVENTS     perf event syntax: pmu/term=val,.../, {groups}, a,b\n"
	    "  -I, --interval-print MS  print deltas every MS milliseconds\n"
	    "  -x, --field-separator SEP  perf stat -x layout\n"
	    "  -j, --json             perf stat -j layout\n"
	    "  -r, --repeat N         run N times; means with perf's ( +- x%% ) spread\n"
	    "  -o, --output FILE      write the counts to FILE instead of stderr\n"
	    "  --timeout MS           stop after MS milliseconds (the command gets SIGTERM)\n"
	    "  -M, --metrics-group G  the events of metric groups G[,G]: pcie_bandwidth,\n"
	    "                         pcie_latency (every PCIe PMU), iommu (every AMD IOMMU)\n"
	    "  --metrics              derived metrics of related PCIe PMU pairs\n"
	    "  --force                pass events that break the PCIe PMU document's rules\n"
	    "  --dry-run              print each event's encoding, count nothing\n"
	    "Without COMMAND, counts until SIGINT (Ctrl-C) or --timeout; on the emulated\n"
	    "backend its clock then follows the wall clock.\n");
}

enum {
	OPT_METRICS = 256,
	OPT_FORCE,
	OPT_DRY_RUN,
	OPT_PLATFORM,
	OPT_BACKEND,
	OPT_SEED,
	OPT_WORKLOAD,
	OPT_TIMEOUT
};

static const struct option options[] = {
    {"event", required_argument, NULL, 'e'},
    {"interval-print", required_argument, NULL, 'I'},
    {"field-separator", required_argument, NULL, 'x'},
    {"json", no_argument, NULL, 'j'},
    {"all-cpus", no_argument, NULL, 'a'},
    {"repeat", required_argument, NULL, 'r'},
    {"output", required_argument, NULL, 'o'},
    {"metrics-group", required_argument, NULL, 'M'},
    {"timeout", required_argument, NULL, OPT_TIMEOUT},
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
	const char *groups[MAX_EVENT_ARGS];
	int ngroups;
	const char *output;
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
	case 'j':
		if (s->layout != STAT_TEXT && s->layout != (c == 'x' ? STAT_CSV : STAT_JSON))
			return cli_error("-x and -j are two output formats; give one");
		s->layout = c == 'x' ? STAT_CSV : STAT_JSON;
		if (c == 'x')
			s->sep = optarg;
		return 0;
	case 'a':
		return 0; /* uncore events are system-wide already */
	case 'r':
		if (parse_uint(optarg, "-r", 100000, &v))
			return 1;
		if (v < 1)
			return cli_error("stat: -r: the number of runs must be at least 1");
		s->repeat = (unsigned)v;
		return 0;
	case 'o':
		a->output = optarg;
		return 0;
	case 'M':
		if (a->ngroups >= MAX_EVENT_ARGS)
			return cli_error("-M: at most %d arguments", MAX_EVENT_ARGS);
		a->groups[a->ngroups++] = optarg;
		return 0;
	case OPT_TIMEOUT:
		if (parse_uint(optarg, "--timeout", 86400000, &v))
			return 1;
		if (v < 1)
			return cli_error("stat: --timeout: must be at least 1 ms");
		s->timeout_ns = v * 1000000ull;
		return 0;
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
	case '?':
		return 1;
	default:
		usage(stderr);
		return 1;
	}
}

static int parse_args(int argc, char **argv, struct stat_config *s, struct args *a)
{
	int c;

	optind = 1;
	while ((c = cli_getopt(argc, argv, "+e:I:x:jar:o:M:h", options)) != -1)
		if (parse_opt(c, s, a))
			return 1;
	if (!a->nev && !a->ngroups)
		return cli_error("no event given; use -e EVENTS (see 'pciescope stat --help')");
	if (s->repeat > 1 && s->interval_ms)
		return cli_error("stat: -r and -I: repeated runs print no intervals; give one of them");
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
	for (int i = 0; i < a->ngroups; i++)
		if (stat_add_metric_groups(s, a->groups[i], src))
			return 1;
	if (a->ngroups)
		s->metrics = true;
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

/* One run: open, count (the command, or until SIGINT/--timeout), read, close. */
static int count_once(struct stat_config *s, bool first, uint64_t *elapsed, int *status)
{
	int r = stat_open(s);

	for (size_t i = 0; i < s->n; i++)
		s->c[i].prev = (struct backend_count){0};
	if (!r && s->interval_ms && first)
		stat_print_header(s);
	if (!r)
		r = stat_run(s, elapsed, status);
	if (!r && !s->interval_ms)
		r = stat_read(s);
	stat_close(s);
	return r;
}

/* Adds a run's counts to the sums (and, with -r, the spreads). */
static void accumulate(struct stat_config *s, struct backend_count *sum, uint64_t elapsed)
{
	for (size_t i = 0; i < s->n; i++) {
		const struct backend_count *v = &s->c[i].cur;

		sum[i].value += v->value;
		sum[i].enabled += v->enabled;
		sum[i].running += v->running;
		if (s->noise)
			stat_noise_add(&s->noise[i], diag_count_scaled(v));
	}
	stat_noise_add(&s->elapsed_noise, (double)elapsed);
}

static int count(struct stat_config *s)
{
	unsigned runs = s->repeat ? s->repeat : 1, done = 0;
	struct backend_count *sum = calloc(s->n ? s->n : 1, sizeof(*sum));
	uint64_t elapsed = 0, total = 0;
	int status = 0, r = 0;

	if (runs > 1)
		s->noise = calloc(s->n ? s->n : 1, sizeof(*s->noise));
	if (!sum || (runs > 1 && !s->noise))
		r = cli_errno(-ENOMEM, "stat");
	/* like perf, Ctrl-C ends the repeating too, after the run it cut */
	while (!r && done < runs && !(done && stat_interrupted())) {
		r = count_once(s, !done, &elapsed, &status);
		if (!r)
			accumulate(s, sum, elapsed);
		total += elapsed;
		done++;
	}
	if (!r && !s->interval_ms) {
		for (size_t i = 0; i < s->n; i++) {
			sum[i].value /= done;
			sum[i].enabled /= done;
			sum[i].running /= done;
		}
		s->span_ns = total / done;
		stat_print_header(s);
		stat_print(s, sum, -1);
		stat_print_footer(s, total / done);
	}
	free(sum);
	free(s->noise);
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
	struct stat_config s = {.out = stderr, .sep = ",", .print_interval = stat_print};
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
		r = open_output(&s, a.output);
	if (!r && !s.dry_run) {
		int w;

		r = count(&s);
		w = close_output(&s, a.output);
		r = r ? r : w;
	}
	free(s.c);
	perf_events_free(&s.events);
	backend_close(s.b);
	return r;
}
