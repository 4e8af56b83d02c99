/* SPDX-License-Identifier: GPL-2.0-only */
/* `pciescope sysfs mount`: the emulated /sys as a FUSE filesystem (sysfs_mount.c). */
#ifndef PCIESCOPE_CLI_SYSFS_MOUNT_H
#define PCIESCOPE_CLI_SYSFS_MOUNT_H

/* argv[0] is "mount". */
int cli_sysfs_mount(int argc, char **argv);

#endif
