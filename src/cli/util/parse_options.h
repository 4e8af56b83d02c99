/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One option table for every command, as perf's parse-options gives its
 * tools: a command declares its options (short and long name, what the value
 * is, help text, where it goes) and gets from the table its --help, -h, the
 * same wording for an unknown option ("did you mean ...?"), a missing value
 * and a bad number, whatever the command.
 *
 * Decisions:
 * - Long names are matched whole: an abbreviation is suggested, never taken,
 *   so a script keeps meaning the same when an option is added later.
 * - The synopsis lines are written by hand (they say how the positional
 *   arguments combine, which a table cannot); the option list under them is
 *   generated, so it cannot drift from what the parser takes.
 * - Positional arguments are kept in order at the front of argv, as perf
 *   does; "--" ends the options and is dropped.  CLI_PARSE_STOP_AT_NON_OPTION
 *   stops at the first positional argument, for commands that run a COMMAND
 *   with options of its own (stat, record, exec).
 */
#ifndef PCIESCOPE_CLI_PARSE_OPTIONS_H
#define PCIESCOPE_CLI_PARSE_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum cli_opt_type {
	CLI_OPT_END,
	CLI_OPT_BOOL,	  /* bool *value = true */
	CLI_OPT_STRING,	  /* const char **value = the argument */
	CLI_OPT_UINT,	  /* uint64_t *value = decimal or 0x number, min..max */
	CLI_OPT_CALLBACK, /* cb(opt, argument); NULL argument when argh is NULL */
};

struct cli_option {
	enum cli_opt_type type;
	int short_name;	       /* 0 if none */
	const char *long_name; /* without "--"; NULL if none */
	void *value;
	const char *argh;  /* the value's name in --help ("MS"); NULL: takes none */
	const char *help;  /* wrapped to fit 80 columns; NULL: not listed */
	uint64_t min, max; /* CLI_OPT_UINT only */
	/* 0, or 1 after printing one error line (cli_error) */
	int (*cb)(const struct cli_option *opt, const char *arg);
	long data; /* for cb: which of several options it serves */
};

#define OPT_BOOL(s, l, v, h)                                                                       \
	{                                                                                          \
		CLI_OPT_BOOL, (s), (l), (v), NULL, (h), 0, 0, NULL, 0                              \
	}
#define OPT_STRING(s, l, v, a, h)                                                                  \
	{                                                                                          \
		CLI_OPT_STRING, (s), (l), (v), (a), (h), 0, 0, NULL, 0                             \
	}
#define OPT_UINT(s, l, v, lo, hi, a, h)                                                            \
	{                                                                                          \
		CLI_OPT_UINT, (s), (l), (v), (a), (h), (lo), (hi), NULL, 0                         \
	}
#define OPT_CALLBACK(s, l, v, a, h, f)                                                             \
	{                                                                                          \
		CLI_OPT_CALLBACK, (s), (l), (v), (a), (h), 0, 0, (f), 0                            \
	}
#define OPT_CALLBACK_DATA(s, l, v, a, h, f, d)                                                     \
	{                                                                                          \
		CLI_OPT_CALLBACK, (s), (l), (v), (a), (h), 0, 0, (f), (d)                          \
	}
#define OPT_END()                                                                                  \
	{                                                                                          \
		CLI_OPT_END, 0, NULL, NULL, NULL, NULL, 0, 0, NULL, 0                              \
	}

#define CLI_PARSE_STOP_AT_NON_OPTION 1u

struct cli_command_options {
	const char *const *usage; /* synopsis lines without "usage: ", NULL-terminated */
	const struct cli_option *options;
	const char *notes; /* printed after the option list, or NULL */
	unsigned flags;
};

/* cli_parse_options() results below 0. */
#define CLI_PARSE_HELP (-1)  /* --help or -h: the usage is on stdout */
#define CLI_PARSE_ERROR (-2) /* one "pciescope: <command>: ..." line is on stderr */

/*
 * Parses argv[1..argc) (argv[0] is the command's name) against c->options.
 * Returns the number of positional arguments, moved in order to argv[0..n)
 * with argv[n] = NULL, or CLI_PARSE_HELP / CLI_PARSE_ERROR.
 */
int cli_parse_options(int argc, char **argv, const struct cli_command_options *c);
/* The exit status of a command whose parse returned n < 0: 0 after help, 1 after an error. */
static inline int cli_parse_status(int n)
{
	return n == CLI_PARSE_HELP ? 0 : 1;
}
/* The generated --help of c, to f. */
void cli_usage(const struct cli_command_options *c, FILE *f);
/*
 * "unknown <what> 'typed'; did you mean 'x'? (see 'pciescope <command>
 * --help')" for a subcommand or action (what: "command", "action") among
 * known (NULL-terminated).  Returns 1.
 */
int cli_unknown_word(const char *what, const char *typed, const char *const *known);

#endif
