// page-engine.js PAGE DIR: a tsvreport page's refine controls run under
// node as the page runs them: its arguments (refine-args), its stream
// (refine-stream) and its engine (refine-engine) taken from PAGE, the
// runs made by the page's own lib/views/report/refineruns.js and
// wasi.js. Each line of standard input, "TAG<tab>TYPE<tab>SPEC" (SPEC:
// the refine menu's fields as JSON; TYPE: the type shown, or - for the
// page's first), writes DIR/TAG.VIEW for every view the page makes
// (top, all, peek, graph, chart, callgraph) and DIR/TAG.err (tsvfocus's
// and each view's errors, and "status N" of each run that fails).
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const lib = path.join(__dirname, '..', 'lib', 'views', 'report');
const { run } = require(path.join(lib, 'wasi.js'));
const runs = require(path.join(lib, 'refineruns.js'));

const [page, dir] = process.argv.slice(2);
const html = fs.readFileSync(page, 'utf8');
function part(id) {
  const m = new RegExp('<script type="[^"]*" id="' + id + '">([^<]*)</script>').exec(html);
  if (!m) throw new Error(page + ': no ' + id);
  return m[1];
}
const args = JSON.parse(part('refine-args'));
const stream = zlib.gunzipSync(Buffer.from(part('refine-stream'), 'base64'));
const engine = new WebAssembly.Module(zlib.gunzipSync(Buffer.from(part('refine-engine'), 'base64')));
const first = /<option selected>([^<]*)<\/option>/.exec(html);

for (const line of fs.readFileSync(0, 'utf8').split('\n')) {
  if (line === '') continue;
  const [tag, type, spec] = line.split('\t');
  const t = type !== '-' ? type : first ? first[1] : null;
  let err = '';
  const f = run(engine, runs.focusArgv(args, JSON.parse(spec)), stream, {});
  err += f.stderr + (f.status ? 'status ' + f.status + '\n' : '');
  for (const v of ['top', 'all', 'peek', 'graph', 'chart', 'callgraph']) {
    if (!args[v] || f.status) continue;
    const r = run(engine, runs.viewArgv(args, v, t), f.stdout, {});
    err += r.stderr + (r.status ? 'status ' + r.status + '\n' : '');
    fs.writeFileSync(path.join(dir, tag + '.' + v), r.stdout);
  }
  fs.writeFileSync(path.join(dir, tag + '.err'), err);
}
