// SPDX-License-Identifier: GPL-2.0-only
/*
 * See stream_err.h: a stream whose error flag is set is checked against its
 * filesystem, because the write that failed may have been long before.
 */
#include <errno.h>
#include <sys/statvfs.h>

#include <pciescope/out/stream_err.h>

int out_stream_flush(FILE *f)
{
	struct statvfs st;

	if (fflush(f) && errno)
		return -errno;
	if (!ferror(f))
		return 0;
	if (!fstatvfs(fileno(f), &st) && st.f_bavail == 0)
		return -ENOSPC;
	return -EIO;
}
