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
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <pciescope/backend/backend.h>
#include <pciescope/tool/pmu_source.h>
#include <pciescope/tool/sysfs_export.h>

#include "cli.h"
#include "sysfs_mount.h"

static void usage(FILE *out)
{
	fprintf(out, "usage: pciescope sysfs export DIR [--platform NAME] "
		     "[--backend emulated|host]\n"
		     "       pciescope sysfs mount [--platform NAME] [-f] DIR\n");
}

static const struct option options[] = {
    {"platform", required_argument, NULL, 'p'},
    {"backend", required_argument, NULL, 'b'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

static int parse(int argc, char **argv, struct backend_options *bo, const char **dir)
{
	int c;

	/* argv[0] is "export": options may stand before or after DIR. */
	optind = 1;
	while ((c = cli_getopt(argc, argv, "h", options)) != -1) {
		if (c == 'p')
			bo->platform = optarg;
		else if (c == 'b')
			bo->kind = optarg;
		else if (c == 'h') {
			usage(stdout);
			exit(0);
		} else {
			return 1;
		}
	}
	if (optind + 1 != argc) {
		usage(stderr);
		return 1;
	}
	*dir = argv[optind];
	return 0;
}

int cmd_sysfs(int argc, char **argv)
{
	struct backend_options bo = {0};
	struct backend *b;
	unsigned files = 0;
	const char *dir;
	char err[256];
	int r;

	if (argc > 1 && !strcmp(argv[1], "mount"))
		return cli_sysfs_mount(argc - 1, argv + 1);
	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		usage(stdout);
		return 0;
	}
	if (argc > 1 && argv[1][0] == '-') {
		static const char *const known[] = {"--help", NULL};

		return cli_unknown_option(argv[1], known);
	}
	if (argc < 2 || strcmp(argv[1], "export")) {
		usage(stderr);
		return 1;
	}
	if (parse(argc - 1, argv + 1, &bo, &dir))
		return 1;
	if (mkdir(dir, 0755) && errno != EEXIST)
		return cli_errno(-errno, "cannot create %s", dir);
	if (backend_open(&bo, &b, err, sizeof(err)))
		return cli_error("%s", err);
	r = sysfs_export_dir(b, PMU_SYSFS_DIR, dir, NULL, NULL, &files);
	if (!r)
		printf("%u files of %s written to %s\n", files, PMU_SYSFS_DIR, dir);
	backend_close(b);
	return r;
}
