// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope list [-v] [--json] [PATTERN...]: every PMU under
 * /sys/bus/event_source/devices with its files (tool/pmu_list.h collects
 * them).  The three views (perf list's layout, -v, --json) come from one
 * collected jansson tree; patterns are shell globs as perf list takes them.
 */
#include <fnmatch.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pciescope/tool/pmu_list.h>

#include "backend_opts.h"
#include "cli.h"
#include "cli_names.h"
#include "list.h"

bool list_glob_match(struct list_globs *g, const char *name, bool nocase)
{
	bool any = !g->n;

	for (int i = 0; i < g->n; i++)
		if (!fnmatch(g->pat[i], name, nocase ? FNM_CASEFOLD : 0))
			any = g->hit[i] = true;
	return any;
}

struct want {
	struct list_globs *g;
	bool by_pmu;
};

static bool wanted(const char *name, void *ctx)
{
	struct want *w = ctx;

	return !w->by_pmu || list_glob_match(w->g, name, false);
}

/* The PMUs a pattern names (or all); every PMU when events are to be matched too. */
static int list_collect(struct backend *b, struct list_globs *g, bool by_pmu, json_t *pmus)
{
	struct want w = {g, by_pmu};
	int ret = pmu_list_all(b, wanted, &w, pmus);

	return ret ? cli_errno(ret, "list: %s", PMU_SYSFS_DIR) : 0;
}

static int list_show(struct backend *b, json_t *pmus, struct list_globs *g, bool json, bool verbose,
		     bool details)
{
	if (json) {
		json_t *root = json_pack("{s:O}", "pmus", pmus);

		json_dumpf(root, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		printf("\n");
		json_decref(root);
	} else if (verbose) {
		list_print_verbose(pmus);
	} else {
		if (isatty(STDOUT_FILENO))
			printf("\nList of pre-defined events (to be used in -e or -M):\n\n");
		if (list_print_perf(pmus, g, details))
			return cli_error("list: out of memory");
	}
	for (int i = 0; i < g->n; i++)
		if (!g->hit[i])
			return cli_unknown_in_dir(b, PMU_SYSFS_DIR, NULL, g->pat[i],
						  "see 'pciescope list'",
						  "list: no PMU or event matches '%s'", g->pat[i]);
	return 0;
}

static const char *const list_synopsis[] = {
    "list [-v|-d|--json] [--backend B] [--platform P] [PATTERN...]", NULL};

int cmd_list(int argc, char **argv)
{
	struct backend_opts bo = {0};
	bool hit[64] = {0}, json = false, verbose = false, details = false;
	const struct cli_option options[] = {
	    OPT_BOOL('d', "details", &details,
		     "every format term of each PMU, as perf list --details"),
	    OPT_BOOL('v', "verbose", &verbose,
		     "each PMU with its type, formats, events, tune values, filters"),
	    OPT_BOOL(0, "json", &json, "the same as JSON"),
	    OPT_BACKEND_OPTS(&bo),
	    OPT_END(),
	};
	const struct cli_command_options cmd = {
	    list_synopsis, options,
	    "Without -v, PMU events as perf list prints them (pmu/event/ [Kernel PMU event])\n"
	    "and each PMU's format terms (pmu/term=0..N,.../modifier).  PATTERN is a shell\n"
	    "glob on PMU or event names ('hisi_ptt*', '*latency').\n",
	    0};
	struct list_globs g = {argv, 0, hit};
	struct backend *b;
	json_t *pmus;
	int ret = cli_parse_options(argc, argv, &cmd);

	if (ret < 0)
		return cli_parse_status(ret);
	if (ret > 64)
		return cli_error("list: more than 64 patterns");
	g.n = ret;
	if (json && verbose)
		return cli_error("list: --json and -v are two views; give one");
	b = backend_opts_open(&bo, "list");
	if (!b)
		return 1;
	pmus = json_array();
	ret = list_collect(b, &g, json || verbose, pmus);
	if (!ret)
		ret = list_show(b, pmus, &g, json, verbose, details);
	backend_close(b);
	json_decref(pmus);
	return ret;
}
