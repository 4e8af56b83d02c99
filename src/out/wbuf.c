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

#define P16(h)                                                                                     \
	h "0", h "1", h "2", h "3", h "4", h "5", h "6", h "7", h "8", h "9", h "a", h "b", h "c", \
	    h "d", h "e", h "f"
#define D10(d) d "0", d "1", d "2", d "3", d "4", d "5", d "6", d "7", d "8", d "9"

/* Two characters per entry, no terminating NUL (hence the exact bounds). */
const char wbuf_hexpair[256][2] = {
    P16("0"), P16("1"), P16("2"), P16("3"), P16("4"), P16("5"), P16("6"), P16("7"),
    P16("8"), P16("9"), P16("a"), P16("b"), P16("c"), P16("d"), P16("e"), P16("f"),
};

const char wbuf_decpair[100][2] = {
    D10("0"), D10("1"), D10("2"), D10("3"), D10("4"),
    D10("5"), D10("6"), D10("7"), D10("8"), D10("9"),
};

const uint64_t wbuf_pow10[20] = {
    1ull,
    10ull,
    100ull,
    1000ull,
    10000ull,
    100000ull,
    1000000ull,
    10000000ull,
    100000000ull,
    1000000000ull,
    10000000000ull,
    100000000000ull,
    1000000000000ull,
    10000000000000ull,
    100000000000000ull,
    1000000000000000ull,
    10000000000000000ull,
    100000000000000000ull,
    1000000000000000000ull,
    10000000000000000000ull,
};

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
