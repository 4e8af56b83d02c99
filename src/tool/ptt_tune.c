// SPDX-License-Identifier: GPL-2.0-only
/* The PTT tune files through a backend (tool/ptt_tune.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/backend/sysfs_read.h>
#include <pciescope/tool/ptt_tune.h>

char *ptt_tune_path(const char *pmu, const char *param, char *buf, size_t n)
{
	snprintf(buf, n, PMU_SYSFS_DIR "/%s/tune%s%s", pmu, param ? "/" : "", param ? param : "");
	return buf;
}

int ptt_tune_read(struct backend *b, const char *pmu, int level[HISI_PTT_TUNE_NPARAM],
		  struct error *e)
{
	char path[384], val[32];
	int first = 0;

	for (int i = 0; i < HISI_PTT_TUNE_NPARAM; i++) {
		ssize_t n;

		ptt_tune_path(pmu, hisi_ptt_tune_params[i], path, sizeof(path));
		n = backend_read_line(b, path, val, sizeof(val));
		level[i] = n > 0 ? (int)strtol(val, NULL, 10) : -1;
		if (n < 0 && !first && e)
			first = error_set_errno(e, (int)n, "reading %s", path);
		else if (n < 0 && !first)
			first = (int)n;
	}
	return first;
}

int ptt_tune_write(struct backend *b, const char *pmu, const int level[HISI_PTT_TUNE_NPARAM],
		   unsigned mask, struct error *e)
{
	char path[384], val[16];

	for (int i = 0; i < HISI_PTT_TUNE_NPARAM; i++) {
		ssize_t n;

		if (!(mask & 1u << i))
			continue;
		ptt_tune_path(pmu, hisi_ptt_tune_params[i], path, sizeof(path));
		snprintf(val, sizeof(val), "%d", level[i]);
		n = b->ops->sysfs_write(b, path, val, strlen(val));
		if (n < 0)
			return error_set_errno(e, (int)n, "writing %s", path);
	}
	return 0;
}

const char *ptt_tune_text(const int level[HISI_PTT_TUNE_NPARAM], unsigned mask, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = 0;
	for (int i = 0; i < HISI_PTT_TUNE_NPARAM; i++)
		if (mask & 1u << i && len < n)
			len += (size_t)snprintf(buf + len, n - len, "%s%s=%d", len ? " " : "",
						hisi_ptt_tune_params[i], level[i]);
	return buf;
}
