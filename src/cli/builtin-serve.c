// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope serve [--listen ADDR:PORT] [--interval MS] [backend options]:
 * a Prometheus exporter.  The main thread samples every interval and keeps
 * the rendered page; libmicrohttpd's thread answers GET /metrics with the
 * latest page under a mutex, so a scrape never touches the backend and
 * never waits for a sample.  On the emulated backend each interval is
 * simulated up to the wall clock's end of it (pace_step), so the machine's
 * clock follows wall time, never runs ahead of it, a page comes every
 * interval, and the page says how far the clock lags when the simulation
 * cannot keep up.  SIGINT and SIGTERM end it between short slices of the
 * simulation.  Loopback only unless --listen says otherwise.
 * When another command changes the emulated platform's persistent state
 * (`pciescope tune`, a hot removal), serve boots the platform again before
 * its next sample, so the page follows as it would on a host.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/backend/interrupt.h>
#include <pciescope/backend/pace.h>

#include "backend_opts.h"
#include "cli.h"
#include "cli_hold.h"
#include "serve.h"
#include "serve_mhd.h"

struct page {
	pthread_mutex_t lock;
	char *text;
	size_t len;
};

/* Other methods get 405 rather than a silently closed connection. */
static enum MHD_Result refuse(struct MHD_Connection *c)
{
	static char msg[] = "only GET and HEAD\n";
	struct MHD_Response *r =
	    lib_mhd.MHD_create_response_from_buffer(sizeof(msg) - 1, msg, MHD_RESPMEM_PERSISTENT);
	enum MHD_Result ret;

	if (!r)
		return MHD_NO;
	lib_mhd.MHD_add_response_header(r, "Allow", "GET, HEAD");
	ret = lib_mhd.MHD_queue_response(c, MHD_HTTP_METHOD_NOT_ALLOWED, r);
	lib_mhd.MHD_destroy_response(r);
	return ret;
}

static enum MHD_Result answer(void *cls, struct MHD_Connection *c, const char *url,
			      const char *method, const char *version, const char *data,
			      size_t *size, void **state)
{
	struct page *p = cls;
	struct MHD_Response *r;
	enum MHD_Result ret;
	bool found = !strcmp(url, "/metrics");

	if (strcmp(method, "GET") && strcmp(method, "HEAD"))
		return refuse(c);
	pthread_mutex_lock(&p->lock);
	if (found)
		r = lib_mhd.MHD_create_response_from_buffer(p->len, p->text, MHD_RESPMEM_MUST_COPY);
	else
		r = lib_mhd.MHD_create_response_from_buffer(
		    strlen("see /metrics\n"), "see /metrics\n", MHD_RESPMEM_PERSISTENT);
	pthread_mutex_unlock(&p->lock);
	if (!r)
		return MHD_NO;
	lib_mhd.MHD_add_response_header(r, "Content-Type",
					"text/plain; version=0.0.4; charset=utf-8");
	ret = lib_mhd.MHD_queue_response(c, found ? MHD_HTTP_OK : MHD_HTTP_NOT_FOUND, r);
	lib_mhd.MHD_destroy_response(r);
	return ret;
}

/*
 * One interval (pace_step): a simulation slower than real time is cut at
 * the interval's end, so the page is new every interval with what was
 * simulated by then, and says how far behind it is.  Host: slept.
 */
static int run_interval(struct backend *b, struct pace *pc, uint64_t *next_ns, unsigned ms)
{
	struct pace_step s = {0};
	int r;

	*next_ns += (uint64_t)ms * 1000000u;
	s.goal = *next_ns;
	r = pace_step(pc, b, &s);
	if (r >= 0 && !strcmp(b->ops->name, "emulated"))
		stat_note_lag(pc, b->ops->now_ns(b));
	return r < 0 ? r : 0;
}

static int publish(struct pmu_sampler *ps, struct page *p, uint64_t lag_ns)
{
	char *text = NULL;
	size_t len = 0;
	int r = serve_sample(ps, lag_ns, &text, &len);

	if (r)
		return cli_errno(r, "serve: cannot sample");
	pthread_mutex_lock(&p->lock);
	free(p->text);
	p->text = text;
	p->len = len;
	pthread_mutex_unlock(&p->lock);
	return 0;
}

/*
 * Another command changed the emulated platform's persistent state (a
 * tune, a hot removal): boot it again, so that the page shows what sysfs
 * and the counters of a host would.  The counters start again from zero,
 * which Prometheus takes as it takes an exporter's restart.
 */
static int follow_state(struct pmu_sampler *ps, struct backend **b, struct backend_opts *bo,
			struct pace *pc, uint64_t *next_ns)
{
	if (!(*b)->ops->stale || !(*b)->ops->stale(*b))
		return 0;
	pmu_sampler_close(ps);
	*ps = (struct pmu_sampler){0};
	backend_close(*b);
	*b = backend_opts_open(bo, "serve");
	if (!*b)
		return 1;
	*next_ns = (*b)->ops->now_ns(*b);
	pace_start(pc, &wall_clock_monotonic, *next_ns);
	return pmu_sampler_open(ps, *b, NULL) ? cli_fail(&ps->s.err) : 0;
}

static int serve_loop(struct backend **b, struct backend_opts *bo, const struct serve_addr *sa,
		      unsigned interval)
{
	struct page p = {.lock = PTHREAD_MUTEX_INITIALIZER};
	struct pmu_sampler ps = {0};
	struct MHD_Daemon *d = NULL;
	unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG;
	char addr[80];
	int fd = -1, r = pmu_sampler_open(&ps, *b, NULL) ? cli_fail(&ps.s.err) : 0;

	if (!r)
		r = publish(&ps, &p, 0);
	serve_addr_format(sa, serve_addr_port(sa), addr, sizeof(addr));
	if (!r && (fd = serve_listen_socket(sa)) < 0)
		r = cli_errno(fd, "serve: cannot listen on %s", addr);
	if (!r) {
		if (sa->ss.ss_family == AF_INET6)
			flags |= MHD_USE_IPv6;
		d = lib_mhd.MHD_start_daemon(flags, 0, NULL, NULL, answer, &p,
					     MHD_OPTION_LISTEN_SOCKET, fd, MHD_OPTION_END);
		if (!d)
			r = cli_error("serve: cannot listen on %s", addr);
	}
	if (!r) {
		const union MHD_DaemonInfo *i =
		    lib_mhd.MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);

		/* the port the kernel chose for --listen ADDR:0 */
		serve_addr_format(sa, i ? i->port : serve_addr_port(sa), addr, sizeof(addr));
		fprintf(stderr, "pciescope: serving http://%s/metrics every %u ms\n", addr,
			interval);
		struct pace pc;
		uint64_t next_ns = (*b)->ops->now_ns(*b);

		pace_start(&pc, &wall_clock_monotonic, next_ns);
		while (!interrupt_requested() && !r) {
			r = run_interval(*b, &pc, &next_ns, interval);
			if (r) {
				r = cli_errno(r, "serve: cannot run the clock");
				break;
			}
			if (interrupt_requested())
				break;
			r = follow_state(&ps, b, bo, &pc, &next_ns);
			if (!r)
				r = publish(&ps, &p, pace_lag_ns(&pc, (*b)->ops->now_ns(*b)));
		}
		lib_mhd.MHD_stop_daemon(d);
	}
	pmu_sampler_close(&ps);
	free(p.text);
	return r;
}

static const char *const serve_synopsis[] = {
    "serve [--listen ADDR:PORT] [--interval MS] [--platform NAME]\n"
    "                       [--backend emulated|host] [--workload NAME] [--seed N]",
    NULL};

int cmd_serve(int argc, char **argv)
{
	struct backend_opts bo = {0};
	const char *listen = "127.0.0.1:9464";
	uint64_t interval = 1000;
	const struct cli_option options[] = {
	    OPT_STRING(0, "listen", &listen, "ADDR:PORT",
		       "where to listen: HOST:PORT (a name or an IPv4 address),\n"
		       "[IPv6]:PORT, or :PORT for every address (default\n"
		       "127.0.0.1:9464, loopback only; port 0: any free one,\n"
		       "printed when serving starts)"),
	    OPT_UINT(0, "interval", &interval, 10, 3600000, "MS",
		     "sampling interval (default 1000)"),
	    OPT_BACKEND_OPTS(&bo),
	    OPT_END(),
	};
	const struct cli_command_options cmd = {
	    serve_synopsis, options,
	    "Prometheus exporter: GET /metrics (PCIe PMU bandwidth/latency per Root\n"
	    "Port, PTT tune levels, link speed/width).  Ctrl-C stops it.\n",
	    0};
	struct serve_addr sa;
	struct backend *b;
	struct hold *h;
	int r = cli_parse_options(argc, argv, &cmd);

	if (r < 0)
		return cli_parse_status(r);
	if (r)
		return cli_error("serve: unexpected argument '%s'", argv[0]);
	if (serve_parse_listen(listen, &sa) || mhd_load())
		return 1;
	b = backend_opts_open(&bo, "serve");
	if (!b)
		return 1;
	h = cli_hold_view(&bo.o);
	interrupt_catch();
	signal(SIGPIPE, SIG_IGN);
	r = serve_loop(&b, &bo, &sa, (unsigned)interval);
	backend_close(b);
	hold_release(h);
	return r;
}
