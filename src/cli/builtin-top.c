// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope top [--interval MS] [--once] [--json] [--whole] [backend
 * options]: a live per-Root-Port view of the PCIe PMUs (bandwidth per direction and
 * TLP kind, average latency, link utilisation, PTT tune levels), redrawn
 * every interval like pcm-pcie; 'q', Ctrl-C or SIGTERM quits.  It samples
 * with the tool library's PMU sampler and reads its link model, as serve
 * does, so the two agree.  On the emulated backend each
 * interval is simulated up to the wall clock's end of it (pace_step): a
 * simulation faster than real time waits there reading the keyboard, a
 * slower one is cut off there and the frame shows what it simulated and
 * how far behind the wall clock it is, so a frame comes every interval
 * and a key is read between short slices.  --whole gives up the wall
 * clock for frames that each cover their whole interval, however late
 * (for scripts that compare figures).  --once prints one interval and
 * exits, simulated at once but within the interval's wall time too;
 * --json prints each frame as one JSON line instead of a screen.  A tune
 * or hot removal by another command shows from the next frame, as on a
 * host.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include <pciescope/backend/interrupt.h>
#include <pciescope/backend/pace.h>

#include "backend_opts.h"
#include "cli.h"
#include "cli_hold.h"
#include "terminal_width.h"
#include "top.h"

struct top {
	struct backend_opts bo;
	struct backend *b;
	struct pmu_sampler ps;
	struct backend_count *delta;
	unsigned interval;
	uint64_t next_ns, last_ns; /* the clock the next frame is due at; the last frame's */
	bool once, json, whole, tty;
	struct termios saved;
};

/* The wait between frames reads the keyboard: 'q' quits at once. */
static void keyboard_sleep(void *ctx, uint64_t ns)
{
	struct top *t = ctx;
	struct pollfd p = {.fd = STDIN_FILENO, .events = POLLIN};
	int ms = (int)((ns + 999999) / 1000000);
	char c;

	if (!t->tty) {
		wall_clock_monotonic.sleep_ns(NULL, ns);
		return;
	}
	if (poll(&p, 1, ms) == 1 && read(STDIN_FILENO, &c, 1) == 1 && (c == 'q' || c == 'Q'))
		interrupt_request();
}

/* Asked between slices of the simulation: a key stops it. */
static int key_pressed(void *ctx)
{
	struct top *t = ctx;

	if (t->tty && !interrupt_requested())
		keyboard_sleep(t, 0);
	return interrupt_requested();
}

static uint64_t wall_now(void *ctx)
{
	return wall_clock_monotonic.now_ns(NULL);
}

static int setup(struct top *t)
{
	int r;

	t->b = backend_opts_open(&t->bo, "top");
	if (!t->b)
		return 1;
	r = pmu_sampler_open(&t->ps, t->b, NULL) ? cli_fail(&t->ps.s.err) : 0;
	if (!r && !t->ps.nser)
		r = cli_error(
		    "top: this machine has no HiSilicon PCIe PMU (hisi_pcie<sicl>_core<core>)"
		    " to show");
	if (!r) {
		t->delta = calloc(t->ps.s.events.n ? t->ps.s.events.n : 1, sizeof(*t->delta));
		if (!t->delta)
			r = cli_errno(-ENOMEM, "top");
	}
	return r;
}

static void teardown(struct top *t)
{
	pmu_sampler_close(&t->ps);
	t->ps = (struct pmu_sampler){0};
	free(t->delta);
	t->delta = NULL;
	backend_close(t->b);
	t->b = NULL;
}

/* One interval of the machine: simulated on the emulated backend, slept on a host. */
static int run_interval(struct top *t, struct pace *pc)
{
	struct pace_step s = {.whole = t->whole, .no_wait = t->once, .poll = key_pressed, .ctx = t};
	int r;

	t->next_ns += (uint64_t)t->interval * 1000000u;
	s.goal = t->next_ns;
	r = pace_step(pc, t->b, &s);
	return r < 0 ? r : 0;
}

static void restart(struct top *t, struct pace *pc, const struct wall_clock *clk)
{
	t->next_ns = t->last_ns = t->b->ops->now_ns(t->b);
	pace_start(pc, clk, t->next_ns);
}

/* The title says how far a slow simulation lags, where stderr would spoil the screen. */
static int frame(struct top *t, const struct pace *pc)
{
	struct top_frame f = {.interval_ms = t->interval, .backend = t->b->ops->name};
	int r = pmu_sampler_read(&t->ps, t->delta);
	uint64_t now;

	if (!r)
		r = top_frame_build(&f, &t->ps, t->delta);
	if (r) {
		top_frame_free(&f);
		return cli_errno(r, "top: cannot sample");
	}
	now = t->b->ops->now_ns(t->b);
	f.time_s = (double)now * 1e-9;
	f.span_s = (double)(now - t->last_ns) * 1e-9;
	t->last_ns = now;
	if (!strcmp(f.backend, "emulated"))
		f.lag_s = (double)pace_lag_ns(pc, now) * 1e-9;
	if (t->json)
		top_render_json(stdout, &f);
	else
		top_render_text(stdout, &f, t->tty, cli_terminal_width(STDOUT_FILENO));
	top_frame_free(&f);
	return 0;
}

static int loop(struct top *t)
{
	struct wall_clock clk = {wall_now, keyboard_sleep, t};
	struct pace pc;
	int r = 0;

	restart(t, &pc, &clk);
	while (!interrupt_requested() && !r) {
		r = run_interval(t, &pc);
		/*
		 * --once on the emulated backend: a frame the wall clock cut may
		 * end before the PMU's rotation reached every group, and a kind
		 * it never counted would show as unknown: the machine runs on,
		 * towards the interval's end, until every counter has run; on a
		 * host the interval is the wall clock's, far longer than the turns.
		 */
		if (!r && t->once)
			r = pmu_sampler_run_until_counted(&t->ps, t->next_ns);
		if (r) {
			r = cli_errno(r, "top: cannot run the clock");
			break;
		}
		if (interrupt_requested())
			break;
		if (t->b->ops->stale && t->b->ops->stale(t->b)) {
			teardown(t);
			if ((r = setup(t)))
				break;
			restart(t, &pc, &clk);
			continue;
		}
		r = frame(t, &pc);
		if (t->once)
			break;
		/* a simulation slower than real time never waits: read the keys anyway */
		keyboard_sleep(t, 0);
	}
	return r;
}

static const char *const top_synopsis[] = {
    "top [--interval MS] [--once] [--json] [--whole]\n"
    "                     [--platform NAME] [--backend emulated|host]\n"
    "                     [--workload NAME] [--seed N]",
    NULL};

static int parse(struct top *t, int argc, char **argv)
{
	uint64_t interval = t->interval;
	const struct cli_option options[] = {
	    OPT_UINT(0, "interval", &interval, 10, 3600000, "MS",
		     "refresh interval (default 1000)"),
	    OPT_BOOL(0, "once", &t->once, "print one interval and exit"),
	    OPT_BOOL(0, "json", &t->json, "one JSON object per interval instead of the screen"),
	    OPT_BOOL(0, "whole", &t->whole,
		     "every frame covers its whole interval, however long the\n"
		     "simulation takes (default: a frame every interval of wall\n"
		     "time, with what was simulated by then)"),
	    OPT_BACKEND_OPTS(&t->bo),
	    OPT_END(),
	};
	const struct cli_command_options cmd = {
	    top_synopsis, options,
	    "Live per-Root-Port view of the PCIe PMUs (like pcm-pcie): bandwidth per\n"
	    "direction and TLP kind, average latency, link utilisation, PTT tune levels.\n"
	    "q, Ctrl-C or SIGTERM quits.\n",
	    0};
	int r = cli_parse_options(argc, argv, &cmd);

	if (r < 0)
		return cli_parse_status(r) ? 1 : -1;
	if (r)
		return cli_error("top: unexpected argument '%s'", argv[0]);
	t->interval = (unsigned)interval;
	return 0;
}

int cmd_top(int argc, char **argv)
{
	struct top t = {.interval = 1000};
	struct termios raw;
	struct hold *h;
	int r;

	r = parse(&t, argc, argv);
	if (r)
		return r < 0 ? 0 : 1;
	if ((r = setup(&t))) {
		teardown(&t);
		return r;
	}
	h = t.once ? NULL : cli_hold_view(&t.bo.o);
	interrupt_catch();
	t.tty = !t.once && !t.json && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) &&
		!tcgetattr(STDIN_FILENO, &t.saved);
	if (t.tty) {
		/* a frame reaches the terminal whole, at the renderer's fflush, never line by line
		 */
		setvbuf(stdout, NULL, _IOFBF, 1 << 16);
		raw = t.saved;
		raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
		raw.c_cc[VMIN] = 0;
		raw.c_cc[VTIME] = 0;
		tcsetattr(STDIN_FILENO, TCSANOW, &raw);
	}
	r = loop(&t);
	if (t.tty)
		tcsetattr(STDIN_FILENO, TCSANOW, &t.saved);
	teardown(&t);
	hold_release(h);
	return r;
}
