// SPDX-License-Identifier: GPL-2.0-only
/*
 * The mount namespace of `pciescope exec`.  unshare(CLONE_NEWNS) needs
 * CAP_SYS_ADMIN; without it a user namespace mapping our uid and gid to
 * themselves gives that capability over the new mount namespace only (the
 * command then runs with our own ids and no capability, as before).  / is
 * made private at once, so no mount made here propagates to the host's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "cli.h"
#include "exec_ns.h"

static int write_proc(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n = -1;

	if (fd >= 0) {
		n = write(fd, text, strlen(text));
		close(fd);
	}
	return n == (ssize_t)strlen(text) ? 0 : -1;
}

static int user_namespace(void)
{
	char map[64];
	uid_t uid = geteuid();
	gid_t gid = getegid();

	if (unshare(CLONE_NEWUSER | CLONE_NEWNS))
		return -1;
	snprintf(map, sizeof(map), "%u %u 1\n", (unsigned)uid, (unsigned)uid);
	if (write_proc("/proc/self/uid_map", map))
		return -1;
	if (write_proc("/proc/self/setgroups", "deny\n"))
		return -1;
	snprintf(map, sizeof(map), "%u %u 1\n", (unsigned)gid, (unsigned)gid);
	return write_proc("/proc/self/gid_map", map);
}

int exec_private_namespace(void)
{
	if (unshare(CLONE_NEWNS) && (errno != EPERM || user_namespace()))
		return cli_errno(-errno,
				 "exec: cannot make a private mount namespace (it needs root, or "
				 "user namespaces for this user)");
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
		return cli_errno(-errno, "exec: cannot make / private in the new namespace");
	return 0;
}

int exec_cover(const char *dir)
{
	if (mount("pciescope", dir, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "mode=0755"))
		return cli_errno(-errno, "exec: cannot mount a tmpfs on %s", dir);
	return 0;
}

int exec_cover_file(const char *stage, const char *target, const char *text, size_t n)
{
	char path[512];
	int fd, r = 0;

	snprintf(path, sizeof(path), "%s/.pciescope-cover", stage);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0444);
	if (fd < 0 || write(fd, text, n) != (ssize_t)n)
		r = cli_errno(-errno, "exec: cannot write %s", path);
	if (fd >= 0)
		close(fd);
	if (!r && mount(path, target, NULL, MS_BIND, NULL))
		r = cli_errno(-errno, "exec: cannot mount over %s", target);
	unlink(path);
	return r;
}
