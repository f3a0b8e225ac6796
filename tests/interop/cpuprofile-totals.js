// cpuprofile-totals.js FILE: what a .cpuprofile (Chrome's and V8's,
// gzip or not; the DevTools protocol's nodes, or the older tree of
// "head") says per function, read here without the project's code: a
// line per function name, as speedscope names it ("(anonymous app.js:12)"
// for an empty one of a file, its lineNumber + 1 where it has one, -1
// included: ":0"; "(anonymous)" else),
// "n<TAB>name<TAB>self<TAB>total" in samples and
// "w<TAB>name<TAB>self<TAB>total" in nanoseconds of the time each sample
// stands for, as speedscope weighs it: the time to the next sample (the
// last: none), the samples in time order (V8 stamps one before the one
// before it now and then: DevTools sorts them); self of its nodes, total
// of those with it on their path to the root ("(root)" itself not a
// frame); then "#period NS": V8's mean interval, (endTime - startTime) /
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
	const base = cf.url ? cf.url.split("/").pop() : "";
	const name = cf.functionName || (cf.url ? "(anonymous " + base +
	    (cf.lineNumber != null ? ":" + (cf.lineNumber + 1) : "") + ")" :
	    "(anonymous)");
	nodes.set(n.id, { name: name, parent: parent });
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

// each sample's time, in microseconds, and its place in time order
let times;
if (prof.timestamps)	// the older format's first: the profile's start
	times = prof.timestamps.slice(prof.timestamps.length ===
	    prof.samples.length + 1 ? 1 : 0);
else if (prof.timeDeltas) {
	let t = prof.startTime;
	times = prof.timeDeltas.map((d) => (t += d));
}
const order = prof.samples.map((_, i) => i);
if (times)
	order.sort((a, b) => times[a] - times[b] || a - b);
const weight = new Array(prof.samples.length).fill(0);
if (times)
	for (let k = 0; k + 1 < order.length; k++)
		weight[order[k]] = Math.round((times[order[k + 1]] -
		    times[order[k]]) * 1000);

const self = { n: new Map(), w: new Map() };
const total = { n: new Map(), w: new Map() };
const add_to = (m, k, v) => m.set(k, (m.get(k) || 0) + v);
prof.samples.forEach((id, i) => {
	const seen = new Set();
	let first = true;
	for (let n = nodes.get(id); n !== undefined; n = nodes.get(n.parent)) {
		if (n.parent === undefined)
			break;	// (root)
		if (first) {
			add_to(self.n, n.name, 1);
			add_to(self.w, n.name, weight[i]);
		}
		first = false;
		if (!seen.has(n.name)) {
			add_to(total.n, n.name, 1);
			add_to(total.w, n.name, weight[i]);
		}
		seen.add(n.name);
	}
});
const esc = (s) => s.replace(/[\\\t\n\r]/g, (c) =>
    ({ "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" })[c]);
for (const k of ["n", "w"])
	for (const [name, t] of total[k])
		if (k === "n" || t !== 0)
			console.log(`${k}\t${esc(name)}\t${self[k].get(name) ||
			    0}\t${t}`);
const us = prof.timestamps ?
    prof.timestamps[prof.timestamps.length - 1] - prof.timestamps[0] :
    prof.endTime - prof.startTime;
console.log(`#period ${Math.round(us * 1000 / prof.samples.length)}`);
