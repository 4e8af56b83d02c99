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
#include "cli_number.h"

static int record_usage(int ret)
{
	fprintf(ret ? stderr : stdout,
		"usage: pciescope record -e EVENT [-e EVENT...] [-m SIZE] [-o FILE|-] [--force]\n"
		"                        [--drain-every N]\n"
		"                        [--workload NAME[:k=v,...]] [--seed N] [--backend B]\n"
		"                        [--platform P] [--] COMMAND [ARGS...]\n"
		"  e.g. pciescope record -e hisi_ptt0_2/filter=0x80001,type=1,direction=1,"
		"format=1/ -- sleep 0.01\n");
	return ret;
}

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

static int parse_drain_every(const char *v, unsigned *n)
{
	uint64_t u;

	if (cli_parse_uint(v, 10, UINT32_MAX, &u) || !u)
		return cli_error(
		    "record: --drain-every '%s': expected a number of slices, 1 or more", v);
	*n = (unsigned)u;
	return 0;
}

static const char *take(int argc, char **argv, int *i)
{
	const char *a = argv[*i];

	if (a[1] != '-' && a[2])
		return a + 2; /* -mVALUE */
	if (*i + 1 >= argc)
		return NULL;
	return argv[++*i];
}

static int parse_args(int argc, char **argv, struct backend_opts *bo, struct aux_record_opts *o,
		      int *cmd)
{
	static const char *const known[] = {"-e", "-o", "-m", "-a", "--drain-every", "--force",
					    "--all-cpus", "--help", BACKEND_OPTS_NAMES, NULL};
	int i, r;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v;

		r = backend_opts_parse(bo, argc, argv, &i);
		if (r < 0)
			return 1;
		if (r)
			continue;
		if (!strcmp(a, "--")) {
			i++;
			break;
		}
		if (!strcmp(a, "-h") || !strcmp(a, "--help"))
			return record_usage(0) - 1;
		if (!strcmp(a, "--force")) {
			o->force = true;
			continue;
		}
		if (a[0] != '-')
			break;
		if (!strncmp(a, "-e", 2) || !strncmp(a, "-m", 2) || !strncmp(a, "-o", 2) ||
		    !strcmp(a, "--drain-every")) {
			v = !strcmp(a, "--drain-every") ? (i + 1 < argc ? argv[++i] : NULL)
							: take(argc, argv, &i);
			if (!v)
				return cli_error("record: option '%s' needs a value", a);
			if (a[1] == 'e' && o->nr_events == AUX_RECORD_MAX_EVENTS)
				return cli_error("record: -e %s: at most %d events in one recording",
						 v, AUX_RECORD_MAX_EVENTS);
			if (a[1] == 'e')
				o->events[o->nr_events++] = v;
			else if (a[1] == 'o')
				o->output = v;
			else if (a[1] == 'm' && parse_m(v, &o->aux_bytes))
				return 1;
			else if (a[1] == '-' && parse_drain_every(v, &o->drain_every))
				return 1;
			continue;
		}
		if (!strcmp(a, "-a") || !strcmp(a, "--all-cpus"))
			continue; /* a PTT trace is system-wide already, as with perf record -a */
		return cli_unknown_option(a, known);
	}
	*cmd = i;
	return 0;
}

int cmd_record(int argc, char **argv)
{
	struct aux_record_opts o = {
	    .aux_bytes = AUX_RECORD_DEFAULT_BYTES, .output = "perf.data", .drain_every = 1};
	struct backend_opts bo = {0};
	struct aux_record_result r = {0};
	struct backend *b;
	int cmd = argc, ret = parse_args(argc, argv, &bo, &o, &cmd);

	if (ret)
		return ret < 0 ? 0 : ret;
	if (!o.nr_events)
		return cli_error("record: no event given (-e pmu/term=value,.../)");
	if (cmd >= argc)
		return cli_error("record: no command given (e.g. -- sleep 1)");
	o.argv = argv + cmd;
	o.cmd_argc = argc;
	o.cmd_argv = (const char *const *)argv;
	b = backend_opts_open(&bo, "record");
	if (!b)
		return 1;
	aux_record_catch_signals();
	ret = aux_record(b, &o, &r);
	backend_close(b);
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
