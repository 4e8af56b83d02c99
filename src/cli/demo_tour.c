// SPDX-License-Identifier: GPL-2.0-only
/*
 * The second half of `pciescope demo`: counting and planning, shown by
 * running the real subcommands (this binary, /proc/self/exe) so that what
 * the demo prints is exactly what the user will get by typing the same
 * line.  Their persistent state goes into the demo's scratch directory, so
 * the demo still changes nothing a later command sees.
 */
#define _GNU_SOURCE /* nftw */
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "demo.h"

static int run_self(char *const argv[], const char *state_dir)
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
		setenv("PCIESCOPE_STATE_DIR", state_dir, 1);
		execv("/proc/self/exe", argv);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
		return cli_error("demo: '%s %s' failed", argv[0], argv[1]);
	return 0;
}

static int step(int n, const char *title, const char *line, char *const argv[],
		const char *state_dir)
{
	printf("\n%d. %s\n   $ %s\n", n, title, line);
	return run_self(argv, state_dir);
}

int demo_tour(int first, const char *state_dir)
{
	char *pmu[] = { "pciescope", "stat", "--metrics", "-e",
			"{hisi_pcie0_core0/rx_mrd_latency,port=0x1/,"
			"hisi_pcie0_core0/rx_mrd_cnt,port=0x1/}",
			"-e",
			"{hisi_pcie0_core0/rx_mrd_flux,port=0x1/,"
			"hisi_pcie0_core0/rx_mrd_time,port=0x1/}",
			"--", "sleep", "0.01", NULL };
	char *iommu[] = { "pciescope", "stat", "--metrics", "--platform", "epyc", "-e",
			  "amd_iommu_0/mem_iommu_tlb_pte_mis/", "-e",
			  "amd_iommu_0/mem_iommu_tlb_pte_hit/", "--", "sleep", "0.01", NULL };
	char *ioda[] = { "pciescope", "ioda", "sriov", "0000:01:00.0", "--numvfs", "4", NULL };

	return step(first, "Count: read latency and bandwidth below Root Port 00:00.0 (PCIe PMU)",
		    "pciescope stat --metrics -e '{hisi_pcie0_core0/rx_mrd_latency,port=0x1/,"
		    "...rx_mrd_cnt...}' -e '{...rx_mrd_flux...,...rx_mrd_time...}' -- sleep 0.01",
		    pmu, state_dir) ?:
	       step(first + 1, "IOMMU: how often DMA misses the IOTLB (AMD EPYC platform)",
		    "pciescope stat --metrics --platform epyc -e amd_iommu_0/mem_iommu_tlb_pte_mis/ "
		    "-e amd_iommu_0/mem_iommu_tlb_pte_hit/ -- sleep 0.01",
		    iommu, state_dir) ?:
	       step(first + 2, "Plan: give each SR-IOV VF its own PE (POWER8 IODA2 platform)",
		    "pciescope ioda sriov 0000:01:00.0 --numvfs 4", ioda, state_dir);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	return remove(path);
}

void demo_remove_dir(const char *dir)
{
	nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}
