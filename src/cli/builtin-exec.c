// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope exec [--platform P] [--workload W[:k=v,...]] [--seed N]
 *                [--sysroot DIR [--interposer FILE]] -- COMMAND [ARGS...]
 *
 * Runs an unmodified COMMAND (perf) against the emulated kernel
 * (docs/exec.md).  In a mount namespace of its own, the emulated PMUs
 * cover /sys/bus/event_source/devices (with the host's PMUs whose names and
 * types do not collide, such as software and tracepoint) and the emulated
 * PCI devices cover /sys/bus/pci/devices; then COMMAND runs with the
 * interposer (libpciescope-exec.so) preloaded, which sends perf_event_open
 * for the emulated PMU types, and the calls on those events, to the one
 * machine exec serves to all of COMMAND's processes (exec_serve.c).  exec's
 * exit status is COMMAND's; the namespace, and every mount in it, ends with
 * the last process in it.  With --sysroot, programs of the target's
 * architecture run under qemu-user with the interposer built for them
 * (exec_guest.c), clients of the same machine.
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

#include <pciescope/backend/sysfs_read.h>
#include <pciescope/tool/sysfs_export.h>

#include "backend_opts.h"
#include "cli.h"
#include "cli_hold.h"
#include "exec_guest.h"
#include "exec_ns.h"
#include "exec_preload.h"
#include "exec_serve.h"
#include "exec_sysfs.h"

#define INTERPOSER "libpciescope-exec.so"
#define CPU_SYSFS "/sys/devices/system/cpu"
#define MAX_PMUS EXEC_MAX_PMUS

static const char *const exec_synopsis[] = {
    "exec [--platform P] [--workload W[:k=v,...]] [--seed N]\n"
    "                      [--sysroot DIR [--interposer FILE]] -- COMMAND [ARGS...]",
    NULL};

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
			return strpbrk(path, ":;") ? cli_error("exec: %s: the loader cannot "
							       "name a path with ':' or ';'",
							       path)
						   : 0;
	}
	return cli_error("exec: cannot find " INTERPOSER " in lib/pciescope/ or "
			 "../lib/pciescope/ beside %s",
			 exe);
}

static void types_add(struct exec_pmus *t, const char *name, long type)
{
	if (t->n < MAX_PMUS && (t->name[t->n] = strdup(name)))
		t->type[t->n++] = type;
}

/* The emulated PMUs of dynamic type: the ones the interposer serves. */
static int emulated_pmus(struct backend *b, struct exec_pmus *t)
{
	char **names, path[512], buf[32];
	size_t count;
	int r = backend_list_dir(b, PMU_SYSFS_DIR, &names, &count);

	if (r)
		return cli_errno(r, "exec: cannot list the emulated %s", PMU_SYSFS_DIR);
	for (size_t i = 0; i < count; i++) {
		snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/type", names[i]);
		if (backend_read_line(b, path, buf, sizeof(buf)) > 0 && atol(buf) >= PERF_TYPE_MAX)
			types_add(t, names[i], atol(buf));
	}
	backend_names_free(names, count);
	return 0;
}

static bool want_pmu(const char *name, void *ctx)
{
	return exec_pmus_has(ctx, name, -1);
}

struct host_pmu {
	char name[256], target[PATH_MAX];
};

/*
 * The host's PMUs the command keeps: those whose name and type the
 * emulated machine does not use (software, tracepoint, ...), as symlinks
 * to their /sys/devices directories, which the namespace leaves alone.
 */
static size_t host_pmus(const struct exec_pmus *emu, struct host_pmu *keep, size_t max)
{
	DIR *d = opendir(PMU_SYSFS_DIR);
	struct dirent *de;
	size_t n = 0;

	while (d && (de = readdir(d)) && n < max) {
		char path[PATH_MAX], buf[32] = "";
		FILE *f;
		ssize_t len;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/type", de->d_name);
		if (!(f = fopen(path, "r")))
			continue;
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = 0;
		fclose(f);
		if (!buf[0] || exec_pmus_has(emu, de->d_name, atol(buf)))
			continue;
		snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s", de->d_name);
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
		r = exec_cover_file(PMU_SYSFS_DIR, path, buf, (size_t)n);
	}
	return r;
}

/* Copies the backend's directory dir over the covered one; 0 or 1 after the error line. */
static int export_tree(struct backend *b, const char *dir, bool (*want)(const char *, void *),
		       void *ctx, unsigned *files)
{
	struct error e;

	return sysfs_export_dir(b, dir, dir, want, ctx, files, &e) ? cli_fail(&e) : 0;
}

/*
 * Where FUSE cannot serve the live /sys (no libfuse, no /dev/fuse): covers
 * the PMU and PCI directories, and the CPU count, with a copy of the
 * emulated machine's; reads see the machine at exec's start, writes go
 * nowhere.
 */
static int copy_view(struct backend *b, const struct exec_pmus *emu)
{
	struct host_pmu *keep = calloc(MAX_PMUS, sizeof(*keep));
	size_t nkeep = keep ? host_pmus(emu, keep, MAX_PMUS) : 0;
	unsigned files = 0;
	int r = keep ? exec_cover(PMU_SYSFS_DIR) : cli_errno(-ENOMEM, "exec");

	if (!r)
		r = export_tree(b, PMU_SYSFS_DIR, want_pmu, (void *)emu, &files);
	for (size_t i = 0; !r && i < nkeep; i++) {
		char link[PATH_MAX];

		snprintf(link, sizeof(link), PMU_SYSFS_DIR "/%s", keep[i].name);
		if (symlink(keep[i].target, link))
			r = cli_errno(-errno, "exec: cannot link %s", link);
	}
	free(keep);
	if (!r)
		r = cover_cpus(b);
	if (!r && !access(PCI_DEVICES_DIR, F_OK))
		r = exec_cover(PCI_DEVICES_DIR)
			?: export_tree(b, PCI_DEVICES_DIR, NULL, NULL, &files);
	return r;
}

struct exec_opts {
	struct backend_opts bo;
	const char *sysroot, *interposer; /* the guest's (exec_guest.c) */
};

static int set_env(const struct backend_opts *bo, const struct exec_pmus *emu,
		   const char *interposer, const char *addr, const struct exec_guest *g)
{
	char types[MAX_PMUS * 80] = "", seed[32], *preload;
	const char *old = getenv("LD_PRELOAD");
	size_t len = 0;
	int r = 0;

	for (size_t i = 0; i < emu->n && len < sizeof(types); i++)
		len += (size_t)snprintf(types + len, sizeof(types) - len, "%s%ld:%s", i ? "," : "",
					emu->type[i], emu->name[i]);
	snprintf(seed, sizeof(seed), "%llu", (unsigned long long)bo->o.seed);
	if (exec_preload_name(interposer, &interposer))
		return 1;
	if (asprintf(&preload, "%s%s%s", interposer, old && *old ? ":" : "", old ? old : "") < 0)
		return cli_errno(-ENOMEM, "exec");
	r |= setenv("LD_PRELOAD", preload, 1);
	r |= setenv("PCIESCOPE_EXEC_TYPES", types, 1);
	r |= setenv("PCIESCOPE_EXEC_SEED", seed, 1);
	r |= setenv("PCIESCOPE_EXEC_SOCKET", addr, 1);
	if (bo->o.platform)
		r |= setenv("PCIESCOPE_EXEC_PLATFORM", bo->o.platform, 1);
	if (bo->o.workload)
		r |= setenv("PCIESCOPE_EXEC_WORKLOAD", bo->o.workload, 1);
	if (bo->o.workload_params)
		r |= setenv("PCIESCOPE_EXEC_WORKLOAD_PARAMS", bo->o.workload_params, 1);
	if (r) {
		free(preload);
		return cli_errno(-errno, "exec: cannot set the environment");
	}
	r = g ? exec_guest_env(g, preload) : 0;
	free(preload);
	return r;
}

/* 0 to go on (COMMAND at argv[0..]), 1 after an error, -1 after --help. */
static int parse(int argc, char **argv, struct exec_opts *eo)
{
	struct backend_opts *bo = &eo->bo;
	const struct cli_option options[] = {
	    OPT_BACKEND_OPTS(bo),
	    OPT_STRING(0, "sysroot", &eo->sysroot, "DIR",
		       "run programs of DIR's architecture (aarch64, ppc64le) under qemu-user, "
		       "DIR as its -L"),
	    OPT_STRING(0, "interposer", &eo->interposer, "FILE",
		       "the interposer built for DIR's architecture (default: the cross "
		       "build's)"),
	    OPT_END(),
	};
	const struct cli_command_options cmd = {
	    exec_synopsis, options,
	    "Runs COMMAND (the real perf, say) with the emulated kernel's perf_event_open\n"
	    "and /sys in place of the host's.\n",
	    CLI_PARSE_STOP_AT_NON_OPTION};
	int n = cli_parse_options(argc, argv, &cmd);

	if (n < 0)
		return n == CLI_PARSE_HELP ? -1 : 1;
	if (bo->o.kind && strcmp(bo->o.kind, "emulated"))
		return cli_error("exec: runs a command on the emulated machine only (the host "
				 "has its kernel already)");
	bo->o.kind = "emulated"; /* even on a machine with the device (backend_kind) */
	if (!n)
		return cli_error("exec: no command to run (pciescope exec [OPTIONS] -- COMMAND "
				 "[ARGS...])");
	if (eo->interposer && !eo->sysroot)
		return cli_error("exec: --interposer names the guest's interposer: it needs "
				 "--sysroot DIR");
	return 0;
}

/* The live /sys, or the copy where FUSE cannot serve it. */
static int fill_view(struct exec_machine *m, const struct exec_pmus *emu)
{
	struct error err;

	if (!exec_sysfs_mount(m, emu, &err))
		return 0;
	fprintf(stderr,
		"pciescope: exec: %s: /sys shows a copy of the emulated machine, "
		"and writes to it go nowhere\n",
		err.msg);
	return copy_view(m->b, emu);
}

int cmd_exec(int argc, char **argv)
{
	/* static: the /sys view reads it until the process ends */
	static struct exec_pmus emu;
	static struct exec_guest guest;
	struct exec_opts eo = {0};
	struct exec_machine m = {0};
	char interposer[PATH_MAX];
	struct backend *b;
	int r = parse(argc, argv, &eo);

	if (r)
		return r < 0 ? 0 : 1;
	if (find_interposer(interposer, sizeof(interposer)))
		return 1;
	if (eo.sysroot && exec_guest_prepare(&guest, eo.sysroot, eo.interposer, argv))
		return 1;
	if (!(b = backend_opts_open(&eo.bo, "exec")))
		return 1;
	m.hold = cli_hold_view(&eo.bo.o);
	r = exec_machine_init(&m, b) ?: emulated_pmus(b, &emu);
	if (!r)
		r = exec_private_namespace();
	/*
	 * Every setenv before the first thread: libfuse reads the environment
	 * (getenv("FUSE_THREAD_STACK")) as it starts a worker of the /sys view,
	 * and a getenv beside a setenv that moves environ reads freed memory
	 * (`exec -- nope` died of SIGSEGV so, once in hundreds, under qemu).
	 */
	if (!r)
		r = set_env(&eo.bo, &emu, interposer, m.addr, eo.sysroot ? &guest : NULL);
	if (r) {
		backend_close(b);
		hold_release(m.hold);
		return r;
	}
	/* the command forks now, while no thread runs; the /sys view's starts below */
	r = exec_machine_fork(&m, eo.sysroot ? guest.argv : argv) ?: fill_view(&m, &emu);
	if (r) {
		exec_machine_abort(&m);
		return r;
	}
	return exec_machine_run(&m);
}
