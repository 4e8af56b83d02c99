// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope exec [--platform P] [--workload W[:k=v,...]] [--seed N] -- COMMAND [ARGS...]
 *
 * Runs an unmodified COMMAND (perf) against the emulated kernel
 * (docs/exec.md).  In a mount namespace of its own, the emulated PMUs
 * cover /sys/bus/event_source/devices (with the host's PMUs whose names and
 * types do not collide, such as software and tracepoint) and the emulated
 * PCI devices cover /sys/bus/pci/devices; then COMMAND is exec'd with the
 * interposer (libpciescope-exec.so) preloaded, which serves perf_event_open
 * for the emulated PMU types from an emulated backend of its own.  exec
 * itself becomes COMMAND, so its exit status is COMMAND's and no process of
 * ours stays behind; the namespace, and every mount in it, ends with it.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pciescope/tool/sysfs_export.h>

#include "backend_opts.h"
#include "cli.h"
#include "exec_ns.h"

#define INTERPOSER "libpciescope-exec.so"
#define PCI_DEVICES "/sys/bus/pci/devices"
#define CPU_SYSFS "/sys/devices/system/cpu"
#define MAX_PMUS 256

struct pmu_types {
	size_t n;
	char *name[MAX_PMUS];
	long type[MAX_PMUS];
};

static void usage(FILE *out)
{
	fprintf(out, "usage: pciescope exec [--platform P] [--workload W[:k=v,...]] [--seed N] "
		     "-- COMMAND [ARGS...]\n");
}

/* The interposer beside us: lib/pciescope/ in the build tree, ../lib/pciescope/ installed. */
static int find_interposer(char *path, size_t n)
{
	static const char *const rel[] = {"lib/pciescope/", "../lib/pciescope/"};
	char exe[PATH_MAX], dir[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (len < 0)
		return cli_errno(-errno, "exec: cannot find my own executable");
	exe[len] = 0;
	memcpy(dir, exe, (size_t)len + 1);
	dirname(dir);
	for (size_t i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
		if (snprintf(path, n, "%s/%s" INTERPOSER, dir, rel[i]) >= (int)n)
			break;
		if (!access(path, R_OK))
			return strpbrk(path, ": ") ? cli_error("exec: %s: LD_PRELOAD cannot "
							       "name a path with ':' or ' '",
							       path)
						   : 0;
	}
	return cli_error("exec: cannot find " INTERPOSER " in lib/pciescope/ or "
			 "../lib/pciescope/ beside %s",
			 exe);
}

static void types_free(struct pmu_types *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->name[i]);
	t->n = 0;
}

static void types_add(struct pmu_types *t, const char *name, long type)
{
	if (t->n < MAX_PMUS && (t->name[t->n] = strdup(name)))
		t->type[t->n++] = type;
}

static bool types_has(const struct pmu_types *t, const char *name, long type)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->type[i] == type || !strcmp(t->name[i], name))
			return true;
	return false;
}

/* The emulated PMUs of dynamic type: the ones the interposer serves. */
static int emulated_pmus(struct backend *b, struct pmu_types *t)
{
	char **names, path[512], buf[32];
	size_t count;
	int r = cli_sysfs_list(b, PMU_SYSFS, &names, &count);

	if (r)
		return cli_errno(r, "exec: cannot list the emulated %s", PMU_SYSFS);
	for (size_t i = 0; i < count; i++) {
		snprintf(path, sizeof(path), PMU_SYSFS "/%s/type", names[i]);
		if (cli_sysfs_read(b, path, buf, sizeof(buf)) > 0 && atol(buf) >= PERF_TYPE_MAX)
			types_add(t, names[i], atol(buf));
	}
	cli_names_free(names, count);
	return 0;
}

static bool want_pmu(const char *name, void *ctx)
{
	return types_has(ctx, name, -1);
}

struct host_pmu {
	char name[256], target[PATH_MAX];
};

/*
 * The host's PMUs the command keeps: those whose name and type the
 * emulated machine does not use (software, tracepoint, ...), as symlinks
 * to their /sys/devices directories, which the namespace leaves alone.
 */
static size_t host_pmus(const struct pmu_types *emu, struct host_pmu *keep, size_t max)
{
	DIR *d = opendir(PMU_SYSFS);
	struct dirent *de;
	size_t n = 0;

	while (d && (de = readdir(d)) && n < max) {
		char path[PATH_MAX], buf[32] = "";
		FILE *f;
		ssize_t len;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), PMU_SYSFS "/%s/type", de->d_name);
		if (!(f = fopen(path, "r")))
			continue;
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = 0;
		fclose(f);
		if (!buf[0] || types_has(emu, de->d_name, atol(buf)))
			continue;
		snprintf(path, sizeof(path), PMU_SYSFS "/%s", de->d_name);
		len = readlink(path, keep[n].target, sizeof(keep[n].target) - 1);
		if (len <= 0)
			continue;
		keep[n].target[len] = 0;
		snprintf(keep[n].name, sizeof(keep[n].name), "%s", de->d_name);
		n++;
	}
	if (d)
		closedir(d);
	return n;
}

/*
 * The emulated machine's CPUs (64 on kunpeng930) replace the host's count,
 * so that the PMUs' cpumasks name CPUs perf believes in (perf record
 * refuses a cpumask beyond cpu/possible).  present, which the emulated
 * sysfs lacks, is possible, as on a machine without hotplug.
 */
static int cover_cpus(struct backend *b)
{
	static const char *const files[] = {"online", "possible", "present"};
	char buf[256], path[128];
	ssize_t n = 0;
	int r = 0;

	for (size_t i = 0; !r && i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), CPU_SYSFS "/%s", files[i]);
		if (access(path, F_OK))
			continue;
		if (i < 2 && (n = b->ops->sysfs_read(b, path, buf, sizeof(buf))) <= 0)
			continue;
		r = exec_cover_file(PMU_SYSFS, path, buf, (size_t)n);
	}
	return r;
}

/* Covers the PMU and PCI directories, and the CPU count, with the emulated machine's. */
static int fill_view(struct backend *b, const struct pmu_types *emu)
{
	struct host_pmu *keep = calloc(MAX_PMUS, sizeof(*keep));
	size_t nkeep = keep ? host_pmus(emu, keep, MAX_PMUS) : 0;
	unsigned files = 0;
	int r = keep ? exec_cover(PMU_SYSFS) : cli_errno(-ENOMEM, "exec");

	if (!r)
		r = sysfs_export_dir(b, PMU_SYSFS, PMU_SYSFS, want_pmu, (void *)emu, &files);
	for (size_t i = 0; !r && i < nkeep; i++) {
		char link[PATH_MAX];

		snprintf(link, sizeof(link), PMU_SYSFS "/%s", keep[i].name);
		if (symlink(keep[i].target, link))
			r = cli_errno(-errno, "exec: cannot link %s", link);
	}
	free(keep);
	if (!r)
		r = cover_cpus(b);
	if (!r && !access(PCI_DEVICES, F_OK))
		r = exec_cover(PCI_DEVICES)
			?: sysfs_export_dir(b, PCI_DEVICES, PCI_DEVICES, NULL, NULL, &files);
	return r;
}

static int set_env(const struct backend_opts *bo, const struct pmu_types *emu,
		   const char *interposer)
{
	char types[MAX_PMUS * 80] = "", seed[32], *preload;
	const char *old = getenv("LD_PRELOAD");
	size_t len = 0;
	int r = 0;

	for (size_t i = 0; i < emu->n && len < sizeof(types); i++)
		len += (size_t)snprintf(types + len, sizeof(types) - len, "%s%ld:%s",
					i ? "," : "", emu->type[i], emu->name[i]);
	snprintf(seed, sizeof(seed), "%llu", (unsigned long long)bo->o.seed);
	if (asprintf(&preload, "%s%s%s", interposer, old && *old ? ":" : "", old ? old : "") < 0)
		return cli_errno(-ENOMEM, "exec");
	r |= setenv("LD_PRELOAD", preload, 1);
	r |= setenv("PCIESCOPE_EXEC_TYPES", types, 1);
	r |= setenv("PCIESCOPE_EXEC_SEED", seed, 1);
	if (bo->o.platform)
		r |= setenv("PCIESCOPE_EXEC_PLATFORM", bo->o.platform, 1);
	if (bo->o.workload)
		r |= setenv("PCIESCOPE_EXEC_WORKLOAD", bo->o.workload, 1);
	if (bo->o.workload_params)
		r |= setenv("PCIESCOPE_EXEC_WORKLOAD_PARAMS", bo->o.workload_params, 1);
	free(preload);
	return r ? cli_errno(-errno, "exec: cannot set the environment") : 0;
}

static int parse(int argc, char **argv, struct backend_opts *bo, int *cmd)
{
	int i;

	for (i = 1; i < argc; i++) {
		int r;

		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			exit(0);
		}
		if (argv[i][0] != '-')
			break;
		if ((r = backend_opts_parse(bo, argc, argv, &i)) < 0)
			return 1;
		if (!r)
			return cli_error("exec: unknown option '%s'", argv[i]);
	}
	if (bo->o.kind && strcmp(bo->o.kind, "emulated"))
		return cli_error("exec: runs a command on the emulated machine only (the host "
				 "has its kernel already)");
	if (i >= argc)
		return cli_error("exec: no command to run (pciescope exec [OPTIONS] -- COMMAND "
				 "[ARGS...])");
	*cmd = i;
	return 0;
}

int cmd_exec(int argc, char **argv)
{
	struct backend_opts bo = {0};
	struct pmu_types emu = {0};
	char interposer[PATH_MAX];
	struct backend *b;
	int cmd = 0, r, e;

	if (parse(argc, argv, &bo, &cmd) || find_interposer(interposer, sizeof(interposer)))
		return 1;
	if (!(b = backend_opts_open(&bo, "exec")))
		return 1;
	r = emulated_pmus(b, &emu);
	if (!r)
		r = exec_private_namespace();
	if (!r)
		r = fill_view(b, &emu);
	backend_close(b);
	if (!r)
		r = set_env(&bo, &emu, interposer);
	types_free(&emu);
	if (r)
		return r;
	execvp(argv[cmd], argv + cmd);
	e = errno;
	cli_errno(-e, "exec: cannot run '%s'", argv[cmd]);
	return e == ENOENT ? 127 : 126;
}
