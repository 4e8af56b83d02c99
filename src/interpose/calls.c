// SPDX-License-Identifier: GPL-2.0-only
/*
 * The interposed C library functions.  glibc has no perf_event_open
 * wrapper: perf calls syscall(__NR_perf_event_open, ...), so syscall() is
 * interposed and passes every other number on with its six argument words
 * (what glibc's syscall() itself reads, whatever the caller passed).  read,
 * __read_chk (perf is built with _FORTIFY_SOURCE), ioctl, close, poll and
 * ppoll look the fd up without a lock and go straight to the C library for
 * every fd that is not an emulated event.  fcntl needs nothing: the fd is
 * real, so O_NONBLOCK, FD_CLOEXEC and F_SETOWN act on it as on any fd.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "interpose.h"

#define EXPORT __attribute__((visibility("default")))

static long fail(long r)
{
	if (r >= 0)
		return r;
	errno = (int)-r;
	return -1;
}

/*
 * A host event goes to the host kernel, but qemu-user has no
 * perf_event_open (ENOSYS): under it, a software event (perf's probes, the
 * tracking dummy beside hisi_ptt) is the emulated machine's instead.
 */
static long host_event_open(const struct perf_event_attr *attr, pid_t pid, int cpu, int group_fd,
			    unsigned long flags, const long *a)
{
	long r = real_syscall6(SYS_perf_event_open, a[0], a[1], a[2], a[3], a[4], a[5]);

	if (r >= 0 || errno != ENOSYS || attr->type != PERF_TYPE_SOFTWARE)
		return r;
	machine_lock();
	r = efd_open(attr, pid, cpu, group_fd, flags);
	machine_unlock();
	return fail(r);
}

static long perf_event_open_call(const struct perf_event_attr *attr, pid_t pid, int cpu,
				 int group_fd, unsigned long flags, const long *a)
{
	long r;

	if (!attr)
		return real_syscall6(SYS_perf_event_open, a[0], a[1], a[2], a[3], a[4], a[5]);
	machine_lock();
	if (!(machine_emulates(attr->type) ||
	      (group_fd >= 0 && !(flags & PERF_FLAG_FD_NO_GROUP) && fdtab_peek(group_fd)))) {
		machine_unlock();
		return host_event_open(attr, pid, cpu, group_fd, flags, a);
	}
	r = efd_open(attr, pid, cpu, group_fd, flags);
	machine_unlock();
	return fail(r);
}

EXPORT long syscall(long nr, ...)
{
	va_list ap;
	long a[6];

	va_start(ap, nr);
	for (int i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	if (nr == SYS_perf_event_open)
		return perf_event_open_call((const struct perf_event_attr *)a[0], (pid_t)a[1],
					    (int)a[2], (int)a[3], (unsigned long)a[4], a);
	return real_syscall6(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
}

/* Reads fd's event under the lock; *mine = false if fd is not one (any more). */
static ssize_t emulated_read(int fd, void *buf, size_t n, bool *mine)
{
	struct efd *e;
	ssize_t r = 0;

	machine_lock();
	e = fdtab_peek(fd);
	*mine = e != NULL;
	if (e)
		r = efd_read(e, buf, n);
	machine_unlock();
	return r;
}

EXPORT ssize_t read(int fd, void *buf, size_t n)
{
	bool mine;
	ssize_t r;

	if (!fdtab_peek(fd))
		return real_read(fd, buf, n);
	r = emulated_read(fd, buf, n, &mine);
	return mine ? fail(r) : real_read(fd, buf, n);
}

EXPORT ssize_t __read_chk(int fd, void *buf, size_t n, size_t buflen)
{
	if (n > buflen)
		abort(); /* what the fortified read does: a buffer overflow */
	return read(fd, buf, n);
}

EXPORT int ioctl(int fd, unsigned long req, ...)
{
	unsigned long arg;
	struct efd *e;
	va_list ap;
	int r;

	va_start(ap, req);
	arg = va_arg(ap, unsigned long);
	va_end(ap);
	if (!fdtab_peek(fd))
		return real_ioctl(fd, req, arg);
	machine_lock();
	e = fdtab_peek(fd);
	r = e ? efd_ioctl(e, req, arg) : 0;
	machine_unlock();
	return e ? (int)fail(r) : real_ioctl(fd, req, arg);
}

static void *mmap_call(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	struct efd *e;
	void *p;

	machine_lock();
	e = fdtab_peek(fd);
	p = e ? efd_mmap(e, len, prot, off) : NULL;
	machine_unlock();
	if (!e)
		return real_mmap(addr, len, prot, flags, fd, off);
	if ((unsigned long)p >= (unsigned long)-4095) {
		errno = (int)-(long)p;
		return MAP_FAILED;
	}
	return p;
}

/* An event's rings are the library's to place: addr is a hint, and MAP_FIXED is not kept. */
EXPORT void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	if (flags & MAP_ANONYMOUS || !fdtab_peek(fd))
		return real_mmap(addr, len, prot, flags, fd, off);
	return mmap_call(addr, len, prot, flags, fd, off);
}

EXPORT void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	return mmap(addr, len, prot, flags, fd, off);
}

EXPORT int munmap(void *addr, size_t len)
{
	bool mine;

	machine_lock();
	mine = ring_unmap(addr);
	machine_unlock();
	return mine ? 0 : real_munmap(addr, len);
}

EXPORT int close(int fd)
{
	struct efd *e;

	if (fdtab_peek(fd)) {
		machine_lock();
		if ((e = fdtab_peek(fd)))
			efd_close(e);
		machine_unlock();
	}
	return real_close(fd);
}

/*
 * A counting event has no ring buffer, and the kernel's poll says POLLHUP
 * for such an event: the emulated fds are hidden from the real poll (a
 * negative fd is ignored) and get POLLHUP, the others are polled as they
 * are.  An event with a ring (ring.c) is POLLIN once its data ring holds
 * a record; until one does, or the timeout passes, the call looks again
 * every millisecond, the pace at which the library fills the rings.  The
 * machine first runs up to the wall clock, as for a read.
 */
static bool any_emulated(const struct pollfd *fds, nfds_t n)
{
	for (nfds_t i = 0; i < n; i++)
		if (fdtab_peek(fds[i].fd))
			return true;
	return false;
}

/* Hides the emulated fds; returns the saved fds (NULL if out of memory). */
static int *hide_emulated(struct pollfd *fds, nfds_t n)
{
	int *saved = malloc(n * sizeof(*saved));

	if (!saved)
		return NULL;
	for (nfds_t i = 0; i < n; i++) {
		saved[i] = fds[i].fd;
		if (fdtab_peek(fds[i].fd))
			fds[i].fd = -1;
	}
	return saved;
}

/* Puts the fds back: a counting event hangs up, a ring with data is readable. */
static int restore(struct pollfd *fds, nfds_t n, int *saved, int r)
{
	machine_lock();
	machine_follow_wall();
	for (nfds_t i = 0; i < n; i++) {
		struct efd *e = fds[i].fd < 0 && saved[i] >= 0 ? fdtab_peek(saved[i]) : NULL;

		fds[i].fd = saved[i];
		if (!e)
			continue;
		if (e->base)
			ring_pump(e);
		fds[i].revents = !e->base	 ? POLLHUP
				 : ring_ready(e) ? (short)(fds[i].events & POLLIN)
						 : 0;
		if (fds[i].revents)
			r = r < 0 ? r : r + 1;
	}
	machine_unlock();
	return r;
}

/* Polls the others for up to ms, the emulated fds at the end; -1 ms waits without end. */
static int poll_mixed(struct pollfd *fds, nfds_t n, int ms, const sigset_t *mask)
{
	int *saved = hide_emulated(fds, n), r;

	if (!saved)
		return -ENOMEM;
	for (int slice = 0;; slice = ms < 0 || ms > 1 ? 1 : ms) {
		r = real_ppoll(fds, n, &(struct timespec){0, slice * 1000000L}, mask);
		if (r < 0) {
			r = -errno;
			break;
		}
		r = restore(fds, n, saved, r);
		if (r || !ms)
			break;
		if (ms > 0)
			ms -= slice;
		for (nfds_t i = 0; i < n; i++)
			if (fdtab_peek(fds[i].fd))
				fds[i].fd = -1;
	}
	free(saved);
	return r;
}

/*
 * glibc 2.36 declares poll's and ppoll's fds write-only (access attribute),
 * though the kernel reads fd and events from it; gcc then takes our reading
 * of the caller's array for a read of uninitialised memory.
 */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

EXPORT int poll(struct pollfd *fds, nfds_t n, int timeout)
{
	if (!any_emulated(fds, n))
		return real_poll(fds, n, timeout);
	return (int)fail(poll_mixed(fds, n, timeout, NULL));
}

EXPORT int ppoll(struct pollfd *fds, nfds_t n, const struct timespec *ts, const sigset_t *mask)
{
	long ms = ts ? ts->tv_sec * 1000 + ts->tv_nsec / 1000000 : -1;

	if (!any_emulated(fds, n))
		return real_ppoll(fds, n, ts, mask);
	return (int)fail(poll_mixed(fds, n, ms > INT_MAX ? INT_MAX : (int)ms, mask));
}
