// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hold files and their lock (tool/hold.h).  A hold file is text, one
 * "key value" per line (pid, kind, device, command, and the search's
 * start/last/next levels), rewritten in place under the directory's lock:
 * its process's flock is on the file, and a new file would not carry it.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <pciescope/core/state.h>

#include "hold_internal.h"

static const char *const level_key[HOLD_NLEVELS] = {"start", "last", "next"};

struct hold {
	struct hold_info info;
	struct hold_dir d; /* its directory (d.o is not kept: the caller's) */
	char path[PATH_MAX + 32];
	int fd; /* flocked until the hold ends */
};

struct hold_guard {
	struct hold_dir d;
};

/*
 * The directory's lock, taken again by a nested call of the same process
 * (a `tune` holds it while its backend opens, and opening repairs holds):
 * a second flock of the same file from this process would wait on itself.
 * One thread of a process at a time takes it (tool/hold.h).
 */
static struct {
	char path[PATH_MAX + 8];
	int fd, depth;
} dir_lock = {.fd = -1};

static int lock_path(const char *path)
{
	if (dir_lock.depth && !strcmp(dir_lock.path, path)) {
		dir_lock.depth++;
		return 0;
	}
	if (dir_lock.depth)
		return -EDEADLK; /* two machines at once: no command does that */
	dir_lock.fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (dir_lock.fd < 0)
		return -errno;
	while (flock(dir_lock.fd, LOCK_EX))
		if (errno != EINTR) {
			int r = -errno;

			close(dir_lock.fd);
			return r;
		}
	snprintf(dir_lock.path, sizeof(dir_lock.path), "%s", path);
	dir_lock.depth = 1;
	return 0;
}

static void unlock_path(void)
{
	if (dir_lock.depth && !--dir_lock.depth) {
		close(dir_lock.fd);
		dir_lock.fd = -1;
	}
}

int hold_dir_lock(const struct backend_options *o, bool create, struct hold_dir *d)
{
	char state[PATH_MAX], machine[128];
	/* a platform that cannot be named cannot be opened either: its open says why */
	if (backend_state_name(o, machine, sizeof(machine)) || !machine[0] ||
	    kstate_dir(state, sizeof(state)))
		return 1;
	if (snprintf(d->path, sizeof(d->path), "%s/%s.holds", state, machine) >=
	    (int)sizeof(d->path))
		return -ENAMETOOLONG;
	d->o = o;
	if (create && mkdir(d->path, 0755) && errno != EEXIST)
		return -errno;
	if (!create && access(d->path, F_OK))
		return 1;
	return hold_dir_relock(d);
}

int hold_dir_relock(struct hold_dir *d)
{
	char lock[PATH_MAX + 8];

	snprintf(lock, sizeof(lock), "%s/lock", d->path);
	return lock_path(lock);
}

void hold_dir_unlock(struct hold_dir *d)
{
	(void)d;
	unlock_path();
}

static void parse_line(struct hold_info *h, const char *line)
{
	char key[16], rest[128];
	long pid;

	if (sscanf(line, "%15s %127[^\n]", key, rest) != 2)
		return;
	if (!strcmp(key, "pid") && sscanf(rest, "%ld", &pid) == 1)
		h->pid = (pid_t)pid;
	else if (!strcmp(key, "kind"))
		h->kind = strcmp(rest, "search") ? HOLD_VIEW : HOLD_SEARCH;
	else if (!strcmp(key, "device"))
		snprintf(h->device, sizeof(h->device), "%.*s", (int)sizeof(h->device) - 1, rest);
	else if (!strcmp(key, "command"))
		snprintf(h->command, sizeof(h->command), "%.*s", (int)sizeof(h->command) - 1, rest);
	for (int w = 0; w < HOLD_NLEVELS; w++) {
		int *l = h->level[w];

		if (!strcmp(key, level_key[w]))
			h->known[w] = sscanf(rest, "%d %d %d %d %d", &l[0], &l[1], &l[2], &l[3],
					     &l[4]) == HISI_PTT_TUNE_NPARAM;
	}
}

/*
 * Live while its file is locked and its process is there: the lock goes
 * with the process, and a child that inherited it for a moment (between a
 * fork and its exec) does not keep a dead process's hold.
 */
static bool locked_by_live(int fd, pid_t pid)
{
	if (!flock(fd, LOCK_SH | LOCK_NB) || errno != EWOULDBLOCK)
		return false;
	return pid > 0 && (!kill(pid, 0) || errno == EPERM);
}

static int read_hold(const char *path, struct hold_info *h)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	char buf[1024], *line, *save = NULL;
	ssize_t n;

	memset(h, 0, sizeof(*h));
	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = 0;
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		parse_line(h, line);
	h->live = locked_by_live(fd, h->pid);
	close(fd); /* and the shared lock, if it was taken: the hold was stale */
	return 0;
}

int hold_dir_each(struct hold_dir *d,
		  int (*fn)(void *ctx, struct hold_dir *d, const struct hold_info *h,
			    const char *path),
		  void *ctx)
{
	DIR *dir = opendir(d->path);
	struct dirent *de;
	char path[PATH_MAX + 300];
	int r = 0;

	if (!dir)
		return errno == ENOENT ? 0 : -errno;
	while (!r && (de = readdir(dir))) {
		struct hold_info h;

		if (!strchr(de->d_name, '.') || de->d_name[0] == '.')
			continue; /* "lock", ".", "..": hold files are <pid>.<n> */
		snprintf(path, sizeof(path), "%s/%s", d->path, de->d_name);
		if (!read_hold(path, &h))
			r = fn(ctx, d, &h, path);
	}
	closedir(dir);
	return r;
}

const char *hold_describe(const struct hold_info *h, char *buf, size_t n)
{
	if (h->kind == HOLD_SEARCH)
		snprintf(buf, n, "a tune search of %s (pid %ld)", h->device, (long)h->pid);
	else
		snprintf(buf, n, "%s (pid %ld)", h->command[0] ? h->command : "a live view",
			 (long)h->pid);
	return buf;
}

static void write_hold(const struct hold *h)
{
	char buf[1024];
	int len = snprintf(buf, sizeof(buf), "pid %ld\nkind %s\ndevice %s\ncommand %s\n",
			   (long)h->info.pid, h->info.kind == HOLD_SEARCH ? "search" : "view",
			   h->info.device, h->info.command);

	for (int w = 0; w < HOLD_NLEVELS; w++) {
		const int *l = h->info.level[w];

		if (h->info.known[w] && len < (int)sizeof(buf))
			len += snprintf(buf + len, sizeof(buf) - (size_t)len, "%s %d %d %d %d %d\n",
					level_key[w], l[0], l[1], l[2], l[3], l[4]);
	}
	if (len > (int)sizeof(buf))
		len = (int)sizeof(buf);
	if (pwrite(h->fd, buf, (size_t)len, 0) == len)
		(void)!ftruncate(h->fd, len);
}

/* What is in the way: the live searches of device, every live hold, or nothing. */
enum way { WAY_SEARCHES_OF, WAY_ALL, WAY_NONE };

/* The first live hold in the way, into busy. */
struct conflict {
	enum way way;
	const char *device;
	bool found;
	char path[PATH_MAX + 300];
	struct hold_info busy;
};

static int find_conflict(void *ctx, struct hold_dir *d, const struct hold_info *h, const char *path)
{
	struct conflict *c = ctx;

	(void)d;
	if (!h->live || h->pid == getpid() || c->way == WAY_NONE)
		return 0;
	if (c->way == WAY_SEARCHES_OF && (h->kind != HOLD_SEARCH || strcmp(h->device, c->device)))
		return 0;
	c->found = true;
	c->busy = *h;
	snprintf(c->path, sizeof(c->path), "%s", path);
	return 1;
}

/* Whether pid is this process's parent, or its parent's, ... */
static bool ancestor(pid_t pid)
{
	pid_t p = getppid();

	while (p > 1) {
		char path[64], buf[512], *paren;
		FILE *f;
		long pp = 0;

		if (p == pid)
			return true;
		snprintf(path, sizeof(path), "/proc/%ld/stat", (long)p);
		f = fopen(path, "re");
		if (!f)
			return false;
		buf[0] = 0;
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = 0;
		fclose(f);
		paren = strrchr(buf, ')');
		if (!paren || sscanf(paren + 1, " %*c %ld", &pp) != 1)
			return false;
		p = (pid_t)pp;
	}
	return false;
}

/* Until the hold in path ends: its process's flock goes, whatever ends it. */
static int wait_for(const struct conflict *c)
{
	int fd = open(c->path, O_RDONLY | O_CLOEXEC), r = 0;

	if (ancestor(c->busy.pid))
		return -EDEADLK;
	if (fd < 0)
		return 0; /* gone already */
	if (flock(fd, LOCK_SH))
		r = -errno;
	close(fd);
	return r;
}

/*
 * Locks o's holds with none in the way (see hold_guard); 1 when the
 * machine keeps nothing.  Returns with the directory locked otherwise.
 */
static int clear_way(const struct backend_options *o, enum way way, const char *device, bool wait,
		     struct hold_dir *d, struct hold_info *busy, struct error *e)
{
	char desc[128];

	for (;;) {
		struct conflict c = {.way = way, .device = device};
		int r = hold_dir_lock(o, true, d);

		if (r)
			return r < 0 ? error_set_errno(e, r, "cannot lock the holds in %s", d->path)
				     : 1;
		r = hold_repair_locked(d, e) ?: hold_dir_each(d, find_conflict, &c);
		if (r < 0 || !c.found) {
			if (r < 0)
				hold_dir_unlock(d);
			return r < 0 ? r : 0;
		}
		hold_dir_unlock(d);
		*busy = c.busy;
		hold_describe(busy, desc, sizeof(desc));
		if (!wait)
			return error_set(e, -EBUSY, "%s holds it until it ends", desc);
		r = wait_for(&c);
		if (r)
			return error_set(e, r, "%s holds it%s", desc,
					 r == -EDEADLK ? ", and runs this command"
						       : "; stopped while waiting");
	}
}

int hold_guard(const struct backend_options *o, const char *device, bool wait,
	       struct hold_guard **out, struct hold_info *busy, struct error *e)
{
	struct hold_guard *g = calloc(1, sizeof(*g));
	int r = g ? clear_way(o, device ? WAY_SEARCHES_OF : WAY_ALL, device, wait, &g->d, busy, e)
		  : -ENOMEM;

	if (r) {
		free(g);
		g = NULL;
	}
	*out = g;
	return r < 0 ? r : 0;
}

void hold_guard_end(struct hold_guard *g)
{
	if (!g)
		return;
	hold_dir_unlock(&g->d);
	free(g);
}

/* A file of our own, "<pid>.<n>", locked before anyone may read it. */
static int create_file(struct hold *h)
{
	static unsigned seq;

	snprintf(h->path, sizeof(h->path), "%s/%ld.%u", h->d.path, (long)getpid(), seq++);
	h->fd = open(h->path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (h->fd < 0)
		return -errno;
	if (flock(h->fd, LOCK_EX | LOCK_NB)) {
		int r = -errno;

		close(h->fd);
		unlink(h->path);
		return r;
	}
	write_hold(h);
	return 0;
}

int hold_take(const struct backend_options *o, enum hold_kind kind, const char *device,
	      const char *command, bool wait, struct hold **out, struct hold_info *busy,
	      struct error *e)
{
	struct hold *h = calloc(1, sizeof(*h));
	enum way way = kind == HOLD_SEARCH ? WAY_SEARCHES_OF : WAY_NONE;
	int r = h ? clear_way(o, way, device, wait, &h->d, busy, e) : -ENOMEM;

	*out = NULL;
	if (r) {
		free(h);
		return r < 0 ? r : 0;
	}
	h->info = (struct hold_info){.pid = getpid(), .kind = kind, .live = true};
	snprintf(h->info.device, sizeof(h->info.device), "%s", device ? device : "");
	snprintf(h->info.command, sizeof(h->info.command), "%s", command);
	r = create_file(h);
	hold_dir_unlock(&h->d);
	h->d.o = NULL;
	if (r) {
		error_set_errno(e, r, "cannot write a hold in %s", h->d.path);
		free(h);
		return r;
	}
	*out = h;
	return 0;
}

int hold_note(struct hold *h, enum hold_levels which, const int level[HISI_PTT_TUNE_NPARAM])
{
	int r;

	if (!h)
		return 0;
	r = hold_dir_relock(&h->d);
	if (r)
		return r;
	memcpy(h->info.level[which], level, sizeof(h->info.level[which]));
	h->info.known[which] = true;
	write_hold(h);
	hold_dir_unlock(&h->d);
	return 0;
}

const struct hold_info *hold_own(const struct hold *h)
{
	return h ? &h->info : NULL;
}

void hold_release(struct hold *h)
{
	int r;

	if (!h)
		return;
	r = hold_dir_relock(&h->d);
	unlink(h->path);
	close(h->fd);
	if (!r)
		hold_dir_unlock(&h->d);
	free(h);
}
