// SPDX-License-Identifier: GPL-2.0-only
/*
 * `serve --listen`: where the exporter listens, in the spellings
 * Prometheus exporters take: HOST:PORT with HOST a name or an IPv4 address,
 * [IPv6]:PORT, and :PORT for every address (as node_exporter's ":9100").
 * A name is resolved once, to its first address.  Port 0 lets the kernel
 * choose.  Without --listen, serve stays on loopback.
 */
#include <arpa/inet.h>
#include <netdb.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_number.h"
#include "serve.h"

static int bad(const char *s, const char *why)
{
	return cli_error("serve: --listen '%s': %s", s, why);
}

/* Splits s into host (maybe empty) and port text; 0 or 1 after an error. */
static int split(const char *s, char *host, size_t n, const char **port)
{
	const char *end;

	if (s[0] == '[') {
		end = strchr(s, ']');
		if (!end || end[1] != ':')
			return bad(s, "expected [IPv6]:PORT");
		s++;
	} else {
		end = strrchr(s, ':');
		if (!end)
			return bad(s, "expected HOST:PORT, :PORT or [IPv6]:PORT");
		if (memchr(s, ':', (size_t)(end - s)))
			return bad(s, "write an IPv6 address in brackets, [ADDRESS]:PORT");
	}
	if ((size_t)(end - s) >= n)
		return bad(s, "the host is too long");
	snprintf(host, n, "%.*s", (int)(end - s), s);
	*port = end + (*end == ']' ? 2 : 1);
	return 0;
}

int serve_parse_listen(const char *s, struct serve_addr *a)
{
	struct addrinfo hints = {.ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE}, *res;
	char host[256], why[320];
	const char *port = NULL;
	uint64_t p;
	int e;

	if (split(s, host, sizeof(host), &port))
		return 1;
	if (cli_parse_uint(port, 10, 65535, &p))
		return bad(s, "the port must be a number from 0 to 65535");
	if (!host[0])
		hints.ai_family = AF_INET;
	e = getaddrinfo(host[0] ? host : NULL, port, &hints, &res);
	if (e) {
		snprintf(why, sizeof(why), "cannot resolve '%s': %s", host, gai_strerror(e));
		return bad(s, why);
	}
	memcpy(&a->ss, res->ai_addr, res->ai_addrlen);
	a->len = res->ai_addrlen;
	freeaddrinfo(res);
	return 0;
}

void serve_addr_format(const struct serve_addr *a, unsigned port, char *buf, size_t n)
{
	char ip[INET6_ADDRSTRLEN] = "?";

	if (a->ss.ss_family == AF_INET6) {
		const struct sockaddr_in6 *s6 = (const void *)&a->ss;

		inet_ntop(AF_INET6, &s6->sin6_addr, ip, sizeof(ip));
		snprintf(buf, n, "[%s]:%u", ip, port);
		return;
	}
	inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)&a->ss)->sin_addr, ip,
		  sizeof(ip));
	snprintf(buf, n, "%s:%u", ip, port);
}

unsigned serve_addr_port(const struct serve_addr *a)
{
	if (a->ss.ss_family == AF_INET6)
		return ntohs(((const struct sockaddr_in6 *)(const void *)&a->ss)->sin6_port);
	return ntohs(((const struct sockaddr_in *)(const void *)&a->ss)->sin_port);
}
