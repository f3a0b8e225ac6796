// speedscope-sandwich.js FILE: FILE opened in speedscope (its npm
// package's page, in headless Chromium over the DevTools protocol) as
// its users open one, its Sandwich view shown, and the rows speedscope
// lists there printed as it shows them: "total<TAB>self<TAB>name", in
// its order (by self, the most first). NODE_PATH finds the speedscope
// package.
'use strict';
const fs = require('fs');
const http = require('http');
const path = require('path');
const cdp = require('./cdp.js');

const file = path.resolve(process.argv[2]);
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

async function main() {
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = 'http://127.0.0.1:' + server.address().port;
  const p = await cdp.open(base + '/index.html#profileURL=' +
    encodeURIComponent(base + '/profile') + '&title=profile&view=sandwich',
  1600, 4000);
  try {
    await p.js(`new Promise((resolve, reject) => {
      const t0 = Date.now();
      (function wait() {
        if (/ - speedscope$/.test(document.title)) resolve(1);
        else if (Date.now() - t0 > 120000) reject(new Error('not imported in 2 minutes'));
        else setTimeout(wait, 20);
      })();
    })`);
    await p.js(p.painted);
    // the table's rows: its cells after its header, three a row
    const text = await p.js('document.body.innerText');
    const cells = text.split('\n').map((l) => l.trim());
    const at = cells.indexOf('Total\tSelf\tSymbol Name');
    if (at < 0) throw new Error('no Sandwich table in the page');
    const rows = cells.slice(at + 1).filter((l) => l !== '');
    for (let i = 0; i + 2 < rows.length; i += 3)
      console.log(rows[i] + '\t' + rows[i + 1] + '\t' + rows[i + 2]);
    if (p.errors.length) console.log('errors ' + p.errors.join('; '));
  } finally {
    await p.close();
    server.close();
  }
}

main().catch((e) => {
  console.error('speedscope-sandwich.js: ' + e.message);
  server.close();
  process.exit(1);
});
