// SPDX-License-Identifier: GPL-2.0-only
/* The tune levels of a PTT PMU through a backend (tool/tune_levels.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/backend/sysfs_read.h>
#include <pciescope/tool/tune_levels.h>

static void tune_path(const char *dev, int param, char *buf, size_t n)
{
	snprintf(buf, n, PMU_SYSFS_DIR "/%s/tune/%s", dev, hisi_ptt_tune_params[param]);
}

int tune_levels_read(struct backend *b, const char *dev, int level[HISI_PTT_TUNE_NPARAM],
		     struct tool_err *e)
{
	char path[384], buf[32];

	for (int i = 0; i < HISI_PTT_TUNE_NPARAM; i++) {
		ssize_t n;

		tune_path(dev, i, path, sizeof(path));
		n = b->ops->sysfs_read(b, path, buf, sizeof(buf) - 1);
		if (n < 0)
			return tool_fail_errno(e, (int)n, "reading %s", path);
		buf[n] = 0;
		level[i] = atoi(buf);
	}
	return 0;
}

int tune_levels_write(struct backend *b, const char *dev, const int level[HISI_PTT_TUNE_NPARAM],
		      unsigned mask, struct tool_err *e)
{
	char path[384], buf[32];

	for (int i = 0; i < HISI_PTT_TUNE_NPARAM; i++) {
		ssize_t n;

		if (!(mask & 1u << i))
			continue;
		tune_path(dev, i, path, sizeof(path));
		snprintf(buf, sizeof(buf), "%d", level[i]);
		n = b->ops->sysfs_write(b, path, buf, strlen(buf));
		if (n < 0)
			return tool_fail_errno(e, (int)n, "writing %s", path);
	}
	return 0;
}

const char *tune_levels_text(const int level[HISI_PTT_TUNE_NPARAM], unsigned mask, char *buf,
			     unsigned long n)
{
	size_t len = 0;

	buf[0] = 0;
	for (int i = 0; i < HISI_PTT_TUNE_NPARAM; i++)
		if (mask & 1u << i && len < n)
			len += (size_t)snprintf(buf + len, n - len, "%s%s=%d", len ? " " : "",
						hisi_ptt_tune_params[i], level[i]);
	return buf;
}
