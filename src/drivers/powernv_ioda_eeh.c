// SPDX-License-Identifier: GPL-2.0-only
/*
 * EEH freeze control over compound PEs.  Hardware cascades freezes through
 * PELT-V only for error messages, so a device spanning several M64 segments
 * (a master PE and its slaves) is frozen and thawed as one domain here, in
 * software: any member is redirected to its master, the master goes first,
 * then every slave.
 */
#include <errno.h>

#include "powernv_ioda_internal.h"

static int master_of(const struct ioda_phb *p, unsigned pe)
{
	if (pe >= p->num_pes || p->pe[pe].kind == PE_FREE)
		return -EINVAL;
	return p->pe[pe].master;
}

static bool slave_of(const struct ioda_phb *p, unsigned s, int master)
{
	return p->pe[s].kind == PE_SLAVE && p->pe[s].master == master && (int)s != master;
}

int ioda_pe_freeze(struct ioda_phb *p, unsigned pe)
{
	int m = master_of(p, pe);

	if (m < 0)
		return m;
	if (ioda_opal(p, PHB3_FREEZE_SET, m, OPAL_EEH_ACTION_ALL))
		return -EIO;
	for (unsigned s = 0; s < p->num_pes; s++)
		if (slave_of(p, s, m) && ioda_opal(p, PHB3_FREEZE_SET, s, OPAL_EEH_ACTION_ALL))
			return -EIO;
	return 0;
}

int ioda_pe_unfreeze(struct ioda_phb *p, unsigned pe, unsigned action)
{
	int m = master_of(p, pe);

	if (m < 0)
		return m;
	if (action < OPAL_EEH_ACTION_MMIO || action > OPAL_EEH_ACTION_ALL)
		return -EINVAL;
	if (ioda_opal(p, PHB3_FREEZE_CLEAR, m, action))
		return -EIO;
	for (unsigned s = 0; s < p->num_pes; s++)
		if (slave_of(p, s, m) && ioda_opal(p, PHB3_FREEZE_CLEAR, s, action))
			return -EIO;
	return 0;
}

static int one_state(struct ioda_phb *p, unsigned pe)
{
	if (ioda_opal(p, PHB3_FREEZE_STATUS, pe))
		return OPAL_EEH_STOPPED_TEMP_UNAVAIL;
	return (int)ioda_opal_out(p, 0);
}

int ioda_pe_state(struct ioda_phb *p, unsigned pe)
{
	int m = master_of(p, pe), worst;

	if (m < 0)
		return OPAL_EEH_STOPPED_PERM_UNAVAIL;
	worst = one_state(p, (unsigned)m);
	for (unsigned s = 0; s < p->num_pes; s++) {
		int st;

		if (!slave_of(p, s, m))
			continue;
		st = one_state(p, s);
		if (st > worst)
			worst = st;
	}
	return worst;
}
