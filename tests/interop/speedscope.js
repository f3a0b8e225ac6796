// speedscope.js WHAT FILE: FILE opened in speedscope (its npm package's
// page, in headless Chromium over the DevTools protocol) as its users open
// one: served over HTTP on the loopback with the page, given as
// #profileURL=. NODE_PATH finds the speedscope package. WHAT is
//   import     "import MS": the time from the navigation to the title
//              speedscope sets once the profile is imported and drawn
//              (make bench's reference);
//   sandwich   the Sandwich view's rows as it shows them, in its order (by
//              self, the most first): "total<TAB>self<TAB>name";
//   leftheavy  the frames the Left Heavy view draws (the profile shown,
//              frames merged by name and file, children by total, the
//              most first), each layer's left to right:
//              "depth<TAB>start<TAB>end<TAB>name file", in nanoseconds
//              where speedscope's unit is a time.
// Any error the page threw is printed last, "errors ...".
'use strict';
const fs = require('fs');
const http = require('http');
const path = require('path');
const cdp = require('./cdp.js');

const what = process.argv[2];
const file = path.resolve(process.argv[3] || '');
const dist = path.join(path.dirname(require.resolve('speedscope/package.json')),
  'dist', 'release');
const types = { '.html': 'text/html', '.js': 'text/javascript',
  '.css': 'text/css', '.png': 'image/png', '.wasm': 'application/wasm' };

const server = http.createServer((req, res) => {
  const url = decodeURIComponent(req.url.split(/[?#]/)[0]);
  const p = url === '/profile' ? file : path.join(dist, path.normalize(url));
  if (url !== '/profile' && !p.startsWith(dist)) { res.writeHead(403); res.end(); return; }
  fs.stat(p, (err, st) => {
    if (err || !st.isFile()) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'Content-Type': types[path.extname(p)] ||
      'application/octet-stream', 'Content-Length': st.size });
    fs.createReadStream(p).pipe(res);
  });
});

// The page's rows of its Sandwich table: its cells after the header,
// three a row.
async function sandwich(p) {
  await p.js(p.painted);
  const text = await p.js('document.body.innerText');
  const cells = text.split('\n').map((l) => l.trim());
  const at = cells.indexOf('Total\tSelf\tSymbol Name');
  if (at < 0) throw new Error('no Sandwich table in the page');
  const rows = cells.slice(at + 1).filter((l) => l !== '');
  for (let i = 0; i + 2 < rows.length; i += 3)
    console.log(rows[i] + '\t' + rows[i + 1] + '\t' + rows[i + 2]);
}

// The frames the Left Heavy view draws: its flamechart and the profile
// shown, found in its (Preact) components' props; each layer's frames
// left to right.
const leftHeavy = `(() => {
  const root = [...document.querySelectorAll('*')].find((el) => el.__k);
  const queue = root ? [root.__k] : [], seen = new Set();
  let chart = null, prof = null;
  while (queue.length && !(chart && prof)) {
    const v = queue.shift();
    if (!v || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (v.props && v.props.flamechart && !chart) chart = v.props.flamechart;
    if (v.props && v.props.activeProfileState && !prof)
      prof = v.props.activeProfileState.profile;
    if (Array.isArray(v.__k)) for (const c of v.__k) queue.push(c);
  }
  if (!chart || !prof) throw new Error('no flame chart in the page');
  const scale = { nanoseconds: 1, microseconds: 1e3, milliseconds: 1e6,
    seconds: 1e9 }[prof.getWeightUnit()] || 1;
  const ns = (w) => Math.round(w * scale);
  const out = [];
  chart.getLayers().forEach((layer, depth) => {
    for (const f of layer)
      out.push(depth + '\\t' + ns(f.start) + '\\t' + ns(f.end) + '\\t' +
        f.node.frame.name + (f.node.frame.file ? ' ' + f.node.frame.file : ''));
  });
  return out.join('\\n');
})()`;

async function main() {
  const views = { import: '', sandwich: '&view=sandwich', leftheavy: '&view=left-heavy' };
  if (!(what in views)) throw new Error('WHAT is import, sandwich or leftheavy');
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = 'http://127.0.0.1:' + server.address().port;
  const p = await cdp.open(base + '/index.html#profileURL=' +
    encodeURIComponent(base + '/profile') + '&title=profile' + views[what],
  1600, 4000);
  try {
    const ms = await p.js(`new Promise((resolve, reject) => {
      const t0 = Date.now();
      (function wait() {
        if (/ - speedscope$/.test(document.title)) resolve(performance.now());
        else if (Date.now() - t0 > 600000) reject(new Error('not imported in 10 minutes'));
        else setTimeout(wait, 5);
      })();
    })`);
    if (what === 'import') console.log('import ' + ms.toFixed(0));
    else if (what === 'sandwich') await sandwich(p);
    else console.log(await p.js(leftHeavy));
    if (p.errors.length) console.log('errors ' + p.errors.join('; '));
  } finally {
    await p.close();
    server.close();
  }
}

main().catch((e) => {
  console.error('speedscope.js: ' + e.message);
  server.close();
  process.exit(1);
});
