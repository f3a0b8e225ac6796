// cpuprofile-totals.js FILE: what a .cpuprofile (Chrome's and V8's,
// gzip or not; the DevTools protocol's nodes, or the older tree of
// "head") says per function, read here without the project's code: a
// line per function name (Chrome's "(anonymous)" for an empty one),
// "name<TAB>self<TAB>total" in samples, self the samples of its nodes,
// total those with it on their path to the root ("(root)" itself not a
// frame), then "#period NS": V8's mean interval, (endTime - startTime) /
// samples, in whole nanoseconds (the older format's whole seconds too
// coarse: its first and last timestamps, in microseconds). Names escaped
// as the stream escapes them (\\, \t, \n, \r).
"use strict";
const fs = require("fs");
const zlib = require("zlib");

let text = fs.readFileSync(process.argv[2]);
if (text[0] === 0x1f && text[1] === 0x8b)
	text = zlib.gunzipSync(text);
const prof = JSON.parse(text);

const nodes = new Map();	// id -> { name, parent }
function add(n, parent) {
	const cf = n.callFrame || n;
	nodes.set(n.id, { name: cf.functionName || "(anonymous)",
	    parent: parent });
}
if (prof.nodes) {
	for (const n of prof.nodes) add(n, undefined);
	for (const n of prof.nodes)
		for (const c of n.children || []) nodes.get(c).parent = n.id;
	for (const n of prof.nodes)
		if (n.parent !== undefined) nodes.get(n.id).parent = n.parent;
} else {
	const todo = [[prof.head, undefined]];
	while (todo.length > 0) {
		const [n, parent] = todo.pop();
		add(n, parent);
		for (const c of n.children || []) todo.push([c, n.id]);
	}
}

const self = new Map(), total = new Map();
const bump = (m, k) => m.set(k, (m.get(k) || 0) + 1);
for (const id of prof.samples) {
	const seen = new Set();
	let first = true;
	for (let n = nodes.get(id); n !== undefined; n = nodes.get(n.parent)) {
		if (n.parent === undefined)
			break;	// (root)
		if (first) bump(self, n.name);
		first = false;
		if (!seen.has(n.name)) bump(total, n.name);
		seen.add(n.name);
	}
}
const esc = (s) => s.replace(/[\\\t\n\r]/g, (c) =>
    ({ "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" })[c]);
for (const [name, t] of total)
	console.log(`${esc(name)}\t${self.get(name) || 0}\t${t}`);
const us = prof.timestamps ?
    prof.timestamps[prof.timestamps.length - 1] - prof.timestamps[0] :
    prof.endTime - prof.startTime;
console.log(`#period ${Math.round(us * 1000 / prof.samples.length)}`);
