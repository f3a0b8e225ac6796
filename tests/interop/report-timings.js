// report-timings.js PAGE [FUNCTION]: opens tsvreport's PAGE in headless
// Chromium driven over the DevTools protocol (on a pipe: no port, no
// WebSocket) and prints, a line each, how long the page takes to open
// (navigation to the load event, and to the first paint after it) and
// each interaction takes until the next frame is painted: a function
// chosen in the table, a search, each view shown, a flame graph frame
// zoomed, the sample type switched (when the page has a menu). Errors
// the page throws are printed too. Measures; asserts nothing.
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const page = path.resolve(process.argv[2]);
const fn = process.argv[3] || '';
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-timings-'));
const chrome = spawn('chromium', ['--headless', '--no-sandbox', '--disable-gpu',
  '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--remote-debugging-pipe',
  '--user-data-dir=' + profileDir, 'about:blank'],
{ stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
const toChrome = chrome.stdio[3], fromChrome = chrome.stdio[4];

let next = 1, buffered = '';
const waiting = new Map(), listeners = [];
function send(method, params, sessionId) {
  const id = next++;
  const msg = { id, method, params: params || {} };
  if (sessionId) msg.sessionId = sessionId;
  toChrome.write(JSON.stringify(msg) + '\0');
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
}
fromChrome.on('data', (chunk) => {
  buffered += chunk.toString('utf8');
  let k;
  while ((k = buffered.indexOf('\0')) >= 0) {
    const msg = JSON.parse(buffered.slice(0, k));
    buffered = buffered.slice(k + 1);
    if (msg.id && waiting.has(msg.id)) {
      const w = waiting.get(msg.id);
      waiting.delete(msg.id);
      if (msg.error) w.reject(new Error(msg.error.message));
      else w.resolve(msg.result);
    } else if (msg.method) {
      for (const l of listeners.slice()) l(msg);
    }
  }
});
function event(name) {
  return new Promise((resolve) => {
    const l = (msg) => {
      if (msg.method === name) {
        listeners.splice(listeners.indexOf(l), 1);
        resolve(msg);
      }
    };
    listeners.push(l);
  });
}

async function main() {
  const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  const s = (m, p) => send(m, p, sessionId);
  const errors = [];
  listeners.push((msg) => {
    if (msg.method === 'Runtime.exceptionThrown')
      errors.push(msg.params.exceptionDetails.exception ?
        msg.params.exceptionDetails.exception.description :
        msg.params.exceptionDetails.text);
  });
  await s('Page.enable');
  await s('Runtime.enable');
  const loaded = event('Page.loadEventFired');
  await s('Page.navigate', { url: 'file://' + page });
  await loaded;
  async function js(expr) {
    const r = await s('Runtime.evaluate', { expression: expr, awaitPromise: true,
      returnByValue: true });
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.text + ': ' + expr);
    return r.result.value;
  }
  // to the frame painted after: two animation frames
  const painted = 'new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))';
  const open = await js('(async () => { await ' + painted + '; const n = ' +
    'performance.getEntriesByType("navigation")[0]; return [n.loadEventEnd, ' +
    'performance.now()]; })()');
  console.log('open (load event)\t' + open[0].toFixed(0) + ' ms');
  console.log('open (painted)\t' + open[1].toFixed(0) + ' ms');
  async function timed(name, body) {
    const ms = await js('(async () => { const t0 = performance.now(); ' + body +
      '; await ' + painted + '; return performance.now() - t0; })()');
    console.log(name + '\t' + ms.toFixed(0) + ' ms');
  }
  const first = fn || await js('document.querySelector("#top tbody tr").fn');
  await timed('choose a function', 'report.choose(' + JSON.stringify(first) + ')');
  await timed('search', 'report.search("a")');
  await timed('clear the search', 'report.search("")');
  for (const v of ['graph', 'chart', 'callgraph', 'top'])
    await timed('show ' + v, 'report.show("' + v + '")');
  await timed('zoom a flame graph frame', 'report.show("graph"); ' +
    'document.querySelector("#g-frames g.f:nth-child(3)").dispatchEvent(' +
    'new MouseEvent("click", { bubbles: true }))');
  await js('report.show("top")');
  const types = await js('Array.prototype.map.call(document.querySelectorAll(' +
    '"#type option"), o => o.textContent)');
  if (types.length > 1) {
    await timed('switch to ' + types[1], 'await new Promise(r => { ' +
      'const m = document.getElementById("meta"); report.type(' +
      JSON.stringify(types[1]) + '); (function w() { ' +
      'if (m.textContent.indexOf("type: ' + types[1] + '") >= 0) r(); ' +
      'else setTimeout(w, 1); })(); })');
    await timed('back to ' + types[0], 'report.type(' + JSON.stringify(types[0]) + ')');
  }
  console.log('errors\t' + errors.length + (errors.length ? ': ' + errors.join('; ') : ''));
}

function end(code) {
  chrome.on('exit', () => {
    // its helpers may still be writing there a moment
    try {
      fs.rmSync(profileDir, { recursive: true, force: true, maxRetries: 20,
        retryDelay: 100 });
    } catch (e) {
      console.error('report-timings.js: ' + profileDir + ' left: ' + e.message);
    }
    process.exit(code);
  });
  chrome.kill();
}
main().then(() => end(0), (e) => {
  console.error('report-timings.js: ' + e.message);
  end(1);
});
