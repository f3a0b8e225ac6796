// processed-counts.js PROFILE: each thread with samples of a Firefox
// Profiler processed profile (its tables the thread's, or shared; its
// strings the same; prefix or prefixOffset; fileName or sources), as node
// reads the JSON: the sum of its samples' weights ("total"), and each
// leaf function's own sum, by its name (an address the profile has no
// symbol for: its library's file name in brackets, or <unknown>; a name
// escaped as the stream's tables write it), "N<tab>name<tab>sum",
// N the thread's place among those with samples.
'use strict';
const p = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const sh = p.shared || {};
let n = 0;
const out = [];
for (const t of p.threads) {
  const s = t.samples;
  if (!s || s.length === 0) continue;
  n++;
  const st = t.stackTable || sh.stackTable, fr = t.frameTable || sh.frameTable,
    fu = t.funcTable || sh.funcTable, re = t.resourceTable || sh.resourceTable,
    str = t.stringArray || sh.stringArray;
  let total = 0;
  const self = new Map();
  for (let i = 0; i < s.length; i++) {
    const k = s.stack[i];
    if (k === null) continue;
    const w = s.weight ? s.weight[i] : 1;
    total += w;
    const f = st.frame[k], func = fr.func[f];
    let name = str[fu.name[func]];
    if (/^0x[0-9a-f]+$/i.test(name) && fr.address[f] !== null && fr.address[f] >= 0) {
      const lib = fr.lib ? fr.lib[f] : fu.resource[func] >= 0 ? re.lib[fu.resource[func]] : null;
      const base = lib !== null && lib >= 0 ? p.libs[lib].path.replace(/.*\//, '') : '';
      name = base !== '' ? '[' + base + ']' : '<unknown>';
    }
    // as the stream's tables escape a name
    name = name.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
    self.set(name, (self.get(name) || 0) + w);
  }
  out.push(n + '\ttotal\t' + total);
  for (const [k, v] of self) out.push(n + '\t' + k + '\t' + v);
}
console.log(out.join('\n'));
