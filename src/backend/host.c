// SPDX-License-Identifier: GPL-2.0-only
/*
 * The host backend: this machine's /sys and perf_event_open(2).  Handles
 * are indexes into a table of file descriptors, like the emulated ones, so
 * a group is named the same way on both.  Every event reads value,
 * time_enabled and time_running (read_format is set here); scaling is the
 * tool's job, as in perf.  Enabling or disabling a leader acts on its group
 * (PERF_IOC_FLAG_GROUP), the emulated core's rule.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <pciescope/backend/pace.h>

#include "backend_internal.h"
#include "host_internal.h"

/*
 * PCIESCOPE_SYSFS_ROOT=DIR reads and writes DIR/sys/... in place of /sys/...:
 * tests give the host backend a fake sysfs tree (PTT tune files) this way.
 * perf_event_open is the real kernel's either way.
 */
const char *host_sysfs_path(const char *path, char *buf, size_t n)
{
	const char *root = getenv("PCIESCOPE_SYSFS_ROOT");

	if (!root || !*root || strncmp(path, "/sys", 4))
		return path;
	snprintf(buf, n, "%s%s", root, path);
	return buf;
}

/*
 * The running kernel's release; a fake /sys (PCIESCOPE_SYSFS_ROOT) may come
 * with the kernel it stands for, in DIR/proc/sys/kernel/osrelease.
 */
static void host_kernel(char *buf, size_t n)
{
	const char *root = getenv("PCIESCOPE_SYSFS_ROOT");
	char path[4096];
	struct utsname u;
	FILE *f = NULL;

	if (root && *root) {
		snprintf(path, sizeof(path), "%s/proc/sys/kernel/osrelease", root);
		f = fopen(path, "re");
	}
	if (f && fgets(buf, (int)n, f)) {
		buf[strcspn(buf, "\n")] = 0;
	} else {
		uname(&u);
		snprintf(buf, n, "%s", u.release);
	}
	if (f)
		fclose(f);
}

static ssize_t h_sysfs_read(struct backend *b, const char *path, char *buf, size_t n)
{
	char real[4096];
	int fd = open(host_sysfs_path(path, real, sizeof(real)), O_RDONLY | O_CLOEXEC);
	ssize_t len;

	if (fd < 0)
		return -errno;
	len = read(fd, buf, n);
	if (len < 0)
		len = -errno;
	close(fd);
	return len;
}

static ssize_t h_sysfs_write(struct backend *b, const char *path, const char *buf, size_t n)
{
	char real[4096];
	int fd = open(host_sysfs_path(path, real, sizeof(real)), O_WRONLY | O_CLOEXEC);
	ssize_t len;

	if (fd < 0)
		return -errno;
	len = write(fd, buf, n);
	if (len < 0)
		len = -errno;
	if (close(fd) && len >= 0)
		len = -errno;
	return len;
}

static void free_names(char **names, size_t count)
{
	for (size_t i = 0; i < count; i++)
		free(names[i]);
	free(names);
}

static int h_sysfs_list(struct backend *b, const char *path, char ***names, size_t *count)
{
	char real[4096];
	DIR *d = opendir(host_sysfs_path(path, real, sizeof(real)));
	struct dirent *de;
	char **v = NULL, **nv;
	size_t n = 0;

	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		nv = realloc(v, (n + 1) * sizeof(*v));
		if (!nv || !(nv[n] = strdup(de->d_name))) {
			free_names(nv ? nv : v, n);
			closedir(d);
			return -ENOMEM;
		}
		v = nv;
		n++;
	}
	closedir(d);
	backend_sort_names(v, n);
	*names = v;
	*count = n;
	return 0;
}

static int h_sysfs_is_dir(struct backend *b, const char *path)
{
	char real[4096];
	struct stat st;

	if (stat(host_sysfs_path(path, real, sizeof(real)), &st))
		return -errno;
	return S_ISDIR(st.st_mode);
}

static int h_sysfs_mode(struct backend *b, const char *path)
{
	char real[4096];
	struct stat st;

	if (stat(host_sysfs_path(path, real, sizeof(real)), &st))
		return -errno;
	return (int)(st.st_mode & (S_IFMT | 07777));
}

static void explain_open_error(struct backend *b, int err, const struct perf_event_attr *a)
{
	if (err == EACCES || err == EPERM)
		backend_set_error(b,
				  "no permission to open event type %u (kernel.perf_event_paranoid "
				  "is %d; run as root or lower it with sysctl)",
				  a->type, host_paranoid());
	else if (err == ENOENT)
		backend_set_error(b, "this kernel has no PMU with type %u", a->type);
	else if (err == EOPNOTSUPP)
		backend_set_error(b, "the PMU does not support this event (sampling or a feature)");
	else if (err == EBUSY)
		backend_set_error(b, "the PMU is busy: another user holds it");
	else if (err == EINVAL)
		backend_set_error(b, "the kernel refused the event (invalid config, CPU or group)");
}

static int h_event_open(struct backend *b, const struct perf_event_attr *attr, int pid, int cpu,
			int group)
{
	struct host *h = b->priv;
	struct perf_event_attr a = *attr;
	struct host_event *g = group >= 0 ? host_event(h, group) : NULL;
	int fd;

	if (group >= 0 && !g)
		return -EBADF;
	a.size = sizeof(a);
	a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	fd = (int)syscall(SYS_perf_event_open, &a, pid, cpu, g ? g->fd : -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		int err = errno;

		explain_open_error(b, err, &a);
		return -err;
	}
	return host_store(h, fd, group < 0);
}

static int h_ioctl(struct backend *b, int ev, unsigned long req)
{
	struct host_event *e = host_event(b->priv, ev);

	if (!e)
		return -EBADF;
	if (ioctl(e->fd, req, e->leader ? PERF_IOC_FLAG_GROUP : 0))
		return -errno;
	return 0;
}

static int h_event_enable(struct backend *b, int ev)
{
	return h_ioctl(b, ev, PERF_EVENT_IOC_ENABLE);
}

static int h_event_disable(struct backend *b, int ev)
{
	return h_ioctl(b, ev, PERF_EVENT_IOC_DISABLE);
}

static int h_event_read(struct backend *b, int ev, struct backend_count *c)
{
	struct host_event *e = host_event(b->priv, ev);
	uint64_t v[3];
	ssize_t n;

	if (!e)
		return -EBADF;
	n = read(e->fd, v, sizeof(v));
	if (n < 0)
		return -errno;
	if (n != sizeof(v)) /* a pinned event that lost its counter reads as EOF */
		return -ENODATA;
	c->value = v[0];
	c->enabled = v[1];
	c->running = v[2];
	return 0;
}

static int h_event_close(struct backend *b, int ev)
{
	return host_close_event(b->priv, ev);
}

static uint64_t h_event_id(struct backend *b, int ev)
{
	struct host_event *e = host_event(b->priv, ev);
	uint64_t id = 0;

	if (e)
		ioctl(e->fd, PERF_EVENT_IOC_ID, &id);
	return id;
}

static int h_run(struct backend *b, char *const argv[], int (*poll)(void *ctx), void *ctx,
		 uint64_t *elapsed_ns, int *exit_status)
{
	*exit_status = 0;
	return backend_run_real(b, argv, poll, ctx, 10, elapsed_ns, exit_status);
}

static uint64_t h_now_ns(struct backend *b)
{
	return wall_clock_monotonic.now_ns(NULL);
}

static int h_close(struct backend *b)
{
	host_free(b->priv);
	free(b);
	return 0;
}

static const struct backend_ops host_ops = {
    .name = "host",
    .clock_apart = true,
    .sysfs_read = h_sysfs_read,
    .sysfs_write = h_sysfs_write,
    .sysfs_list = h_sysfs_list,
    .sysfs_is_dir = h_sysfs_is_dir,
    .sysfs_mode = h_sysfs_mode,
    .event_open = h_event_open,
    .event_enable = h_event_enable,
    .event_disable = h_event_disable,
    .event_read = h_event_read,
    .event_close = h_event_close,
    .event_id = h_event_id,
    .aux_map = host_aux_map,
    .next_record = host_next_record,
    .aux_peek = host_aux_peek,
    .aux_consume = host_aux_consume,
    .run = h_run,
    .now_ns = h_now_ns,
    .close = h_close,
};

int host_backend_open(const struct backend_options *o, struct backend **out, struct error *e)
{
	struct backend *b = calloc(1, sizeof(*b));
	struct host *h = calloc(1, sizeof(*h));

	if (!b || !h) {
		free(b);
		free(h);
		return error_set(e, -ENOMEM, "out of memory");
	}
	b->ops = &host_ops;
	b->priv = h;
	snprintf(b->machine, sizeof(b->machine), "this machine");
	host_kernel(b->kernel, sizeof(b->kernel));
	*out = b;
	return 0;
}
