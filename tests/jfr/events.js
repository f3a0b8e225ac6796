// events.js print.json | events.js --stream STREAM: every event jfr2tsv
// reads, a line each, as `jfr print --json` (the JDK's reader) shows it,
// or as a profile stream has its sample: its time (ns since 1970), its
// kind (its count's type), its amount (bytes or ns; "-" for none), its
// thread and its stack, leaf first ("package.Class.method:line" joined
// by ";"). Sorted, the two must be one list.
'use strict';
const fs = require('fs');
const kinds = {
  'jdk.ExecutionSample': ['cpu'],
  'jdk.NativeMethodSample': ['native'],
  'jdk.ObjectAllocationInNewTLAB': ['alloc_in_new_tlab_objects', 'tlabSize'],
  'jdk.ObjectAllocationOutsideTLAB': ['alloc_outside_tlab_objects', 'allocationSize'],
  'jdk.ObjectAllocationSample': ['alloc_sample_objects', 'weight'],
  'jdk.JavaMonitorEnter': ['lock_count', 'duration'],
  'jdk.ThreadPark': ['park_count', 'duration'],
};
const out = [];
if (process.argv[2] === '--stream') {
  // the stream's tables, by their rows
  const rows = {};
  for (const l of fs.readFileSync(process.argv[3], 'utf8').split('\n')) {
    if (l === '' || l[0] === '#') continue;
    const c = l.split('\t');
    (rows[c[0]] = rows[c[0]] || []).push(c);
  }
  const fn = new Map(), loc = new Map(), s = new Map();
  for (const r of rows.functions || []) fn.set(r[1], r[2]);
  for (const r of rows.locations || []) loc.set(r[1], fn.get(r[2]) + ':' + (r[3] === 'NA' ? '-1' : r[3]));
  const get = (id) => { let x = s.get(id); if (!x) s.set(id, x = { vals: [], frames: [], thread: '-' }); return x; };
  for (const r of rows.sample_values || []) get(r[1]).vals.push([r[2], r[4]]);
  for (const r of rows.sample_locations || []) get(r[1]).frames[+r[2] - 1] = loc.get(r[3]);
  for (const r of rows['.sample_times'] || []) get(r[1]).time = r[2];
  for (const r of rows['.sample_labels'] || []) if (r[2] === 'thread') get(r[1]).thread = r[3];
  for (const [, x] of s) {
    const count = x.vals.find((v) => v[1] === '1' && /^(cpu|native|.*_objects|.*_count)$/.test(v[0]));
    const amount = x.vals.find((v) => v !== count);
    out.push([x.time, count[0], amount ? amount[1] : '-', x.thread, x.frames.join(';')].join('\t'));
  }
} else {
  const instant = (t) => {
    const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?Z$/.exec(t);
    return BigInt(Date.parse(m[1] + 'Z')) * 1000000n + BigInt(((m[2] || '') + '000000000').slice(0, 9));
  };
  const duration = (t) => {
    const m = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)(?:\.(\d+))?S)?$/.exec(t);
    return ((BigInt(m[1] || 0) * 60n + BigInt(m[2] || 0)) * 60n + BigInt(m[3] || 0)) * 1000000000n +
      BigInt(((m[4] || '') + '000000000').slice(0, 9));
  };
  const j = JSON.parse(fs.readFileSync(0, 'utf8'));
  for (const ev of j.recording.events) {
    const k = kinds[ev.type];
    if (!k) continue;
    const v = ev.values, th = v.sampledThread || v.eventThread;
    const frames = v.stackTrace ? v.stackTrace.frames.map((f) =>
      f.method.type.name.replace(/\//g, '.') + '.' + f.method.name + ':' + f.lineNumber) : [];
    const amount = k[1] === undefined ? '-' : k[1] === 'duration' ? duration(v.duration) : v[k[1]];
    out.push([instant(v.startTime), k[0], amount, th ? th.javaName || th.osName : '-',
      frames.join(';')].join('\t'));
  }
}
console.log(out.sort().join('\n'));
