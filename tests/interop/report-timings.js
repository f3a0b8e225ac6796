// report-timings.js PAGE [FUNCTION]: opens tsvreport's PAGE in headless
// Chromium driven over the DevTools protocol (on a pipe: no port, no
// WebSocket) and prints, a line each, how long the page takes to open
// (navigation to the load event, and to the first paint after it) and
// each interaction takes until the next frame is painted: a function
// chosen in the table, a search, each view shown, a flame graph frame
// zoomed, refined (three ways, then reset), the sample type switched
// (when the page has a menu). Errors
// the page throws are printed too. Measures; asserts nothing.
'use strict';
const path = require('path');
const cdp = require('./cdp.js');

const page = path.resolve(process.argv[2]);
const fn = process.argv[3] || '';

async function main() {
  const p = await cdp.open('file://' + page);
  const js = p.js, painted = p.painted;
  try {
    const open = await js('(async () => { await ' + painted + '; const n = ' +
      'performance.getEntriesByType("navigation")[0]; return [n.loadEventEnd, ' +
      'performance.now()]; })()');
    console.log('open (load event)\t' + open[0].toFixed(0) + ' ms');
    console.log('open (painted)\t' + open[1].toFixed(0) + ' ms');
    const timed = async (name, body) => {
      const ms = await js('(async () => { const t0 = performance.now(); ' + body +
        '; await ' + painted + '; return performance.now() - t0; })()');
      console.log(name + '\t' + ms.toFixed(0) + ' ms');
    };
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
    // the refine controls: the stacks inflated at the first, each view
    // made again (until painted: the table shown)
    if (await js('typeof report.refineBy === "function"')) {
      // each after the one before is done (its sandwich comes after the
      // table is painted)
      const idle = () => js('new Promise(r => setTimeout(r, 500))');
      const refined = async (name, spec) => idle().then(() => timed(name, 'report.refineBy(' +
        JSON.stringify(spec) + '); await new Promise(r => { (function w() { ' +
        'if (document.getElementById("refined").textContent !== "") r(); ' +
        'else setTimeout(w, 1); })(); })'));
      await refined('refine: focus (first, the stacks inflated)', { focus: first.replace(/[.*+?()[\]{}|^$\\]/g, '\\$&') });
      await js('document.getElementById("refined").textContent = ""');
      await refined('refine: hide', { hide: '^runtime\\.' });
      await js('document.getElementById("refined").textContent = ""');
      await refined('refine: ignore and show', { ignore: 'gc', show: '^main\\.' });
      await idle();
      await timed('refine: show the refined graph', 'report.show("graph")');
      await idle();
      await timed('refine: show the refined chart', 'report.show("chart")');
      await idle();
      await timed('refine: show the refined call graph', 'report.show("callgraph")');
      await idle();
      await js('report.show("graph")');
      await idle();
      await timed('refine: zoom a refined flame graph frame',
        'document.querySelector("#r-frames g.f:nth-child(3)").dispatchEvent(' +
        'new MouseEvent("click", { bubbles: true }))');
      await idle();
      await timed('refine: reset', 'report.refineBy(null)');
      await js('report.show("top")');
    }
    const types = await js('Array.prototype.map.call(document.querySelectorAll(' +
      '"#type option"), o => o.textContent)');
    if (types.length > 1) {
      // the type's table shown, painted; then every view of it made
      // (its pictures and its other tables come after the table)
      const sw = await js('(async () => { const t0 = performance.now(); ' +
        'const m = document.getElementById("meta"); report.type(' +
        JSON.stringify(types[1]) + '); await new Promise(r => { (function w() { ' +
        'if (m.textContent.indexOf("type: ' + types[1] + '") >= 0) r(); ' +
        'else setTimeout(w, 1); })(); }); await ' + painted + '; ' +
        'const t1 = performance.now(); await new Promise(r => { (function w() { ' +
        'if (report.pending() === 0) r(); else setTimeout(w, 1); })(); }); ' +
        'await ' + painted + '; return [t1 - t0, performance.now() - t0]; })()');
      console.log('switch to ' + types[1] + '\t' + sw[0].toFixed(0) + ' ms');
      console.log('switch to ' + types[1] + ', every view\t' + sw[1].toFixed(0) + ' ms');
      await timed('back to ' + types[0], 'report.type(' + JSON.stringify(types[0]) + ')');
    }
    console.log('errors\t' + p.errors.length + (p.errors.length ? ': ' + p.errors.join('; ') : ''));
  } finally {
    await p.close();
  }
}

main().catch((e) => {
  console.error('report-timings.js: ' + e.message);
  process.exit(1);
});
