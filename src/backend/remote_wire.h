/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The messages between a remote backend (remote.c) and the server of the
 * machine it reaches (remote_serve.c).  A Unix SOCK_SEQPACKET socket keeps
 * each message whole, so one request is one send and one answer one
 * receive.  Fields have fixed sizes and natural alignment, so a client of
 * another architecture (arm64 or ppc64le under qemu-user, both little
 * endian like the host) reads them alike.
 */
#ifndef PCIESCOPE_BACKEND_REMOTE_WIRE_H
#define PCIESCOPE_BACKEND_REMOTE_WIRE_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

/* The largest payload either way: a sysfs attribute's page, or a list of names. */
#define REMOTE_PAYLOAD_MAX (64 * 1024)
/* A whole message: the larger header and the largest payload. */
#define REMOTE_MSG_MAX (64 + REMOTE_PAYLOAD_MAX)

enum remote_op {
	REMOTE_SYSFS_READ = 1, /* payload: path; answer: the bytes */
	REMOTE_SYSFS_WRITE,    /* payload: path, NUL, the bytes */
	REMOTE_SYSFS_LIST,     /* payload: path; answer: names, each NUL-terminated */
	REMOTE_SYSFS_IS_DIR,   /* payload: path */
	REMOTE_EVENT_OPEN,     /* payload: struct perf_event_attr; pid, cpu, group */
	REMOTE_EVENT_ENABLE,
	REMOTE_EVENT_DISABLE,
	REMOTE_EVENT_READ, /* answer: v[0..2] value, enabled, running */
	REMOTE_EVENT_CLOSE,
	REMOTE_EVENT_ID,    /* answer: v[0] */
	REMOTE_AUX_MAP,	    /* n: the AUX area's bytes */
	REMOTE_NEXT_RECORD, /* n: the caller's buffer; answer: one side-band record */
	REMOTE_AUX_PEEK,    /* n: at most; answer: AUX bytes from v[0] (the tail), v[1] all */
	REMOTE_AUX_CONSUME, /* n: bytes */
	REMOTE_NOW_NS,	    /* answer: v[0] */
};

struct remote_req {
	uint32_t op;
	int32_t ev;
	int32_t pid, cpu, group;
	uint32_t len; /* payload bytes after the header */
	uint64_t n;   /* the caller's buffer size, for reads */
};

struct remote_rsp {
	int64_t ret; /* the op's result, or -errno */
	uint64_t v[3];
	uint32_t len; /* payload bytes after the header; the error text if ret < 0 */
	uint32_t pad; /* 0: keeps the size a multiple of 8 on every architecture */
};

/*
 * One message out, whole, again if a signal came first: a client's
 * SIGCHLD or a tool's timer must not lose a request or an answer, as it
 * must not lose a receive.
 */
static inline ssize_t remote_send(int fd, const void *msg, size_t n)
{
	ssize_t sent;

	do
		sent = send(fd, msg, n, MSG_NOSIGNAL);
	while (sent < 0 && errno == EINTR);
	return sent;
}

#endif
