// SPDX-License-Identifier: GPL-2.0-only
/*
 * The driver's side of the PHB3 mailbox: arguments into the ARG registers,
 * the token into CALL, the OPAL status back, as opal_pci_*() wrap the OPAL
 * firmware calls in Linux.  The function view is reached the same way
 * (select, then read/write), standing in for config space accesses.
 */
#include "powernv_ioda_internal.h"

int64_t ioda_opal_call(struct ioda_phb *p, unsigned token, const uint64_t *args, size_t nargs)
{
	for (size_t i = 0; i < nargs && i < 8; i++)
		bus_write64(p->bd, 0, PHB3_ARG(i), args[i]);
	bus_write64(p->bd, 0, PHB3_CALL, token);
	return (int64_t)bus_read64(p->bd, 0, PHB3_STATUS);
}

uint64_t ioda_opal_out(struct ioda_phb *p, int i)
{
	return bus_read64(p->bd, 0, PHB3_OUT(i));
}

uint64_t ioda_fn_read(struct ioda_phb *p, int fn, uint64_t reg)
{
	bus_write64(p->bd, 0, PHB3_FN_SEL, (uint64_t)fn);
	return bus_read64(p->bd, 0, reg);
}

void ioda_fn_write(struct ioda_phb *p, int fn, uint64_t reg, uint64_t val)
{
	bus_write64(p->bd, 0, PHB3_FN_SEL, (uint64_t)fn);
	bus_write64(p->bd, 0, reg, val);
}
