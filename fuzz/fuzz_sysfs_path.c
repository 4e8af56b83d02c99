// SPDX-License-Identifier: GPL-2.0-only
/*
 * sysfs path resolution on arbitrary paths over a tree with relative,
 * absolute, dangling and looping symlinks: every call returns a length or a
 * -errno, never crashes, and a read never reports more than it was given.
 */
#include <stdlib.h>
#include <string.h>

#include <pciescope/core/sysfs.h>

static struct sysfs *tree(void)
{
	struct sysfs *fs = sysfs_create();
	struct sysfs_node *dev = sysfs_mkdir_p(fs, "/sys/devices/pci0000:00/0000:00:10.0");
	struct sysfs_node *bus = sysfs_mkdir_p(fs, "/sys/bus/pci/devices");

	sysfs_add_const(dev, "vendor", "0x19e5\n");
	sysfs_add_symlink(bus, "0000:00:10.0", "../../../devices/pci0000:00/0000:00:10.0");
	sysfs_add_symlink(bus, "abs", "/sys/devices");
	sysfs_add_symlink(bus, "loop", "loop");
	sysfs_add_symlink(bus, "up", "..");
	sysfs_add_symlink(bus, "dangling", "/nowhere/at/all");
	sysfs_add_symlink(dev, "self", ".");
	return fs;
}

static int count(void *ctx, const char *name, const struct sysfs_stat *st)
{
	(*(size_t *)ctx)++;
	return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static struct sysfs *fs;
	struct sysfs_stat st;
	char *path = malloc(size + 1), buf[64];
	size_t n = 0;
	ssize_t len;

	if (!fs)
		fs = tree();
	memcpy(path, data, size);
	path[size] = '\0';
	len = sysfs_read(fs, path, buf, sizeof(buf));
	if (len > (ssize_t)sizeof(buf))
		abort();
	sysfs_stat(fs, path, &st);
	sysfs_readdir(fs, path, count, &n);
	sysfs_lookup(fs, path);
	free(path);
	return 0;
}
