/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How a loader is told to preload an interposer whose path it could not
 * take as it is (exec_preload.c).
 */
#ifndef PCIESCOPE_CLI_EXEC_PRELOAD_H
#define PCIESCOPE_CLI_EXEC_PRELOAD_H

/*
 * *name: what LD_PRELOAD holds for path: path itself, or its file name with
 * its directory put first on LD_LIBRARY_PATH; 0, or 1 after the error line.
 */
int exec_preload_name(const char *path, const char **name);

#endif
