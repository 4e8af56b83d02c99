// SPDX-License-Identifier: GPL-2.0-only
/* CSV quoting: only fields that need it are quoted, so numbers stay bare. */
#include <string.h>

#include <pciescope/out/csv.h>

void csv_field(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

void csv_record(FILE *f, const char *const *fields, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (i)
			fputc(',', f);
		csv_field(f, fields[i]);
	}
	fputc('\n', f);
}
