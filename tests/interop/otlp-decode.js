// otlp-decode.js PROTO FILE: decodes an OTLP ProfilesData with protobufjs
// (not this project's code) and prints, per sample type, the sum of the
// values of its Samples (a timestamp alone counts 1), the type by name;
// and a line "BAD ..." for each of the layout's rules broken: element 0 of
// every dictionary table the zero value, every index within its table,
// values and timestamps of one length.
"use strict";
const fs = require("fs");
const protobuf = require("protobufjs");

const root = protobuf.loadSync(process.argv[2]);
const T = root.lookupType("opentelemetry.proto.profiles.v1development.ProfilesData");
const msg = T.toObject(T.decode(fs.readFileSync(process.argv[3])),
    { longs: String, bytes: String, defaults: false, arrays: true });
const d = msg.dictionary || {};
const tables = ["mappingTable", "locationTable", "functionTable", "linkTable",
    "attributeTable", "stackTable"];
const strs = (d.stringTable || []).map((b) => Buffer.from(b, "base64").toString());
// the zero value: every field empty, 0 or false (toObject fills repeated
// fields with [])
function isZero(v) {
	if (Array.isArray(v)) return v.length === 0;
	if (v !== null && typeof v === "object")
		return Object.values(v).every(isZero);
	return v === 0 || v === "0" || v === "" || v === false || v === undefined;
}
for (const t of tables) {
	const a = d[t] || [];
	if (a.length === 0 || !isZero(a[0]))
		console.log("BAD " + t + "[0] is not the zero value");
}
if (strs.length === 0 || strs[0] !== "")
	console.log("BAD string_table[0] is not empty");
function check(i, t, what) {
	const n = t === "stringTable" ? strs.length : (d[t] || []).length;
	if (i !== undefined && (i < 0 || i >= n))
		console.log("BAD " + what + " " + i + " out of " + t);
}
for (const l of d.locationTable || []) {
	check(l.mappingIndex, "mappingTable", "mapping_index");
	for (const ln of l.lines || []) check(ln.functionIndex, "functionTable", "function_index");
	for (const a of l.attributeIndices || []) check(a, "attributeTable", "attribute_index");
}
for (const s of d.stackTable || [])
	for (const i of s.locationIndices || []) check(i, "locationTable", "location_index");
for (const f of d.functionTable || []) {
	check(f.nameStrindex, "stringTable", "name_strindex");
	check(f.filenameStrindex, "stringTable", "filename_strindex");
}
const sums = new Map();
for (const rp of msg.resourceProfiles || [])
	for (const sp of rp.scopeProfiles || [])
		for (const p of sp.profiles || []) {
			const st = p.sampleType || {};
			check(st.typeStrindex, "stringTable", "type_strindex");
			const name = strs[st.typeStrindex || 0];
			let sum = sums.get(name) || 0n;
			for (const s of p.samples || []) {
				check(s.stackIndex, "stackTable", "stack_index");
				check(s.linkIndex, "linkTable", "link_index");
				for (const a of s.attributeIndices || []) check(a, "attributeTable", "attribute_index");
				const v = s.values || [], t = s.timestampsUnixNano || [];
				if (v.length && t.length && v.length !== t.length)
					console.log("BAD values and timestamps of different lengths");
				if (!v.length && !t.length) console.log("BAD a Sample with nothing");
				if (v.length) for (const x of v) sum += BigInt(x);
				else sum += BigInt(t.length);
			}
			sums.set(name, sum);
		}
for (const [k, v] of sums) if (k !== undefined && k !== "") console.log(k + " " + v.toString());
