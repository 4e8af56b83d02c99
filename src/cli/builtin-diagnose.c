// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope diagnose [-i FILE] [--json] [--html FILE] [--tick NS]
 * pciescope diagnose [--platform P | --backend host] [-e PTT_EVENT] [-o FILE]
 *                    [--json] [--html FILE] -- COMMAND
 *
 * Findings from a PTT trace, or, with a command, from a trace recorded
 * while it runs together with the PCIe PMU's counts and the link state
 * (diagnose_live.c).  The rules are the diag library's; this file only
 * wires input to them and their findings to a printer.  The exit code is 0
 * whatever was found: findings are results, not errors.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend_opts.h"
#include "cli.h"
#include "diagnose.h"
#include "diagnose_live.h"
#include "link_text.h"

struct diag_args {
	struct backend_opts bo;
	const char *input, *html, *event, *output;
	bool json;
	double tick_ns;
	char **cmd;   /* COMMAND [ARGS], NULL-terminated */
	int ncmd;     /* 0: diagnose a trace file */
	char **typed; /* the command line as typed, for the recording's CMDLINE */
};

static const char *const diagnose_synopsis[] = {
    "diagnose [-i FILE] [--json] [--html FILE] [--tick NS]",
    "diagnose [--platform P | --backend host] [--workload W]\n"
    "                          [--seed N] [-e PTT_EVENT] [-o FILE] [--json]\n"
    "                          [--html FILE] -- COMMAND",
    NULL};

static int parse_tick(const struct cli_option *opt, const char *v)
{
	double *ns = opt->value;
	char *end;

	*ns = strtod(v, &end);
	if (end == v || *end || !(*ns > 0))
		return cli_error("diagnose: --tick '%s': expected a positive number of ns", v);
	return 0;
}

/* 0 to go on, 1 after an error, -1 after --help. */
static int parse_args(struct diag_args *a, int argc, char **argv)
{
	const struct cli_option options[] = {
	    OPT_STRING('i', "input", &a->input, "FILE",
		       "the trace to diagnose (default perf.data)"),
	    OPT_STRING('e', "event", &a->event, "PTT_EVENT",
		       "live: the PTT to record (hisi_ptt0_2, or a full event); default the\n"
		       "first PTT, 4DW, direction=2, type=7, all its Root Ports"),
	    OPT_STRING('o', "output", &a->output, "FILE",
		       "live: keep the recorded trace in FILE (default: a temporary\n"
		       "file, removed once diagnosed)"),
	    OPT_BOOL(0, "json", &a->json, "one JSON object per finding"),
	    OPT_STRING(0, "html", &a->html, "FILE", "the findings with charts of their evidence"),
	    OPT_CALLBACK(0, "tick", &a->tick_ns, "NS", "length of a trace time tick (default 1 ns)",
			 parse_tick),
	    OPT_BACKEND_OPTS(&a->bo),
	    OPT_END(),
	};
	const struct cli_command_options cmd = {diagnose_synopsis, options, NULL,
						CLI_PARSE_STOP_AT_NON_OPTION};
	int n;

	a->typed = calloc((size_t)argc + 1, sizeof(*a->typed));
	if (!a->typed)
		return cli_errno(-ENOMEM, "diagnose");
	memcpy(a->typed, argv, (size_t)argc * sizeof(*a->typed));
	n = cli_parse_options(argc, argv, &cmd);
	if (n < 0)
		return n == CLI_PARSE_HELP ? -1 : 1;
	a->cmd = argv;
	a->ncmd = n;
	if (a->input && n)
		return cli_error("diagnose: -i and a command exclude each other (a command records "
				 "a new trace)");
	return 0;
}

static void print_link(const struct link *k)
{
	char in[48], out[48];

	fprintf(stderr, "; %s %.1f GT/s x%u", k->bdf, k->speed_gts, k->width);
	if (k->dir[LINK_RX].basis == LINK_UNKNOWN && k->dir[LINK_TX].basis == LINK_UNKNOWN)
		return;
	cli_link_traffic(&k->dir[LINK_RX], 0, in, sizeof(in));
	cli_link_traffic(&k->dir[LINK_TX], 0, out, sizeof(out));
	fprintf(stderr, " in %s out %s MB/s of %.0f for TLPs", in, out, k->capacity_mbps);
	if (k->dir[LINK_RX].basis == LINK_SPLIT || k->dir[LINK_TX].basis == LINK_SPLIT ||
	    k->dir[LINK_RX].basis == LINK_RANGE || k->dir[LINK_TX].basis == LINK_RANGE)
		fprintf(stderr, " (split by requester from the PMU port bit it shares with %s)",
			k->shares);
}

static void print_live(const struct diag_live *l)
{
	const struct link_model *m = &l->links;

	fprintf(stderr, "pciescope: diagnose: %s", l->ptt);
	if (l->counted && m->n) {
		double in = link_model_read_ns(m, m->l[0].sicl, m->l[0].core, LINK_RX),
		       out = link_model_read_ns(m, m->l[0].sicl, m->l[0].core, LINK_TX);

		fprintf(stderr, ", %s", l->pmu);
		if (l->counted_ns > l->command_ns)
			fprintf(stderr,
				" counted over %.1f ms, %.1f ms past the command until the PMU had "
				"run each of its counter groups",
				l->counted_ns / 1e6, (l->counted_ns - l->command_ns) / 1e6);
		fprintf(stderr, ": average read latency ");
		fprintf(stderr, in >= 0 ? "%.0f ns inbound, " : "- inbound, ", in);
		fprintf(stderr, out >= 0 ? "%.0f ns outbound" : "- outbound", out);
	}
	for (size_t i = 0; i < m->n; i++)
		print_link(&m->l[i]);
	fputc('\n', stderr);
}

/*
 * Where a live run's trace goes when -o names no file: a file of this
 * user's alone under $TMPDIR (else /tmp), removed once diagnosed, so
 * nothing is left in (or needed of) the current directory.
 */
static int temp_trace(char *path, size_t n)
{
	const char *dir = getenv("TMPDIR");
	int fd;

	if (!dir || !*dir)
		dir = "/tmp";
	if (snprintf(path, n, "%s/pciescope-diagnose-XXXXXX.data", dir) >= (int)n)
		return cli_error("diagnose: TMPDIR=%s: too long a path", dir);
	fd = mkstemps(path, 5);
	if (fd < 0)
		return cli_errno(-errno, "diagnose: cannot create a temporary trace in %s", dir);
	close(fd);
	return 0;
}

/* The trace of a live run, with the Root Ports and links it measured. */
static int read_live_trace(const struct diag_args *a, const struct diagnose_live_opts *lo,
			   const struct diag_live *live, struct diag_trace **trace)
{
	uint16_t host[DIAG_LIVE_MAX_PORTS];
	size_t nhost = 0;

	for (size_t i = 0; i < live->links.n && nhost < DIAG_LIVE_MAX_PORTS; i++)
		host[nhost++] = live->links.l[i].rid;
	return diagnose_read_trace(lo->output, a->tick_ns, host, nhost, live->link, live->links.n,
				   trace);
}

static int collect(struct diag_args *a, int argc, struct diag_findings *out,
		   struct diag_trace **trace)
{
	struct diagnose_live_opts lo = {.event = a->event,
					.output = a->output,
					.temporary = !a->output,
					.argv = a->cmd,
					.cmd_argc = argc,
					.cmd_argv = (const char *const *)a->typed};
	char tmp[PATH_MAX];
	struct diag_thresholds th;
	struct diag_live live;
	int ret, recorded;

	diag_thresholds_default(&th);
	if (!a->ncmd) {
		if (diagnose_read_trace(a->input ? a->input : "perf.data", a->tick_ns, NULL, 0,
					NULL, 0, trace))
			return 1;
		ret = diag_trace_rules(*trace, &th, NULL, out);
		return ret ? cli_errno(ret, "diagnose") : 0;
	}
	if (lo.temporary && temp_trace(tmp, sizeof(tmp)))
		return 1;
	if (lo.temporary)
		lo.output = tmp;
	ret = recorded = diagnose_live(&a->bo, &lo, &live);
	if (!ret) {
		print_live(&live);
		ret = read_live_trace(a, &lo, &live, trace);
	}
	if (lo.temporary)
		unlink(tmp);
	else if (!recorded)
		cli_warn("the trace is kept in %s (diagnose -i %s reads it again)", lo.output,
			 lo.output);
	if (ret) {
		diagnose_live_free(&live);
		return 1;
	}
	ret = diag_trace_rules(*trace, &th, &live.levels, out);
	if (!ret)
		ret = diag_live_rules(live.links.l, live.links.n, &th, out);
	if (!ret)
		ret = diag_link_causes(out, live.link, live.links.n);
	diagnose_live_free(&live);
	if (ret > 0)
		return ret;
	return ret ? cli_errno(ret, "diagnose") : 0;
}

int cmd_diagnose(int argc, char **argv)
{
	struct diag_args a = {0};
	struct diag_findings l = {0};
	struct diag_trace *trace = NULL;
	int ret = parse_args(&a, argc, argv);

	if (ret) {
		free(a.typed);
		return ret < 0 ? 0 : ret;
	}
	ret = collect(&a, argc, &l, &trace);
	if (!ret) {
		if (a.json)
			diagnose_print_json(stdout, &l);
		else
			diagnose_print_text(stdout, &l);
		fflush(stdout);
		if (a.html)
			ret = diagnose_write_html(a.html, &l, trace);
	}
	diag_findings_free(&l);
	diag_trace_destroy(trace);
	free(a.typed);
	return ret;
}
