// SPDX-License-Identifier: GPL-2.0-only
/*
 * The option table's parser and its generated --help (parse_options.h says
 * the rules).  Every message goes through cli_error, so each starts
 * "pciescope: <command>: " and names the option as the user typed it
 * ("-I" or "--interval-print"); a suggestion comes from the same table, so it
 * can only name an option the command takes.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "cli_number.h"
#include "parse_options.h"

/* More than any command declares; a longer table loses its tail from suggestions only. */
#define MAX_NAMES 96
#define NAME_LEN 40
#define HELP_COLUMN 26
/* --help fits a terminal of the width every terminal has. */
#define USAGE_WIDTH 80

struct parse {
	int argc;
	char **argv;
	int i;	  /* the argument being parsed */
	int npos; /* positional arguments moved to the front so far */
	const struct cli_command_options *c;
};

static const struct cli_option *find_long(const struct cli_option *o, const char *name, size_t len)
{
	for (; o->type != CLI_OPT_END; o++)
		if (o->long_name && strlen(o->long_name) == len &&
		    !strncmp(o->long_name, name, len))
			return o;
	return NULL;
}

static const struct cli_option *find_short(const struct cli_option *o, int c)
{
	for (; o->type != CLI_OPT_END; o++)
		if (o->short_name && o->short_name == c)
			return o;
	return NULL;
}

/* Whether word (any case) is one of the words of o's value name ("ADDR:PORT"). */
static bool names_value(const struct cli_option *o, const char *word)
{
	size_t len = strlen(word);

	for (const char *a = o->argh; a && *a;) {
		size_t w = strcspn(a, ":,.=[]| ");

		if (w == len && !strncasecmp(a, word, len))
			return true;
		a += w + (a[w] != 0);
	}
	return false;
}

/*
 * The option whose value a mistyped name names ("--port" for --listen
 * ADDR:PORT), as "--listen ADDR:PORT"; NULL if none.
 */
static const char *by_value(const struct cli_option *o, const char *typed, char *buf, size_t n)
{
	typed += strspn(typed, "-");
	for (; o->type != CLI_OPT_END; o++)
		if (o->long_name && o->help && names_value(o, typed)) {
			snprintf(buf, n, "--%s %s", o->long_name, o->argh);
			return buf;
		}
	return NULL;
}

/* The table's names as typed ("--json", "-v"), for the suggestion; a command parses once. */
static int unknown(const struct cli_option *o, const char *typed)
{
	static char names[MAX_NAMES][NAME_LEN];
	const char *known[MAX_NAMES + 2];
	char name[NAME_LEN], see[128], value[96];
	const char *pick;
	size_t n = 0;

	known[n++] = "--help";
	for (const struct cli_option *t = o; t->type != CLI_OPT_END && n < MAX_NAMES; t++) {
		if (t->long_name)
			snprintf(names[n], NAME_LEN, "--%s", t->long_name);
		else
			snprintf(names[n], NAME_LEN, "-%c", (char)t->short_name);
		known[n] = names[n];
		n++;
	}
	known[n] = NULL;
	snprintf(name, sizeof(name), "%.*s", (int)strcspn(typed, "="), typed);
	pick = cli_suggest(name, known);
	if (!pick)
		pick = by_value(o, name, value, sizeof(value));
	snprintf(see, sizeof(see), "see 'pciescope %s --help'", cli_command());
	return cli_did_you_mean(pick, see, "unknown option '%s'", name);
}

static int set_uint(const struct cli_option *o, const char *typed, const char *arg)
{
	uint64_t v;

	if (cli_parse_uint(arg, 10, o->max, &v) || v < o->min)
		return cli_error("%s: '%s' is not a number from %llu to %llu", typed, arg,
				 (unsigned long long)o->min, (unsigned long long)o->max);
	*(uint64_t *)o->value = v;
	return 0;
}

/* Applies o; arg is its value (NULL for one that takes none); typed names it in messages. */
static int apply(const struct cli_option *o, const char *typed, const char *arg)
{
	switch (o->type) {
	case CLI_OPT_BOOL:
		*(bool *)o->value = true;
		return 0;
	case CLI_OPT_STRING:
		*(const char **)o->value = arg;
		return 0;
	case CLI_OPT_UINT:
		return set_uint(o, typed, arg);
	case CLI_OPT_CALLBACK:
		return o->cb(o, arg);
	case CLI_OPT_END:
		break;
	}
	return 1;
}

/* The value of o: after '=' (inline) or the next argument; NULL after the error. */
static const char *take_value(struct parse *p, const char *typed, const char *inline_value)
{
	if (inline_value)
		return inline_value;
	if (p->i + 1 >= p->argc) {
		cli_error("option '%s' needs a value", typed);
		return NULL;
	}
	return p->argv[++p->i];
}

static int parse_long(struct parse *p, const char *a)
{
	const char *name = a + 2, *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	const struct cli_option *o = find_long(p->c->options, name, len);
	char typed[NAME_LEN + 2];
	const char *v = NULL;

	snprintf(typed, sizeof(typed), "--%.*s", (int)len, name);
	if (len == 4 && !strncmp(name, "help", 4))
		return CLI_PARSE_HELP;
	if (!o) {
		unknown(p->c->options, a);
		return CLI_PARSE_ERROR;
	}
	if (!o->argh && eq) {
		cli_error("option '%s' takes no value", typed);
		return CLI_PARSE_ERROR;
	}
	if (o->argh && !(v = take_value(p, typed, eq ? eq + 1 : NULL)))
		return CLI_PARSE_ERROR;
	return apply(o, typed, v) ? CLI_PARSE_ERROR : 0;
}

/* "-jv" sets both; "-I100" and "-I 100" give -I its value. */
static int parse_short(struct parse *p, const char *a)
{
	for (const char *s = a + 1; *s; s++) {
		const struct cli_option *o = find_short(p->c->options, (unsigned char)*s);
		char typed[3] = {'-', *s, 0};
		const char *v = NULL;

		if (*s == 'h' && !o)
			return CLI_PARSE_HELP;
		if (!o) {
			unknown(p->c->options, typed);
			return CLI_PARSE_ERROR;
		}
		if (o->argh) {
			v = take_value(p, typed, s[1] ? s + 1 : NULL);
			if (!v)
				return CLI_PARSE_ERROR;
			return apply(o, typed, v) ? CLI_PARSE_ERROR : 0;
		}
		if (apply(o, typed, NULL))
			return CLI_PARSE_ERROR;
	}
	return 0;
}

static void keep_positional(struct parse *p, char *a)
{
	p->argv[p->npos++] = a;
}

int cli_parse_options(int argc, char **argv, const struct cli_command_options *c)
{
	struct parse p = {argc, argv, 1, 0, c};
	int r;

	for (; p.i < argc; p.i++) {
		char *a = argv[p.i];

		if (!strcmp(a, "--")) {
			p.i++;
			break;
		}
		if (a[0] != '-' || !a[1]) {
			if (c->flags & CLI_PARSE_STOP_AT_NON_OPTION)
				break;
			keep_positional(&p, a);
			continue;
		}
		r = a[1] == '-' ? parse_long(&p, a) : parse_short(&p, a);
		if (r == CLI_PARSE_HELP)
			cli_usage(c, stdout);
		if (r)
			return r;
	}
	while (p.i < argc)
		keep_positional(&p, argv[p.i++]);
	argv[p.npos] = NULL;
	return p.npos;
}

/* "  -e, --event EVENTS" as --help lists an option; its length. */
static int option_label(const struct cli_option *o, char *buf, size_t n)
{
	int len;

	if (o->short_name && o->long_name)
		len = snprintf(buf, n, "  -%c, --%s", (char)o->short_name, o->long_name);
	else if (o->short_name)
		len = snprintf(buf, n, "  -%c", (char)o->short_name);
	else
		len = snprintf(buf, n, "      --%s", o->long_name);
	if (o->argh && len >= 0 && (size_t)len < n)
		len += snprintf(buf + len, n - (size_t)len, " %s", o->argh);
	return len;
}

/*
 * The help text after the label, wrapped at blanks (a '\n' in the text is
 * one) so that no line passes USAGE_WIDTH, its further lines under its first.
 */
static void option_help(FILE *f, const char *help)
{
	int room = USAGE_WIDTH - HELP_COLUMN, col = 0;

	while (*help) {
		size_t word = strcspn(help, " \n");

		if (col && col + 1 + (int)word > room) {
			fprintf(f, "\n%*s", HELP_COLUMN, "");
			col = 0;
		}
		if (col) {
			fputc(' ', f);
			col++;
		}
		fprintf(f, "%.*s", (int)word, help);
		col += (int)word;
		help += word;
		if (*help)
			help++;
	}
	fputc('\n', f);
}

static void option_line(FILE *f, const struct cli_option *o)
{
	char label[128];
	int len = option_label(o, label, sizeof(label));

	fputs(label, f);
	if (len + 2 > HELP_COLUMN)
		fprintf(f, "\n%*s", HELP_COLUMN, "");
	else
		fprintf(f, "%*s", HELP_COLUMN - len, "");
	option_help(f, o->help);
}

void cli_usage(const struct cli_command_options *c, FILE *f)
{
	static const struct cli_option help = OPT_BOOL('h', "help", NULL, "print this help");

	for (size_t i = 0; c->usage[i]; i++)
		fprintf(f, "%s pciescope %s\n", i ? "   or:" : "usage:", c->usage[i]);
	fputc('\n', f);
	for (const struct cli_option *o = c->options; o->type != CLI_OPT_END; o++)
		if (o->help)
			option_line(f, o);
	option_line(f, &help);
	if (c->notes)
		fprintf(f, "\n%s", c->notes);
}

int cli_unknown_word(const char *what, const char *typed, const char *const *known)
{
	char see[128];

	snprintf(see, sizeof(see), "see 'pciescope %s --help'", cli_command());
	return cli_unknown_name(typed, known, see, "unknown %s '%s'", what, typed);
}
