/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `pciescope serve`: where it listens (serve_listen.c) and the Prometheus
 * text page it renders from the tool library's PMU sampler (serve_page.c).
 */
#ifndef PCIESCOPE_CLI_SERVE_H
#define PCIESCOPE_CLI_SERVE_H

#include <stddef.h>

#include <sys/socket.h>

#include <pciescope/tool/pmu_sampler.h>

/* Where serve listens (serve_listen.c). */
struct serve_addr {
	struct sockaddr_storage ss;
	socklen_t len;
};

/* --listen HOST:PORT, :PORT, [IPv6]:PORT; 0 or 1 after a one-line error. */
int serve_parse_listen(const char *s, struct serve_addr *a);
/* "127.0.0.1:9464" or "[::1]:9464", with the given port (the one bound). */
void serve_addr_format(const struct serve_addr *a, unsigned port, char *buf, size_t n);
unsigned serve_addr_port(const struct serve_addr *a);
/*
 * A listening TCP socket on a, made here rather than by libmicrohttpd so
 * that a failure has its errno and the address asked for (the library
 * reports a given address as "port 0").  The fd, or -errno.
 */
int serve_listen_socket(const struct serve_addr *a);

/*
 * Reads the counters and renders the page into a malloc'ed text, lag_ns
 * being how far the emulated clock is behind the wall clock; 0 or -errno.
 */
int serve_sample(struct pmu_sampler *sv, uint64_t lag_ns, char **page, size_t *len);

#endif
