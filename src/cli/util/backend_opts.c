// SPDX-License-Identifier: GPL-2.0-only
/*
 * Shared backend options and sysfs helpers of the subcommands.  The defaults
 * make every command meaningful with no option at all: the emulated
 * kunpeng930 platform with its default workload and seed 0.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend_opts.h"
#include "cli.h"
#include "cli_number.h"

static const char *opt_value(int argc, char **argv, int *i, const char *name)
{
	size_t n = strlen(name);
	const char *a = argv[*i];

	if (strncmp(a, name, n))
		return NULL;
	if (a[n] == '=')
		return a + n + 1;
	if (a[n] || *i + 1 >= argc)
		return NULL;
	return argv[++*i];
}

static int opt_is(const char *a, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(a, name, n) && (a[n] == 0 || a[n] == '=');
}

static const char *const names[] = {"--backend", "--platform", "--workload", "--seed"};

static int set_seed(struct backend_opts *bo, const char *v)
{
	uint64_t seed;

	if (cli_parse_uint(v, 10, UINT64_MAX, &seed))
		return cli_error("--seed: '%s' is not a number", v);
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

int backend_opts_take(struct backend_opts *bo, const struct option *opt, const char *value)
{
	char name[32];

	snprintf(name, sizeof(name), "--%s", opt->name);
	return backend_opts_set(bo, name, value);
}

int backend_opts_parse(struct backend_opts *bo, int argc, char **argv, int *i)
{
	size_t k;
	const char *v;

	for (k = 0; k < sizeof(names) / sizeof(names[0]) && !opt_is(argv[*i], names[k]); k++)
		;
	if (k == sizeof(names) / sizeof(names[0]))
		return 0;
	v = opt_value(argc, argv, i, names[k]);
	if (!v) {
		cli_error("option '%s' needs a value", names[k]);
		return -1;
	}
	return backend_opts_set(bo, names[k], v) ? -1 : 1;
}

struct backend *backend_opts_open(struct backend_opts *bo, const char *cmd)
{
	struct backend *b;
	char err[256] = "";
	int ret = backend_open(&bo->o, &b, err, sizeof(err));

	if (ret) {
		if (err[0])
			cli_error("%s: %s", cmd, err);
		else
			cli_errno(ret, "%s: cannot open the %s backend", cmd,
				  bo->o.kind ? bo->o.kind : "emulated");
		return NULL;
	}
	return b;
}

ssize_t cli_sysfs_read(struct backend *b, const char *path, char *buf, size_t n)
{
	ssize_t len = b->ops->sysfs_read(b, path, buf, n - 1);

	if (len < 0)
		return len;
	buf[len] = 0;
	while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == ' '))
		buf[--len] = 0;
	return len;
}

int cli_sysfs_list(struct backend *b, const char *path, char ***names, size_t *count)
{
	*names = NULL;
	*count = 0;
	return b->ops->sysfs_list(b, path, names, count);
}

void cli_names_free(char **names, size_t count)
{
	for (size_t i = 0; i < count; i++)
		free(names[i]);
	free(names);
}
