// jfr-counts.js: what `jfr print --json` (the JDK's own reader) shows of
// a recording, on standard input, as jfr2tsv names it: for each kind of
// event jfr2tsv reads, its count type's total and each leaf method's
// count ("package.Class.method"), and its amount type's (bytes, or a
// duration in nanoseconds) total and each leaf method's sum:
// "type<tab>function<tab>value" lines; "time<tab>N" for every event's
// startTime in nanoseconds since 1970.
'use strict';
const kinds = {
  'jdk.ExecutionSample': ['cpu'],
  'jdk.NativeMethodSample': ['native'],
  'jdk.ObjectAllocationInNewTLAB': ['alloc_in_new_tlab_objects', 'alloc_in_new_tlab_bytes', 'tlabSize'],
  'jdk.ObjectAllocationOutsideTLAB': ['alloc_outside_tlab_objects', 'alloc_outside_tlab_bytes', 'allocationSize'],
  'jdk.ObjectAllocationSample': ['alloc_sample_objects', 'alloc_sample_bytes', 'weight'],
  'jdk.JavaMonitorEnter': ['lock_count', 'lock_duration', 'duration'],
  'jdk.ThreadPark': ['park_count', 'park_duration', 'duration'],
};
// an ISO instant (nanoseconds written) as nanoseconds since 1970
function instant(s) {
  const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?Z$/.exec(s);
  const frac = ((m[2] || '') + '000000000').slice(0, 9);
  return BigInt(Date.parse(m[1] + 'Z')) * 1000000n + BigInt(frac);
}
// an ISO duration (PT...S) as nanoseconds
function duration(s) {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)(?:\.(\d+))?S)?$/.exec(s);
  if (!m) throw new Error('duration ' + s);
  const frac = ((m[4] || '') + '000000000').slice(0, 9);
  return ((BigInt(m[1] || 0) * 60n + BigInt(m[2] || 0)) * 60n + BigInt(m[3] || 0)) * 1000000000n +
    BigInt(frac);
}
const j = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const sums = new Map(), out = [];
function add(k, v) { sums.set(k, (sums.get(k) || 0n) + v); }
for (const ev of j.recording.events) {
  const k = kinds[ev.type];
  if (!k) continue;
  const v = ev.values, st = v.stackTrace;
  let leaf = null;
  if (st && st.frames.length > 0) {
    const m = st.frames[0].method;
    leaf = m.type.name.replace(/\//g, '.') + '.' + m.name;
  }
  out.push('time\t' + instant(v.startTime));
  add(k[0] + '\ttotal', 1n);
  if (leaf !== null) add(k[0] + '\t' + leaf, 1n);
  if (k[1]) {
    const a = k[2] === 'duration' ? duration(v.duration) : BigInt(v[k[2]]);
    add(k[1] + '\ttotal', a);
    if (leaf !== null) add(k[1] + '\t' + leaf, a);
  }
}
for (const [k, v] of sums) if (v !== 0n || k.endsWith('\ttotal')) out.push(k + '\t' + v);
console.log(out.join('\n'));
