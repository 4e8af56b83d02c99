/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The architecture of a program file, from the first bytes of its ELF
 * header: exec chooses the qemu-user for a program by it, and the
 * interposer decides by it whether a guest's exec needs qemu.  Each reads
 * the bytes its own way (the interposer with the C library's real read),
 * so only the reading of the header is shared.
 */
#ifndef PCIESCOPE_BACKEND_ELF_MACHINE_H
#define PCIESCOPE_BACKEND_ELF_MACHINE_H

#include <stddef.h>
#include <string.h>

#define ELF_MACHINE_HEADER_BYTES 20

/* e_machine of the header's n first bytes, 0 if they are no ELF header (a script). */
static inline unsigned elf_machine_of(const unsigned char *h, long n)
{
	if (n != ELF_MACHINE_HEADER_BYTES || memcmp(h, "\177ELF", 4))
		return 0;
	/* EI_DATA: 2 is big-endian; e_machine is the 16 bits at offset 18 */
	return h[5] == 2 ? (unsigned)h[18] << 8 | h[19] : (unsigned)h[19] << 8 | h[18];
}

#endif
