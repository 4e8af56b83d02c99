/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Whole numbers typed as option values (cli_number.c), apart from cli.h so
 * that the fuzzer can link the parser alone.
 */
#ifndef PCIESCOPE_CLI_NUMBER_H
#define PCIESCOPE_CLI_NUMBER_H

#include <stdint.h>

/*
 * s as a number no greater than max: base 10 takes decimal digits or a
 * 0x-prefixed hex number, base 16 hex digits with or without 0x.  Nothing
 * else is taken: no sign, blank, suffix or octal.  0 or -EINVAL.
 */
int cli_parse_uint(const char *s, int base, uint64_t max, uint64_t *out);

#endif
