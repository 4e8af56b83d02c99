// SPDX-License-Identifier: GPL-2.0-only
/*
 * Shared backend options and sysfs helpers of the subcommands.  The defaults
 * make every command meaningful with no option at all: this machine's own
 * device when it has one (backend_kind), else the emulated kunpeng930
 * platform with its default workload and seed 0.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pciescope/tool/hold.h>

#include "backend_opts.h"
#include "cli.h"
#include "cli_number.h"
#include "parse_options.h"

static int set_seed(struct backend_opts *bo, const char *v)
{
	uint64_t seed;

	if (cli_parse_uint(v, 10, UINT64_MAX, &seed))
		return cli_error("--seed: '%s' is not a number from 0 to %llu", v,
				 (unsigned long long)UINT64_MAX);
	bo->o.seed = seed;
	return 0;
}

static void set_workload(struct backend_opts *bo, const char *v)
{
	char *colon;

	snprintf(bo->workload, sizeof(bo->workload), "%s", v);
	colon = strchr(bo->workload, ':');
	if (colon)
		*colon = 0;
	bo->o.workload = bo->workload;
	bo->o.workload_params = colon ? v + (colon - bo->workload) + 1 : NULL;
	bo->replay = !strcmp(bo->workload, "replay");
	bo->replay_ready = false;
	bo->o.replay = NULL;
}

int backend_opts_ready(struct backend_opts *bo, const char *cmd)
{
	struct error e;

	if (!bo->replay || bo->replay_ready)
		return 0;
	if (twin_from_spec(bo->o.workload_params, bo->o.platform, &bo->twin, &e))
		return cli_error("%s: --workload replay: %s", cmd, e.msg);
	if (!bo->o.platform && bo->twin.platform[0])
		bo->o.platform = bo->twin.platform;
	bo->o.replay = &bo->twin.m;
	bo->replay_ready = true;
	return 0;
}

int backend_opts_set(struct backend_opts *bo, const char *name, const char *v)
{
	if (!strcmp(name, "--backend"))
		bo->o.kind = v;
	else if (!strcmp(name, "--platform"))
		bo->o.platform = v;
	else if (!strcmp(name, "--workload"))
		set_workload(bo, v);
	else
		return set_seed(bo, v);
	return 0;
}

int backend_opts_cb(const struct cli_option *opt, const char *arg)
{
	char name[32];

	snprintf(name, sizeof(name), "--%s", opt->long_name);
	return backend_opts_set(opt->value, name, arg);
}

/* The built-in platforms, as where to look for a mistyped one. */
static const char *platforms_see(char *buf, size_t n)
{
	const char *const *names = backend_platform_names();
	size_t len = (size_t)snprintf(buf, n, "built-in:");

	for (size_t i = 0; names[i] && len < n; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s %s", i ? "," : "", names[i]);
	if (len < n)
		snprintf(buf + len, n - len, "; or a path to a .json file");
	return buf;
}

/*
 * The backend's refusal: a mistyped platform, workload or backend kind (the
 * library's words, "no platform 'x'", ...) with the closest name.
 */
static int open_failed(const struct backend_options *o, const char *cmd, const struct error *e,
		       int ret)
{
	static const char *const kinds[] = {"emulated", "host", NULL};
	const char *err = e->msg, *workloads[32];
	char see[256];
	size_t n = 0;

	if (!err[0])
		return cli_errno(ret, "%s: cannot open the %s backend", cmd, backend_kind(o));
	if (o->platform && !strncmp(err, "no platform '", 13))
		return cli_unknown_name(o->platform, backend_platform_names(),
					platforms_see(see, sizeof(see)), "%s: no platform '%s'",
					cmd, o->platform);
	if (o->workload && !strncmp(err, "unknown workload '", 18)) {
		while (n + 1 < sizeof(workloads) / sizeof(workloads[0]) &&
		       (workloads[n] = backend_workload_name(n)))
			n++;
		workloads[n] = NULL;
		return cli_unknown_name(o->workload, workloads, NULL, "%s: unknown workload '%s'",
					cmd, o->workload);
	}
	if (o->kind && !strncmp(err, "unknown backend '", 17))
		return cli_unknown_name(o->kind, kinds, NULL, "%s: unknown backend '%s'", cmd,
					o->kind);
	return cli_error("%s: %s", cmd, err);
}

struct backend *cli_backend_open(const struct backend_options *o, const char *cmd)
{
	struct backend *b;
	struct error e = {0};
	int ret = backend_open(o, &b, &e);

	if (ret) {
		open_failed(o, cmd, &e, ret);
		return NULL;
	}
	cli_backend_opened(b);
	return b;
}

/*
 * A tune search that died (SIGKILL, a crash) has its starting levels put
 * back first, before this command boots the machine with the search's
 * last candidate; a failure to is said (hold_repair warns) but does not
 * stop the command.
 */
struct backend *backend_opts_open(struct backend_opts *bo, const char *cmd)
{
	struct error e;

	if (backend_opts_ready(bo, cmd))
		return NULL;
	if (hold_repair(&bo->o, &e))
		cli_fail(&e);
	return cli_backend_open(&bo->o, cmd);
}

/*
 * By default the machine depends on where the command runs (backend_kind),
 * so a person reading stderr on a terminal is told it first.  A pipe or a
 * file gets no such line: perf-style counts, CSV and every stream a
 * program reads stay as they were.
 */
void cli_backend_opened(const struct backend *b)
{
	if (b->machine[0] && isatty(STDERR_FILENO))
		cli_warn("on %s", b->machine);
	if (b->warning[0])
		cli_warn("%s", b->warning);
}
