// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope entry point: dispatches `pciescope <command> ...` to the
 * builtin-<command>.c that implements it, as perf does.
 */
#include <stdio.h>
#include <string.h>

#include <pciescope/tool/warn.h>

#include "cli.h"

struct command {
	const char *name;
	const char *summary;
	int (*fn)(int argc, char **argv);
};

static const struct command commands[] = {
#define CMD(name, summary) {#name, summary, cmd_##name},
#include "commands.def"
#undef CMD
    {NULL, NULL, NULL},
};

static void usage(FILE *out)
{
	fprintf(out, "usage: pciescope [--version] [-h|--help] <command> [<args>]\n\n"
		     "commands:\n");
	for (size_t i = 0; commands[i].name; i++)
		fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
	fprintf(out, "\nSee 'pciescope help <command>' or 'pciescope <command> --help'.\n");
}

static const struct command *find(const char *name)
{
	for (size_t i = 0; commands[i].name; i++)
		if (!strcmp(name, commands[i].name))
			return &commands[i];
	return NULL;
}

static int unknown_command(const char *name)
{
	const char *known[sizeof(commands) / sizeof(commands[0])];
	size_t i;

	for (i = 0; commands[i].name; i++)
		known[i] = commands[i].name;
	known[i] = NULL;
	return cli_unknown_name(name, known, "see 'pciescope --help'",
				"'%s' is not a pciescope command", name);
}

/*
 * Exit statuses are small: 0, 1 for an error the command reported, or the
 * measured command's.  A -errno that escaped a command would become 244 and
 * the like, so it is reported here instead.
 */
static int run(const struct command *c, int argc, char **argv)
{
	int r;

	cli_set_command(c->name);
	tool_set_warn(cli_warn_line);
	r = c->fn(argc, argv);
	if (r < 0)
		return cli_errno(r, "failed");
	return r;
}

/* pciescope help [COMMAND]: the global usage, or the command's own --help. */
static int help(int argc, char **argv)
{
	const struct command *c;
	char *args[] = {NULL, "--help", NULL};

	if (argc < 3) {
		usage(stdout);
		return 0;
	}
	c = find(argv[2]);
	if (!c)
		return unknown_command(argv[2]);
	args[0] = argv[2];
	return run(c, 2, args);
}

int main(int argc, char **argv)
{
	const struct command *c;

	if (argc < 2) {
		usage(stderr);
		return 1;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		printf("pciescope %s\n", PCIESCOPE_VERSION);
		return 0;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help"))
		return help(argc, argv);
	c = find(argv[1]);
	if (!c)
		return unknown_command(argv[1]);
	return run(c, argc - 1, argv + 1);
}
