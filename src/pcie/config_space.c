// SPDX-License-Identifier: GPL-2.0-only
/*
 * Configuration space images and their reading back (see pcie/config.h).
 * The image puts the PCI Express capability at 0x40 and AER at 0x100, where
 * many real functions have them; the parser does not rely on that and walks
 * the capability lists as lspci does, with a bound on the walk so a looping
 * list (a broken device, a fuzzer) ends.  Multi-byte registers are little
 * endian whatever the host is: bytes are assembled, never cast.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <pciescope/pcie/config.h>

#define CAP_EXP 0x10
#define ECAP_AER 0x0001
#define EXP 0x40 /* where the image puts the PCI Express capability */
#define AER 0x100

static void put16(uint8_t *b, size_t off, uint16_t v)
{
	b[off] = (uint8_t)v;
	b[off + 1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *b, size_t off, uint32_t v)
{
	put16(b, off, (uint16_t)v);
	put16(b, off + 2, (uint16_t)(v >> 16));
}

static uint16_t get16(const uint8_t *b, size_t off)
{
	return (uint16_t)(b[off] | b[off + 1] << 8);
}

static uint32_t get32(const uint8_t *b, size_t off)
{
	return get16(b, off) | (uint32_t)get16(b, off + 2) << 16;
}

/* 128 << code bytes; codes above 5 are reserved and read as 4096. */
static unsigned size_code(unsigned bytes)
{
	unsigned c = 0;

	while (c < 5 && (128u << c) < bytes)
		c++;
	return c;
}

static unsigned code_size(unsigned code)
{
	return 128u << (code > 5 ? 5 : code);
}

static void build_express(const struct pcie_cfg *c, uint8_t *b)
{
	bool link = c->type != PCIE_TYPE_RCIEP && !c->vf;
	uint32_t lnkcap2 = 0;

	b[EXP] = CAP_EXP;
	put16(b, EXP + 0x02, (uint16_t)(2 | c->type << 4));
	put32(b, EXP + 0x04, size_code(c->mps_cap));
	put16(b, EXP + 0x08, (uint16_t)(size_code(c->mps) << 5 | size_code(c->mrrs) << 12));
	if (!link)
		return;
	put32(b, EXP + 0x0c,
	      (uint32_t)(c->max_speed & 0xf) | (uint32_t)(c->max_width & 0x3f) << 4 |
		  (c->aspm_cap & 3) << 10);
	put16(b, EXP + 0x10, (uint16_t)(c->aspm_ctl & 3));
	put16(b, EXP + 0x12, (uint16_t)((c->speed & 0xf) | (c->width & 0x3f) << 4));
	for (int g = 1; g <= c->max_speed && g <= 7; g++)
		lnkcap2 |= 1u << g;
	put32(b, EXP + 0x2c, lnkcap2);
	put16(b, EXP + 0x30, (uint16_t)(c->max_speed & 0xf)); /* Target Link Speed */
}

size_t pcie_cfg_build(const struct pcie_cfg *c, uint8_t *b)
{
	memset(b, 0, PCIE_CFG_SIZE);
	put16(b, 0x00, c->vendor);
	put16(b, 0x02, c->device);
	put16(b, 0x04, 0x0006); /* memory space, bus master */
	put16(b, 0x06, 0x0010); /* capabilities list */
	b[0x09] = (uint8_t)c->class_code;
	b[0x0a] = (uint8_t)(c->class_code >> 8);
	b[0x0b] = (uint8_t)(c->class_code >> 16);
	b[0x0e] = c->bridge ? 1 : 0;
	if (c->bridge) {
		b[0x19] = c->secondary;
		b[0x1a] = c->subordinate;
	}
	b[0x34] = EXP;
	build_express(c, b);
	if (c->aer) {
		put32(b, AER, ECAP_AER | 2u << 16);
		put32(b, AER + 0x04, c->uncor_status);
		put32(b, AER + 0x0c, 0x00462030); /* the spec's default severities */
		put32(b, AER + 0x10, c->cor_status);
		put32(b, AER + 0x14, 0x00002000); /* Advisory Non-Fatal masked */
	}
	return PCIE_CFG_SIZE;
}

static void parse_express(const uint8_t *b, size_t at, struct pcie_cfg *o)
{
	uint32_t lnkcap = get32(b, at + 0x0c);
	uint16_t lnksta = get16(b, at + 0x12), devctl = get16(b, at + 0x08);

	o->pcie = true;
	o->type = (enum pcie_port_type)((get16(b, at + 0x02) >> 4) & 0xf);
	o->mps_cap = code_size(get32(b, at + 0x04) & 7);
	o->mps = code_size((devctl >> 5) & 7);
	o->mrrs = code_size((devctl >> 12) & 7);
	o->max_speed = (int)(lnkcap & 0xf);
	o->max_width = (int)((lnkcap >> 4) & 0x3f);
	o->aspm_cap = (lnkcap >> 10) & 3;
	o->aspm_ctl = get16(b, at + 0x10) & 3;
	o->speed = lnksta & 0xf;
	o->width = (lnksta >> 4) & 0x3f;
}

static void find_express(const uint8_t *b, size_t len, struct pcie_cfg *o)
{
	size_t at = b[0x34] & 0xfc;

	for (int hops = 0; at >= 0x40 && at + 0x30 <= len && hops < 48; hops++) {
		if (b[at] == CAP_EXP) {
			parse_express(b, at, o);
			return;
		}
		at = b[at + 1] & 0xfc;
	}
}

static void find_aer(const uint8_t *b, size_t len, struct pcie_cfg *o)
{
	size_t at = AER;

	for (int hops = 0; at >= AER && at + 0x18 <= len && hops < 960; hops++) {
		uint32_t h = get32(b, at);

		if (!h || h == 0xffffffff)
			return;
		if ((h & 0xffff) == ECAP_AER) {
			o->aer = true;
			o->uncor_status = get32(b, at + 0x04);
			o->cor_status = get32(b, at + 0x10);
			return;
		}
		at = (h >> 20) & 0xffc;
	}
}

int pcie_cfg_parse(const uint8_t *b, size_t len, struct pcie_cfg *o)
{
	memset(o, 0, sizeof(*o));
	if (len < 64 || get16(b, 0) == 0xffff)
		return -EINVAL;
	o->vendor = get16(b, 0x00);
	o->device = get16(b, 0x02);
	o->class_code = (uint32_t)b[0x09] | (uint32_t)b[0x0a] << 8 | (uint32_t)b[0x0b] << 16;
	o->bridge = (b[0x0e] & 0x7f) == 1;
	if (o->bridge) {
		o->secondary = b[0x19];
		o->subordinate = b[0x1a];
	}
	if (get16(b, 0x06) & 0x0010)
		find_express(b, len, o);
	if (len >= PCIE_CFG_SIZE)
		find_aer(b, len, o);
	return 0;
}

const char *pcie_aspm_name(unsigned aspm)
{
	static const char *const names[] = {"ASPM Disabled", "ASPM L0s Enabled", "ASPM L1 Enabled",
					    "ASPM L0s L1 Enabled"};

	return names[aspm & 3];
}

void pcie_aer_names(uint32_t status, bool correctable, char *buf, size_t n)
{
	static const struct {
		int bit;
		const char *name;
	} ue[] = {{4, "DLP"},	   {5, "SDES"},	      {12, "TLP"},	{13, "FCP"},
		  {14, "CmpltTO"}, {15, "CmpltAbrt"}, {16, "UnxCmplt"}, {17, "RxOF"},
		  {18, "MalfTLP"}, {19, "ECRC"},      {20, "UnsupReq"}, {21, "ACSViol"}},
	  ce[] = {{0, "RxErr"},	   {6, "BadTLP"},   {7, "BadDLLP"},
		  {8, "Rollover"}, {12, "Timeout"}, {13, "AdvNonFatalErr"}};
	size_t len = 0,
	       count = correctable ? sizeof(ce) / sizeof(ce[0]) : sizeof(ue) / sizeof(ue[0]);

	if (n)
		buf[0] = 0;
	for (size_t i = 0; i < count && len < n; i++) {
		int bit = correctable ? ce[i].bit : ue[i].bit;
		const char *name = correctable ? ce[i].name : ue[i].name;

		if (status >> bit & 1)
			len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? " " : "", name);
	}
}
