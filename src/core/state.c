// SPDX-License-Identifier: GPL-2.0-only
/*
 * Persistent key/value state.  One text file per platform, "key=value" per
 * line, sorted, values with "\\" and "\n" escaped, so it diffs and greps.
 *
 * The lock (flock on a separate lock file: the state file is replaced by
 * rename() on save, and a lock on a replaced file would exclude no one) is
 * held only while reading at open and while merging at close, never for a
 * whole command.  A command that runs another pciescope (`record -- sh -c
 * 'pciescope tune ...'`) would otherwise wait on itself forever.  Instead,
 * close replays the changes this handle made onto the file as it is then,
 * so concurrent invocations each land their changes and only a key both
 * changed goes to the later one.  The rename makes a crash leave either the
 * old or the new file, never half of one.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <pciescope/core/state.h>

#include "state_internal.h"

static int mkdir_p(char *path)
{
	for (char *p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0755) && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	if (mkdir(path, 0755) && errno != EEXIST)
		return -errno;
	return 0;
}

int kstate_dir(char *buf, size_t n)
{
	const char *dir = getenv("PCIESCOPE_STATE_DIR"), *xdg = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	int len;

	if (dir && *dir)
		len = snprintf(buf, n, "%s", dir);
	else if (xdg && *xdg)
		len = snprintf(buf, n, "%s/pciescope", xdg);
	else if (home && *home)
		len = snprintf(buf, n, "%s/.local/state/pciescope", home);
	else
		return -ENOENT;
	return len < 0 || (size_t)len >= n ? -ENAMETOOLONG : mkdir_p(buf);
}

/* "<dir>/<name>" + suffix, with every character of name outside [A-Za-z0-9._-] made '_'. */
int kstate_path(const char *name, const char *suffix, char *buf, size_t n)
{
	char dir[PATH_MAX];
	int ret = kstate_dir(dir, sizeof(dir));
	size_t len;

	if (ret)
		return ret;
	if (!name || !*name)
		return -EINVAL;
	len = (size_t)snprintf(buf, n, "%s/", dir);
	for (const char *c = name; *c && len + 1 < n; c++)
		buf[len++] = strchr("._-", *c) || (*c >= '0' && *c <= '9') ||
				     ((*c | 0x20) >= 'a' && (*c | 0x20) <= 'z')
				 ? *c
				 : '_';
	buf[len] = '\0';
	if (len + strlen(suffix) + 1 > n)
		return -ENAMETOOLONG;
	strcat(buf, suffix);
	return 0;
}

static int lock(const char *name, int *fd)
{
	char path[PATH_MAX];
	int ret = kstate_path(name, ".lock", path, sizeof(path));

	if (ret)
		return ret;
	*fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (*fd < 0)
		return -errno;
	while (flock(*fd, LOCK_EX)) {
		if (errno != EINTR) {
			ret = -errno;
			close(*fd);
			return ret;
		}
	}
	return 0;
}

/*
 * A file that cannot be read is a warning, not a refusal: the machine boots
 * with its defaults, and a save (which reads the file again) fails rather
 * than overwrite it.
 */
static int load_readable(struct kstate *s)
{
	int ret = kstate_load(s);

	if (ret && ret != -ENOMEM) {
		char why[160];

		snprintf(why, sizeof(why), "cannot read it (%s): the defaults are used",
			 strerror(-ret));
		kstate_note_bad(s, 0, why);
		ret = 0;
	}
	return ret;
}

int kstate_open(const char *name, struct kstate **out)
{
	struct kstate *s = calloc(1, sizeof(*s));
	int fd = -1, ret;

	if (!s)
		return -ENOMEM;
	ret = lock(name, &fd) ?: kstate_path(name, ".state", s->path, sizeof(s->path)) ?:
	      load_readable(s);
	if (!ret && stat(s->path, &s->seen))
		memset(&s->seen, 0, sizeof(s->seen));
	if (fd >= 0)
		close(fd);
	if (ret) {
		kstate_free(s);
		return ret;
	}
	*out = s;
	return 0;
}

/* Under the lock: the file as it is now, plus this handle's changes. */
static int merge(struct kstate *s, const char *lock_path)
{
	struct kstate *now = calloc(1, sizeof(*now));
	int fd = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0644), ret = 0;

	if (!now || fd < 0)
		ret = fd < 0 ? -errno : -ENOMEM;
	while (!ret && flock(fd, LOCK_EX))
		ret = errno == EINTR ? 0 : -errno;
	if (!ret) {
		memcpy(now->path, s->path, sizeof(s->path));
		ret = kstate_load(now) ?: kstate_replay(s, now) ?: kstate_save(now);
	}
	if (fd >= 0)
		close(fd);
	if (now)
		kstate_free(now);
	return ret;
}

int kstate_close(struct kstate *s)
{
	char lock_path[PATH_MAX + 8];
	int ret = 0;

	if (!s)
		return 0;
	if (s->njournal) {
		snprintf(lock_path, sizeof(lock_path), "%.*s.lock",
			 (int)(strlen(s->path) - strlen(".state")), s->path);
		ret = merge(s, lock_path);
	}
	kstate_free(s);
	return ret;
}

int kstate_reset(const char *name)
{
	char path[PATH_MAX];
	int fd = -1, ret = lock(name, &fd) ?: kstate_path(name, ".state", path, sizeof(path));

	if (!ret && unlink(path) && errno != ENOENT)
		ret = -errno;
	if (fd >= 0)
		close(fd);
	return ret;
}

/* Saves replace the file (rename), so a new inode or time means a newer state. */
bool kstate_changed(struct kstate *s)
{
	struct stat now;

	if (stat(s->path, &now))
		memset(&now, 0, sizeof(now));
	return now.st_ino != s->seen.st_ino || now.st_size != s->seen.st_size ||
	       now.st_mtim.tv_sec != s->seen.st_mtim.tv_sec ||
	       now.st_mtim.tv_nsec != s->seen.st_mtim.tv_nsec;
}
