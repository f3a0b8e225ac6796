// cdp.js: headless Chromium driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: no port, no WebSocket), for the interop
// scripts that open tsvreport's pages. open(url) gives a page with
// js(expression) (awaited, by value), send(method, params), browser(method,
// params) for the browser's domains, listeners (each told every event),
// errors (what the page threw) and close().
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

async function open(url, width, height) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdp-'));
  const chrome = spawn('chromium', ['--headless', '--no-sandbox',
    '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--hide-scrollbars',
    '--remote-debugging-pipe', '--user-data-dir=' + dir, 'about:blank'],
  { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'], detached: true });
  const to = chrome.stdio[3], from = chrome.stdio[4];
  let next = 1, buffered = '';
  const waiting = new Map(), listeners = [];
  function send(method, params, sessionId) {
    const id = next++;
    const msg = { id, method, params: params || {} };
    if (sessionId) msg.sessionId = sessionId;
    to.write(JSON.stringify(msg) + '\0');
    return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
  }
  from.on('data', (chunk) => {
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
  const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  const s = (m, p) => send(m, p, sessionId);
  // the browser's own domains (Tracing) and its events, by name
  const page = { errors: [], send: s, browser: send, listeners };
  listeners.push((msg) => {
    if (msg.method === 'Runtime.exceptionThrown') {
      const d = msg.params.exceptionDetails;
      page.errors.push(d.exception ? d.exception.description : d.text);
    }
  });
  await s('Page.enable');
  await s('Runtime.enable');
  if (width)
    await s('Emulation.setDeviceMetricsOverride', { width, height,
      deviceScaleFactor: 1, mobile: false });
  const loaded = event('Page.loadEventFired');
  await s('Page.navigate', { url });
  await loaded;
  page.js = async (expr) => {
    const r = await s('Runtime.evaluate', { expression: expr,
      awaitPromise: true, returnByValue: true });
    if (r.exceptionDetails)
      throw new Error((r.exceptionDetails.exception ?
        r.exceptionDetails.exception.description :
        r.exceptionDetails.text) + ' in: ' + expr.slice(0, 80));
    return r.result.value;
  };
  // the frame painted after what was done: two animation frames
  page.painted = 'new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))';
  page.screenshot = async (file) => {
    const r = await s('Page.captureScreenshot', { format: 'png' });
    fs.writeFileSync(file, Buffer.from(r.data, 'base64'));
  };
  page.close = () => new Promise((resolve) => {
    chrome.on('exit', () => {
      // its helpers may still be writing there a moment
      try {
        fs.rmSync(dir, { recursive: true, force: true, maxRetries: 20,
          retryDelay: 100 });
      } catch (e) {
        console.error('cdp.js: ' + dir + ' left: ' + e.message);
      }
      resolve();
    });
    // its whole process group: helpers left would write on in dir
    try { process.kill(-chrome.pid, 'SIGTERM'); } catch (e) { chrome.kill(); }
  });
  return page;
}

module.exports = { open };
