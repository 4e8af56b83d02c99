// SPDX-License-Identifier: GPL-2.0-only
/*
 * The loader splits LD_PRELOAD at spaces and colons, LD_LIBRARY_PATH only
 * at colons and semicolons.  So an interposer in a directory with a space
 * (a checkout in "My builds/") is preloaded by its file name, found through
 * its directory first on LD_LIBRARY_PATH.  The host's and the guest's
 * interposers share the name and, under --sysroot, the variable: each
 * loader skips the library built for the other machine and goes on to the
 * next directory, so one LD_LIBRARY_PATH serves both.  A colon or a
 * semicolon in the path, or a space in the file's own name, no variable
 * can carry: refused.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "exec_preload.h"

int exec_preload_name(const char *path, const char **name)
{
	const char *old = getenv("LD_LIBRARY_PATH"), *slash = strrchr(path, '/');
	const char *file = slash ? slash + 1 : path;
	char *dirs;
	int r;

	*name = path;
	if (strpbrk(path, ":;") || strchr(file, ' '))
		return cli_error("exec: %s: a loader cannot preload a path with ':' or ';' or a "
				 "file name with ' '",
				 path);
	if (!strchr(path, ' '))
		return 0;
	/* the space is in a directory's name: path's directories end at its last slash */
	if (asprintf(&dirs, "%.*s%s%s", (int)(slash - path), path, old && *old ? ":" : "",
		     old ? old : "") < 0)
		return cli_errno(-ENOMEM, "exec");
	r = setenv("LD_LIBRARY_PATH", dirs, 1);
	free(dirs);
	*name = file;
	return r ? cli_errno(-errno, "exec: cannot set the environment") : 0;
}
