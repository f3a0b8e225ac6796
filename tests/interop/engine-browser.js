// engine-browser.js WASM STREAM PROG [ARG...] [-- PROG [ARG...]]...: the
// report page's engine (make wasm) run in headless Chromium, by the
// page's own runner (lib/views/report/wasi.js), on STREAM, each program
// given the one before's output; prints the last one's output, then
// "#status N" and every stage's errors. tests/engine.js is its twin
// under node.
'use strict';
const fs = require('fs');
const path = require('path');
const cdp = require('./cdp.js');

async function main() {
  const [wasm, stream, ...rest] = process.argv.slice(2);
  const stages = [[]];
  for (const a of rest) {
    if (a === '--') stages.push([]);
    else stages[stages.length - 1].push(a);
  }
  const runner = fs.readFileSync(path.join(__dirname, '..', '..', 'lib',
    'views', 'report', 'wasi.js'), 'utf8');
  const p = await cdp.open('about:blank');
  try {
    await p.js(runner);
    const r = await p.js(`(() => {
      const b64 = (s) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
      const m = new WebAssembly.Module(b64(${JSON.stringify(fs.readFileSync(wasm).toString('base64'))}));
      const r = window.enginePipeline(m, ${JSON.stringify(stages)},
        b64(${JSON.stringify(fs.readFileSync(stream).toString('base64'))}));
      return { out: new TextDecoder().decode(r.stdout), status: r.status,
        err: r.stderr };
    })()`);
    process.stdout.write(r.out + '#status ' + r.status + '\n' + r.err);
    if (p.errors.length) console.log('errors ' + p.errors.join('; '));
  } finally {
    await p.close();
  }
}

main().catch((e) => {
  console.error('engine-browser.js: ' + e.message);
  process.exit(1);
});
