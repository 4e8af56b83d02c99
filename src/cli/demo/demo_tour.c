// SPDX-License-Identifier: GPL-2.0-only
/*
 * The second half of `pciescope demo`: counting and planning, shown by
 * running the real subcommands (this binary, /proc/self/exe) so that what
 * the demo prints is exactly what the user will get by typing the same
 * line.  Each section runs only where the platform has what it shows (a
 * HiSilicon PCIe PMU, an AMD IOMMU PMU, IODA2 PHBs with an SR-IOV PF), and
 * every subcommand gets the backend options the demo was given, so
 * --platform, --workload and --seed apply to the whole tour.  Their
 * persistent state goes into the demo's scratch directory, so the demo
 * still changes nothing a later command sees.
 */
#define _GNU_SOURCE /* nftw */
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pciescope/perf/pmu_name.h>
#include <pciescope/tool/ioda.h>

#include "backend_opts.h"
#include "cli.h"
#include "demo.h"

#define MAX_ARGS 32

static int run_self(struct demo *d, char *const argv[])
{
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return cli_errno(-errno, "demo: fork");
	if (pid == 0) {
		/* stat prints on stderr like perf; keep the screen in order. */
		dup2(STDOUT_FILENO, STDERR_FILENO);
		setenv("PCIESCOPE_STATE_DIR", d->state_dir, 1);
		execv("/proc/self/exe", argv);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
		return cli_error("demo: '%s %s' failed", argv[0], argv[1]);
	return 0;
}

/*
 * Prints the section with its command line, then runs it.  args: the
 * subcommand's own words up to "--" (or the end); the user's backend
 * options are put before "--" when pass is set.
 */
static int step(struct demo *d, const char *title, char *const *args, bool pass)
{
	char *argv[MAX_ARGS], line[1024];
	size_t len = 0;
	int n = 0, k = 0;

	argv[n++] = "pciescope";
	for (; args[k] && strcmp(args[k], "--") && n < MAX_ARGS - 1; k++)
		argv[n++] = args[k];
	for (int i = 0; pass && i < d->npass && n < MAX_ARGS - 1; i++)
		argv[n++] = d->pass[i];
	for (; args[k] && n < MAX_ARGS - 1; k++)
		argv[n++] = args[k];
	argv[n] = NULL;
	for (int i = 0; i < n && len < sizeof(line); i++)
		len += (size_t)snprintf(line + len, sizeof(line) - len,
					strpbrk(argv[i], "{,") ? " '%s'" : " %s", argv[i]);
	printf("\n%d. %s\n   $%s\n", d->step++, title, line);
	return run_self(d, argv);
}

/* The first PMU of the family into name; false if none. */
static bool demo_find_pmu(struct backend *b, enum pmu_family family, char *name, size_t n)
{
	char **pmus;
	size_t count;
	bool found = false;

	if (backend_list_dir(b, PMU_SYSFS_DIR, &pmus, &count))
		return false;
	for (size_t i = 0; i < count && !found; i++)
		if (pmu_name_parse(pmus[i], NULL) == family) {
			snprintf(name, n, "%s", pmus[i]);
			found = true;
		}
	backend_names_free(pmus, count);
	return found;
}

static int pcie_pmu(struct demo *d)
{
	char pmu[64], lat[256], flux[256];
	char *args[] = {"stat", "--metrics", "-e", lat, "-e", flux, "--", "sleep", "0.01", NULL};

	if (!demo_find_pmu(d->b, PMU_HISI_PCIE, pmu, sizeof(pmu)))
		return 0;
	snprintf(lat, sizeof(lat), "{%s/rx_mrd_latency,port=0xffff/,%s/rx_mrd_cnt,port=0xffff/}",
		 pmu, pmu);
	snprintf(flux, sizeof(flux), "{%s/rx_mrd_flux,port=0xffff/,%s/rx_mrd_time,port=0xffff/}",
		 pmu, pmu);
	return step(
	    d, "Count: read latency and bandwidth of every Root Port of a PCIe core (PCIe PMU)",
	    args, true);
}

static int iommu(struct demo *d)
{
	char pmu[64], mis[128], hit[128];
	char *args[] = {"stat", "--metrics", "-e", mis, "-e", hit, "--", "sleep", "0.01", NULL};

	if (!demo_find_pmu(d->b, PMU_AMD_IOMMU, pmu, sizeof(pmu)))
		return 0;
	snprintf(mis, sizeof(mis), "%s/mem_iommu_tlb_pte_mis/", pmu);
	snprintf(hit, sizeof(hit), "%s/mem_iommu_tlb_pte_hit/", pmu);
	return step(d, "IOMMU: how often DMA misses the IOTLB (AMD IOMMU PMU)", args, true);
}

/* The first function that offers VFs, and how many (at most 4). */
static bool sriov_pf(struct backend *b, char *bdf, size_t n, char *numvfs, size_t vn)
{
	char **names, path[384], val[32];
	size_t count;
	bool found = false;

	if (backend_list_dir(b, "/sys/bus/pci/devices", &names, &count))
		return false;
	for (size_t i = 0; i < count && !found; i++) {
		snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/sriov_totalvfs", names[i]);
		if (backend_read_line(b, path, val, sizeof(val)) > 0 && atoi(val) > 0) {
			snprintf(bdf, n, "%s", names[i]);
			snprintf(numvfs, vn, "%d", atoi(val) < 4 ? atoi(val) : 4);
			found = true;
		}
	}
	backend_names_free(names, count);
	return found;
}

static int ioda(struct demo *d)
{
	char bdf[32], numvfs[8], *platform = NULL;
	char *args[] = {"ioda", "sriov", bdf, "--numvfs", numvfs, NULL, NULL, NULL};

	if (d->b->ops->sysfs_is_dir(d->b, PHB_DEBUG_DIR) != 1 ||
	    !sriov_pf(d->b, bdf, sizeof(bdf), numvfs, sizeof(numvfs)))
		return 0;
	/* ioda takes --platform only: the placement does not depend on traffic. */
	for (int i = 0; i + 1 < d->npass; i++)
		if (!strcmp(d->pass[i], "--platform"))
			platform = d->pass[i + 1];
	args[5] = platform ? "--platform" : NULL;
	args[6] = platform;
	return step(d, "Plan: give each SR-IOV VF its own PE (POWER8 IODA2 PHB)", args, false);
}

int demo_tour(struct demo *d)
{
	return pcie_pmu(d) ?: iommu(d) ?: ioda(d);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	return remove(path);
}

void demo_remove_dir(const char *dir)
{
	nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}
