// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope sysfs export DIR [--platform NAME] [--backend emulated|host]
 * pciescope sysfs mount [--platform NAME] [-f] DIR  (sysfs_mount.c)
 *
 * Writes the PMU tree of /sys/bus/event_source/devices (every PMU with
 * type, format/, events/, cpumask, identifier, ...) as plain files under
 * DIR, so that real tools can read the emulated machine: bind-mount DIR
 * over /sys/bus/event_source/devices in a private mount namespace and run
 * perf.  Symlinks are followed; the copy stops two levels below each PMU
 * (enough for format/ and events/, and safe from the host's loops such as
 * subsystem/).  Files that cannot be read (write-only) are left out.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <pciescope/backend/backend.h>

#include "cli.h"
#include "pmu_source.h"
#include "sysfs_mount.h"

#define MAX_DEPTH 3
#define FILE_MAX 65536

struct exporter {
	struct backend *b;
	char *buf;
	unsigned files;
};

static int write_file(const char *path, const char *buf, size_t n)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ssize_t w;
	int err;

	if (fd < 0)
		return cli_errno(-errno, "sysfs export: cannot create %s", path);
	w = write(fd, buf, n);
	err = w < 0 ? -errno : w != (ssize_t)n ? -ENOSPC : 0;
	if (close(fd) && !err)
		err = -errno;
	if (err)
		return cli_errno(err, "sysfs export: writing %s", path);
	return 0;
}

static int export_dir(struct exporter *x, const char *src, const char *dst, int depth);

static int export_entry(struct exporter *x, const char *src, const char *dst, int depth)
{
	int is_dir = x->b->ops->sysfs_is_dir(x->b, src);
	ssize_t n;

	if (is_dir < 0)
		return 0;
	if (is_dir) {
		if (depth >= MAX_DEPTH)
			return 0;
		if (mkdir(dst, 0755) && errno != EEXIST)
			return cli_errno(-errno, "cannot create %s", dst);
		return export_dir(x, src, dst, depth + 1);
	}
	n = x->b->ops->sysfs_read(x->b, src, x->buf, FILE_MAX);
	if (n < 0)
		return 0;
	x->files++;
	return write_file(dst, x->buf, (size_t)n);
}

static int export_dir(struct exporter *x, const char *src, const char *dst, int depth)
{
	char **names = NULL;
	size_t count = 0;
	int r = x->b->ops->sysfs_list(x->b, src, &names, &count);

	if (r < 0)
		return cli_errno(r, "cannot list %s", src);
	for (size_t i = 0; i < count; i++) {
		char s[1024], d[4096];

		snprintf(s, sizeof(s), "%s/%s", src, names[i]);
		snprintf(d, sizeof(d), "%s/%s", dst, names[i]);
		if (!r)
			r = export_entry(x, s, d, depth);
		free(names[i]);
	}
	free(names);
	return r;
}

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
	struct exporter x = {0};
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
	if (backend_open(&bo, &x.b, err, sizeof(err)))
		return cli_error("%s", err);
	x.buf = malloc(FILE_MAX);
	r = x.buf ? export_dir(&x, PMU_SYSFS_DIR, dir, 1) : cli_errno(-ENOMEM, "export");
	if (!r)
		printf("%u files of %s written to %s\n", x.files, PMU_SYSFS_DIR, dir);
	free(x.buf);
	backend_close(x.b);
	return r;
}
