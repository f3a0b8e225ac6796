// otlp-json.js: OTLP/JSON through protobufjs (not this project's code), the
// OTLP JSON encoding's one difference from proto3's kept here: trace,
// span and profile ids are hex, not base64.
//   otlp-json.js encode PROTO IN.json OUT  each line's message, protobuf,
//                                         to OUT.1, OUT.2, ...
//   otlp-json.js decode PROTO IN.pb        the message as a line of JSON
// PROTO declares as string the fields OTLP has as strings (string_table,
// KeyValue.key, AnyValue.string_value).
"use strict";
const fs = require("fs");
const protobuf = require("protobufjs");

const [mode, proto, input, out] = process.argv.slice(2);
const root = protobuf.loadSync(proto);
const T = root.lookupType("opentelemetry.proto.profiles.v1development.ProfilesData");
const ids = new Set(["profileId", "traceId", "spanId"]);

// every id of o from one encoding of bytes to the other
function walk(o, from, to) {
	if (Array.isArray(o)) return o.forEach((v) => walk(v, from, to));
	if (o === null || typeof o !== "object") return;
	for (const k of Object.keys(o)) {
		if (ids.has(k) && typeof o[k] === "string")
			o[k] = Buffer.from(o[k], from).toString(to);
		else
			walk(o[k], from, to);
	}
}

if (mode === "encode") {
	const lines = fs.readFileSync(input, "utf8").split("\n").filter((l) => l !== "");
	lines.forEach((line, i) => {
		const o = JSON.parse(line);
		walk(o, "hex", "base64");
		const err = T.verify(T.fromObject(o));
		if (err) throw new Error("line " + (i + 1) + ": " + err);
		fs.writeFileSync(out + "." + (i + 1), T.encode(T.fromObject(o)).finish());
	});
} else {
	const o = T.toObject(T.decode(fs.readFileSync(input)),
	    { longs: String, bytes: String, defaults: false });
	walk(o, "base64", "hex");
	process.stdout.write(JSON.stringify(o) + "\n");
}
