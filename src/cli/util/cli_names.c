// SPDX-License-Identifier: GPL-2.0-only
/*
 * The machine's names for "did you mean" (cli_names.h).  An event error is
 * recognised by the perf library's wording ("Cannot find PMU `x'",
 * "unknown term 'x' for pmu 'y'"), which tests/unit/test_event_parse.c
 * holds to; any other error is printed as the library wrote it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/backend/sysfs_read.h>
#include <pciescope/base/error.h>

#include "cli.h"
#include "cli_names.h"

/* Appends the entries of dir that have need below them; out->v stays NULL-terminated. */
static void names_add(struct backend *b, const char *dir, const char *need, struct cli_names *out)
{
	char **names = NULL, **v, path[512], line[8];
	size_t n = 0;

	if (backend_list_dir(b, dir, &names, &n) || !n)
		return;
	v = realloc(out->v, (out->n + n + 1) * sizeof(*v));
	if (v)
		out->v = v;
	for (size_t i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s/%s", dir, names[i], need ? need : "");
		if (v && (!need || b->ops->sysfs_is_dir(b, path) == 1 ||
			  backend_read_line(b, path, line, sizeof(line)) >= 0))
			out->v[out->n++] = names[i];
		else
			free(names[i]);
	}
	out->v[out->n] = NULL;
	free(names);
}

void cli_names_dir(struct backend *b, const char *dir, const char *need, struct cli_names *out)
{
	out->n = 0;
	out->v = calloc(1, sizeof(*out->v));
	if (out->v)
		names_add(b, dir, need, out);
}

void cli_names_free(struct cli_names *names)
{
	for (size_t i = 0; i < names->n; i++)
		free(names->v[i]);
	free(names->v);
}

int cli_unknown_in_dir(struct backend *b, const char *dir, const char *need, const char *typed,
		       const char *see, const char *fmt, ...)
{
	struct cli_names names;
	char msg[1024];
	va_list ap;
	int r;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	cli_names_dir(b, dir, need, &names);
	r = cli_unknown_name(typed, cli_names_list(&names), see, "%s", msg);
	cli_names_free(&names);
	return r;
}

/* The formats and events of pmu, together. */
static void pmu_terms(struct backend *b, const char *pmu, struct cli_names *out)
{
	char dir[256];

	snprintf(dir, sizeof(dir), "%s/%s/format", PMU_SYSFS_DIR, pmu);
	cli_names_dir(b, dir, NULL, out);
	snprintf(dir, sizeof(dir), "%s/%s/events", PMU_SYSFS_DIR, pmu);
	if (out->v)
		names_add(b, dir, NULL, out);
}

/* e said as msg with the closest of names to word; as it was when none is close. */
static int reword(const struct error *e, struct cli_names *names, const char *word, const char *see,
		  const char *msg)
{
	const char *const *known = cli_names_list(names);
	int r =
	    cli_suggest(word, known) ? cli_unknown_name(word, known, see, "%s", msg) : cli_fail(e);

	cli_names_free(names);
	return r;
}

int cli_fail_event(struct backend *b, const struct error *e)
{
	char ev[256], word[128], pmu[128], see[200], msg[600];
	struct cli_names names;

	if (sscanf(e->msg, "event syntax error: '%255[^']': Cannot find PMU `%127[^']'", ev,
		   word) == 2) {
		cli_names_dir(b, PMU_SYSFS_DIR, NULL, &names);
		snprintf(msg, sizeof(msg), "event syntax error: '%s': Cannot find PMU `%s'", ev,
			 word);
		return reword(e, &names, word, "see 'pciescope list'", msg);
	}
	if (sscanf(e->msg,
		   "event syntax error: '%255[^']': unknown term '%127[^']' for pmu '%127[^']'", ev,
		   word, pmu) == 3) {
		pmu_terms(b, pmu, &names);
		snprintf(msg, sizeof(msg),
			 "event syntax error: '%s': unknown term '%s' for pmu '%s'", ev, word, pmu);
		snprintf(see, sizeof(see), "see 'pciescope list -v %s'", pmu);
		return reword(e, &names, word, see, msg);
	}
	return cli_fail(e);
}
