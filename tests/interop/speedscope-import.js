// speedscope-import.js FILE: the time speedscope (its npm package's page,
// in headless Chromium over the DevTools protocol) takes to open FILE as
// its users open one: served over HTTP on the loopback with the page,
// given as #profileURL=, the time from the navigation to the title
// speedscope sets once the profile is imported and drawn. Prints
// "import MS" and "frames N" (the frames of the first profile's call
// tree speedscope shows), or fails saying why. NODE_PATH finds the
// speedscope package.
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
    encodeURIComponent(base + '/profile') + '&title=profile', 1300, 900);
  try {
    const ms = await p.js(`new Promise((resolve, reject) => {
      const t0 = Date.now();
      (function wait() {
        if (/ - speedscope$/.test(document.title)) resolve(performance.now());
        else if (Date.now() - t0 > 600000) reject(new Error('not imported in 10 minutes'));
        else setTimeout(wait, 5);
      })();
    })`);
    console.log('import ' + ms.toFixed(0));
    if (p.errors.length) console.log('errors ' + p.errors.join('; '));
  } finally {
    await p.close();
    server.close();
  }
}

main().catch((e) => {
  console.error('speedscope-import.js: ' + e.message);
  server.close();
  process.exit(1);
});
