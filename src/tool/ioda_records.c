// SPDX-License-Identifier: GPL-2.0-only
/*
 * The record format of the powernv_ioda debug files (tool/ioda.h): lines of
 * space-separated key=value fields, a value in double quotes may hold
 * spaces.  Only values made of decimal digits (with an optional '-') become
 * JSON integers: an address is "0x..." and stays a string, so 64-bit
 * addresses never pass through a double.
 */
#include <stdlib.h>
#include <string.h>

#include <pciescope/tool/ioda.h>

static json_t *value_of(const char *v, size_t len)
{
	char tmp[256];
	size_t digits;

	if (len >= sizeof(tmp))
		len = sizeof(tmp) - 1;
	memcpy(tmp, v, len);
	tmp[len] = '\0';
	digits = strspn(tmp, "0123456789");
	/* 19 digits may overflow a json_int_t: such a value stays text. */
	if (len && digits == len && len < 19)
		return json_integer(strtoll(tmp, NULL, 10));
	if (len > 1 && tmp[0] == '-' && strspn(tmp + 1, "0123456789") == len - 1)
		return json_integer(strtoll(tmp, NULL, 10));
	return json_string(tmp);
}

/* Stores one "key=value" token (value may be quoted); returns where the next one starts. */
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

json_t *phb_record(const char *line)
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

json_t *phb_records(const char *text)
{
	json_t *a = json_array();

	for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		json_t *r = phb_record(l);

		if (json_object_size(r))
			json_array_append_new(a, r);
		else
			json_decref(r);
	}
	return a;
}

uint64_t phb_num(const json_t *rec, const char *key)
{
	const json_t *v = json_object_get(rec, key);

	if (json_is_integer(v))
		return (uint64_t)json_integer_value(v);
	if (json_is_string(v))
		return strtoull(json_string_value(v), NULL, 0);
	return 0;
}
