// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope sysfs mount DIR: the emulated platform's /sys as a FUSE
 * filesystem, so cat, echo, ls and perf work on it unchanged.
 *
 * The persistent state is locked while a platform is up, so holding one open
 * for the life of the mount would block every other pciescope invocation,
 * and changes would be saved only at unmount.  Instead a request boots the
 * platform if it is down; a write shuts it down right after (saving the
 * state, so a write is durable the moment echo returns); after reads it
 * stays up until HOLD_IDLE_MS pass without a request or HOLD_MAX_MS after
 * boot, so `ls -R` or `perf list` do not boot once per file, and
 * `pciescope tune` waits at most that long.  A mutex serialises the
 * requests of FUSE's worker threads and the closer thread, so concurrent
 * readers and writers see whole operations, one after the other.
 *
 * Errors from the emulated kernel are negative errno values and reach the
 * caller unchanged (echo -1 > qos_tx_cpl fails with EINVAL).  Files report
 * size 4096 like sysfs attributes and are opened direct_io, so a read returns
 * what the attribute shows now, not a cached page.
 */
#define FUSE_USE_VERSION FUSE_MAKE_VERSION(3, 12)

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <pciescope/backend/backend.h>
#include <pciescope/backend/sysfs_read.h>
#include <pciescope/tool/hold.h>

#include "backend_opts.h"
#include "cli.h"
#include "parse_options.h"
#include "sysfs_fuse.h"
#include "sysfs_mount.h"

#define ATTR_MAX 65536
#define HOLD_IDLE_MS 100
#define HOLD_MAX_MS 1000

struct mount_ctx {
	struct backend_options o;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	pthread_t closer;
	struct backend *b;     /* the booted platform, or NULL */
	uint64_t booted, used; /* CLOCK_MONOTONIC ms */
	bool stop;
};

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Shuts the platform down (saving its state); called with the lock held. */
static void release(struct mount_ctx *m)
{
	if (m->b)
		backend_close(m->b);
	m->b = NULL;
}

static void *closer_main(void *arg)
{
	struct mount_ctx *m = arg;
	struct timespec ts;

	pthread_mutex_lock(&m->lock);
	while (!m->stop) {
		uint64_t t = now_ms();

		if (m->b && (t - m->used >= HOLD_IDLE_MS || t - m->booted >= HOLD_MAX_MS))
			release(m);
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += HOLD_IDLE_MS / 5 * 1000000L;
		if (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&m->wake, &m->lock, &ts);
	}
	release(m);
	pthread_mutex_unlock(&m->lock);
	return NULL;
}

static struct mount_ctx *ctx(void)
{
	return lib_fuse.fuse_get_context()->private_data;
}

/* FUSE path "/bus/..." -> backend path "/sys/bus/..." */
static void sys_path(const char *path, char *out, size_t n)
{
	snprintf(out, n, "/sys%s", strcmp(path, "/") ? path : "");
}

struct request {
	const char *path;
	char *buf;
	size_t n;
	char ***names;
	size_t *count;
	enum { REQ_MODE, REQ_READ, REQ_WRITE, REQ_LIST } kind;
};

static ssize_t do_request(struct backend *b, const struct request *r, const char *p)
{
	switch (r->kind) {
	case REQ_MODE:
		return b->ops->sysfs_mode(b, p);
	case REQ_READ:
		return b->ops->sysfs_read(b, p, r->buf, r->n);
	case REQ_WRITE:
		return b->ops->sysfs_write(b, p, r->buf, r->n);
	case REQ_LIST:
		return b->ops->sysfs_list(b, p, r->names, r->count);
	}
	return -EINVAL;
}

/*
 * What a write to p would change that a hold may be in the way of: a PMU's
 * tune levels (*device set), or the machine itself (a remove or rescan
 * file: *device NULL).  False for any other write.
 */
static bool held_write(const char *p, char *device, size_t n, const char **dev)
{
	const char *name = p + strlen(PMU_SYSFS_DIR "/"), *slash;
	const char *leaf = strrchr(p, '/');

	*dev = NULL;
	if (leaf && (!strcmp(leaf, "/remove") || !strcmp(leaf, "/rescan")))
		return true;
	if (strncmp(p, PMU_SYSFS_DIR "/", strlen(PMU_SYSFS_DIR "/")) ||
	    !(slash = strchr(name, '/')) || strncmp(slash, "/tune/", 6) ||
	    (size_t)(slash - name) >= n)
		return false;
	snprintf(device, n, "%.*s", (int)(slash - name), name);
	*dev = device;
	return true;
}

/*
 * A write that a tune search or a live view holds is refused (EBUSY), as
 * `pciescope tune` and `pciescope platform` refuse it; the guard is held
 * from the boot to the save, so the write lands on the newest state.
 */
static int guard_write(struct mount_ctx *m, const char *p, struct hold_guard **g)
{
	char device[128];
	const char *dev;
	struct hold_info busy;
	struct error e;
	int r;

	*g = NULL;
	if (!held_write(p, device, sizeof(device), &dev))
		return 0;
	release(m);
	r = hold_guard(&m->o, dev, false, g, &busy, &e);
	return r == -EBUSY || r == -EDEADLK ? -EBUSY : r;
}

/* One backend call; a write is saved before it returns. */
static ssize_t run_request(const struct request *r)
{
	struct mount_ctx *m = ctx();
	struct hold_guard *g = NULL;
	struct error err;
	char p[4096];
	ssize_t ret = 0;

	sys_path(r->path, p, sizeof(p));
	pthread_mutex_lock(&m->lock);
	if (m->b && m->b->ops->stale && m->b->ops->stale(m->b))
		release(m);
	if (r->kind == REQ_WRITE)
		ret = guard_write(m, p, &g);
	if (!ret && !m->b) {
		hold_repair(&m->o, &err); /* what it put back it says on the mount's stderr */
		ret = backend_open(&m->o, &m->b, &err);
		m->booted = now_ms();
	}
	if (ret == 0) {
		ret = do_request(m->b, r, p);
		m->used = now_ms();
		if (r->kind == REQ_WRITE)
			release(m);
	}
	hold_guard_end(g);
	pthread_mutex_unlock(&m->lock);
	return ret;
}

/* The modes the attributes declare, as sysfs shows them (tune files 0600, remove 0200). */
static int fs_getattr(const char *path, struct stat *st, struct fuse_file_info *fi)
{
	struct request r = {.path = path, .kind = REQ_MODE};
	ssize_t mode = run_request(&r);

	if (mode < 0)
		return (int)mode;
	memset(st, 0, sizeof(*st));
	st->st_uid = getuid();
	st->st_gid = getgid();
	st->st_mode = (mode_t)mode;
	st->st_nlink = S_ISDIR(st->st_mode) ? 2 : 1;
	if (!S_ISDIR(st->st_mode))
		st->st_size = 4096;
	return 0;
}

static int fs_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off,
		      struct fuse_file_info *fi, enum fuse_readdir_flags flags)
{
	char **names = NULL;
	size_t count = 0;
	struct request r = {.path = path, .names = &names, .count = &count, .kind = REQ_LIST};
	int ret = (int)run_request(&r);

	if (ret)
		return ret;
	fill(buf, ".", NULL, 0, 0);
	fill(buf, "..", NULL, 0, 0);
	for (size_t i = 0; i < count; i++) {
		fill(buf, names[i], NULL, 0, 0);
		free(names[i]);
	}
	free(names);
	return 0;
}

/*
 * As sysfs does, even for root: opening for reading a file with no read
 * bit, or for writing one with no write bit, is EACCES.
 */
static int fs_open(const char *path, struct fuse_file_info *fi)
{
	struct request r = {.path = path, .kind = REQ_MODE};
	ssize_t mode = run_request(&r);
	int acc = fi->flags & O_ACCMODE;

	if (mode < 0)
		return (int)mode;
	if (S_ISDIR(mode))
		return -EISDIR;
	if ((acc != O_WRONLY && !(mode & 0444)) || (acc != O_RDONLY && !(mode & 0222)))
		return -EACCES;
	fi->direct_io = 1;
	return 0;
}

static int fs_read(const char *path, char *out, size_t size, off_t off, struct fuse_file_info *fi)
{
	char *buf = malloc(ATTR_MAX);
	struct request r = {.path = path, .buf = buf, .n = ATTR_MAX, .kind = REQ_READ};
	ssize_t len;

	if (!buf)
		return -ENOMEM;
	len = run_request(&r);
	len = fuse_read_window(buf, len, out, size, off);
	free(buf);
	return (int)len;
}

static int fs_write(const char *path, const char *data, size_t size, off_t off,
		    struct fuse_file_info *fi)
{
	struct request r = {.path = path, .buf = (char *)data, .n = size, .kind = REQ_WRITE};

	return (int)run_request(&r);
}

/* `echo 2 > file` opens with O_TRUNC; sysfs attributes ignore truncation too. */
static int fs_truncate(const char *path, off_t size, struct fuse_file_info *fi)
{
	return 0;
}

/* Runs after fuse_main daemonized, so the closer thread lives in the daemon. */
static void *fs_init(struct fuse_conn_info *conn, struct fuse_config *cfg)
{
	struct mount_ctx *m = lib_fuse.fuse_get_context()->private_data;

	cfg->direct_io = 1;
	cfg->attr_timeout = 0;
	cfg->entry_timeout = 0;
	cfg->negative_timeout = 0;
	pthread_create(&m->closer, NULL, closer_main, m);
	return m;
}

/* At unmount (fusermount3 -u, Ctrl-C): the last state is saved. */
static void fs_destroy(void *data)
{
	struct mount_ctx *m = data;

	pthread_mutex_lock(&m->lock);
	m->stop = true;
	pthread_cond_signal(&m->wake);
	pthread_mutex_unlock(&m->lock);
	pthread_join(m->closer, NULL);
}

static const struct fuse_operations sysfs_fuse_ops = {
    .init = fs_init,
    .destroy = fs_destroy,
    .getattr = fs_getattr,
    .readdir = fs_readdir,
    .open = fs_open,
    .read = fs_read,
    .write = fs_write,
    .truncate = fs_truncate,
};

static const char *const mount_synopsis[] = {"sysfs mount [--platform NAME] [-f] DIR", NULL};

/* Boots the platform once so a bad --platform fails here, not on first access. */
static int check_platform(const struct backend_options *o)
{
	struct backend *b = cli_backend_open(o, "sysfs mount");

	if (!b)
		return 1;
	backend_close(b);
	return 0;
}

/*
 * Mounts, serves until unmounted or signalled, unmounts.  The loop's result
 * says only how it ended (a signal is the normal way), so it is not an error.
 */
static int serve_mount(struct mount_ctx *m, const char *prog, const char *dir, bool fg)
{
	char *av[] = {(char *)prog, "-ofsname=pciescope,subtype=sysfs", NULL};
	struct fuse_args args = FUSE_ARGS_INIT(2, av);
	struct fuse_loop_config *cfg = lib_fuse.fuse_loop_cfg_create();
	struct fuse *f =
	    cfg ? lib_fuse.fuse_new(&args, &sysfs_fuse_ops, sizeof(sysfs_fuse_ops), m) : NULL;
	int ret = 1;

	if (!f)
		goto out;
	if (lib_fuse.fuse_mount(f, dir)) {
		ret = cli_error("sysfs mount: %s: cannot mount (see the FUSE message above)", dir);
		goto out;
	}
	fflush(NULL);
	/* A shell starts background jobs with SIGINT ignored; Ctrl-C and kill -INT must still
	 * unmount. */
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	if (lib_fuse.fuse_daemonize(fg) == 0 &&
	    lib_fuse.fuse_set_signal_handlers(lib_fuse.fuse_get_session(f)) == 0) {
		lib_fuse.fuse_loop_cfg_set_max_threads(cfg, 8);
		lib_fuse.fuse_loop_mt(f, cfg);
		lib_fuse.fuse_remove_signal_handlers(lib_fuse.fuse_get_session(f));
		ret = 0;
	}
	lib_fuse.fuse_unmount(f);
out:
	if (f)
		lib_fuse.fuse_destroy(f);
	if (cfg)
		lib_fuse.fuse_loop_cfg_destroy(cfg);
	lib_fuse.fuse_opt_free_args(&args);
	return ret;
}

/*
 * The directory to mount on, made absolute: libfuse's unmount runs after
 * fuse_daemonize has changed to "/", where a relative path names nothing,
 * and a dead mount would stay.  A directory that is a mount point already
 * is refused: mounting again would hide the first mount under a second.
 */
static int mount_point(const char *dir, char abs[PATH_MAX])
{
	struct stat st, up;
	char parent[PATH_MAX + 4];

	if (stat(dir, &st))
		return errno == ENOTCONN
			   ? cli_error("sysfs mount: %s: a dead mount is there (fusermount3 -u %s)",
				       dir, dir)
			   : cli_errno(-errno, "sysfs mount: %s", dir);
	if (!S_ISDIR(st.st_mode))
		return cli_error("sysfs mount: %s: not a directory", dir);
	if (!realpath(dir, abs))
		return cli_errno(-errno, "sysfs mount: %s", dir);
	snprintf(parent, sizeof(parent), "%s/..", abs);
	if (stat(parent, &up))
		return cli_errno(-errno, "sysfs mount: %s", parent);
	if (up.st_dev != st.st_dev || up.st_ino == st.st_ino)
		return cli_error("sysfs mount: %s: already a mount point (fusermount3 -u %s first)",
				 dir, dir);
	return 0;
}

int cli_sysfs_mount(int argc, char **argv)
{
	struct mount_ctx m = {.o = {.kind = "emulated"}};
	const char *dir = NULL;
	char abs[PATH_MAX];
	bool fg = false;
	const struct cli_option options[] = {
	    OPT_STRING(0, "platform", &m.o.platform, "NAME",
		       "emulated platform (default kunpeng930)"),
	    OPT_BOOL('f', "foreground", &fg, "stay in the foreground"),
	    OPT_END(),
	};
	const struct cli_command_options cmd = {
	    mount_synopsis, options,
	    "Serves the emulated platform's /sys under DIR (FUSE) until\n"
	    "`fusermount3 -u DIR` or Ctrl-C.\n",
	    0};
	int ret = cli_parse_options(argc, argv, &cmd);

	if (ret < 0)
		return cli_parse_status(ret);
	if (!ret)
		return cli_error("sysfs mount: which DIR? e.g. 'pciescope sysfs mount /tmp/sys'");
	if (ret > 1)
		return cli_error("sysfs mount: one DIR, not '%s' too", argv[1]);
	dir = argv[0];
	if (mount_point(dir, abs) || check_platform(&m.o) || fuse_load())
		return 1;
	pthread_mutex_init(&m.lock, NULL);
	pthread_cond_init(&m.wake, NULL);
	ret = serve_mount(&m, "pciescope", abs, fg);
	pthread_cond_destroy(&m.wake);
	pthread_mutex_destroy(&m.lock);
	return ret;
}
