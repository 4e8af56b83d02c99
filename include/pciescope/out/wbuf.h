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
	int fd;	 /* -1: memory only, the buffer grows instead of flushing */
	int err; /* first negative errno of a write, 0 if none */
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
extern const char wbuf_hexpair[256][2]; /* "00".."ff" */
extern const char wbuf_decpair[100][2]; /* "00".."99" */

/*
 * Cursor forms: write at o and return the new end.  Hot loops keep the
 * cursor in a local so the compiler need not reload w->len after each byte.
 */
static inline char *wb_mem(char *o, const char *s, size_t n)
{
	memcpy(o, s, n);
	return o + n;
}

#define wb_lit(o, s) wb_mem((o), (s), sizeof(s) - 1)

/* Exactly `digits` lower-case hex digits of v. */
static inline char *wb_hex(char *o, uint64_t v, int digits)
{
	int i = digits;

	while (i >= 2) {
		i -= 2;
		memcpy(o + i, wbuf_hexpair[v & 0xff], 2);
		v >>= 8;
	}
	if (i)
		o[0] = wbuf_hexdig[v & 0xf];
	return o + digits;
}

extern const uint64_t wbuf_pow10[20];

/* Unsigned decimal ("%llu"). */
static inline char *wb_u64(char *o, uint64_t v)
{
	/* digits from the bit length (log10(2) ~ 1233/4096), then one correction */
	int n = ((64 - __builtin_clzll(v | 1)) * 1233 >> 12) + 1;
	char *p;

	if (n < 20 && v >= wbuf_pow10[n])
		n++;
	if (v < wbuf_pow10[n - 1] && n > 1)
		n--;
	p = o + n;
	while (v >= 100) {
		p -= 2;
		memcpy(p, wbuf_decpair[v % 100], 2);
		v /= 100;
	}
	if (v >= 10)
		memcpy(p - 2, wbuf_decpair[v], 2);
	else
		p[-1] = (char)('0' + v);
	return o + n;
}

/* Decimal of a value below 10000 (fields of TLP headers), without loops. */
static inline char *wb_u16(char *o, uint32_t v)
{
	if (v < 10) {
		*o = (char)('0' + v);
		return o + 1;
	}
	if (v < 100)
		return wb_mem(o, wbuf_decpair[v], 2);
	if (v < 1000) {
		*o = (char)('0' + v / 100);
		return wb_mem(o + 1, wbuf_decpair[v % 100], 2);
	}
	if (v < 10000)
		return wb_mem(wb_mem(o, wbuf_decpair[v / 100], 2), wbuf_decpair[v % 100], 2);
	return wb_u64(o, v);
}

/* Buffer forms of the same. */
static inline void wbuf_hex(struct wbuf *w, uint64_t v, int digits)
{
	w->len = (size_t)(wb_hex(w->buf + w->len, v, digits) - w->buf);
}

/* Hex without leading zeros ("%x"). */
void wbuf_hexmin(struct wbuf *w, uint64_t v);

static inline void wbuf_u64(struct wbuf *w, uint64_t v)
{
	w->len = (size_t)(wb_u64(w->buf + w->len, v) - w->buf);
}

#endif
