// SPDX-License-Identifier: GPL-2.0-only
/*
 * `pciescope list -v`: each PMU with its type and cpumask, then its
 * format/, events/ and tune/ files as name=value words and the PTT's
 * filter lists.  The words are wrapped to the terminal (COLUMNS, else the
 * tty's width, else 80) with a hanging indent, so a PMU with eighteen
 * events reads as a short paragraph, not one 480-column line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "list.h"

#define INDENT 11 /* "  format:  " */

static int terminal_width(void)
{
	const char *c = getenv("COLUMNS");
	struct winsize ws;

	if (c && atoi(c) >= 40)
		return atoi(c);
	if (isatty(STDOUT_FILENO) && !ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_col >= 40)
		return ws.ws_col;
	return 80;
}

/* Prints one word, breaking the line first where it would not fit. */
static void word(int *col, int width, const char *w)
{
	int len = (int)strlen(w);

	if (*col > INDENT && *col + 1 + len > width) {
		printf("\n%*s", INDENT, "");
		*col = INDENT;
	}
	if (*col > INDENT) {
		putchar(' ');
		(*col)++;
	}
	fputs(w, stdout);
	*col += len;
}

static void print_map(const char *title, json_t *o, int width)
{
	const char *k;
	json_t *v;
	int col = INDENT;

	if (!o || !json_object_size(o))
		return;
	printf("  %-*s", INDENT - 2, title);
	json_object_foreach(o, k, v)
	{
		char buf[600];

		if (json_is_integer(v))
			snprintf(buf, sizeof(buf), "%s=%lld", k, (long long)json_integer_value(v));
		else if (json_is_string(v))
			snprintf(buf, sizeof(buf), "%s=%s", k, json_string_value(v));
		else
			snprintf(buf, sizeof(buf), "%s=<%s>", k,
				 json_string_value(json_object_get(v, "error")) ?: "?");
		word(&col, width, buf);
	}
	printf("\n");
}

static void print_filters(json_t *pmu, const char *dir)
{
	json_t *f = json_object_get(pmu, dir), *files = json_object_get(f, "filters"), *v;
	const char *k;

	if (!f)
		return;
	printf("  %s%s:%s\n", dir,
	       json_is_true(json_object_get(f, "multiselect")) ? " (several at once)"
							       : " (one at a time)",
	       json_object_size(files) ? "" : " none");
	json_object_foreach(files, k, v) printf("    %s  %s\n", k, json_string_value(v) ?: "?");
}

void list_print_verbose(json_t *pmus)
{
	int width = terminal_width();
	size_t i;
	json_t *pmu;

	json_array_foreach(pmus, i, pmu)
	{
		json_t *t = json_object_get(pmu, "type");

		printf("%s", json_string_value(json_object_get(pmu, "name")));
		if (t)
			printf("  type %lld", (long long)json_integer_value(t));
		if (json_object_get(pmu, "cpumask"))
			printf("  cpumask %s",
			       json_string_value(json_object_get(pmu, "cpumask")));
		printf("\n");
		print_map("format:", json_object_get(pmu, "format"), width);
		print_map("events:", json_object_get(pmu, "events"), width);
		print_map("tune:", json_object_get(pmu, "tune"), width);
		print_filters(pmu, "root_port_filters");
		print_filters(pmu, "requester_filters");
	}
}
