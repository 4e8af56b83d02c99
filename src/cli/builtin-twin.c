// SPDX-License-Identifier: GPL-2.0-only
/*
 * `pciescope twin`: what a twin inferred from PTT recordings (or a model
 * file holds), as tables or as the model file that
 * `--workload replay:model=FILE` takes back; with --try, a change run on
 * the twin and what it did to the counted events (docs/twin.md).  The
 * inference and the runs are the tool library's (tool/twin.h); this
 * parses and prints.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/tool/twin.h>

#include "cli.h"
#include "cli_number.h"
#include "parse_options.h"
#include "twin_print.h"

#define SPEC_MAX 4096

static const char *const twin_synopsis[] = {
    "twin [--platform P] [--tick NS] [--json] [-o FILE] RECORDING...",
    "twin --model FILE [--json] [-o FILE]",
    "twin (RECORDING... | --model FILE) --try CHANGE... -e EVENT...\n"
    "                      [--seed N] -- COMMAND",
    NULL};

static int add_event(const struct cli_option *opt, const char *arg)
{
	struct twin_args *a = opt->value;

	if (a->nevents == TWIN_MAX_EVENTS)
		return cli_error("twin: at most %d -e", TWIN_MAX_EVENTS);
	a->events[a->nevents++] = arg;
	return 0;
}

/* PARAM=LEVEL (a tune file of --ptt), platform=FILE or model=FILE. */
static int add_change(const struct cli_option *opt, const char *arg)
{
	struct twin_args *a = opt->value;
	const char *eq = strchr(arg, '=');
	char name[64];
	uint64_t level;
	int p;
	struct error e;

	a->trying = true;
	snprintf(name, sizeof(name), "%.*s", eq ? (int)(eq - arg) : (int)strlen(arg), arg);
	if (!eq || !eq[1])
		return cli_error(
		    "twin: --try %s: expected PARAM=LEVEL, platform=FILE or model=FILE", arg);
	if (!strcmp(name, "platform")) {
		a->change.platform = eq + 1;
		return 0;
	}
	if (!strcmp(name, "model")) {
		if (!a->other && !(a->other = calloc(1, sizeof(*a->other))))
			return cli_error("twin: out of memory");
		if (twin_json_read(eq + 1, a->other, &e))
			return cli_fail(&e);
		a->change.model = &a->other->m;
		return 0;
	}
	p = hisi_ptt_tune_param_index(name);
	if (p < 0 || cli_parse_uint(eq + 1, 10, 2, &level))
		return cli_error("twin: --try %s: not a tune file and level 0..2 (qos_tx_cpl=2, "
				 "rx_alloc_buf_level=2, ...), platform=FILE or model=FILE",
				 arg);
	a->change.level[p] = (int)level;
	return 0;
}

/* The recordings as one replay spec: "trace=A+B,tick=NS". */
static int spec_of(int argc, char **argv, const char *tick, char *spec, size_t n)
{
	size_t len = (size_t)snprintf(spec, n, "trace=");

	for (int i = 0; i < argc && len < n; i++)
		len += (size_t)snprintf(spec + len, n - len, "%s%s", i ? "+" : "", argv[i]);
	if (tick && len < n)
		len += (size_t)snprintf(spec + len, n - len, ",tick=%s", tick);
	return len < n ? 0 : cli_error("twin: too many recordings");
}

static int make(struct twin_args *a, int argc, char **argv, struct twin *t)
{
	char spec[SPEC_MAX];
	struct error e;

	if (a->model && argc)
		return cli_error("twin: --model takes no recording ('%s')", argv[0]);
	if (a->model)
		return twin_json_read(a->model, t, &e) ? cli_fail(&e) : 0;
	if (!argc)
		return cli_error("twin: no recording (pciescope twin perf.data)");
	if (spec_of(argc, argv, a->tick, spec, sizeof(spec)))
		return 1;
	return twin_from_spec(spec, a->platform, t, &e) ? cli_fail(&e) : 0;
}

static int show(const struct twin_args *a, const struct twin *t)
{
	struct error e;
	char *s;
	int r = 0;

	if (a->out && twin_json_write(t, a->out, &e))
		return cli_fail(&e);
	if (!a->json) {
		if (!a->out)
			twin_print(t);
		return 0;
	}
	s = twin_json_dump(t);
	r = s ? printf("%s\n", s) < 0 : cli_error("twin: out of memory");
	free(s);
	return r;
}

int cmd_twin(int argc, char **argv)
{
	struct twin_args a = {.change.level = {-1, -1, -1, -1, -1}};
	const struct cli_option options[] = {
	    OPT_STRING(0, "platform", &a.platform, "NAME",
		       "the platform the twin runs on (default: the one the recording names)"),
	    OPT_STRING(0, "tick", &a.tick, "NS", "length of a trace time tick (1 ns)"),
	    OPT_STRING('m', "model", &a.model, "FILE", "a model file instead of recordings"),
	    OPT_BOOL(0, "json", &a.json, "the model file on standard output"),
	    OPT_STRING('o', "output", &a.out, "FILE", "write the model file"),
	    OPT_CALLBACK(0, "try", &a, "CHANGE",
			 "run the twin as it is and with CHANGE: PARAM=LEVEL, platform=FILE, "
			 "model=FILE (repeatable)",
			 add_change),
	    OPT_STRING(0, "ptt", &a.ptt, "PMU",
		       "the PTT whose tune files --try sets (the first event's core's)"),
	    OPT_CALLBACK('e', "event", &a, "EVENT", "what --try counts (perf syntax, repeatable)",
			 add_event),
	    OPT_UINT(0, "seed", &a.seed, 0, UINT64_MAX, "N", "the runs' seed (0)"),
	    OPT_BOOL(0, "force", &a.force, "pass events that break the PCIe PMU document's rules"),
	    OPT_END(),
	};
	const struct cli_command_options cmd = {
	    twin_synopsis, options,
	    "What a twin of PTT recordings is: per device its requests, what held each\n"
	    "engine (paced, its window, the Root Complex's slots, a full link, the other\n"
	    "engine), per function what the CPU sent.  The model file runs as\n"
	    "--workload replay:model=FILE in every command that takes --workload.\n"
	    "--try runs the twin as it is and with a change, and shows what the events\n"
	    "counted in each.\n",
	    0};
	struct twin *t = calloc(1, sizeof(*t));
	char **rest = NULL;
	int n, r;

	/* the recordings come before "--", the command --try runs after it */
	for (int i = 1; i < argc && !rest; i++)
		if (!strcmp(argv[i], "--")) {
			rest = &argv[i + 1];
			argc = i;
		}
	n = cli_parse_options(argc, argv, &cmd);
	if (!t) {
		free(a.other);
		return cli_error("twin: out of memory");
	}
	if (n < 0) {
		free(t);
		free(a.other);
		return cli_parse_status(n);
	}
	r = make(&a, n, argv, t);
	if (!r && a.trying)
		r = twin_tried(&a, t, rest);
	else if (!r)
		r = show(&a, t);
	free(t);
	free(a.other);
	return r;
}
