/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The perf interposer (libpciescope-exec.so, loaded by `pciescope exec`
 * into an unmodified program): what its files share.  The program's
 * perf_event_open(2) calls for an emulated PMU type become events of an
 * emulated backend booted in this process; each is represented by a real
 * file descriptor (of /dev/null) so that numbers never collide, and the
 * system calls perf makes on it (read, ioctl, close, poll) are answered
 * here.  Every other call goes to the C library unchanged.
 */
#ifndef PCIESCOPE_INTERPOSE_H
#define PCIESCOPE_INTERPOSE_H

#include <linux/perf_event.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include <pciescope/backend/backend.h>

/* One emulated event, named by the fd the program holds. */
struct efd {
	int fd;
	int handle;           /* the backend's event */
	uint64_t read_format; /* attr.read_format */
	uint64_t reset_base;  /* count at the last PERF_EVENT_IOC_RESET */
	bool on;              /* enabled (by attr.disabled = 0 or ENABLE) */
	struct efd *leader;   /* itself for a group leader */
	struct efd *sibling;  /* a leader's first sibling, then each sibling's next */
	void *base, *aux;     /* the mapped user page and data ring, the AUX area (ring.c) */
	size_t base_len, aux_len;
};

/* The C library's own functions (dlsym RTLD_NEXT), resolved on first use. */
long real_syscall6(long nr, long a, long b, long c, long d, long e, long f);
ssize_t real_read(int fd, void *buf, size_t n);
int real_close(int fd);
int real_ioctl(int fd, unsigned long req, unsigned long arg);
int real_poll(struct pollfd *fds, nfds_t n, int timeout);
int real_ppoll(struct pollfd *fds, nfds_t n, const struct timespec *ts, const sigset_t *mask);
void *real_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
int real_munmap(void *addr, size_t len);

/*
 * The emulated machine of this process (machine.c).  machine_lock() guards
 * it and the fd table's changes; the fast path that tells an emulated fd
 * from another (fdtab_peek) takes no lock.
 */
void machine_lock(void);
void machine_unlock(void);
/* Whether type is an emulated PMU's (PCIESCOPE_EXEC_TYPES); no boot needed. */
bool machine_emulates(uint32_t type);
/* The PMU name of an emulated type, "" if unknown. */
const char *machine_pmu_name(uint32_t type);
/* Boots the backend on first use; NULL (after one message) if it cannot. */
struct backend *machine_backend(void);
/*
 * delta group leaders were enabled (+) or disabled (-).  The first enable
 * starts simulated time (the wall clock's origin); while none is enabled,
 * simulated time stands still and the wall time of the pause is skipped.
 */
void machine_running(int delta);
/* Runs the emulated machine up to the wall time elapsed since the start. */
void machine_follow_wall(void);

/* fd -> event table (fdtab.c).  Changes under machine_lock(). */
/* Lock-free; under the lock, the answer to use (a close may have come first). */
struct efd *fdtab_peek(int fd);
int fdtab_put(struct efd *e); /* 0, or -EMFILE for an fd beyond the table */
void fdtab_remove(int fd);

/* The calls on an emulated fd, under the lock; -errno on failure. */
int efd_open(const struct perf_event_attr *attr, pid_t pid, int cpu, int group_fd,
	     unsigned long flags);
ssize_t efd_read(struct efd *e, void *buf, size_t n);
int efd_ioctl(struct efd *e, unsigned long req, unsigned long arg);
void efd_close(struct efd *e);

/* The mmap ABI (ring.c), under the lock.  A failed mmap is (void *)-errno. */
void *efd_mmap(struct efd *e, size_t len, int prot, off_t off);
/* Releases a mapping of an event's: false if addr is none. */
bool ring_unmap(void *addr);
/*
 * At close: the mappings stay the program's, as the kernel keeps a ring
 * mapped after its fd closes; a later munmap of them is a plain one.
 */
void ring_detach(struct efd *e);
/* Moves what the machine produced into e's rings. */
void ring_pump(struct efd *e);
/* Whether e's data ring holds records the reader has not consumed. */
bool ring_ready(struct efd *e);

/* "pciescope: exec: ..." on stderr, from inside the program. */
void interpose_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
