/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * PowerNV IODA2 resources of the PHBs (`pciescope ioda`), read and changed
 * only through the powernv_ioda debug files in sysfs, as a user with a
 * shell would: through the backend, on any platform that has them.
 *
 * The files answer in records: one line of space-separated key=value fields
 * (a value in double quotes may hold spaces).  A record is kept as a JSON
 * object, which the command prints both as text and as --json: values made
 * only of decimal digits become integers, everything else (0x... addresses,
 * names) stays a string, so a 64-bit address never loses a bit.
 *
 * The calls are named phb_* apart from the driver's ioda_* (the kernel's
 * side of the same files).  A call that fails returns -errno and leaves the
 * reason in e: the driver's own sentence when the PHB's error file holds
 * one, as the kernel's debug file would show it.
 */
#ifndef PCIESCOPE_TOOL_IODA_H
#define PCIESCOPE_TOOL_IODA_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include <pciescope/base/error.h>
#include <pciescope/backend/backend.h>
#include <pciescope/backend/sysfs_read.h>
#include <pciescope/pcie/bdf.h>

/* PE numbers of an IODA2 PHB (PHB3: 256 PEs). */
#define PHB_MAX_PES 256

/* One record line -> object; tokens without '=' are skipped. */
json_t *phb_record(const char *line);
/* Every line of text -> array of records (empty lines left out). */
json_t *phb_records(const char *text);
/* A record's field as a number (an integer, or a string strtoull reads), else 0. */
uint64_t phb_num(const json_t *rec, const char *key);

/* Domains of the PHBs, ascending; returns the count (at most max). */
int phb_list(struct backend *b, uint16_t *dom, int max);
/* The PHB whose windows decode the CPU address addr; -ENXIO if none does. */
int phb_of_address(struct backend *b, uint64_t addr, uint16_t *domain);

/*
 * `show`: the PHB's record (domain, PEs, windows' bases and sizes) with its
 * "windows", "m32_segments" and the records of the PEs in use ("pes"); an
 * "error" field when the PHB's assignment failed at boot.
 */
json_t *phb_show(struct backend *b, uint16_t domain);

/* `resolve`: the window, segment, PE and device of a CPU address, or the PE of a RID. */
int phb_resolve_address(struct backend *b, uint64_t addr, json_t **out, struct error *e);
int phb_resolve_rid(struct backend *b, struct pci_bdf rid, json_t **out, struct error *e);

/* Which halves of a PE's freeze an unfreeze clears. */
enum phb_halves { PHB_MMIO_AND_DMA, PHB_MMIO_ONLY, PHB_DMA_ONLY };

/* `freeze`/`unfreeze` PE pe of PHB domain; *out: the PE's record afterwards. */
int phb_freeze(struct backend *b, uint16_t domain, unsigned pe, bool freeze, enum phb_halves halves,
	       json_t **out, struct error *e);

/* `access`: one transaction through the PHB, as the PHB judges it. */
enum phb_access_op {
	PHB_LOAD,  /* MMIO load at addr */
	PHB_STORE, /* MMIO store of value at addr */
	PHB_MSI,   /* bdf's MSI */
	PHB_DMA,   /* bdf's DMA to bus address addr */
	PHB_ERROR, /* a PCIe error message from bdf */
};

struct phb_access {
	enum phb_access_op op;
	struct pci_bdf bdf;
	uint64_t addr, value;
};

/* *out: the PHB's answer ("op", "result" ok/frozen/unclaimed/fault/rejected, ...). */
int phb_access(struct backend *b, const struct phb_access *a, json_t **out, struct error *e);

/*
 * `sriov`: sets the PF's VF count the way a user does (0 first when another
 * count is set, as the PCI core demands); nothing is written when the count
 * is already n.
 */
int phb_sriov_set_numvfs(struct backend *b, struct pci_bdf pf, unsigned n, struct error *e);

/*
 * Where the kernel put the PF's VFs: {"pf", "num_vfs", "mode" (segmented or
 * single), "segment_size", "segments_reserved", "pe_choices" (null when the
 * kernel did not count them), "bar", "vfs": [{"vf", "bdf", "pe", "bars":
 * [{"index", "base", "size"}]}]}.  -ENODEV: pf is no SR-IOV PF, or SR-IOV
 * was disabled at boot (e says why).
 */
int phb_sriov(struct backend *b, struct pci_bdf pf, json_t **out, struct error *e);

/*
 * The what-if of an M64 segment of seg bytes, smaller than the VF BAR,
 * which the kernel never does (its segment is always the VF BAR size):
 * each VF then spans VF BAR / seg PEs, and VF0's PE has fewer positions
 * left among the PEs in use (the PF's own VF PEs would move, so they do not
 * count).  Adds "what_if": {"segment_size", "segments_per_vf",
 * "segments_consumed", "pe_choices"} to sriov, phb_sriov's object.  -EINVAL
 * when seg is no power of two or larger than the VF BAR, -ENODEV when no
 * VFs are enabled.
 */
int phb_sriov_what_if(struct backend *b, struct pci_bdf pf, uint64_t seg, json_t *sriov,
		      struct error *e);

/*
 * The positions VF0's PE may take: n VFs of k PEs each stay aligned to
 * their size, so VF0 moves in steps of k, and every PE of the run must be
 * free (used[pe] false).
 */
uint64_t phb_vf0_positions(const bool used[PHB_MAX_PES], uint64_t n, uint64_t k);

#endif
