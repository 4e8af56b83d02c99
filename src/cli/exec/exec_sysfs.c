// SPDX-License-Identifier: GPL-2.0-only
/*
 * The /sys of `pciescope exec`: a FUSE filesystem over /sys, in exec's
 * mount namespace only, whose every read and write reaches the one
 * emulated machine (cat, echo 2 > tune/qos_tx_cpl, perf's sysfs reads and
 * the host backend of pciescope all see the same kernel), and which shows
 * the host's /sys wherever the emulated kernel has nothing:
 *
 * - a path the emulated sysfs has is the emulated one; a directory both
 *   have lists the names of both, the emulated ones first;
 * - /sys/bus/event_source/devices lists the emulated PMUs of dynamic type
 *   and those host PMUs whose name and type no emulated one takes
 *   (software, tracepoint, ...), so perf's software events work as before;
 * - /sys/bus/pci/devices is the emulated machine's alone;
 * - the rest is the host's, read-only (EROFS): a program under exec must
 *   not change the host through it.
 *
 * Why FUSE and not an interposer of open/read/stat: the shell's `echo >`,
 * cat, a statically linked program and one under qemu-user all reach a
 * mount; an interposer would have to follow every file call of every C
 * library.  The host's /sys is reached through a descriptor of it opened
 * before the mount, so the daemon never walks its own mount.
 *
 * Requests come from FUSE's threads; each takes the machine's lock, which
 * the server of events (exec_serve.c) takes too.  After the command ended
 * the machine is closed and the view answers ENOTCONN.
 */
#define _GNU_SOURCE
#define FUSE_USE_VERSION FUSE_MAKE_VERSION(3, 12)

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exec_sysfs.h"
#include "sysfs_fuse.h"

#define ATTR_MAX 65536
#define EV_DIR "/bus/event_source/devices"
#define PCI_DIR "/bus/pci/devices"

struct view {
	struct exec_machine *m;
	const struct exec_pmus *pmus;
	int host; /* the host's /sys */
};

static struct view *view(void)
{
	return lib_fuse.fuse_get_context()->private_data;
}

bool exec_pmus_has(const struct exec_pmus *p, const char *name, long type)
{
	for (size_t i = 0; i < p->n; i++)
		if (p->type[i] == type || !strcmp(p->name[i], name))
			return true;
	return false;
}

/* The first name below dir in path ("x" of dir/x/...), or NULL. */
static const char *below(const char *path, const char *dir, char *name, size_t n)
{
	size_t l = strlen(dir), k;

	if (strncmp(path, dir, l) || path[l] != '/')
		return NULL;
	k = strcspn(path + l + 1, "/");
	snprintf(name, n, "%.*s", (int)k, path + l + 1);
	return name;
}

/* Host path relative to its /sys: "." for the root. */
static const char *rel(const char *path)
{
	return path[1] ? path + 1 : ".";
}

static long host_pmu_type(struct view *v, const char *name)
{
	char p[512], buf[32] = "";
	int fd;
	ssize_t n;

	snprintf(p, sizeof(p), EV_DIR "/%s/type", name);
	fd = openat(v->host, rel(p), O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -2;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	return n > 0 ? atol(buf) : -2;
}

/* Which kernels may answer for path: bit 0 the emulated, bit 1 the host's. */
static int sources(struct view *v, const char *path)
{
	char name[256];

	if (below(path, EV_DIR, name, sizeof(name))) {
		if (exec_pmus_has(v->pmus, name, -1))
			return 1;
		return exec_pmus_has(v->pmus, "", host_pmu_type(v, name)) ? 0 : 2;
	}
	return below(path, PCI_DIR, name, sizeof(name)) ? 1 : 3;
}

enum emu_op { EMU_IS_DIR, EMU_READ, EMU_WRITE, EMU_LIST };

/* The emulated answer under the machine's lock; -ENOTCONN once it is closed. */
static ssize_t emu(struct view *v, enum emu_op op, const char *path, char *buf, size_t n,
		   char ***names, size_t *count)
{
	struct backend *b;
	char p[4096];
	ssize_t r = -ENOTCONN;

	snprintf(p, sizeof(p), "/sys%s", strcmp(path, "/") ? path : "");
	pthread_mutex_lock(&v->m->lock);
	if ((b = v->m->b)) {
		if (op == EMU_IS_DIR)
			r = b->ops->sysfs_is_dir(b, p);
		else if (op == EMU_READ)
			r = b->ops->sysfs_read(b, p, buf, n);
		else if (op == EMU_WRITE)
			r = b->ops->sysfs_write(b, p, buf, n);
		else
			r = b->ops->sysfs_list(b, p, names, count);
	}
	pthread_mutex_unlock(&v->m->lock);
	return r;
}

static ssize_t emu_is_dir(struct view *v, const char *path)
{
	return sources(v, path) & 1 ? emu(v, EMU_IS_DIR, path, NULL, 0, NULL, NULL) : -ENOENT;
}

static void emu_stat(struct stat *st, bool dir)
{
	memset(st, 0, sizeof(*st));
	st->st_uid = getuid();
	st->st_gid = getgid();
	st->st_mode = dir ? S_IFDIR | 0755 : S_IFREG | 0644;
	st->st_nlink = dir ? 2 : 1;
	st->st_size = dir ? 0 : 4096;
}

static int fs_getattr(const char *path, struct stat *st, struct fuse_file_info *fi)
{
	struct view *v = view();
	ssize_t dir = emu_is_dir(v, path);

	(void)fi;
	if (dir >= 0) {
		emu_stat(st, dir);
		return 0;
	}
	if (!(sources(v, path) & 2))
		return -ENOENT;
	return fstatat(v->host, rel(path), st, AT_SYMLINK_NOFOLLOW) ? -errno : 0;
}

static int fs_readlink(const char *path, char *buf, size_t n)
{
	struct view *v = view();
	ssize_t r;

	if (emu_is_dir(v, path) >= 0 || !(sources(v, path) & 2))
		return -EINVAL;
	r = readlinkat(v->host, rel(path), buf, n - 1);
	if (r < 0)
		return -errno;
	buf[r] = 0;
	return 0;
}

static bool listed(char **names, size_t count, const char *name)
{
	for (size_t i = 0; i < count; i++)
		if (!strcmp(names[i], name))
			return true;
	return false;
}

static void fill_host(struct view *v, const char *path, void *buf, fuse_fill_dir_t fill,
		      char **emu_names, size_t emu_count)
{
	int fd = openat(v->host, rel(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	char child[4096];
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *de;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return;
	}
	while ((de = readdir(d))) {
		int src;

		if (de->d_name[0] == '.')
			continue;
		snprintf(child, sizeof(child), "%s/%s", strcmp(path, "/") ? path : "", de->d_name);
		src = sources(v, child);
		if ((src & 2) && !((src & 1) && listed(emu_names, emu_count, de->d_name)))
			fill(buf, de->d_name, NULL, 0, 0);
	}
	closedir(d);
}

static int fs_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off,
		      struct fuse_file_info *fi, enum fuse_readdir_flags flags)
{
	struct view *v = view();
	char **names = NULL, child[4096];
	size_t count = 0;
	int src = sources(v, path);
	bool emu_dir = (src & 1) && emu(v, EMU_LIST, path, NULL, 0, &names, &count) == 0;

	(void)off, (void)fi, (void)flags;
	fill(buf, ".", NULL, 0, 0);
	fill(buf, "..", NULL, 0, 0);
	for (size_t i = 0; i < count; i++) {
		snprintf(child, sizeof(child), "%s/%s", strcmp(path, "/") ? path : "", names[i]);
		if (sources(v, child) & 1)
			fill(buf, names[i], NULL, 0, 0);
	}
	if (src & 2)
		fill_host(v, path, buf, fill, names, count);
	for (size_t i = 0; i < count; i++)
		free(names[i]);
	free(names);
	return emu_dir || (src & 2) ? 0 : -ENOENT;
}

/* fi->fh: 0 for an emulated file, else the host file's fd + 1. */
static int fs_open(const char *path, struct fuse_file_info *fi)
{
	struct view *v = view();
	ssize_t dir = emu_is_dir(v, path);
	int fd;

	fi->direct_io = 1;
	if (dir > 0)
		return -EISDIR;
	if (dir == 0)
		return 0;
	if (!(sources(v, path) & 2))
		return -ENOENT;
	if ((fi->flags & O_ACCMODE) != O_RDONLY)
		return -EROFS;
	fd = openat(v->host, rel(path), O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	fi->fh = (uint64_t)fd + 1;
	return 0;
}

static int fs_read(const char *path, char *out, size_t size, off_t off, struct fuse_file_info *fi)
{
	struct view *v = view();
	char *buf;
	ssize_t len;

	if (fi->fh) {
		len = pread((int)(fi->fh - 1), out, size, off);
		return len < 0 ? -errno : (int)len;
	}
	if (!(buf = malloc(ATTR_MAX)))
		return -ENOMEM;
	len = emu(v, EMU_READ, path, buf, ATTR_MAX, NULL, NULL);
	len = fuse_read_window(buf, len, out, size, off);
	free(buf);
	return (int)len;
}

static int fs_write(const char *path, const char *data, size_t size, off_t off,
		    struct fuse_file_info *fi)
{
	(void)off;
	if (fi->fh)
		return -EROFS;
	return (int)emu(view(), EMU_WRITE, path, (char *)data, size, NULL, NULL);
}

/* `echo 2 > file` opens with O_TRUNC; sysfs attributes ignore truncation too. */
static int fs_truncate(const char *path, off_t size, struct fuse_file_info *fi)
{
	(void)size, (void)fi;
	return emu_is_dir(view(), path) == 0 ? 0 : -EROFS;
}

static int fs_release(const char *path, struct fuse_file_info *fi)
{
	(void)path;
	if (fi->fh)
		close((int)(fi->fh - 1));
	return 0;
}

static void *fs_init(struct fuse_conn_info *conn, struct fuse_config *cfg)
{
	(void)conn;
	/* every answer is the kernel's now: a tune value, a hot-removed device */
	cfg->direct_io = 1;
	cfg->attr_timeout = 0;
	cfg->entry_timeout = 0;
	cfg->negative_timeout = 0;
	return lib_fuse.fuse_get_context()->private_data;
}

static const struct fuse_operations view_ops = {
    .init = fs_init,
    .getattr = fs_getattr,
    .readlink = fs_readlink,
    .readdir = fs_readdir,
    .open = fs_open,
    .read = fs_read,
    .write = fs_write,
    .truncate = fs_truncate,
    .release = fs_release,
};

static void *loop_main(void *arg)
{
	struct fuse_loop_config *cfg = lib_fuse.fuse_loop_cfg_create();

	if (cfg) {
		lib_fuse.fuse_loop_cfg_set_max_threads(cfg, 8);
		lib_fuse.fuse_loop_mt(arg, cfg);
		lib_fuse.fuse_loop_cfg_destroy(cfg);
	}
	return NULL;
}

int exec_sysfs_mount(struct exec_machine *m, const struct exec_pmus *pmus, struct error *e)
{
	char *av[] = {"pciescope", "-ofsname=pciescope,subtype=sysfs", NULL};
	struct fuse_args args = FUSE_ARGS_INIT(2, av);
	struct view *v = calloc(1, sizeof(*v));
	struct fuse *f = NULL;
	pthread_t t;
	int r = -ENOMEM;

	if (!v || fuse_load())
		goto fail;
	*v = (struct view){m, pmus, open("/sys", O_PATH | O_DIRECTORY | O_CLOEXEC)};
	if (v->host < 0 || !(f = lib_fuse.fuse_new(&args, &view_ops, sizeof(view_ops), v)))
		goto fail;
	if (lib_fuse.fuse_mount(f, "/sys")) {
		r = -EPERM;
		goto fail;
	}
	if ((r = -pthread_create(&t, NULL, loop_main, f))) {
		lib_fuse.fuse_unmount(f);
		goto fail;
	}
	pthread_detach(t); /* it serves until the process ends */
	lib_fuse.fuse_opt_free_args(&args);
	return 0;
fail:
	error_set(e, r, "%s",
		  r == -EPERM		    ? "cannot mount a FUSE view over /sys"
		  : f || !v || v->host >= 0 ? "cannot start FUSE"
					    : "no libfuse 3");
	if (f)
		lib_fuse.fuse_destroy(f);
	if (v && v->host >= 0)
		close(v->host);
	free(v);
	lib_fuse.fuse_opt_free_args(&args);
	return r;
}
