// processed-versions.js PROFILE DIR: a Firefox Profiler processed profile
// written again in the shape of every version from 41 to 70, each as
// DIR/vN/profile.json, following the format's changelog
// (docs-developer/CHANGELOG-formats.md of firefox-devtools/profiler):
//   41 libs at the profile's top; 47 pids as strings; 50 sample times as
//   timeDeltas (written so for every other version from 50); 53 no
//   category columns in the stackTable; 54 no implementation column in
//   the frameTable; 56 the strings shared (profile.shared.stringArray);
//   58 a function's file through profile.shared.sources; 60 the tables
//   shared; 66 the stack table's prefixOffset; 70 a frame's library on
//   the frameTable, none on the resourceTable.
// The profile is first read into one set of tables (each thread's
// appended, their indexes moved), then written; the same samples and
// frames in every version.
'use strict';
const fs = require('fs');
const path = require('path');

const [file, dir] = process.argv.slice(2);
const P = JSON.parse(fs.readFileSync(file, 'utf8'));
const V = P.meta.preprocessedProfileVersion;

// ---- one set of tables ----
const T = { strings: [], stack: { frame: [], prefix: [] },
  frame: { address: [], inlineDepth: [], category: [], subcategory: [], func: [],
    nativeSymbol: [], innerWindowID: [], implementation: [], line: [], column: [], lib: [] },
  func: { isJS: [], relevantForJS: [], name: [], resource: [], file: [], lineNumber: [],
    columnNumber: [] },
  resource: { lib: [], name: [], host: [], type: [] } };
const threads = [];

function col(t, k, n) { return t[k] || new Array(n).fill(null); }
// tables (tb, strings ss, sources src) appended to T
function append(tb, ss, src) {
  const so = T.strings.length, sto = T.stack.frame.length, fro = T.frame.func.length,
    fuo = T.func.name.length, reo = T.resource.name.length;
  const str = (i) => (i === null || i === undefined || i < 0 ? null : i + so);
  ss.forEach((s) => T.strings.push(s));
  const st = tb.stackTable, n = st.length;
  for (let i = 0; i < n; i++) {
    T.stack.frame.push(st.frame[i] + fro);
    let p = null;
    if (st.prefixOffset) p = st.prefixOffset[i] === 0 ? null : i - st.prefixOffset[i];
    else p = st.prefix[i];
    T.stack.prefix.push(p === null ? null : p + sto);
  }
  const fr = tb.frameTable, nf = fr.length;
  const lib = fr.lib ? fr.lib : null;
  for (let i = 0; i < nf; i++) {
    T.frame.address.push(col(fr, 'address', nf)[i]);
    T.frame.inlineDepth.push(col(fr, 'inlineDepth', nf)[i] || 0);
    T.frame.category.push(col(fr, 'category', nf)[i]);
    T.frame.subcategory.push(col(fr, 'subcategory', nf)[i]);
    T.frame.func.push(fr.func[i] + fuo);
    T.frame.nativeSymbol.push(null);
    T.frame.innerWindowID.push(col(fr, 'innerWindowID', nf)[i]);
    T.frame.implementation.push(str(col(fr, 'implementation', nf)[i]));
    T.frame.line.push(col(fr, 'line', nf)[i]);
    T.frame.column.push(col(fr, 'column', nf)[i]);
    T.frame.lib.push(lib ? lib[i] : null);
  }
  const fu = tb.funcTable, nu = fu.length;
  for (let i = 0; i < nu; i++) {
    T.func.isJS.push(col(fu, 'isJS', nu)[i]);
    T.func.relevantForJS.push(col(fu, 'relevantForJS', nu)[i]);
    T.func.name.push(str(fu.name[i]));
    const r = col(fu, 'resource', nu)[i];
    T.func.resource.push(r === null || r < 0 ? -1 : r + reo);
    let f = null;
    if (fu.source) { const s = fu.source[i]; f = s === null || s < 0 ? null : src.filename[s]; }
    else f = col(fu, 'fileName', nu)[i];
    T.func.file.push(str(f));
    T.func.lineNumber.push(col(fu, 'lineNumber', nu)[i]);
    T.func.columnNumber.push(col(fu, 'columnNumber', nu)[i]);
  }
  const re = tb.resourceTable, nr = re.length;
  for (let i = 0; i < nr; i++) {
    T.resource.lib.push(re.lib ? re.lib[i] : null);
    T.resource.name.push(str(re.name[i]));
    T.resource.host.push(str(col(re, 'host', nr)[i]));
    T.resource.type.push(col(re, 'type', nr)[i]);
  }
  // a frame's library from its function's resource, where the frame has none
  for (let i = fro; i < T.frame.func.length; i++) {
    if (T.frame.lib[i] !== null) continue;
    const r = T.func.resource[T.frame.func[i]];
    T.frame.lib[i] = r >= 0 ? T.resource.lib[r] : null;
  }
  return sto;
}

const shared = P.shared;
if (shared && shared.stackTable) append(shared, shared.stringArray, shared.sources);
for (const t of P.threads) {
  let sto = 0;
  if (t.stackTable) sto = append(t, t.stringArray || shared.stringArray,
    shared ? shared.sources : null);
  const s = t.samples, n = s.length;
  let time = s.time;
  if (!time) { let at = 0; time = s.timeDeltas.map((d) => (at += d)); }
  const keep = {};
  for (const k of Object.keys(t))
    if (!/^(samples|stackTable|frameTable|funcTable|resourceTable|nativeSymbols|stringArray)$/.test(k))
      keep[k] = t[k];
  threads.push({ keep, n, stack: s.stack.map((x) => (x === null ? null : x + sto)), time,
    weight: s.weight, weightType: s.weightType });
}

// ---- written as version v ----
function tables(v) {
  const nst = T.stack.frame.length, nf = T.frame.func.length, nu = T.func.name.length,
    nr = T.resource.name.length;
  const stack = { frame: T.stack.frame, length: nst };
  if (v >= 66) stack.prefixOffset = T.stack.prefix.map((p, i) => (p === null ? 0 : i - p));
  else stack.prefix = T.stack.prefix;
  if (v < 53) {
    stack.category = T.stack.frame.map((f) => T.frame.category[f]);
    stack.subcategory = T.stack.frame.map((f) => T.frame.subcategory[f]);
  }
  const frame = { address: T.frame.address, inlineDepth: T.frame.inlineDepth,
    category: T.frame.category, subcategory: T.frame.subcategory, func: T.frame.func,
    nativeSymbol: T.frame.nativeSymbol, innerWindowID: T.frame.innerWindowID,
    line: T.frame.line, column: T.frame.column, length: nf };
  if (v < 54) frame.implementation = T.frame.implementation;
  if (v >= 70) frame.lib = T.frame.lib.map((l) => (l === null ? -1 : l));
  const func = { isJS: T.func.isJS, relevantForJS: T.func.relevantForJS, name: T.func.name,
    resource: T.func.resource, lineNumber: T.func.lineNumber,
    columnNumber: T.func.columnNumber, length: nu };
  let sources = null;
  if (v >= 58) {
    const files = [], at = new Map();
    func.source = T.func.file.map((f) => {
      if (f === null) return null;
      if (!at.has(f)) { at.set(f, files.length); files.push(f); }
      return at.get(f);
    });
    sources = { filename: files, length: files.length };
    if (v >= 61) {
      sources.id = files.map(() => null);
      sources.startLine = files.map(() => 1);
      sources.startColumn = files.map(() => 1);
      sources.sourceMapURL = files.map(() => null);
    }
    if (v >= 64) sources.content = files.map(() => null);
  } else func.fileName = T.func.file;
  const resource = { name: T.resource.name, host: T.resource.host, type: T.resource.type,
    length: nr };
  if (v < 70) resource.lib = T.resource.lib;
  const nativeSymbols = { libIndex: [], address: [], name: [], functionSize: [], length: 0 };
  return { stackTable: stack, frameTable: frame, funcTable: func, resourceTable: resource,
    nativeSymbols, sources };
}

for (let v = 41; v <= 70; v++) {
  const out = {};
  out.meta = Object.assign({}, P.meta, { preprocessedProfileVersion: v });
  out.libs = P.libs;
  const tb = tables(v);
  if (v >= 56) out.shared = { stringArray: T.strings };
  if (v >= 60) Object.assign(out.shared, { stackTable: tb.stackTable, frameTable: tb.frameTable,
    funcTable: tb.funcTable, resourceTable: tb.resourceTable, nativeSymbols: tb.nativeSymbols });
  if (v >= 58) out.shared.sources = tb.sources;
  out.threads = threads.map((t) => {
    const o = Object.assign({}, t.keep);
    if (v >= 47 && o.pid !== undefined) o.pid = String(o.pid);
    const s = { weightType: t.weightType || 'samples', weight: t.weight || null,
      stack: t.stack, length: t.n };
    if (v >= 50 && v % 2 === 0) {
      let last = 0;
      s.timeDeltas = t.time.map((x) => { const d = x - last; last = x; return d; });
    } else s.time = t.time;
    o.samples = s;
    if (v < 60) Object.assign(o, { stackTable: tb.stackTable, frameTable: tb.frameTable,
      funcTable: tb.funcTable, resourceTable: tb.resourceTable,
      nativeSymbols: tb.nativeSymbols });
    if (v < 56) o.stringArray = T.strings;
    return o;
  });
  fs.mkdirSync(path.join(dir, 'v' + v), { recursive: true });
  fs.writeFileSync(path.join(dir, 'v' + v, 'profile.json'), JSON.stringify(out));
}
if (V < 41) process.exitCode = 1;
