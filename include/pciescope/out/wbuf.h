/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Buffered output for hot text paths (trace dumps of hundreds of MiB): text
 * is appended to a large buffer with hand-rolled hex/decimal helpers and
 * leaves in big write(2)s, so no printf runs per field.  A write error is
 * remembered and reported once by wbuf_flush()/wbuf_close().
 */
#ifndef PCIESCOPE_OUT_WBUF_H
#define PCIESCOPE_OUT_WBUF_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct wbuf {
	char *buf;
	size_t len, cap;
	int fd;       /* -1: memory only, the buffer grows instead of flushing */
	int err;      /* first negative errno of a write, 0 if none */
};

#define WBUF_SLACK 1024 /* bytes one entry's text may add after a reserve */

int wbuf_init_fd(struct wbuf *w, int fd, size_t cap);
int wbuf_init_mem(struct wbuf *w);
/* Makes room for WBUF_SLACK more bytes (flushes or grows).  0 or -errno. */
int wbuf_reserve_slow(struct wbuf *w);
int wbuf_flush(struct wbuf *w);
/* Flushes and frees; returns the first error seen. */
int wbuf_close(struct wbuf *w);

static inline int wbuf_reserve(struct wbuf *w)
{
	return w->cap - w->len >= WBUF_SLACK ? 0 : wbuf_reserve_slow(w);
}

/* The helpers below assume a wbuf_reserve() for at most WBUF_SLACK bytes. */
static inline void wbuf_putc(struct wbuf *w, char c)
{
	w->buf[w->len++] = c;
}

static inline void wbuf_mem(struct wbuf *w, const char *s, size_t n)
{
	memcpy(w->buf + w->len, s, n);
	w->len += n;
}

#define wbuf_lit(w, s) wbuf_mem((w), (s), sizeof(s) - 1)

static inline void wbuf_str(struct wbuf *w, const char *s)
{
	wbuf_mem(w, s, strlen(s));
}

extern const char wbuf_hexdig[16];

/* Exactly `digits` lower-case hex digits of v. */
static inline void wbuf_hex(struct wbuf *w, uint64_t v, int digits)
{
	char *p = w->buf + w->len;

	for (int i = digits - 1; i >= 0; i--) {
		p[i] = wbuf_hexdig[v & 0xf];
		v >>= 4;
	}
	w->len += (size_t)digits;
}

/* Hex without leading zeros ("%x"). */
void wbuf_hexmin(struct wbuf *w, uint64_t v);
/* Unsigned decimal ("%llu"). */
void wbuf_u64(struct wbuf *w, uint64_t v);

#endif
