// SPDX-License-Identifier: GPL-2.0-only
/*
 * BDF text forms.  Parsing is strict (exact field widths are not required,
 * but every field must be hex and in range, and nothing may trail) because
 * BDFs come from users and from sysfs file names alike.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <pciescope/pcie/bdf.h>

static int hex_field(const char **s, unsigned long max, unsigned long *out)
{
	char *end;

	if (!((**s >= '0' && **s <= '9') || (**s >= 'a' && **s <= 'f') ||
	      (**s >= 'A' && **s <= 'F')))
		return -EINVAL;
	errno = 0;
	*out = strtoul(*s, &end, 16);
	if (errno || *out > max || end - *s > 4)
		return -EINVAL;
	*s = end;
	return 0;
}

int pci_bdf_parse(const char *s, struct pci_bdf *out)
{
	unsigned long f[4], fn;
	int n = 0;

	if (!s)
		return -EINVAL;
	/* Up to three ':'-separated fields before the '.', then the function. */
	for (;;) {
		if (n == 3 || hex_field(&s, 0xffff, &f[n]))
			return -EINVAL;
		n++;
		if (*s == ':') {
			s++;
			continue;
		}
		if (*s == '.')
			break;
		return -EINVAL;
	}
	s++;
	if (n < 2 || *s < '0' || *s > '7' || s[1])
		return -EINVAL;
	fn = (unsigned long)(*s - '0');
	if (n == 2)
		f[2] = f[1], f[1] = f[0], f[0] = 0;
	if (f[1] > 0xff || f[2] > 0x1f)
		return -EINVAL;
	out->domain = (uint16_t)f[0];
	out->rid = PCI_RID(f[1], f[2], fn);
	return 0;
}

char *pci_bdf_format(struct pci_bdf b, char *buf, size_t n)
{
	snprintf(buf, n, "%04x:%02x:%02x.%x", b.domain, PCI_RID_BUS(b.rid), PCI_RID_DEV(b.rid),
		 PCI_RID_FN(b.rid));
	return buf;
}

char *pci_rid_format(uint16_t rid, char *buf, size_t n)
{
	snprintf(buf, n, "%02x:%02x.%x", PCI_RID_BUS(rid), PCI_RID_DEV(rid), PCI_RID_FN(rid));
	return buf;
}
