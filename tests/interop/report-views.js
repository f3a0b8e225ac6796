// report-views.js PAGE PNG-PREFIX HIDDEN: every view of tsvreport's PAGE
// shown in headless Chromium (1300 x 900, over the DevTools protocol),
// and the call graph refined (rcallgraph: laid out in the page),
// a screenshot of each to PNG-PREFIX-VIEW.png, and what can be checked
// of what it shows printed, a line each, "VIEW CHECK VALUE":
//   shown     the view's size on screen, px (0: nothing shown)
//   inside    1 when its table or picture fits the window's width
//   path      1 when its text holds HIDDEN (a directory of this machine)
//   unit      the unit the header names (values in ...) and that the
//             picture's total is in
//   labels    frames labelled / labels that do not fit their box / labels
//             that are not their name or its start cut by an ellipsis
//   detail    the function chosen, its pane's title, and whether it has
//             callers and callees and a sandwich
// and "errors N" (what the page threw).
'use strict';
const path = require('path');
const cdp = require('./cdp.js');

const file = path.resolve(process.argv[2]);
const prefix = process.argv[3];
const hidden = process.argv[4] || '';
const W = 1300, H = 900;

async function main() {
  const p = await cdp.open('file://' + file, W, H);
  const out = [];
  try {
    const meta = await p.js('document.getElementById("meta").textContent');
    const unit = (/values in ([^ ;·]+)/.exec(meta) || /total: [-0-9.]+ ?([a-zA-Z]+)/.exec(meta) || [])[1] || '';
    out.push('header unit ' + unit);
    for (const view of ['top', 'graph', 'chart', 'callgraph', 'rcallgraph']) {
      if (view === 'rcallgraph') {
        /* refined (by a hide that takes nothing): the call graph laid
           out in the page */
        if (!(await p.js('typeof report.refineBy === "function" && !!document.getElementById("v-rcallgraph")')))
          continue;
        await p.js('report.refineBy({ hide: "^no such function$" })');
        await p.js('new Promise((r) => { (function w() { ' +
          'if (document.getElementById("refined").textContent !== "") r(); else setTimeout(w, 10); })(); })');
        await p.js('report.show("callgraph")');
      } else
        await p.js('report.show("' + view + '")');
      if (view === 'top')
        await p.js('report.choose(document.querySelector("#top tbody tr").fn)');
      await p.js(p.painted);
      await p.screenshot(prefix + '-' + view + '.png');
      const r = await p.js(`(() => {
        const v = document.getElementById('v-${view}');
        const box = v.getBoundingClientRect(), r = {};
        r.shown = Math.round(box.width * box.height > 0 ? box.height : 0);
        const what = v.querySelector('table, svg');
        r.inside = what ? (what.getBoundingClientRect().right <= ${W} ? 1 : 0) : 0;
        const text = document.querySelector('header').innerText + '\\n' + v.innerText +
          '\\n' + Array.prototype.map.call(v.querySelectorAll('title'),
            t => t.textContent).join('\\n');
        r.path = ${JSON.stringify(hidden)} !== '' && text.indexOf(${JSON.stringify(hidden)}) >= 0 ? 1 : 0;
        const sub = v.querySelector('[id$="subtitle"]');
        r.unit = sub ? ((/^total [-0-9.]+ ?([a-zA-Z]+)/.exec(sub.textContent) || [])[1] || '') : '-';
        let n = 0, wide = 0, wrong = 0;
        v.querySelectorAll('g.f').forEach(g => {
          const t = g.querySelector('text'), rect = g.querySelector('rect');
          if (!t || t.textContent === '' || g.style.display === 'none') return;
          n++;
          if (t.getComputedTextLength() > parseFloat(rect.getAttribute('width')) - 2) wide++;
          const name = g.getAttribute('data-s') ||
            g.querySelector('title').textContent.split('\\n')[0];
          const l = t.textContent;
          if (l !== name && !(l.endsWith('\\u2026') && name.indexOf(l.slice(0, -1)) === 0)) wrong++;
        });
        /* the refined call graph's boxes: each line inside its box */
        v.querySelectorAll('g.node').forEach(g => {
          const rect = g.querySelector('rect');
          if (!rect) return;	/* (Graphviz's: polygons) */
          g.querySelectorAll('text').forEach(t => {
            n++;
            if (t.getComputedTextLength() > parseFloat(rect.getAttribute('width')) - 2) wide++;
          });
        });
        r.labels = n + '/' + wide + '/' + wrong;
        if ('${view}' === 'top') {
          const d = document.getElementById('detail');
          r.detail = document.querySelector('#top tbody tr').fn + '|' +
            d.querySelector('h2').textContent + '|' +
            (d.querySelector('table.peek') ? 'peek' : 'no-peek') + '|' +
            (d.querySelector('.sw') ? 'sandwich' : 'no-sandwich');
        }
        return r;
      })()`);
      for (const k of Object.keys(r)) out.push(view + ' ' + k + ' ' + r[k]);
    }
    out.push('errors ' + p.errors.length + (p.errors.length ? ' ' + p.errors.join('; ') : ''));
  } finally {
    await p.close();
  }
  console.log(out.join('\n'));
}

main().catch((e) => {
  console.error('report-views.js: ' + e.message);
  process.exit(1);
});
