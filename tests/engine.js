// engine.js WASM PROG [ARG...] [-- PROG [ARG...]]...: the report page's
// engine (make wasm) run under node as the page runs it
// (lib/views/report/wasi.js), each program given the one before's output
// as its standard input, the first standard input's; writes the last
// one's output and every one's errors, and exits with the last status
// that is not 0 (as bash's pipefail).
'use strict';
const fs = require('fs');
const path = require('path');
const { pipeline } = require(path.join(__dirname, '..', 'lib', 'views', 'report', 'wasi.js'));

const engine = new WebAssembly.Module(fs.readFileSync(process.argv[2]));
const stages = [[]];
for (const a of process.argv.slice(3)) {
  if (a === '--') stages.push([]);
  else stages[stages.length - 1].push(a);
}
const r = pipeline(engine, stages, fs.readFileSync(0));
process.stderr.write(r.stderr);
fs.writeSync(1, r.stdout);
process.exitCode = r.status;
