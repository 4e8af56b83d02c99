// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope entry point: dispatches `pciescope <command> ...` to the
 * builtin-<command>.c that implements it, as perf does.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

struct command {
	const char *name;
	const char *summary;
	int (*fn)(int argc, char **argv);
};

static const struct command commands[] = {
#define CMD(name, summary) { #name, summary, cmd_##name },
#include "commands.def"
#undef CMD
	{ NULL, NULL, NULL },
};

static void usage(FILE *out)
{
	fprintf(out, "usage: pciescope [--version] [--help] <command> [<args>]\n\n"
		     "commands:\n");
	for (size_t i = 0; commands[i].name; i++)
		fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
	fprintf(out, "\nSee 'pciescope <command> --help'.\n");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 1;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		printf("pciescope %s\n", PCIESCOPE_VERSION);
		return 0;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	for (size_t i = 0; commands[i].name; i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	return cli_error("'%s' is not a pciescope command; see 'pciescope --help'", argv[1]);
}
