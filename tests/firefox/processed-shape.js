// processed-shape.js FIXTURE FILE: FILE, a processed profile of version
// 70, has the shape of FIXTURE, the profiler's own of version 68 (its
// keys in meta, shared, each table, a thread, a thread's samples and
// markers), as the format's changelog moves it to 70 (69: a marker
// schema's display location; 70: a frame's lib, none on the resource
// table); every column of a table as long as its length; stacks in
// topological order (a prefixOffset points back); every index inside
// the table it names. Prints what differs, nothing when all holds.
'use strict';
const fs = require('fs');
const [fx, file] = process.argv.slice(2);
const F = JSON.parse(fs.readFileSync(fx, 'utf8')), P = JSON.parse(fs.readFileSync(file, 'utf8'));
const bad = [];
function keys(what, a, b, add, drop) {
  const want = new Set(Object.keys(a).concat(add || []).filter((k) => !(drop || []).includes(k)));
  for (const k of want) if (!(k in b)) bad.push(what + ': no ' + k);
}
keys('top', F, P);
keys('meta', F.meta, P.meta);
if (P.meta.preprocessedProfileVersion !== 70) bad.push('meta: version ' + P.meta.preprocessedProfileVersion);
keys('shared', F.shared, P.shared);
for (const t of Object.keys(F.shared)) {
  if (t === 'stringArray') continue;
  keys('shared.' + t, F.shared[t], P.shared[t], t === 'frameTable' ? ['lib'] : [],
    t === 'resourceTable' ? ['lib'] : []);
  const tb = P.shared[t];
  for (const c of Object.keys(tb))
    if (Array.isArray(tb[c]) && tb[c].length !== tb.length)
      bad.push('shared.' + t + '.' + c + ': ' + tb[c].length + ' of ' + tb.length);
}
const S = P.shared, ns = S.stringArray.length;
function inside(what, v, n, nullable) {
  if ((v === null || v === -1) && nullable) return;
  if (!Number.isInteger(v) || v < 0 || v >= n) bad.push(what + ' ' + v + ' of ' + n);
}
S.stackTable.prefixOffset.forEach((k, i) => { if (!(k >= 0 && k <= i)) bad.push('stack ' + i + ': prefixOffset ' + k); });
S.stackTable.frame.forEach((f, i) => inside('stack ' + i + ' frame', f, S.frameTable.length));
S.frameTable.func.forEach((f, i) => inside('frame ' + i + ' func', f, S.funcTable.length));
S.frameTable.lib.forEach((l, i) => inside('frame ' + i + ' lib', l, P.libs.length, true));
S.funcTable.name.forEach((s, i) => inside('func ' + i + ' name', s, ns));
S.funcTable.source.forEach((s, i) => inside('func ' + i + ' source', s, S.sources.length, true));
S.funcTable.resource.forEach((s, i) => inside('func ' + i + ' resource', s, S.resourceTable.length, true));
S.sources.filename.forEach((s, i) => inside('source ' + i + ' filename', s, ns));
S.resourceTable.name.forEach((s, i) => inside('resource ' + i + ' name', s, ns));
const ft = F.threads[0];
for (const t of P.threads) {
  keys('thread', ft, t, [], ['processName']);
  keys('thread.samples', ft.samples, t.samples, [], ['eventDelay']);
  keys('thread.markers', ft.markers, t.markers);
  if (typeof t.pid !== 'string') bad.push('thread: pid not a string');
  const s = t.samples;
  for (const c of ['stack', 'time']) if (s[c].length !== s.length) bad.push('samples.' + c + ' ' + s[c].length + ' of ' + s.length);
  if (s.weight !== null && s.weight.length !== s.length) bad.push('samples.weight');
  s.stack.forEach((k, i) => inside('sample ' + i + ' stack', k, S.stackTable.length, true));
  if (!['samples', 'tracing-ms', 'bytes'].includes(s.weightType)) bad.push('weightType ' + s.weightType);
}
if (!P.meta.categories.some((c) => c.color === 'grey')) bad.push('meta: no grey category');
if (bad.length) {
  console.log(bad.slice(0, 20).join('\n'));
  process.exitCode = 1;
}
