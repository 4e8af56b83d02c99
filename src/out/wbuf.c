// SPDX-License-Identifier: GPL-2.0-only
/*
 * Buffered text output.  The buffer is flushed only when a helper could
 * overflow it, so a dump of a large trace costs one write(2) per `cap` bytes.
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include <pciescope/out/wbuf.h>

const char wbuf_hexdig[16] = "0123456789abcdef";

static int wbuf_alloc(struct wbuf *w, int fd, size_t cap)
{
	w->buf = malloc(cap);
	w->len = 0;
	w->cap = cap;
	w->fd = fd;
	w->err = 0;
	return w->buf ? 0 : -ENOMEM;
}

int wbuf_init_fd(struct wbuf *w, int fd, size_t cap)
{
	return wbuf_alloc(w, fd, cap < 4 * WBUF_SLACK ? 4 * WBUF_SLACK : cap);
}

int wbuf_init_mem(struct wbuf *w)
{
	return wbuf_alloc(w, -1, 4096);
}

int wbuf_flush(struct wbuf *w)
{
	size_t off = 0;

	if (w->fd < 0)
		return w->err;
	while (off < w->len && !w->err) {
		ssize_t n = write(w->fd, w->buf + off, w->len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			w->err = n < 0 ? -errno : -EIO;
		else
			off += (size_t)n;
	}
	w->len = 0;
	return w->err;
}

int wbuf_reserve_slow(struct wbuf *w)
{
	char *p;

	if (w->fd >= 0)
		return wbuf_flush(w);
	p = realloc(w->buf, w->cap * 2);
	if (!p)
		return w->err = -ENOMEM;
	w->buf = p;
	w->cap *= 2;
	return 0;
}

int wbuf_close(struct wbuf *w)
{
	int err = wbuf_flush(w);

	free(w->buf);
	w->buf = NULL;
	w->len = w->cap = 0;
	return err;
}

void wbuf_hexmin(struct wbuf *w, uint64_t v)
{
	int digits = 1;

	while (digits < 16 && v >> (4 * digits))
		digits++;
	wbuf_hex(w, v, digits);
}

void wbuf_u64(struct wbuf *w, uint64_t v)
{
	char tmp[20];
	int n = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		w->buf[w->len++] = tmp[--n];
}
