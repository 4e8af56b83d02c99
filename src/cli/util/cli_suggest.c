// SPDX-License-Identifier: GPL-2.0-only
/*
 * "Did you mean ...?" for mistyped commands and options, as git and perf
 * offer: the known name at the smallest edit distance (insertions,
 * deletions, substitutions and swaps of neighbours), if it is close enough
 * to be a typo rather than another word: at most 2 edits, and fewer than
 * half the typed name.  A known name the typed one begins ("--js") counts
 * as a match too.  getopt's own messages are silenced (opterr = 0) so that
 * every command words a bad option the same way.
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MAXLEN 64

static size_t min3(size_t a, size_t b, size_t c)
{
	return a < b ? (a < c ? a : c) : (b < c ? b : c);
}

/* Optimal string alignment distance; names longer than MAXLEN never match. */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), d[MAXLEN + 1][MAXLEN + 1];

	if (la > MAXLEN || lb > MAXLEN)
		return (size_t)-1;
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			d[i][j] = min3(d[i - 1][j] + 1, d[i][j - 1] + 1,
				       d[i - 1][j - 1] + (a[i - 1] != b[j - 1]));
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < d[i][j])
				d[i][j] = d[i - 2][j - 2] + 1;
		}
	return d[la][lb];
}

const char *cli_suggest(const char *typed, const char *const *known)
{
	size_t best = (size_t)-1, len = strlen(typed);
	const char *pick = NULL;

	for (size_t i = 0; known[i]; i++) {
		size_t d = distance(typed, known[i]);

		if (len >= 3 && !strncmp(known[i], typed, len))
			d = 1;
		if (d < best) {
			best = d;
			pick = known[i];
		}
	}
	return best <= 2 && 2 * best < len ? pick : NULL;
}

int cli_unknown_option(const char *arg, const char *const *known)
{
	char name[MAXLEN + 1];
	const char *eq = strchr(arg, '='), *s;

	snprintf(name, sizeof(name), "%.*s", eq ? (int)(eq - arg) : (int)strlen(arg), arg);
	s = cli_suggest(name, known);
	if (s)
		return cli_error("unknown option '%s'; did you mean '%s'? (see 'pciescope %s --help')",
				 name, s, cli_command());
	return cli_error("unknown option '%s'; see 'pciescope %s --help'", name, cli_command());
}

static void free_known(const char **v, size_t nlong)
{
	for (size_t i = 0; v && i < nlong; i++)
		free((char *)v[i]);
	free(v);
}

/* The long option names as "--name", then the short ones as "-x"; NULL when out of memory. */
static const char **known_options(const char *shortopts, const struct option *longopts)
{
	size_t n = 0, k = 0;
	const char **v;
	static char shorts[128][3];

	while (longopts[n].name)
		n++;
	v = calloc(n + strlen(shortopts) + 1, sizeof(*v));
	if (!v)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		char *s = malloc(strlen(longopts[i].name) + 3);

		if (!s) {
			/* skipping one would put a static short name where free_known frees */
			free_known(v, k);
			return NULL;
		}
		v[k++] = strcat(strcpy(s, "--"), longopts[i].name);
	}
	for (const char *c = shortopts; *c; c++)
		if (*c != ':' && *c != '+' && *c > 0) {
			char *s = shorts[(unsigned char)*c];

			s[0] = '-';
			s[1] = *c;
			v[k++] = s;
		}
	return v;
}

static int bad_option(int argc, char **argv, const char *shortopts, const struct option *longopts,
		      int c)
{
	const char *arg = optind - 1 < argc ? argv[optind - 1] : "?";
	char shortname[3] = {'-', (char)optopt, 0};
	size_t nlong = 0;
	const char **known;

	if (optopt && strncmp(arg, "--", 2))
		arg = shortname;
	if (c == ':')
		return cli_error("option '%s' needs a value", arg);
	while (longopts[nlong].name)
		nlong++;
	known = known_options(shortopts, longopts);
	if (known)
		cli_unknown_option(arg, known);
	else
		cli_error("unknown option '%s'", arg);
	free_known(known, nlong);
	return 1;
}

int cli_getopt(int argc, char **argv, const char *shortopts, const struct option *longopts)
{
	return cli_getopt_index(argc, argv, shortopts, longopts, NULL);
}

int cli_getopt_index(int argc, char **argv, const char *shortopts, const struct option *longopts,
		     int *longindex)
{
	char opts[128];
	bool plus = shortopts[0] == '+';
	int c;

	snprintf(opts, sizeof(opts), "%s:%s", plus ? "+" : "", shortopts + plus);
	opterr = 0;
	c = getopt_long(argc, argv, opts, longopts, longindex);
	if (c == '?' || c == ':') {
		bad_option(argc, argv, shortopts, longopts, c);
		return '?';
	}
	return c;
}
