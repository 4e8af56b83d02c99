/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * powernv_ioda: the Linux 6.1 PowerNV IODA2 resource assignment for one
 * PHB3, driving the PHB only through its register window (regs/phb3.h).
 * At init it enumerates the functions below the PHB, sizes and places bridge
 * windows on segment boundaries (64-bit space first), derives PE numbers from
 * M64 segments, allocates the rest, programs RTT, PELT-V, M32 segments, DMA
 * windows and MSIs.  SR-IOV enabling places VF BARs so VF(n) is in PE(x+n).
 * The text of the debug files (docs/ioda2.md) is produced here too, so the
 * sysfs glue only routes reads and writes.
 */
#ifndef PCIESCOPE_DRIVERS_POWERNV_IODA_H
#define PCIESCOPE_DRIVERS_POWERNV_IODA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <pciescope/base/error.h>
#include <pciescope/bus/bus.h>

struct ioda_phb;
struct kdriver;

/* The kcore driver: binds to PHB3s (regs/phb3.h IDs), publishes the debug tree. */
extern const struct kdriver powernv_ioda_driver;

/*
 * Enumerates and assigns.  Returns 0, or -ENOMEM.  An assignment failure
 * (BAR too large, out of PEs) still returns the PHB, unconfigured, with
 * ioda_phb_error() saying why, as Linux keeps a PHB whose devices got no
 * resources.
 */
int ioda_phb_init(struct bus_device *phb, struct ioda_phb **out);
void ioda_phb_free(struct ioda_phb *p);
const char *ioda_phb_error(const struct ioda_phb *p);
uint16_t ioda_phb_domain(const struct ioda_phb *p);

/* Functions below the PHB (VFs included), for the sysfs glue. */
unsigned ioda_dev_count(const struct ioda_phb *p);
uint16_t ioda_dev_rid(const struct ioda_phb *p, unsigned i);
bool ioda_dev_is_vf(const struct ioda_phb *p, unsigned i);
/* RID of the PF of VF i (only meaningful when ioda_dev_is_vf()). */
uint16_t ioda_dev_pf_rid(const struct ioda_phb *p, unsigned i);
/* Index of the live function with that RID, or -ENODEV. */
int ioda_dev_find(const struct ioda_phb *p, uint16_t rid);
unsigned ioda_sriov_totalvfs(const struct ioda_phb *p, uint16_t rid);

/*
 * Enables n VFs of the PF at rid (0 disables), as a write of n to
 * sriov_numvfs does.  -errno with a one-line reason in e.
 */
int ioda_sriov_set(struct ioda_phb *p, uint16_t rid, unsigned n, struct error *e);
unsigned ioda_sriov_numvfs(const struct ioda_phb *p, uint16_t rid);

/* EEH with the software cascade over compound PEs.  action: 1 MMIO, 2 DMA, 3 both. */
int ioda_pe_freeze(struct ioda_phb *p, unsigned pe);
int ioda_pe_unfreeze(struct ioda_phb *p, unsigned pe, unsigned action);
/* enum opal_freeze_state, worst over master and slaves. */
int ioda_pe_state(struct ioda_phb *p, unsigned pe);

/*
 * Debug-file text.  Each returns the length written (truncated to n) or
 * -errno.  The request files (resolve, access, msi) take a command written
 * first; see docs/ioda2.md.
 */
ssize_t ioda_show_phb(struct ioda_phb *p, char *buf, size_t n);
ssize_t ioda_show_windows(struct ioda_phb *p, char *buf, size_t n);
/* PE numbers in use as ranges ("0-3 250-255"), then one PE's line. */
ssize_t ioda_show_pes(struct ioda_phb *p, char *buf, size_t n);
ssize_t ioda_show_pe(struct ioda_phb *p, unsigned pe, char *buf, size_t n);
ssize_t ioda_show_sriov(struct ioda_phb *p, uint16_t rid, char *buf, size_t n);
/* BAR i of function i as placed: base (0 when unassigned) and size. */
int ioda_dev_bar(const struct ioda_phb *p, unsigned i, int bar, uint64_t *base, uint64_t *size);
/* Runs a request ("ADDRESS", "BDF", "ADDRESS VALUE", ...) and keeps its answer. */
int ioda_request(struct ioda_phb *p, const char *file, const char *cmd, struct error *e);
ssize_t ioda_show_answer(struct ioda_phb *p, char *buf, size_t n);

#endif
