// trace-record.js OUT.trace.json OUT.cpuprofile: one page's work recorded
// by headless Chromium both ways at once: the Profiler domain's profile
// (what DevTools' JavaScript profiler saves) and a trace with V8's CPU
// profiler category (what the Performance panel saves), whose Profile
// and ProfileChunk events carry the same profile, and the trace's own.
'use strict';
const cdp = require('./cdp.js');
const fs = require('fs');

(async () => {
  const [traceFile, profileFile] = process.argv.slice(2);
  const page = await cdp.open('about:blank');
  const events = [];
  let done;
  const complete = new Promise((r) => { done = r; });
  page.listeners.push((m) => {
    if (m.method === 'Tracing.dataCollected') events.push(...m.params.value);
    if (m.method === 'Tracing.tracingComplete') done();
  });
  await page.browser('Tracing.start', { traceConfig: { includedCategories:
    ['disabled-by-default-v8.cpu_profiler'] }, transferMode: 'ReportEvents' });
  await page.send('Profiler.enable');
  await page.send('Profiler.setSamplingInterval', { interval: 200 });
  await page.send('Profiler.start');
  await page.js(`(function () {
    let s = 0;
    function spinHot(n) { for (let i = 0; i < n; i++) s += (i * i) % 7; }
    function spinWarm(n) { for (let i = 0; i < n; i++) s ^= i; }
    const end = Date.now() + 400;
    while (Date.now() < end) { spinHot(300000); spinWarm(100000); }
    return s;
  })()`);
  const { profile } = await page.send('Profiler.stop');
  await page.browser('Tracing.end');
  await complete;
  fs.writeFileSync(traceFile, JSON.stringify({ traceEvents: events }));
  fs.writeFileSync(profileFile, JSON.stringify(profile));
  await page.close();
})().catch((e) => { console.error('trace-record.js: ' + e.message); process.exit(1); });
