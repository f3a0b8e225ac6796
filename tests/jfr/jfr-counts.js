// jfr-counts.js: what `jfr print --json` (the JDK's own reader) shows of
// a recording, on standard input, as jfr2tsv names it (print.js): for
// each kind of event jfr2tsv reads, its count type's total and each leaf
// method's count ("package.Class.method"), and its amount type's (bytes,
// or nanoseconds) total and each leaf method's sum:
// "type<tab>function<tab>value" lines; "time<tab>N" for every event's
// startTime in nanoseconds since 1970.
'use strict';
const { events } = require('./print.js');
const sums = new Map(), out = [];
function add(k, v) { sums.set(k, (sums.get(k) || 0n) + v); }
for (const ev of events(require('fs').readFileSync(0, 'utf8'))) {
  out.push('time\t' + ev.time);
  for (const [t, n] of [ev.count, ev.amount || []]) {
    if (t === undefined) continue;
    add(t + '\ttotal', n);
    if (ev.leaf !== null) add(t + '\t' + ev.leaf, n);
  }
}
for (const [k, v] of sums) if (v !== 0n || k.endsWith('\ttotal')) out.push(k + '\t' + v);
console.log(out.join('\n'));
