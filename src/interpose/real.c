// SPDX-License-Identifier: GPL-2.0-only
/*
 * The C library's functions behind the interposed ones, looked up with
 * dlsym(RTLD_NEXT) on first use rather than in a constructor: another
 * library's constructor may call read() before this library's has run.
 * A slot is written at most with the same value by racing threads, so a
 * relaxed race is harmless; acquire/release keeps it well defined.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "interpose.h"

enum { R_SYSCALL, R_READ, R_CLOSE, R_IOCTL, R_POLL, R_PPOLL, R_MMAP, R_MUNMAP, R_N };

static const char *const names[R_N] = {"syscall", "read",  "close", "ioctl",
				       "poll",    "ppoll", "mmap",  "munmap"};
static _Atomic(void *) slots[R_N];

static void *real(int which)
{
	void *p = atomic_load_explicit(&slots[which], memory_order_acquire);

	if (!p) {
		p = dlsym(RTLD_NEXT, names[which]);
		if (!p)
			abort(); /* no C library below us: nothing can work */
		atomic_store_explicit(&slots[which], p, memory_order_release);
	}
	return p;
}

long real_syscall6(long nr, long a, long b, long c, long d, long e, long f)
{
	long (*fn)(long, ...) = (long (*)(long, ...))real(R_SYSCALL);

	return fn(nr, a, b, c, d, e, f);
}

ssize_t real_read(int fd, void *buf, size_t n)
{
	ssize_t (*fn)(int, void *, size_t) = (ssize_t(*)(int, void *, size_t))real(R_READ);

	return fn(fd, buf, n);
}

int real_close(int fd)
{
	int (*fn)(int) = (int (*)(int))real(R_CLOSE);

	return fn(fd);
}

int real_ioctl(int fd, unsigned long req, unsigned long arg)
{
	int (*fn)(int, unsigned long, ...) = (int (*)(int, unsigned long, ...))real(R_IOCTL);

	return fn(fd, req, arg);
}

int real_poll(struct pollfd *fds, nfds_t n, int timeout)
{
	int (*fn)(struct pollfd *, nfds_t, int) = (int (*)(struct pollfd *, nfds_t, int))real(R_POLL);

	return fn(fds, n, timeout);
}

int real_ppoll(struct pollfd *fds, nfds_t n, const struct timespec *ts, const sigset_t *mask)
{
	int (*fn)(struct pollfd *, nfds_t, const struct timespec *, const sigset_t *) =
	    (int (*)(struct pollfd *, nfds_t, const struct timespec *, const sigset_t *))real(
		R_PPOLL);

	return fn(fds, n, ts, mask);
}

void *real_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	void *(*fn)(void *, size_t, int, int, int, off_t) =
	    (void *(*)(void *, size_t, int, int, int, off_t))real(R_MMAP);

	return fn(addr, len, prot, flags, fd, off);
}

int real_munmap(void *addr, size_t len)
{
	int (*fn)(void *, size_t) = (int (*)(void *, size_t))real(R_MUNMAP);

	return fn(addr, len);
}
