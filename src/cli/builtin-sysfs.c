// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope sysfs SUBCOMMAND: the emulated platform's sysfs tree for tools
 * that expect a real /sys.  `mount` serves it as a FUSE filesystem.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "sysfs_mount.h"

static int sysfs_usage(int ret)
{
	fprintf(ret ? stderr : stdout,
		"usage: pciescope sysfs mount [--platform NAME] [-f] DIR\n"
		"  mount  the emulated /sys as a FUSE filesystem under DIR\n");
	return ret;
}

int cmd_sysfs(int argc, char **argv)
{
	if (argc < 2)
		return sysfs_usage(1);
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
		return sysfs_usage(0);
	if (!strcmp(argv[1], "mount"))
		return cli_sysfs_mount(argc - 1, argv + 1);
	return cli_error("sysfs: '%s' is not a sysfs subcommand; see 'pciescope sysfs --help'",
			 argv[1]);
}
