// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope record -e EVENT [-e EVENT...] [-m SIZE] [-o FILE] [--force] [--drain-every N]
 *                  [--workload NAME[:params]] [--seed N] [--] COMMAND...
 * perf record for AUX tracers (the PTT): see aux_record.c.  Each -e adds an
 * event, one per PTT device, as perf takes them.  -m takes what perf's
 * takes: pages or a size with K/M/G, and in perf's "DATA,AUX" form the
 * second part is the AUX size (the only ring this tool sizes).  -o - writes
 * perf's pipe mode to standard output.
 * --drain-every N drains the AUX area only every Nth slice of simulated
 * time, a slow reader, to see the loss accounting at work.
 * SIGINT and SIGTERM stop the command and finish the file; then, as perf
 * record does, the process dies of that signal.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/tool/aux_record.h>

#include "backend_opts.h"
#include "cli.h"
#include "cli_names.h"
#include "record_summary.h"

static const char *const record_synopsis[] = {
    "record -e EVENT [-e EVENT...] [-m SIZE] [-o FILE|-] [--force]\n"
    "                        [--drain-every N]\n"
    "                        [--workload NAME[:k=v,...]] [--seed N] [--backend B]\n"
    "                        [--platform P] [--] COMMAND [ARGS...]",
    NULL};

static const char record_notes[] =
    "e.g.\n"
    "  pciescope record -e hisi_ptt0_2/filter=0x80001,type=1,direction=1,format=1/ \\\n"
    "      -- sleep 0.01\n";

static int parse_m(const char *v, size_t *bytes)
{
	const char *comma = strchr(v, ',');

	if (comma)
		v = comma + 1;
	if (aux_record_parse_size(v, bytes))
		return cli_error("record: -m %s: expected a power-of-two number of pages or a "
				 "size such as 16M",
				 v);
	return 0;
}

static int add_event(const struct cli_option *opt, const char *v)
{
	struct aux_record_opts *o = opt->value;

	if (o->nr_events == AUX_RECORD_MAX_EVENTS)
		return cli_error("record: -e %s: at most %d events in one recording", v,
				 AUX_RECORD_MAX_EVENTS);
	o->events[o->nr_events++] = v;
	return 0;
}

static int set_mmap_pages(const struct cli_option *opt, const char *v)
{
	struct aux_record_opts *o = opt->value;

	return parse_m(v, &o->aux_bytes);
}

/* -a: a PTT trace is system-wide already, as with perf record -a. */
static int all_cpus(const struct cli_option *opt, const char *v)
{
	return 0;
}

/* 0 to go on (COMMAND at argv[*cmd..]), 1 after an error, -1 after --help. */
static int parse_args(int argc, char **argv, struct backend_opts *bo, struct aux_record_opts *o,
		      int *ncmd)
{
	uint64_t drain = o->drain_every;
	const struct cli_option options[] = {
	    OPT_CALLBACK('e', "event", o, "EVENT", "the PTT event (perf syntax)", add_event),
	    OPT_CALLBACK('m', "mmap-pages", o, "SIZE",
			 "AUX buffer: a power-of-two number of pages or a size (16M)",
			 set_mmap_pages),
	    OPT_STRING('o', "output", &o->output, "FILE", "the perf.data to write (- = stdout)"),
	    OPT_BOOL(0, "force", &o->force, "pass events that break the PTT document's rules"),
	    OPT_UINT(0, "drain-every", &drain, 1, UINT32_MAX, "N",
		     "drain the AUX buffer every N slices (1)"),
	    OPT_CALLBACK('a', "all-cpus", o, NULL, NULL, all_cpus),
	    OPT_BACKEND_OPTS(bo),
	    OPT_END(),
	};
	const struct cli_command_options cmd = {record_synopsis, options, record_notes,
						CLI_PARSE_STOP_AT_NON_OPTION};
	int n = cli_parse_options(argc, argv, &cmd);

	if (n < 0)
		return n == CLI_PARSE_HELP ? -1 : 1;
	o->drain_every = (unsigned)drain;
	*ncmd = n;
	return 0;
}

int cmd_record(int argc, char **argv)
{
	struct aux_record_opts o = {
	    .aux_bytes = AUX_RECORD_DEFAULT_BYTES, .output = "perf.data", .drain_every = 1};
	struct backend_opts bo = {0};
	struct aux_record_result r = {0};
	struct backend *b;
	/* the command line as typed, for perf.data's CMDLINE: parsing reorders argv */
	char **typed = calloc((size_t)argc + 1, sizeof(*typed));
	int ncmd = 0, ret;

	if (!typed)
		return cli_errno(-ENOMEM, "record");
	memcpy(typed, argv, (size_t)argc * sizeof(*typed));
	ret = parse_args(argc, argv, &bo, &o, &ncmd);
	if (!ret && !o.nr_events)
		ret = cli_error("record: no event given (-e pmu/term=value,.../)");
	if (!ret && !ncmd)
		ret = cli_error("record: no command given (e.g. -- sleep 1)");
	if (ret) {
		free(typed);
		return ret < 0 ? 0 : ret;
	}
	o.argv = argv;
	o.cmd_argc = argc;
	o.cmd_argv = (const char *const *)typed;
	b = backend_opts_open(&bo, "record");
	if (!b) {
		free(typed);
		return 1;
	}
	aux_record_catch_signals();
	ret = aux_record(b, &o, &r);
	if (ret)
		ret = cli_fail_event(b, &r.err);
	else
		record_summary(&o, &r);
	backend_close(b);
	free(typed);
	if (!ret && r.exit_status && !r.signal)
		fprintf(stderr, "pciescope: record: '%s' exited with status %d\n", o.argv[0],
			r.exit_status);
	if (r.signal) {
		fflush(NULL);
		signal(r.signal, SIG_DFL);
		raise(r.signal);
	}
	return ret;
}
