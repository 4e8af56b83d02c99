// SPDX-License-Identifier: GPL-2.0-only
/*
 * Where platform files come from: a name with a '/' or ending in ".json" is
 * a path; any other name is a built-in, looked up as platforms/<name>.json
 * under $PCIESCOPE_DATADIR, then the source tree the binary was built from,
 * then the data directory of its install prefix, then the usual ones, and
 * last in the binary itself, which holds the three built-ins compiled in:
 * a file on disk overrides (an edited kunpeng930.json), and the binary
 * alone, copied anywhere or unpacked from the .deb, still runs.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/platform/platform.h>

#include "pfile.h"

static const char *const builtins[] = {"kunpeng930", "epyc", "power8", NULL};

const char *const *platform_builtin_names(void)
{
	return builtins;
}

static bool is_path(const char *name)
{
	size_t n = strlen(name);

	return strchr(name, '/') || (n > 5 && !strcmp(name + n - 5, ".json"));
}

static char *read_all(const char *path)
{
	FILE *fp = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!fp)
		return NULL;
	if (fseek(fp, 0, SEEK_END) == 0 && (n = ftell(fp)) >= 0 && n < (16 << 20) &&
	    fseek(fp, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1))) {
		if (fread(buf, 1, (size_t)n, fp) == (size_t)n) {
			buf[n] = '\0';
		} else {
			free(buf);
			buf = NULL;
		}
	}
	fclose(fp);
	return buf;
}

static char *find_builtin(const char *name, char *path, size_t n)
{
	const char *dirs[] = {getenv("PCIESCOPE_DATADIR"), PCIESCOPE_DATADIR,
			      PCIESCOPE_INSTALL_DATADIR, "/usr/local/share/pciescope",
			      "/usr/share/pciescope"};

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		char *text;

		if (!dirs[i] || !*dirs[i])
			continue;
		snprintf(path, n, "%s/platforms/%s.json", dirs[i], name);
		text = read_all(path);
		if (text)
			return text;
	}
	for (const struct pfile_embedded *e = pfile_embedded; e->name; e++) {
		if (strcmp(e->name, name))
			continue;
		snprintf(path, n, "%s (built in)", name);
		return strdup(e->text);
	}
	return NULL;
}

int pfile_load(const char *name, struct pfile *pf, struct error *e)
{
	char path[512];
	char *text;
	int r;

	if (!name)
		name = "kunpeng930";
	if (is_path(name)) {
		snprintf(path, sizeof(path), "%s", name);
		text = read_all(path);
		if (!text)
			return error_set(e, -ENOENT, "cannot read platform file %s: %s", name,
					 strerror(errno ? errno : EIO));
	} else {
		text = find_builtin(name, path, sizeof(path));
		if (!text)
			return error_set(
			    e, -ENOENT,
			    "no platform '%s' (built-in: kunpeng930, epyc, power8; or a "
			    "path to a .json file)",
			    name);
	}
	r = pfile_parse(text, path, pf, e);
	free(text);
	return r;
}
