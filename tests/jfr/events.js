// events.js print.json | events.js --stream STREAM: every event jfr2tsv
// reads, a line each, as `jfr print --json` (the JDK's reader) shows it
// (print.js), or as a profile stream has its sample: its time (ns since
// 1970), its count's type and count, its amount (bytes or ns; "-" for
// none), its thread and its stack, leaf first
// ("package.Class.method:line" joined by ";"). Sorted, the two must be
// one list.
'use strict';
const fs = require('fs');
const { kinds, events } = require('./print.js');
const counts = new Set(Object.values(kinds).map((k) => k[0]));
const out = [];
if (process.argv[2] === '--stream') {
  const { rows, samples } = require('../stream.js').read(process.argv[3]);
  const fn = new Map(), loc = new Map();
  for (const r of rows.functions || []) fn.set(r[1], r[2]);
  for (const r of rows.locations || []) loc.set(r[1], fn.get(r[2]) + ':' + (r[3] === 'NA' ? '-1' : r[3]));
  for (const [, x] of samples) {
    const count = x.vals.find((v) => counts.has(v[0]));
    const amount = x.vals.find((v) => v !== count);
    out.push([x.time, count[0], count[1], amount ? amount[1] : '-', x.labels.thread || '-',
      x.locs.map((l) => loc.get(l)).join(';')].join('\t'));
  }
} else {
  for (const ev of events(fs.readFileSync(0, 'utf8')))
    out.push([ev.time, ev.count[0], ev.count[1], ev.amount ? ev.amount[1] : '-', ev.thread,
      ev.frames.join(';')].join('\t'));
}
console.log(out.sort().join('\n'));
