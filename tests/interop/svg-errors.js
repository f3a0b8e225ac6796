// svg-errors.js SVG...: each SVG opened on its own in headless Chromium
// (an SVG document: no HTML around it), then driven as a user would: a
// click on its widest frame below the root (zoom), its search, Escape.
// Prints a line per file: "FILE ok", or "FILE: " and every error thrown
// (on load or after), as the page's console would show them.
'use strict';
const path = require('path');
const { open } = require('./cdp.js');

const drive = `(async () => {
  const said = [];
  const gs = Array.from(document.querySelectorAll('g'))
    .filter(g => g.querySelector(':scope > rect') && g.querySelector(':scope > title'));
  if (gs.length < 2) said.push('only ' + gs.length + ' frames');
  let best = null, bw = 0;
  for (const g of gs.slice(1)) {
    const w = parseFloat(g.querySelector(':scope > rect').getAttribute('width'));
    if (w > bw && w < 1000) { bw = w; best = g; }
  }
  if (best) best.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  if (typeof search === 'function') search('a');
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  return said.join('; ');
})()`;

(async () => {
  for (const f of process.argv.slice(2)) {
    const page = await open('file://' + path.resolve(f), 1200, 800);
    let said = '';
    try {
      await page.js(page.painted);
      said = await page.js(drive);
    } catch (e) {
      page.errors.push(e.message);
    }
    const errs = page.errors.concat(said ? [said] : []);
    console.log(errs.length ? f + ': ' + errs.join(' | ') : f + ' ok');
    await page.close();
  }
})().catch((e) => { console.error(e); process.exit(1); });
