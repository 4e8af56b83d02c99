-- SPDX-License-Identifier: GPL-2.0-only
--[[
Wireshark dissector for the HiSilicon PTT trace entries that
`pciescope report --pcap FILE` writes (docs/ecosystem.md has the file format).

Link type LINKTYPE_USER5 (152, Wireshark's "USER 5"); every packet is a
16-byte pseudo-header ("PTT", version 1, format, direction, stream offset)
and one 4DW or 8DW entry.  The fields are those of `pciescope report --json`
under the prefix "ptt." (Wireshark has no protocol of that name), decoded
the same way: a 4DW entry's TLP DW0 is rebuilt from the fields the entry
keeps, and with TH set the low two address bits are the Processing Hint.

Non-posted requests are matched with their completions by Requester ID and
tag, as pciescope's analyser does: a request is closed by the completion
whose Byte Count leaves nothing after it, or by any completion with an error
status.  The matching is made on the first pass over the capture (in order),
so "response in" shows in the GUI and with `tshark -2`.

Install: `make install` puts this file in Wireshark's global Lua plugin
directory; or copy it to ~/.local/lib/wireshark/plugins/.
--]]

local ptt = Proto("ptt", "HiSilicon PCIe Tune and Trace entry")

local FORMATS = { [0] = "4dw", [1] = "8dw" }
local DIRS = { [0] = "in", [1] = "out", [2] = "unknown" }
local STATUS = { [0] = "SC", [1] = "UR", [2] = "CRS", [3] = "rsvd", [4] = "CA",
		 [5] = "rsvd", [6] = "rsvd", [7] = "rsvd" }
local ROUTING = { [0] = "rc", [1] = "addr", [2] = "id", [3] = "bcast", [4] = "local",
		  [5] = "gather", [6] = "rsvd", [7] = "rsvd" }
local MSG_CODES = {
	[0x00] = "Unlock", [0x01] = "Invalidate_Request", [0x02] = "Invalidate_Completion",
	[0x04] = "Page_Request", [0x05] = "PRG_Response", [0x10] = "LTR", [0x12] = "OBFF",
	[0x14] = "PM_Active_State_Nak", [0x18] = "PM_PME", [0x19] = "PME_Turn_Off",
	[0x1b] = "PME_TO_Ack", [0x20] = "Assert_INTA", [0x21] = "Assert_INTB",
	[0x22] = "Assert_INTC", [0x23] = "Assert_INTD", [0x24] = "Deassert_INTA",
	[0x25] = "Deassert_INTB", [0x26] = "Deassert_INTC", [0x27] = "Deassert_INTD",
	[0x30] = "ERR_COR", [0x31] = "ERR_NONFATAL", [0x33] = "ERR_FATAL",
	[0x50] = "Set_Slot_Power_Limit", [0x52] = "PTM_Request", [0x53] = "PTM_Response",
	[0x7e] = "Vendor_Defined_Type0", [0x7f] = "Vendor_Defined_Type1",
}
local PREFIX_NAMES = { [0x80] = "MR-IOV", [0x8e] = "VendPrefixL0", [0x8f] = "VendPrefixL1",
		       [0x90] = "TPH", [0x91] = "PASID", [0x9e] = "VendPrefixE0",
		       [0x9f] = "VendPrefixE1" }

-- Kind of a header from Fmt and Type (PCIe r5.0 Table 2-3), with its shape
-- (which fields it carries, as in report --json) and flow-control class.
local KINDS = {}
local function kind(fmt, types, name, shape, class)
	for _, t in ipairs(types) do
		KINDS[fmt * 32 + t] = { name = name, shape = shape, class = class }
	end
end
local function range(a, b)
	local r = {}
	for i = a, b do r[#r + 1] = i end
	return r
end
kind(0, { 0 }, "MRd32", "mem", "NP"); kind(1, { 0 }, "MRd64", "mem", "NP")
kind(0, { 1 }, "MRdLk32", "mem", "NP"); kind(1, { 1 }, "MRdLk64", "mem", "NP")
kind(2, { 0 }, "MWr32", "mem", "P"); kind(3, { 0 }, "MWr64", "mem", "P")
kind(0, { 2 }, "IORd", "mem", "NP"); kind(2, { 2 }, "IOWr", "mem", "NP")
kind(0, { 4 }, "CfgRd0", "cfg", "NP"); kind(2, { 4 }, "CfgWr0", "cfg", "NP")
kind(0, { 5 }, "CfgRd1", "cfg", "NP"); kind(2, { 5 }, "CfgWr1", "cfg", "NP")
kind(1, range(16, 23), "Msg", "msg", "P"); kind(3, range(16, 23), "MsgD", "msg", "P")
kind(0, { 10 }, "Cpl", "cpl", "CPL"); kind(2, { 10 }, "CplD", "cpl", "CPL")
kind(0, { 11 }, "CplLk", "cpl", "CPL"); kind(2, { 11 }, "CplDLk", "cpl", "CPL")
kind(2, { 12 }, "FetchAdd32", "atomic", "NP"); kind(3, { 12 }, "FetchAdd64", "atomic", "NP")
kind(2, { 13 }, "Swap32", "atomic", "NP"); kind(3, { 13 }, "Swap64", "atomic", "NP")
kind(2, { 14 }, "CAS32", "atomic", "NP"); kind(3, { 14 }, "CAS64", "atomic", "NP")
kind(4, range(0, 15), "LPrfx", "none", nil); kind(4, range(16, 31), "EPrfx", "none", nil)
local UNKNOWN = { name = "Unknown", shape = "none" }
-- Kinds whose TH bit announces hints (memory requests and AtomicOps, not IO).
local TPH_KINDS = { MRd32 = 1, MRd64 = 1, MRdLk32 = 1, MRdLk64 = 1, MWr32 = 1, MWr64 = 1,
		    FetchAdd32 = 1, FetchAdd64 = 1, Swap32 = 1, Swap64 = 1, CAS32 = 1, CAS64 = 1 }

local F = {
	magic = ProtoField.string("ptt.magic", "Magic"),
	version = ProtoField.uint8("ptt.version", "Pseudo-header version"),
	format = ProtoField.string("ptt.format", "Entry format"),
	direction = ProtoField.string("ptt.direction", "Direction"),
	offset = ProtoField.uint64("ptt.offset", "Trace stream offset"),
	entry = ProtoField.bytes("ptt.entry", "Entry"),
	entry_dw0 = ProtoField.uint32("ptt.entry_dw0", "Entry DW0", base.HEX),
	so = ProtoField.bool("ptt.so", "SO"),
	time = ProtoField.uint32("ptt.time", "Time field"),
	prefix = ProtoField.uint32("ptt.prefix", "Prefix", base.HEX),
	prefix_type = ProtoField.string("ptt.prefix.type", "Prefix type"),
	pasid = ProtoField.uint32("ptt.pasid", "PASID", base.HEX),
	pmr = ProtoField.bool("ptt.pasid.pmr", "Privileged Mode Requested"),
	er = ProtoField.bool("ptt.pasid.er", "Execute Requested"),
	dw = ProtoField.uint32("ptt.dw", "Header DW", base.HEX),
	fmt = ProtoField.uint8("ptt.fmt", "Fmt"),
	type = ProtoField.uint8("ptt.type", "Type", base.HEX),
	kind = ProtoField.string("ptt.kind", "Kind"),
	class = ProtoField.string("ptt.class", "Flow-control class"),
	tc = ProtoField.uint8("ptt.tc", "Traffic Class"),
	attr = ProtoField.uint8("ptt.attr", "Attributes (IDO, RO, NS)", base.HEX),
	ln = ProtoField.bool("ptt.ln", "LN"),
	th = ProtoField.bool("ptt.th", "TH (TLP Processing Hints)"),
	td = ProtoField.bool("ptt.td", "TD (digest)"),
	ep = ProtoField.bool("ptt.ep", "EP (poisoned)"),
	at = ProtoField.uint8("ptt.at", "Address Type"),
	length = ProtoField.uint16("ptt.length", "Length (DW, 0 = 1024)"),
	requester = ProtoField.string("ptt.requester", "Requester ID"),
	completer = ProtoField.string("ptt.completer", "Completer ID"),
	tag = ProtoField.uint16("ptt.tag", "Tag"),
	first_be = ProtoField.uint8("ptt.first_be", "First DW BE", base.HEX),
	last_be = ProtoField.uint8("ptt.last_be", "Last DW BE", base.HEX),
	address = ProtoField.uint64("ptt.address", "Address", base.HEX),
	ph = ProtoField.uint8("ptt.ph", "Processing Hint"),
	st = ProtoField.uint8("ptt.st", "Steering Tag", base.HEX),
	status = ProtoField.string("ptt.status", "Completion status"),
	bcm = ProtoField.bool("ptt.bcm", "BCM"),
	byte_count = ProtoField.uint16("ptt.byte_count", "Byte Count"),
	lower_address = ProtoField.uint8("ptt.lower_address", "Lower Address", base.HEX),
	cfg_target = ProtoField.string("ptt.cfg.target", "Configuration target"),
	bus = ProtoField.uint8("ptt.bus", "Bus", base.HEX),
	device = ProtoField.uint8("ptt.device", "Device", base.HEX),
	["function"] = ProtoField.uint8("ptt.function", "Function"),
	register = ProtoField.uint16("ptt.register", "Register Number (DW)"),
	cfg_offset = ProtoField.uint16("ptt.cfg.offset", "Register offset (bytes)", base.HEX),
	message_code = ProtoField.uint8("ptt.message_code", "Message Code", base.HEX),
	message = ProtoField.string("ptt.message", "Message"),
	routing = ProtoField.string("ptt.routing", "Message routing"),
	msg_dw2 = ProtoField.uint32("ptt.msg_dw2", "Message DW2", base.HEX),
	msg_dw3 = ProtoField.uint32("ptt.msg_dw3", "Message DW3", base.HEX),
	response_in = ProtoField.framenum("ptt.response_in", "Response in", base.NONE,
					  frametype.RESPONSE),
	request_in = ProtoField.framenum("ptt.request_in", "Request in", base.NONE,
					 frametype.REQUEST),
	latency = ProtoField.relative_time("ptt.latency", "Latency (request to last completion)"),
	since_request = ProtoField.relative_time("ptt.time_since_request", "Time since request"),
	completions = ProtoField.uint16("ptt.completions", "Completions"),
}
local fields = {}
for _, f in pairs(F) do fields[#fields + 1] = f end
ptt.fields = fields

local X = {
	cpl_error = ProtoExpert.new("ptt.cpl_error.expert", "Error completion",
				    expert.group.RESPONSE_CODE, expert.severity.WARN),
	poisoned = ProtoExpert.new("ptt.poisoned.expert", "Poisoned TLP (EP set)",
				   expert.group.MALFORMED, expert.severity.ERROR),
	err_cor = ProtoExpert.new("ptt.err_cor.expert", "Correctable error message (ERR_COR)",
				  expert.group.PROTOCOL, expert.severity.NOTE),
	err_nonfatal = ProtoExpert.new("ptt.err_nonfatal.expert",
				       "Non-fatal error message (ERR_NONFATAL)",
				       expert.group.PROTOCOL, expert.severity.WARN),
	err_fatal = ProtoExpert.new("ptt.err_fatal.expert", "Fatal error message (ERR_FATAL)",
				    expert.group.PROTOCOL, expert.severity.ERROR),
	unmatched = ProtoExpert.new("ptt.unmatched.expert",
				    "Completion without an outstanding request in the trace",
				    expert.group.SEQUENCE, expert.severity.NOTE),
}
ptt.experts = { X.cpl_error, X.poisoned, X.err_cor, X.err_nonfatal, X.err_fatal, X.unmatched }
local ERR_MSG = { [0x30] = X.err_cor, [0x31] = X.err_nonfatal, [0x33] = X.err_fatal }

-- Matching state, built on the first pass and read on later ones.
local open, req_of, txn_of, ts_of
function ptt.init()
	open = {}   -- "requester/tag" -> request frame
	req_of = {} -- completion frame -> request frame
	txn_of = {} -- request frame -> { last = frame, n = completions }
	ts_of = {}  -- frame -> time
end

-- Nanoseconds from the first packet: pinfo.abs_ts, a double, is too coarse
-- for nanoseconds since 1970; the relative time is exact for 104 days.
local function ns_of(pinfo)
	return math.floor(pinfo.rel_ts * 1e9 + 0.5)
end

local function nstime(ns)
	return NSTime.new(math.floor(ns / 1e9), ns % 1e9)
end

local band, rshift, lshift = bit32.band, bit32.rshift, bit32.lshift
local function bits(v, hi, lo)
	return band(rshift(v, lo), lshift(1, hi - lo + 1) - 1)
end

local function rid(v)
	return string.format("%02x:%02x.%d", rshift(v, 8), bits(v, 7, 3), band(v, 7))
end

-- TLP DW0 from a 4DW entry's DW0 (docs/trace-format.md): Fmt[1:0], Type, T9, T8, TH, Length.
local function dw0_of_4dw(w)
	return bits(w, 31, 30) * 2 ^ 29 + bits(w, 29, 25) * 2 ^ 24 + bits(w, 24, 24) * 2 ^ 23 +
	       bits(w, 23, 23) * 2 ^ 19 + bits(w, 22, 22) * 2 ^ 16 + bits(w, 20, 11)
end

-- The header fields (tlp_decode's), shape by shape.
local function decode(d, k)
	local h = {
		fmt = bits(d[0], 31, 29), type = bits(d[0], 28, 24), t9 = bits(d[0], 23, 23),
		tc = bits(d[0], 22, 20), t8 = bits(d[0], 19, 19),
		attr = bits(d[0], 18, 18) * 4 + bits(d[0], 13, 12), ln = bits(d[0], 17, 17),
		th = bits(d[0], 16, 16), td = bits(d[0], 15, 15), ep = bits(d[0], 14, 14),
		at = bits(d[0], 11, 10), length = bits(d[0], 9, 0),
	}
	if k.shape == "none" then return h end
	local rq = k.shape == "cpl" and d[2] or d[1]
	h.requester = rshift(rq, 16)
	h.tag = h.t9 * 512 + h.t8 * 256 + bits(rq, 15, 8)
	if k.shape == "cpl" then
		h.completer = rshift(d[1], 16)
		h.status = bits(d[1], 15, 13)
		h.bcm = bits(d[1], 12, 12)
		h.byte_count = bits(d[1], 11, 0)
		h.lower_address = bits(d[2], 6, 0)
	elseif k.shape == "msg" then
		h.message_code = bits(d[1], 7, 0)
		h.msg_dw2, h.msg_dw3 = d[2], d[3]
	else
		h.first_be, h.last_be = bits(d[1], 3, 0), bits(d[1], 7, 4)
	end
	if k.shape == "cfg" then
		h.target = rshift(d[2], 16)
		h.register = bits(d[2], 11, 2)
	elseif k.shape == "mem" or k.shape == "atomic" then
		local four = band(h.fmt, 1) == 1
		h.address = four and UInt64(d[3], d[2]) or UInt64(d[2], 0)
		if h.th == 1 and TPH_KINDS[k.name] then
			h.ph = band(four and d[3] or d[2], 3)
			h.address = h.address:band(UInt64(0xfffffffc, 0xffffffff))
			h.st = (k.name == "MWr32" or k.name == "MWr64") and band(h.tag, 0xff)
			       or h.last_be * 16 + h.first_be
		end
	end
	return h
end

-- Payload bytes a completion carries of its request's Byte Count (analysis_match.h).
local function cpl_is_last(h, kname)
	local bc = h.byte_count == 0 and 4096 or h.byte_count
	if h.status ~= 0 or kname == "Cpl" or kname == "CplLk" then return true end
	local len = band(h.fmt, 2) ~= 0 and (h.length == 0 and 1024 or h.length) * 4 or 0
	local carried = math.max(len - band(h.lower_address, 3), 0)
	return bc <= carried
end

local function match(pinfo, h, k)
	local n = pinfo.number
	local key = h.requester and (h.requester * 1024 + h.tag)
	if pinfo.visited or not key then return end
	ts_of[n] = ns_of(pinfo)
	if k.class == "NP" then
		open[key] = n
		txn_of[n] = { n = 0 }
	elseif k.class == "CPL" and open[key] then
		local r = open[key]
		req_of[n] = r
		txn_of[r].n = txn_of[r].n + 1
		if cpl_is_last(h, k.name) then
			txn_of[r].last = n
			open[key] = nil
		end
	end
end

local function add_matching(tree, pinfo, tvb, h, k)
	local n = pinfo.number
	if k.class == "NP" and txn_of[n] and txn_of[n].last then
		local last = txn_of[n].last
		tree:add(F.response_in, tvb(), last):set_generated()
		tree:add(F.latency, tvb(), nstime(ts_of[last] - ts_of[n])):set_generated()
		tree:add(F.completions, tvb(), txn_of[n].n):set_generated()
	elseif k.class == "CPL" then
		local r = req_of[n]
		if r then
			tree:add(F.request_in, tvb(), r):set_generated()
			tree:add(F.since_request, tvb(), nstime(ts_of[n] - ts_of[r])):set_generated()
		else
			tree:add_proto_expert_info(X.unmatched)
		end
	end
end

local function add_fields(tree, hr, h, k, info)
	local function add(f, v, r) return tree:add(f, r, v) end
	local rq = h.completer and hr(8, 4) or hr(4, 4)
	if h.completer then
		add(F.completer, rid(h.completer), hr(4, 2))
		add(F.status, STATUS[h.status], hr(4, 4))
		add(F.bcm, h.bcm, hr(4, 4))
		add(F.byte_count, h.byte_count, hr(4, 4))
		add(F.lower_address, h.lower_address, hr(8, 4))
		info[#info + 1] = string.format("cpl=%s status=%s", rid(h.completer), STATUS[h.status])
		if h.status ~= 0 then
			tree:add_proto_expert_info(X.cpl_error, "Error completion: " .. STATUS[h.status])
		end
	end
	add(F.requester, rid(h.requester), rq(0, 2))
	add(F.tag, h.tag, rq(2, 1))
	info[#info + 1] = string.format("req=%s tag=%d", rid(h.requester), h.tag)
	if h.completer then
		info[#info + 1] = string.format("bc=%d la=0x%02x", h.byte_count, h.lower_address)
	end
	if h.address then
		add(F.address, h.address, hr(8, 8))
		info[#info + 1] = "addr=0x" .. h.address:tohex()
		if h.ph then
			add(F.ph, h.ph, hr(band(h.fmt, 1) == 1 and 12 or 8, 4))
			add(F.st, h.st, hr(4, 4))
			info[#info + 1] = string.format("ph=%d st=0x%02x", h.ph, h.st)
		end
	end
	if h.target then
		add(F.cfg_target, rid(h.target), hr(8, 2))
		add(F.bus, rshift(h.target, 8), hr(8, 1))
		add(F.device, bits(h.target, 7, 3), hr(9, 1))
		add(F["function"], band(h.target, 7), hr(9, 1))
		add(F.register, h.register, hr(8, 4))
		add(F.cfg_offset, h.register * 4, hr(8, 4))
		info[#info + 1] = string.format("cfg=%s reg=0x%03x", rid(h.target), h.register * 4)
	end
	-- AtomicOps keep byte enables reserved; with TH a read carries the ST
	-- where its byte enables were (only memory writes keep both).
	local st_in_be = h.ph and k.name ~= "MWr32" and k.name ~= "MWr64"
	if h.first_be and k.shape ~= "atomic" and not st_in_be then
		add(F.first_be, h.first_be, hr(4, 4))
		add(F.last_be, h.last_be, hr(4, 4))
	end
	if h.message_code then
		local name = MSG_CODES[h.message_code]
		add(F.message_code, h.message_code, hr(4, 4))
		if name then add(F.message, name, hr(4, 4)) end
		add(F.routing, ROUTING[band(h.type, 7)], hr(0, 4))
		add(F.msg_dw2, h.msg_dw2, hr(8, 4))
		add(F.msg_dw3, h.msg_dw3, hr(12, 4))
		info[#info + 1] = string.format("code=0x%02x%s", h.message_code,
						name and "(" .. name .. ")" or "")
		if ERR_MSG[h.message_code] then tree:add_proto_expert_info(ERR_MSG[h.message_code]) end
	end
end

local function add_dw0(tree, r, h, k, rebuilt)
	local function add(f, v)
		local it = tree:add(f, r, v)
		if rebuilt then it:set_generated() end
	end
	add(F.fmt, h.fmt); add(F.type, h.type)
	add(F.kind, k.name)
	if k.class then add(F.class, k.class) end
	add(F.length, h.length)
	-- A prefix or a reserved encoding has no header attributes to speak of.
	if k.shape == "none" then return end
	add(F.tc, h.tc); add(F.attr, h.attr); add(F.ln, h.ln); add(F.th, h.th)
	add(F.td, h.td); add(F.ep, h.ep); add(F.at, h.at)
	if h.ep == 1 then tree:add_proto_expert_info(X.poisoned) end
end

local function add_prefix(tree, r, p)
	tree:add_le(F.prefix, r)
	if p == 0 then return end
	tree:add(F.prefix_type, r, PREFIX_NAMES[rshift(p, 24)] or "rsvd")
	if rshift(p, 24) == 0x91 then
		tree:add(F.pasid, r, band(p, 0xfffff))
		tree:add(F.pmr, r, bits(p, 23, 23))
		tree:add(F.er, r, bits(p, 22, 22))
	end
end

function ptt.dissector(tvb, pinfo, root)
	if tvb:len() < 16 or tvb(0, 3):string() ~= "PTT" or tvb(3, 1):uint() ~= 1 then
		return 0
	end
	local fmt = tvb(4, 1):uint()
	local esz = fmt == 1 and 32 or 16
	if not FORMATS[fmt] or tvb:len() < 16 + esz then return 0 end
	pinfo.cols.protocol = "PTT"
	local tree = root:add(ptt, tvb(0, 16 + esz))
	local ph = tree:add(tvb(0, 16), "Pseudo-header")
	ph:add(F.magic, tvb(0, 3)); ph:add(F.version, tvb(3, 1))
	ph:add(F.format, tvb(4, 1), FORMATS[fmt])
	ph:add(F.direction, tvb(5, 1), DIRS[tvb(5, 1):uint()] or "unknown")
	ph:add_le(F.offset, tvb(8, 8))
	local e = tvb(16, esz):tvb()
	tree:add(F.entry, e())

	local d, hoff, rebuilt = {}, 8, false
	if fmt == 1 then
		for i = 0, 3 do d[i] = e(8 + 4 * i, 4):le_uint() end
		add_prefix(tree, e(4, 4), e(4, 4):le_uint())
		tree:add_le(F.time, e(28, 4))
	else
		local w = e(0, 4):le_uint()
		tree:add_le(F.entry_dw0, e(0, 4))
		tree:add(F.so, e(0, 4), bits(w, 21, 21))
		tree:add(F.time, e(0, 4), band(w, 0x7ff))
		d[0] = dw0_of_4dw(w)
		for i = 1, 3 do d[i] = e(4 * i, 4):le_uint() end
		hoff, rebuilt = 0, true
	end
	-- hr(o, n): bytes of header DW o/4 in the entry (4DW: DW0 is the entry's own word).
	local function hr(o, n) return e(hoff + o, n) end
	for i = rebuilt and 1 or 0, 3 do tree:add_le(F.dw, hr(4 * i, 4)) end

	local k = KINDS[rshift(d[0], 24)] or UNKNOWN
	local h = decode(d, k)
	local info = { k.name }
	add_dw0(tree, hr(0, 4), h, k, rebuilt)
	if h.requester then
		-- Source and Destination columns: who sent it, who it is for (completions: the requester).
		pinfo.cols.src = rid(h.completer or h.requester)
		if h.completer then pinfo.cols.dst = rid(h.requester) end
		add_fields(tree, hr, h, k, info)
		match(pinfo, h, k)
		add_matching(tree, pinfo, tvb, h, k)
	end
	pinfo.cols.info = table.concat(info, " ")
	return 16 + esz
end

DissectorTable.get("wtap_encap"):add(wtap.USER5, ptt)
