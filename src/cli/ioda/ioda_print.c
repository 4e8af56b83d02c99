// SPDX-License-Identifier: GPL-2.0-only
/* What every `ioda` subcommand prints with (ioda.h). */
#include <stdio.h>
#include <stdlib.h>

#include "ioda.h"

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

int ioda_emit(struct ioda_ctx *c, json_t *r, void (*text)(const json_t *r))
{
	char *s;

	if (!c->o.json) {
		text(r);
		json_decref(r);
		return 0;
	}
	s = json_dumps(r, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (s)
		printf("%s\n", s);
	free(s);
	json_decref(r);
	return 0;
}
