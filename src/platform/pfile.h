/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A platform file, parsed and checked but not yet booted: the devices in
 * file order (SR-IOV VFs expanded after their PF), each with its parent,
 * its bus range when it is a bridge, and its entry's JSON for its model.
 * Kept apart from booting so that the topology can be checked (and tested)
 * without a kernel core.
 */
#ifndef PCIESCOPE_PLATFORM_PFILE_H
#define PCIESCOPE_PLATFORM_PFILE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/fabric/fabric.h>
#include <pciescope/pcie/bdf.h>

/* A built-in platform file compiled into the binary (cmake/embed_platforms.cmake). */
struct pfile_embedded {
	const char *name; /* "kunpeng930" */
	const char *text; /* the file's JSON */
};
/* Ends with a NULL name. */
extern const struct pfile_embedded pfile_embedded[];

struct pdev {
	struct pci_bdf bdf;
	enum fabric_node_kind kind;
	int parent; /* index into pfile.devs, -1 on the root bus */
	uint16_t vendor, device;
	uint32_t class_code;
	uint16_t sicl, core;
	int numa_node;
	int width, speed, max_width, max_speed;
	/* what its config space shows (pcie/config.h): MPS, MRRS, ASPM, AER status */
	unsigned mps_cap, mps, mrrs, aspm_cap, aspm;
	uint32_t aer_uncor, aer_cor;
	enum fabric_ep_role role;
	uint16_t pasid;
	bool sriov_vf;
	int pf;				/* VFs: index of their PF, else -1 */
	const char *model;		/* model kind, NULL for a plain function */
	const json_t *cfg;		/* the device entry (the PF's for a VF) */
	uint8_t secondary, subordinate; /* bridges */
	int node;			/* fabric node index once built */
};

struct pfile {
	json_t *root;
	char name[64];
	char path[512];
	int cpus, numa_nodes;
	uint64_t midr; /* the CPUs' MIDR_EL1 on an arm64 machine, 0 on another */
	const char *workload, *workload_params;
	bool identity_dma;
	struct pdev *devs;
	int ndevs;
};

/* name: a built-in platform name or a path to a JSON file. */
int pfile_load(const char *name, struct pfile *pf, struct error *e);
/* Parses a platform from JSON text (label names it in messages). */
int pfile_parse(const char *text, const char *label, struct pfile *pf, struct error *e);
void pfile_free(struct pfile *pf);
/* Adds every device to f as a node, in file order; sets pdev.node. */
int pfile_build_fabric(struct pfile *pf, struct fabric *f, struct error *e);
int pfile_find(const struct pfile *pf, struct pci_bdf bdf);
/* Lowest and highest Root Port RID of a core; -ENODEV if it has none. */
int pfile_core_ports(const struct pfile *pf, uint16_t sicl, uint16_t core, uint16_t *lo,
		     uint16_t *hi);

#endif
