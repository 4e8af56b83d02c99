// SPDX-License-Identifier: GPL-2.0-only
/*
 * Helpers of `pciescope ioda`: sysfs through the backend and the debug-file
 * record format.  A record is space-separated key=value fields; a value in
 * double quotes may hold spaces.  Values made only of decimal digits become
 * JSON integers, everything else (0x... addresses, names) stays a string, so
 * 64-bit addresses never lose precision.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ioda.h"

int ioda_read(struct ioda_ctx *c, const char *path, char *buf, size_t n)
{
	ssize_t len = c->b->ops->sysfs_read(c->b, path, buf, n - 1);

	if (len < 0)
		return (int)len;
	buf[len] = '\0';
	return 0;
}

int ioda_write(struct ioda_ctx *c, const char *path, const char *text)
{
	ssize_t len = c->b->ops->sysfs_write(c->b, path, text, strlen(text));

	return len < 0 ? (int)len : 0;
}

int ioda_fail(struct ioda_ctx *c, uint16_t domain, int err, const char *what)
{
	char path[96], why[256];

	snprintf(path, sizeof(path), IODA_DEBUG "/PCI%04x/error", domain);
	if (ioda_read(c, path, why, sizeof(why)))
		return cli_error("ioda: %s: no PHB %04x on this platform", what, domain);
	if (why[0] && why[0] != '\n') {
		why[strcspn(why, "\n")] = '\0';
		return cli_error("ioda: %s", why);
	}
	return cli_errno(err, "ioda: %s", what);
}

int ioda_phbs(struct ioda_ctx *c, uint16_t *dom, int max)
{
	char **names = NULL;
	size_t count = 0;
	int n = 0;

	if (c->b->ops->sysfs_list(c->b, IODA_DEBUG, &names, &count))
		return 0;
	for (size_t i = 0; i < count; i++) {
		unsigned d;

		if (n < max && sscanf(names[i], "PCI%4x", &d) == 1)
			dom[n++] = (uint16_t)d;
		free(names[i]);
	}
	free(names);
	return n;
}

static json_t *value_of(const char *v, size_t len)
{
	char tmp[256];
	size_t i = 0;

	if (len >= sizeof(tmp))
		len = sizeof(tmp) - 1;
	memcpy(tmp, v, len);
	tmp[len] = '\0';
	while (i < len && isdigit((unsigned char)tmp[i]))
		i++;
	if (len && i == len && len < 19)
		return json_integer(strtoll(tmp, NULL, 10));
	if (len > 1 && tmp[0] == '-' && strspn(tmp + 1, "0123456789") == len - 1)
		return json_integer(strtoll(tmp, NULL, 10));
	return json_string(tmp);
}

/* Stores one "key=value" token (value may be quoted); tokens without '=' are skipped. */
static const char *one_field(json_t *o, const char *k)
{
	const char *eq = k + strcspn(k, "= \n"), *v, *end, *next;
	char key[64];
	size_t kl = (size_t)(eq - k);

	if (*eq != '=')
		return eq;
	v = eq + 1;
	if (*v == '"') {
		end = strchr(++v, '"');
		end = end ? end : v + strlen(v);
		next = *end ? end + 1 : end;
	} else {
		end = next = v + strcspn(v, " \n");
	}
	if (kl >= sizeof(key))
		kl = sizeof(key) - 1;
	memcpy(key, k, kl);
	key[kl] = '\0';
	json_object_set_new(o, key, value_of(v, (size_t)(end - v)));
	return next;
}

json_t *ioda_record(const char *line)
{
	json_t *o = json_object();
	const char *p = line;

	while (*p && *p != '\n') {
		if (*p == ' ')
			p++;
		else
			p = one_field(o, p);
	}
	return o;
}

json_t *ioda_records(const char *text)
{
	json_t *a = json_array();

	for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		json_t *r = ioda_record(l);

		if (json_object_size(r))
			json_array_append_new(a, r);
		else
			json_decref(r);
	}
	return a;
}

json_t *ioda_ask(struct ioda_ctx *c, uint16_t domain, const char *file, const char *cmd, int *err)
{
	char path[96], buf[4096];

	snprintf(path, sizeof(path), IODA_DEBUG "/PCI%04x/%s", domain, file);
	*err = ioda_write(c, path, cmd);
	if (!*err)
		*err = ioda_read(c, path, buf, sizeof(buf));
	return *err ? NULL : ioda_record(buf);
}

int ioda_phb_of(struct ioda_ctx *c, uint64_t addr, uint16_t *domain)
{
	uint16_t dom[64];
	int n = ioda_phbs(c, dom, 64), err;
	char cmd[32];

	snprintf(cmd, sizeof(cmd), "0x%" PRIx64, addr);
	for (int i = 0; i < n; i++) {
		json_t *r = ioda_ask(c, dom[i], "resolve", cmd, &err);

		json_decref(r);
		if (r) {
			*domain = dom[i];
			return 0;
		}
	}
	return -ENXIO;
}

const char *ioda_size(uint64_t v, char *buf, size_t n)
{
	static const char unit[] = "KMGT";
	int u = -1;

	while (v >= 1024 && !(v % 1024) && u < 3) {
		v /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, n, "%" PRIu64, v);
	else
		snprintf(buf, n, "%" PRIu64 "%c", v, unit[u]);
	return buf;
}

uint64_t ioda_num(const json_t *obj, const char *key)
{
	const json_t *v = json_object_get(obj, key);

	if (json_is_integer(v))
		return (uint64_t)json_integer_value(v);
	if (json_is_string(v))
		return strtoull(json_string_value(v), NULL, 0);
	return 0;
}

const char *ioda_str(const json_t *obj, const char *key)
{
	const json_t *v = json_object_get(obj, key);
	/* Several numbers may be printed by one printf: rotate through buffers. */
	static char num[8][24];
	static unsigned next;

	if (json_is_string(v))
		return json_string_value(v);
	if (json_is_integer(v)) {
		char *b = num[next++ % 8];

		snprintf(b, sizeof(num[0]), "%lld", (long long)json_integer_value(v));
		return b;
	}
	return "";
}

/* Prints v and drops the reference. */
void ioda_print_json(json_t *v)
{
	char *s = json_dumps(v, JSON_INDENT(2) | JSON_PRESERVE_ORDER);

	if (s)
		printf("%s\n", s);
	free(s);
	json_decref(v);
}
