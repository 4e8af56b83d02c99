/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The names a machine has, for "did you mean" (cli_unknown_name): its PMUs,
 * a PMU's tune files, formats and events, its PCI devices, each read from
 * the backend's sysfs, so a suggestion names only what this machine has.
 */
#ifndef PCIESCOPE_CLI_NAMES_H
#define PCIESCOPE_CLI_NAMES_H

#include <stddef.h>

#include <pciescope/backend/backend.h>

struct error;

struct cli_names {
	char **v; /* NULL-terminated */
	size_t n;
};

/*
 * The entries of dir that have need below them (need NULL: every entry),
 * e.g. the PMUs with a tune/ directory.  An unreadable dir gives none.
 */
void cli_names_dir(struct backend *b, const char *dir, const char *need, struct cli_names *out);
void cli_names_free(struct cli_names *names);
/* names->v, or an empty list when it could not be allocated. */
static inline const char *const *cli_names_list(const struct cli_names *names)
{
	static const char *const none[] = {NULL};

	return names->v ? (const char *const *)names->v : none;
}
/* cli_unknown_name over cli_names_dir(b, dir, need); returns 1. */
int cli_unknown_in_dir(struct backend *b, const char *dir, const char *need, const char *typed,
		       const char *see, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/*
 * The tool library's error e, or, when it is an event string naming a PMU
 * the machine lacks or a term its PMU lacks, that said with the closest PMU,
 * event or format name the machine has.  Returns 1.
 */
int cli_fail_event(struct backend *b, const struct error *e);

#endif
