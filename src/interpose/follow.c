// SPDX-License-Identifier: GPL-2.0-only
/*
 * An exec across architectures inside `pciescope exec --sysroot DIR`
 * (docs/exec.md, "Programs of the target's architecture").  qemu-user runs
 * one program and passes a guest's execve to the host kernel, which, with
 * no binfmt_misc (CI has none), cannot start an aarch64 ELF.  So here, in
 * the guest's interposer and the host's alike, an exec of an ELF of the
 * guest's machine (PCIESCOPE_EXEC_GUEST_MACHINE) becomes one of qemu-user
 * (PCIESCOPE_EXEC_QEMU -L DIR -0 ARGV0 FILE ARGS) with the guest's
 * interposer preloaded, and anything else (a host ELF, a script) is exec'd
 * as it is with the host's LD_PRELOAD: each side's loader is given only a
 * library it can load.  A guest names files as qemu's -L lookup does (an
 * absolute path is DIR's file when DIR has one), and qemu is given that
 * host path.  glibc's execv, execvp and execvpe call its internal execve,
 * not this one, so each is replaced; execl*, posix_spawn, system and popen
 * are not (perf starts its workload with execvp).  Outside --sysroot every
 * call goes to the C library unchanged.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pciescope/backend/elf_machine.h>

#include "interpose.h"

#define EXPORT __attribute__((visibility("default")))

#if defined(__aarch64__)
#define OWN_MACHINE 183u /* EM_AARCH64 */
#elif defined(__powerpc64__)
#define OWN_MACHINE 21u /* EM_PPC64 */
#elif defined(__x86_64__)
#define OWN_MACHINE 62u /* EM_X86_64 */
#else
#define OWN_MACHINE 0u
#endif

extern char **environ;

typedef int (*execve_fn)(const char *, char *const[], char *const[]);

static int real_execve(const char *path, char *const argv[], char *const envp[])
{
	execve_fn fn = (execve_fn)dlsym(RTLD_NEXT, "execve");

	if (!fn) {
		errno = ENOSYS;
		return -1;
	}
	return fn(path, argv, envp);
}

static unsigned elf_machine(const char *path)
{
	unsigned char h[ELF_MACHINE_HEADER_BYTES];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : real_read(fd, h, sizeof(h));

	if (fd >= 0)
		real_close(fd);
	return elf_machine_of(h, (long)n);
}

/*
 * envp with LD_PRELOAD set to preload (dropped if empty), its new entry in
 * *entry; NULL without memory.
 */
static char **with_preload(char *const envp[], const char *preload, char **entry)
{
	size_t n = 0, k = 0;
	char **env;

	while (envp && envp[n])
		n++;
	if (!(env = calloc(n + 2, sizeof(*env))))
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (strncmp(envp[i], "LD_PRELOAD=", 11))
			env[k++] = envp[i];
	*entry = NULL;
	if (*preload && asprintf(entry, "LD_PRELOAD=%s", preload) < 0) {
		free(env);
		return NULL;
	}
	if (*entry)
		env[k++] = *entry;
	return env;
}

/* The host's name of a file a guest names path. */
static void host_file(const char *path, const char *sysroot, bool guest, char *file)
{
	if (guest && path[0] == '/' && snprintf(file, PATH_MAX, "%s%s", sysroot, path) < PATH_MAX &&
	    !access(file, F_OK))
		return;
	snprintf(file, PATH_MAX, "%s", path);
}

static int exec_qemu(const char *file, char *const argv[], char **env, const char *qemu,
		     const char *sysroot)
{
	size_t n = 0;
	char **qa;
	int r;

	while (argv[n])
		n++;
	if (!(qa = calloc(n + 7, sizeof(*qa)))) {
		errno = ENOMEM;
		return -1;
	}
	qa[0] = (char *)qemu;
	qa[1] = "-L";
	qa[2] = (char *)sysroot;
	qa[3] = "-0";
	qa[4] = n ? argv[0] : (char *)file;
	qa[5] = (char *)file;
	memcpy(qa + 6, argv + (n ? 1 : 0), (n ? n - 1 : 0) * sizeof(*qa));
	r = real_execve(qemu, qa, env);
	free(qa);
	return r;
}

static int follow(const char *path, char *const argv[], char *const envp[])
{
	const char *qemu = getenv("PCIESCOPE_EXEC_QEMU"),
		   *sysroot = getenv("PCIESCOPE_EXEC_SYSROOT");
	const char *guest_machine = getenv("PCIESCOPE_EXEC_GUEST_MACHINE");
	const char *gp = getenv("PCIESCOPE_EXEC_GUEST_PRELOAD"),
		   *hp = getenv("PCIESCOPE_EXEC_HOST_PRELOAD");
	unsigned machine = guest_machine ? (unsigned)strtoul(guest_machine, NULL, 10) : 0;
	char file[PATH_MAX], **env, *entry;
	bool to_guest;
	int r, e;

	if (!qemu || !sysroot || !machine || !gp || !hp)
		return real_execve(path, argv, envp);
	host_file(path, sysroot, OWN_MACHINE == machine, file);
	to_guest = elf_machine(file) == machine;
	if (!(env = with_preload(envp, to_guest ? gp : hp, &entry))) {
		errno = ENOMEM;
		return -1;
	}
	r = to_guest ? exec_qemu(file, argv, env, qemu, sysroot) : real_execve(path, argv, env);
	e = errno;
	free(entry);
	free(env);
	errno = e;
	return r;
}

EXPORT int execve(const char *path, char *const argv[], char *const envp[])
{
	return follow(path, argv, envp);
}

EXPORT int execv(const char *path, char *const argv[])
{
	return follow(path, argv, environ);
}

/*
 * execvp's search, each candidate through follow(): a name with '/' is
 * tried as it is, else each directory of PATH in turn, going on past the
 * errors that mean "not here" as the C library does.  Outside --sysroot,
 * the C library's own (with its /bin/sh for a file without #!).
 */
EXPORT int execvpe(const char *name, char *const argv[], char *const envp[])
{
	const char *path = getenv("PATH"), *p, *end;
	char file[PATH_MAX];
	int denied = 0;

	if (!getenv("PCIESCOPE_EXEC_QEMU")) {
		int (*fn)(const char *, char *const[], char *const[]) =
		    (int (*)(const char *, char *const[], char *const[]))dlsym(RTLD_NEXT,
									       "execvpe");

		return fn ? fn(name, argv, envp) : (errno = ENOSYS, -1);
	}
	if (!*name) {
		errno = ENOENT;
		return -1;
	}
	if (strchr(name, '/'))
		return follow(name, argv, envp);
	for (p = path && *path ? path : "/bin:/usr/bin"; p; p = *end ? end + 1 : NULL) {
		size_t len;

		end = strchrnul(p, ':');
		len = (size_t)(end - p);
		if (snprintf(file, sizeof(file), "%.*s%s%s", (int)len, p, len ? "/" : "", name) >=
		    (int)sizeof(file))
			continue;
		follow(file, argv, envp);
		if (errno == EACCES)
			denied = 1;
		else if (errno != ENOENT && errno != ENOTDIR && errno != ESTALE)
			return -1;
	}
	errno = denied ? EACCES : ENOENT;
	return -1;
}

EXPORT int execvp(const char *name, char *const argv[])
{
	return execvpe(name, argv, environ);
}
