// otlp-json-twin.js PROTO FILE: FILE, one OTLP ProfilesData in the wire
// layout PROTO describes (tests/otlp/v18.proto, v19.proto, proto/otlp.proto),
// as OTLP/JSON on standard output, as the Collector writes it: its
// lowerCamelCase keys, 64-bit integers as decimal strings, traceId,
// spanId and profileId as hex, other bytes as base64, enums as numbers,
// fields at their defaults left out. NODE_PATH finds protobufjs (npm:
// sh tools/deps.sh interop). For the tests' JSON twins of protobuf files.
'use strict';
const fs = require('fs');
const protobuf = require('protobufjs');

const root = protobuf.loadSync(process.argv[2]);
const T = root.lookupType('opentelemetry.proto.profiles.v1development.ProfilesData');
const msg = T.decode(fs.readFileSync(process.argv[3]));
const obj = T.toObject(msg, { longs: String, enums: Number, bytes: String });
const hex = new Set(['traceId', 'spanId', 'profileId']);
(function walk(o) {
  if (Array.isArray(o)) { o.forEach(walk); return; }
  if (o === null || typeof o !== 'object') return;
  for (const k of Object.keys(o)) {
    if (hex.has(k) && typeof o[k] === 'string')
      o[k] = Buffer.from(o[k], 'base64').toString('hex');
    else
      walk(o[k]);
  }
})(obj);
process.stdout.write(JSON.stringify(obj) + '\n');
