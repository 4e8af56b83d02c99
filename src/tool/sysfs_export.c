// SPDX-License-Identifier: GPL-2.0-only
/*
 * A backend's sysfs directory as plain files.  Symlinks are followed (a
 * reader of the copy sees what the path shows); the copy stops two levels
 * below each entry, enough for a PMU's format/ and events/ and safe from
 * the loops of a real /sys such as subsystem/.  Files that cannot be read
 * (write-only ones such as remove) are left out.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <pciescope/tool/sysfs_export.h>

#define MAX_DEPTH 3
#define FILE_MAX 65536

struct exporter {
	struct backend *b;
	char *buf;
	unsigned files;
	struct error *e;
};

static int write_file(struct error *e, const char *path, const char *buf, size_t n)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ssize_t w;
	int err;

	if (fd < 0)
		return error_set_errno(e, -errno, "sysfs export: cannot create %s", path);
	w = write(fd, buf, n);
	err = w < 0 ? -errno : w != (ssize_t)n ? -ENOSPC : 0;
	if (close(fd) && !err)
		err = -errno;
	if (err)
		return error_set_errno(e, err, "sysfs export: writing %s", path);
	return 0;
}

static int export_dir(struct exporter *x, const char *src, const char *dst, int depth,
		      bool (*want)(const char *name, void *ctx), void *ctx);

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
			return error_set_errno(x->e, -errno, "cannot create %s", dst);
		return export_dir(x, src, dst, depth + 1, NULL, NULL);
	}
	n = x->b->ops->sysfs_read(x->b, src, x->buf, FILE_MAX);
	if (n < 0)
		return 0;
	x->files++;
	return write_file(x->e, dst, x->buf, (size_t)n);
}

static int export_dir(struct exporter *x, const char *src, const char *dst, int depth,
		      bool (*want)(const char *name, void *ctx), void *ctx)
{
	char **names = NULL;
	size_t count = 0;
	int r = x->b->ops->sysfs_list(x->b, src, &names, &count);

	if (r < 0)
		return error_set_errno(x->e, r, "cannot list %s", src);
	for (size_t i = 0; i < count; i++) {
		char s[1024], d[4096];

		snprintf(s, sizeof(s), "%s/%s", src, names[i]);
		snprintf(d, sizeof(d), "%s/%s", dst, names[i]);
		if (!r && (!want || want(names[i], ctx)))
			r = export_entry(x, s, d, depth);
		free(names[i]);
	}
	free(names);
	return r;
}

int sysfs_export_dir(struct backend *b, const char *src, const char *dst,
		     bool (*want)(const char *name, void *ctx), void *ctx, unsigned *files,
		     struct error *e)
{
	struct exporter x = {b, malloc(FILE_MAX), 0, e};
	int r = x.buf ? export_dir(&x, src, dst, 1, want, ctx)
		      : error_set(e, -ENOMEM, "export: out of memory");

	free(x.buf);
	*files += x.files;
	return r;
}
