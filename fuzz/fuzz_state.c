// SPDX-License-Identifier: GPL-2.0-only
/*
 * The state file parser on arbitrary bytes: it must not crash, and what it
 * accepted must come back unchanged through write and parse again, so a
 * damaged file is cleaned up once and then stable.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/state_internal.h"

static struct kstate *parse(const void *data, size_t size)
{
	struct kstate *s = calloc(1, sizeof(*s));
	FILE *f = size ? fmemopen((void *)data, size, "r") : NULL;

	if (!s)
		abort();
	if (f) {
		kstate_parse(s, f);
		fclose(f);
	}
	return s;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct kstate *a = parse(data, size), *b;
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	kstate_write(a, out);
	fclose(out);
	b = parse(text, len);
	if (a->n != b->n)
		abort();
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->e[i].key, b->e[i].key) || strcmp(a->e[i].val, b->e[i].val))
			abort();
	free(text);
	kstate_free(a);
	kstate_free(b);
	return 0;
}
