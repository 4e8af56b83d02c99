// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope sysfs export DIR [--platform NAME] [--backend emulated|host]
 * pciescope sysfs mount [--platform NAME] [-f] DIR  (sysfs_mount.c)
 *
 * Writes the PMU tree of /sys/bus/event_source/devices (every PMU with
 * type, format/, events/, cpumask, identifier, ...) as plain files under
 * DIR, so that real tools can read the emulated machine: bind-mount DIR
 * over /sys/bus/event_source/devices in a private mount namespace and run
 * perf (sysfs_export.c says what is copied).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <pciescope/backend/backend.h>
#include <pciescope/tool/pmu_source.h>
#include <pciescope/tool/sysfs_export.h>

#include "backend_opts.h"
#include "cli.h"
#include "parse_options.h"
#include "sysfs_mount.h"

static const char *const sysfs_synopsis[] = {
    "sysfs export DIR [--platform NAME] [--backend emulated|host]",
    "sysfs mount [--platform NAME] [-f] DIR", NULL};

static const char sysfs_notes[] =
    "export writes the PMU tree as plain files under DIR; mount serves the emulated\n"
    "platform's whole /sys under DIR (FUSE): see 'pciescope sysfs mount --help'.\n";

static int which_action(int n, char **words)
{
	static const char *const actions[] = {"export", "mount", NULL};

	if (!n)
		return cli_error("which action? export or mount (see 'pciescope sysfs --help')");
	return cli_unknown_word("action", words[0], actions);
}

/*
 * export DIR: argv[0] is "export"; options may stand before or after DIR.
 * Without the action word (exported false) the same table answers --help
 * and a mistyped option, and the first word is a mistyped action.
 */
static int sysfs_export(int argc, char **argv, bool exported)
{
	struct backend_options bo = {0};
	const struct cli_option options[] = {
	    OPT_STRING(0, "platform", &bo.platform, "NAME", "the emulated platform (kunpeng930)"),
	    OPT_STRING(0, "backend", &bo.kind, "B", "emulated (the default) or host"),
	    OPT_END(),
	};
	const struct cli_command_options cmd = {sysfs_synopsis, options, sysfs_notes, 0};
	struct backend *b;
	unsigned files = 0;
	struct error e;
	int r = cli_parse_options(argc, argv, &cmd);

	if (r < 0)
		return cli_parse_status(r);
	if (!exported)
		return which_action(r, argv);
	if (!r)
		return cli_error(
		    "sysfs export: which DIR? e.g. 'pciescope sysfs export /tmp/pmus'");
	if (r > 1)
		return cli_error("sysfs export: one DIR, not '%s' too", argv[1]);
	if (mkdir(argv[0], 0755) && errno != EEXIST)
		return cli_errno(-errno, "cannot create %s", argv[0]);
	b = cli_backend_open(&bo, "sysfs export");
	if (!b)
		return 1;
	r = sysfs_export_dir(b, PMU_SYSFS_DIR, argv[0], NULL, NULL, &files, &e);
	if (r)
		r = cli_fail(&e);
	else
		printf("%u files of %s written to %s\n", files, PMU_SYSFS_DIR, argv[0]);
	backend_close(b);
	return r;
}

int cmd_sysfs(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "mount"))
		return cli_sysfs_mount(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "export"))
		return sysfs_export(argc - 1, argv + 1, true);
	return sysfs_export(argc, argv, false);
}
