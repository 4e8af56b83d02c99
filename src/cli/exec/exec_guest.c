// SPDX-License-Identifier: GPL-2.0-only
/*
 * Programs of the target's architecture inside `pciescope exec`: DIR (as
 * scripts/cross-sysroot.sh makes it) is the guest's root for qemu-user's
 * -L, and its dynamic loader says which architecture it is, so neither an
 * option nor the program has to.  COMMAND is looked up as the guest sees
 * paths (qemu's -L: DIR's file first, then the host's); an ELF of the
 * guest's machine is started as `qemu -L DIR -0 ARGV0 FILE ARGS` with the
 * guest's interposer preloaded, anything else as it is.  Every process
 * then follows an exec across the architectures the same way (the
 * interposer's follow.c), from the variables set here.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <pciescope/backend/elf_machine.h>

#include "cli.h"
#include "exec_guest.h"
#include "exec_preload.h"

struct guest_arch {
	unsigned machine;
	const char *name, *loader, *qemu, *debian;
};

static const struct guest_arch arches[] = {
    {183 /* EM_AARCH64 */, "aarch64", "lib/ld-linux-aarch64.so.1", "qemu-aarch64", "arm64"},
    {21 /* EM_PPC64 */, "ppc64le", "lib64/ld64.so.2", "qemu-ppc64le", "ppc64el"},
};

/* e_machine of an ELF file, 0 if it is none (a script, a missing file). */
static unsigned elf_machine(const char *path)
{
	unsigned char h[ELF_MACHINE_HEADER_BYTES];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, h, sizeof(h));

	if (fd >= 0)
		close(fd);
	return elf_machine_of(h, (long)n);
}

static const struct guest_arch *arch_of_machine(unsigned machine)
{
	for (size_t i = 0; i < sizeof(arches) / sizeof(arches[0]); i++)
		if (arches[i].machine == machine)
			return &arches[i];
	return NULL;
}

static const char *machine_name(unsigned machine)
{
	const struct guest_arch *a = arch_of_machine(machine);

	if (a)
		return a->name;
	return machine == 62 /* EM_X86_64 */ ? "x86-64"
	       : machine		     ? "another machine"
					     : "no machine (not an ELF file)";
}

/* The architecture whose loader DIR holds. */
static const struct guest_arch *arch_of_sysroot(const char *dir)
{
	char path[PATH_MAX];

	for (size_t i = 0; i < sizeof(arches) / sizeof(arches[0]); i++)
		if (snprintf(path, sizeof(path), "%s/%s", dir, arches[i].loader) <
			(int)sizeof(path) &&
		    !access(path, R_OK))
			return &arches[i];
	return NULL;
}

/* name in the directories of PATH, as found[PATH_MAX]; false if nowhere. */
static bool on_path(const char *name, const char *prefix, char *found)
{
	const char *p = getenv("PATH");
	char *dirs = strdup(p && *p ? p : "/usr/local/bin:/usr/bin:/bin"), *save, *d;
	bool ok = false;

	for (d = dirs ? strtok_r(dirs, ":", &save) : NULL; d && !ok; d = strtok_r(NULL, ":", &save))
		ok = snprintf(found, PATH_MAX, "%s%s/%s", prefix, d, name) < PATH_MAX &&
		     !access(found, X_OK);
	free(dirs);
	return ok;
}

/* COMMAND's file as the guest would run it: DIR's copy of a path first, as qemu's -L. */
static void resolve(const char *dir, const char *cmd, char *file)
{
	if (strchr(cmd, '/')) {
		if (cmd[0] != '/' || snprintf(file, PATH_MAX, "%s%s", dir, cmd) >= PATH_MAX ||
		    access(file, F_OK))
			snprintf(file, PATH_MAX, "%s", cmd);
		return;
	}
	if (!on_path(cmd, dir, file) && !on_path(cmd, "", file))
		snprintf(file, PATH_MAX, "%s", cmd);
}

static int find_qemu(struct exec_guest *g, const struct guest_arch *a, const char *dir)
{
	char name[64];

	snprintf(name, sizeof(name), "%s-static", a->qemu);
	if (on_path(name, "", g->qemu) || on_path(a->qemu, "", g->qemu))
		return 0;
	return cli_error("exec: %s: not found on PATH: it runs the %s programs of %s "
			 "(scripts/install-deps.sh installs it)",
			 name, a->name, dir);
}

/* --interposer, else the cross build's: lib/pciescope/<arch>/ installed, build-<arch>/ beside the
 * source. */
static int find_interposer(struct exec_guest *g, const struct guest_arch *a, const char *opt,
			   const char *dir)
{
	unsigned m;

	if (opt)
		snprintf(g->interposer, sizeof(g->interposer), "%s", opt);
	else
		snprintf(g->interposer, sizeof(g->interposer),
			 PCIESCOPE_SOURCE_DIR "/build-%s/lib/pciescope/libpciescope-exec.so",
			 a->debian);
	if (access(g->interposer, R_OK) && opt)
		return cli_errno(-errno, "exec: --interposer %s", opt);
	if (access(g->interposer, R_OK))
		return cli_error("exec: %s: %s: the interposer for %s, which the cross build makes "
				 "(sh scripts/cross-test.sh %s " PCIESCOPE_SOURCE_DIR
				 "/build-%s JOBS); or name one with --interposer",
				 g->interposer, strerror(errno), a->name, a->debian, a->debian);
	if ((m = elf_machine(g->interposer)) != a->machine)
		return cli_error(
		    "exec: %s: an interposer for %s, not for %s, the architecture of %s",
		    g->interposer, machine_name(m), a->name, dir);
	return exec_preload_name(g->interposer, &g->preload);
}

/*
 * argv through qemu: qemu -L DIR -E LD_PRELOAD=GUEST -0 ARGV0 FILE ARGS...
 * (the guest's loader gets the guest's interposer; qemu, static, none).
 */
static int guest_argv(struct exec_guest *g, const char *file, char **argv)
{
	size_t n = 0;
	char *preload = NULL;

	while (argv[n])
		n++;
	if (!(g->argv = calloc(n + 9, sizeof(*g->argv))) ||
	    asprintf(&preload, "LD_PRELOAD=%s", g->preload) < 0 || !(file = strdup(file)))
		return cli_errno(-ENOMEM, "exec");
	g->argv[0] = g->qemu;
	g->argv[1] = "-L";
	g->argv[2] = g->sysroot;
	g->argv[3] = "-E";
	g->argv[4] = preload;
	g->argv[5] = "-0";
	g->argv[6] = argv[0];
	g->argv[7] = (char *)file;
	memcpy(g->argv + 8, argv + 1, n * sizeof(*argv));
	return 0;
}

int exec_guest_prepare(struct exec_guest *g, const char *sysroot, const char *interposer,
		       char **argv)
{
	const struct guest_arch *a, *p;
	char file[PATH_MAX];
	struct stat st;
	unsigned m;

	if (stat(sysroot, &st) || !S_ISDIR(st.st_mode))
		return cli_errno(stat(sysroot, &st) ? -errno : -ENOTDIR, "exec: --sysroot %s",
				 sysroot);
	if (!realpath(sysroot, g->sysroot))
		return cli_errno(-errno, "exec: --sysroot %s", sysroot);
	if (!(a = arch_of_sysroot(g->sysroot)))
		return cli_error("exec: --sysroot %s: no aarch64 or ppc64le loader in it (%s, %s): "
				 "not a sysroot (scripts/cross-sysroot.sh makes one)",
				 sysroot, arches[0].loader, arches[1].loader);
	g->machine = a->machine;
	if (find_qemu(g, a, sysroot) || find_interposer(g, a, interposer, sysroot))
		return 1;
	resolve(g->sysroot, argv[0], file);
	m = elf_machine(file);
	if (m != a->machine) {
		p = arch_of_machine(m);
		if (p)
			return cli_error("exec: %s: a program for %s, and the sysroot %s is %s's",
					 file, p->name, sysroot, a->name);
		g->argv = argv; /* the host's program, or a script: as it is */
		return 0;
	}
	return guest_argv(g, file, argv);
}

int exec_guest_env(const struct exec_guest *g, const char *host_preload)
{
	char machine[16];
	int r = 0;

	snprintf(machine, sizeof(machine), "%u", g->machine);
	r |= setenv("PCIESCOPE_EXEC_SYSROOT", g->sysroot, 1);
	r |= setenv("PCIESCOPE_EXEC_QEMU", g->qemu, 1);
	r |= setenv("PCIESCOPE_EXEC_GUEST_MACHINE", machine, 1);
	r |= setenv("PCIESCOPE_EXEC_GUEST_PRELOAD", g->preload, 1);
	r |= setenv("PCIESCOPE_EXEC_HOST_PRELOAD", host_preload ? host_preload : "", 1);
	return r ? cli_errno(-errno, "exec: cannot set the environment") : 0;
}
