// SPDX-License-Identifier: GPL-2.0-only
/*
 * `pciescope twin`: what a twin inferred from PTT recordings (or a model
 * file holds), as tables or as the model file that
 * `--workload replay:model=FILE` takes back (docs/twin.md).  The
 * inference is the tool library's (tool/twin.h); this parses and prints.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/tool/twin.h>

#include "cli.h"
#include "parse_options.h"
#include "twin_print.h"

#define SPEC_MAX 4096

static const char *const twin_synopsis[] = {
    "twin [--platform P] [--tick NS] [--json] [-o FILE] RECORDING[+RECORDING...] ...",
    "twin --model FILE [--json] [-o FILE]", NULL};

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

int cmd_twin(int argc, char **argv)
{
	const char *platform = NULL, *model = NULL, *out = NULL, *tick = NULL;
	bool json = false;
	const struct cli_option options[] = {
	    OPT_STRING(0, "platform", &platform, "NAME",
		       "the platform the twin runs on (default: the one the recording names)"),
	    OPT_STRING(0, "tick", &tick, "NS", "length of a trace time tick (1 ns)"),
	    OPT_STRING('m', "model", &model, "FILE", "show a model file instead"),
	    OPT_BOOL(0, "json", &json, "the model file on standard output"),
	    OPT_STRING('o', "output", &out, "FILE", "write the model file"),
	    OPT_END(),
	};
	const struct cli_command_options cmd = {
	    twin_synopsis, options,
	    "What a twin of PTT recordings is: per device its requests, what held each\n"
	    "engine (paced, its window, the Root Complex's slots, a full link, the other\n"
	    "engine), per function what the CPU sent.  The model file runs as\n"
	    "--workload replay:model=FILE in every command that takes --workload.\n",
	    0};
	struct twin *t = calloc(1, sizeof(*t));
	char spec[SPEC_MAX];
	struct tool_err e;
	int r = cli_parse_options(argc, argv, &cmd);

	if (!t)
		return cli_error("twin: out of memory");
	if (r < 0) {
		free(t);
		return cli_parse_status(r);
	}
	if (model && r)
		r = cli_error("twin: --model takes no recording ('%s')", argv[0]);
	else if (!model && !r)
		r = cli_error("twin: no recording (pciescope twin perf.data)");
	else if (!model && (r = spec_of(r, argv, tick, spec, sizeof(spec))) == 0)
		r = twin_from_spec(spec, platform, t, &e) ? cli_fail(&e) : 0;
	else if (model)
		r = twin_json_read(model, t, &e) ? cli_fail(&e) : 0;
	if (!r && out)
		r = twin_json_write(t, out, &e) ? cli_fail(&e) : 0;
	if (!r && json) {
		char *s = twin_json_dump(t);

		r = s ? printf("%s\n", s) < 0 : cli_error("twin: out of memory");
		free(s);
	} else if (!r && !out) {
		twin_print(t);
	}
	free(t);
	return r;
}
