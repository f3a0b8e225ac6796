// print.js: the events of `jfr print --json` (the JDK's own reader) that
// jfr2tsv reads, each as jfr2tsv names it: for events.js (sample for
// sample) and jfr-counts.js (by leaf method). Facts, not jfr2tsv's code:
// the value types are Pyroscope's and async-profiler's converters' names;
// a wall-clock sample of async-profiler stands for `samples` intervals of
// the recording's "wall" setting (or "interval" when its event is
// "wall"), 0 meaning its default of 50 ms.
'use strict';
// type: [count type, amount type, amount field, how]
const kinds = {
  'jdk.ExecutionSample': ['cpu'],
  'jdk.NativeMethodSample': ['native'],
  'jdk.ObjectAllocationInNewTLAB': ['alloc_in_new_tlab_objects', 'alloc_in_new_tlab_bytes', 'tlabSize'],
  'jdk.ObjectAllocationOutsideTLAB': ['alloc_outside_tlab_objects', 'alloc_outside_tlab_bytes', 'allocationSize'],
  'jdk.ObjectAllocationSample': ['alloc_sample_objects', 'alloc_sample_bytes', 'weight'],
  'jdk.JavaMonitorEnter': ['lock_count', 'lock_duration', 'duration', 'duration'],
  'jdk.ThreadPark': ['park_count', 'park_duration', 'duration', 'duration'],
  'jdk.CPUTimeSample': ['cpu_time_samples', 'cpu_time', 'samplingPeriod', 'duration'],
  'profiler.WallClockSample': ['wall_samples', 'wall', 'samples', 'wall'],
  'profiler.Malloc': ['malloc_objects', 'malloc_bytes', 'size'],
  'profiler.LiveObject': ['live', 'live_bytes', 'allocationSize'],
};
// what `jfr print --events` must be given
const names = Object.keys(kinds).concat(['jdk.ActiveSetting']).join(',');
// an ISO instant (nanoseconds written) as nanoseconds since 1970
function instant(s) {
  const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?Z$/.exec(s);
  return BigInt(Date.parse(m[1] + 'Z')) * 1000000n + BigInt(((m[2] || '') + '000000000').slice(0, 9));
}
// an ISO duration (PT...S) as nanoseconds
function duration(s) {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)(?:\.(\d+))?S)?$/.exec(s);
  if (!m) throw new Error('duration ' + s);
  return ((BigInt(m[1] || 0) * 60n + BigInt(m[2] || 0)) * 60n + BigInt(m[3] || 0)) * 1000000000n +
    BigInt(((m[4] || '') + '000000000').slice(0, 9));
}
// the events of the JSON text: { time, count: [type, n], amount: [type,
// n] or null, thread, frames: ["package.Class.method:line", ...] leaf
// first (a line of 0 or less, native code's, none: -1), leaf:
// "package.Class.method" or null }
function events(text) {
  const j = JSON.parse(text), out = [];
  const set = {};
  for (const ev of j.recording.events)
    if (ev.type === 'jdk.ActiveSetting') set[ev.values.name] = ev.values.value;
  let wall = set.wall !== undefined ? BigInt(set.wall) : set.event === 'wall' ? BigInt(set.interval || 0) : null;
  if (wall === 0n) wall = 50000000n;
  for (const ev of j.recording.events) {
    const k = kinds[ev.type];
    if (!k) continue;
    const v = ev.values, th = v.sampledThread || v.eventThread;
    const st = v.stackTrace ? v.stackTrace.frames : [];
    const name = (f) => f.method.type.name.replace(/\//g, '.') + '.' + f.method.name;
    let count = 1n, amount = null;
    if (k[3] === 'wall') {
      count = BigInt(v.samples);
      if (wall !== null) amount = [k[1], count * wall];
    } else if (k[1]) {
      amount = [k[1], k[3] === 'duration' ? duration(v[k[2]]) : BigInt(v[k[2]])];
    }
    out.push({ time: instant(v.startTime), count: [k[0], count], amount,
      thread: th ? th.javaName || th.osName : '-',
      frames: st.map((f) => name(f) + ':' + (f.lineNumber > 0 ? f.lineNumber : -1)),
      leaf: st.length > 0 ? name(st[0]) : null });
  }
  return out;
}
module.exports = { kinds, names, events };
