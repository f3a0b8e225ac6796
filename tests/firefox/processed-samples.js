// processed-samples.js PROFILE | processed-samples.js --stream STREAM:
// every sample of a stack of a Firefox Profiler processed profile, a
// line each, as node reads the JSON or as a profile stream has it: its
// thread (its place among those with samples), its time (ns since 1970:
// meta.startTime as its digits say, plus the sample's milliseconds times
// 10^6, rounded), its weight and its stack, leaf first (a function's
// name, an address of no symbol its library's file name in brackets),
// joined by ";". Sorted, the two must be one list.
'use strict';
const fs = require('fs');
const out = [];
if (process.argv[2] === '--stream') {
  const { rows, samples } = require('../stream.js').read(process.argv[3]);
  const fn = new Map(), map = new Map(), loc = new Map();
  for (const r of rows.functions || []) fn.set(r[1], r[2]);
  for (const r of rows['.mappings'] || []) map.set(r[1], '[' + r[5].replace(/.*\//, '') + ']');
  for (const r of rows.locations || []) loc.set(r[1], r[2] !== 'NA' ? fn.get(r[2]) : map.get(r[5]) || '<unknown>');
  for (const [, x] of samples)
    out.push([x.source, x.time, x.vals[x.vals.length - 1][1], x.locs.map((l) => loc.get(l)).join(';')].join('\t'));
} else {
  const text = fs.readFileSync(process.argv[2], 'utf8');
  const p = JSON.parse(text), sh = p.shared || {};
  // meta.startTime as its digits say (a double of 1.7e12 ms is not
  // exact); meta comes first
  const m = /"startTime"\s*:\s*(\d+)(?:\.(\d+))?/.exec(text);
  const start = BigInt(m[1]) * 1000000n + BigInt(((m[2] || '') + '000000').slice(0, 6));
  let n = 0;
  for (const t of p.threads) {
    const s = t.samples;
    if (!s || s.length === 0) continue;
    n++;
    const st = t.stackTable || sh.stackTable, fr = t.frameTable || sh.frameTable,
      fu = t.funcTable || sh.funcTable, re = t.resourceTable || sh.resourceTable,
      str = t.stringArray || sh.stringArray;
    let at = 0;
    for (let i = 0; i < s.length; i++) {
      const ms = s.time ? s.time[i] : (at += s.timeDeltas[i]);
      let k = s.stack[i];
      if (k === null) continue;
      const frames = [];
      for (; k !== null && k !== undefined && k >= 0;) {
        const f = st.frame[k], func = fr.func[f];
        let name = str[fu.name[func]];
        if (/^0x[0-9a-f]+$/i.test(name) && fr.address[f] !== null && fr.address[f] >= 0) {
          const lib = fr.lib ? fr.lib[f] : fu.resource[func] >= 0 ? re.lib[fu.resource[func]] : null;
          const base = lib !== null && lib >= 0 ? p.libs[lib].path.replace(/.*\//, '') : '';
          name = base !== '' ? '[' + base + ']' : '<unknown>';
        }
        frames.push(name);
        k = st.prefixOffset ? (st.prefixOffset[k] === 0 ? null : k - st.prefixOffset[k]) : st.prefix[k];
      }
      out.push([n, String(start + BigInt(Math.round(ms * 1e6))), s.weight ? s.weight[i] : 1,
        frames.join(';')].join('\t'));
    }
  }
}
console.log(out.sort().join('\n'));
