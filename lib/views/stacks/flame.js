(function (P) {
"use strict";
function byId(n) { return document.getElementById(P + n); }
/* Frames narrower than MINW px are out of the document until a zoom
   widens them: the browser styles and lays out each SVG element it holds
   (hidden or not, some 20 us here), and large.cpu has 2,826 frames of
   0.1 to 0.3 px, which made showing its graph take over 100 ms for
   hairlines. */
var MINW = 0.5;
var PAD = 10, FONT = 12, W, box, frames, root, details, matched, zoomed = null,
  axis = null;
function num(e, a) { return parseFloat(e.getAttribute(a)); }
function part(f, tag) { return f.getElementsByTagName(tag)[0]; }
function fit(f, w) {
  var n = Math.floor((w - 6) / (FONT * 0.59)),
    s = f.getAttribute('data-s') || f.name,
    t = n < 3 ? '' : s.length <= n ? s : s.substring(0, n - 1) + '\u2026';
  if (f.text.textContent !== t) f.text.textContent = t;
}
/* A label's width as the browser draws it, measured on a canvas in the
   labels' font: no layout of the picture (reading an SVG text's length
   lays out all of it, a tenth of a second on a large graph), and a
   picture not shown measures as well as one shown. */
var measure = null;
function width(f, s) {
  var cs;
  if (measure === null) {
    cs = getComputedStyle(f.text);
    /* an HTML canvas by its namespace: in an SVG document (the SVG
       opened on its own) createElement gives an element of none */
    measure = document.createElementNS('http://www.w3.org/1999/xhtml',
      'canvas').getContext('2d');
    measure.font = cs.fontStyle + ' ' + cs.fontWeight + ' ' + cs.fontSize +
      ' ' + cs.fontFamily;
  }
  return measure.measureText(s).width;
}
/* The labels the estimate of fit() let pass their box (wide letters),
   cut again by what they measure. */
function settle() {
  var i, f, l, w, k, s, t;
  for (i = 0; i < frames.length; i++) {
    f = frames[i];
    if (!f.on || (t = f.text.textContent) === '') continue;
    w = parseFloat(f.ws) - 4;
    if ((l = width(f, t)) <= w) continue;
    s = f.getAttribute('data-s') || f.name;
    k = Math.floor(t.length * w / l);
    do {
      k--;
      t = k < 2 ? '' : s.substring(0, k - 1) + '\u2026';
    } while (t !== '' && width(f, t) > w);
    f.text.textContent = t;
  }
}
/* A frame the page's script handed over as data (window.flameLazy, of
   frames too narrow to be drawn at first: a picture made in the page
   needs no markup for them), made an element when a zoom first shows
   it; frames[] then holds the element. */
var searched = null;
function made(f) {
  var ns = box.namespaceURI, g = document.createElementNS(ns, 'g'),
    t = document.createElementNS(ns, 'title'), k;
  g.setAttribute('class', 'f');
  g.setAttribute('data-d', f.d);
  g.setAttribute('data-v', f.vs);
  if (f.s !== f.name) g.setAttribute('data-s', f.s);
  t.textContent = f.title;
  g.appendChild(t);
  g.rect = g.appendChild(document.createElementNS(ns, 'rect'));
  g.rect.setAttribute('y', f.y.toFixed(3));
  g.rect.setAttribute('height', '15');
  g.rect.setAttribute('rx', '2');
  g.text = g.appendChild(document.createElementNS(ns, 'text'));
  g.text.setAttribute('y', (f.y + 11.5).toFixed(3));
  for (k in f) if (f.hasOwnProperty(k) && k !== 'lazy') g[k] = f[k];
  g.rect.setAttribute('fill', searched !== null && searched.test(f.name) ?
    'rgb(230,0,230)' : f.fill0);
  g.on = false;
  g.cls = null;
  g.onclick = click;
  g.onmouseover = over;
  g.onmouseout = out;
  frames[f.at] = g;
  return g;
}
/* Each frame as it is drawn, so that a zoom changes only what moves: a
   large graph has tens of thousands of frames. */
function show(f, on) {
  if (on && f.lazy) f = made(f);
  if (f.on !== on) {
    if (on) box.appendChild(f);
    else box.removeChild(f);
    f.on = on;
  }
  return f;
}
function place(f, x, w, cls) {
  var xs = x.toFixed(3), ws = w.toFixed(3);
  f = show(f, w >= MINW);
  if (!f.on) return;
  if (f.xs === xs && f.ws === ws && f.cls === cls) return;
  f.rect.setAttribute('x', xs);
  f.rect.setAttribute('width', ws);
  f.text.setAttribute('x', (x + 3).toFixed(3));
  if (f.cls !== cls) f.setAttribute('class', cls);
  if (f.ws !== ws) fit(f, w);
  f.xs = xs;
  f.ws = ws;
  f.cls = cls;
}
/* a chart's time axis over values v0..v1: ticks 1, 2 or 5 times a power
   of ten, some 90 px apart, as the SVG drew them for the whole */
function ticks(v0, v1) {
  var ns = axis === null ? '' : axis.namespaceURI, span = W - 2 * PAD,
    n = Math.max(1, Math.floor(span / 90)), raw = (v1 - v0) / n,
    p, m, step, t, x, y, l, tx;
  if (axis === null) return;
  while (axis.firstChild) axis.removeChild(axis.firstChild);
  if (!(raw > 0)) return;
  p = Math.pow(10, Math.floor(Math.log(raw) / Math.LN10));
  m = raw / p;
  step = (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
  y = num(axis, 'data-y');
  for (t = Math.ceil(v0 / step - 1e-9) * step; t <= v1 * (1 + 1e-9);
      t += step) {
    x = PAD + (t - v0) / (v1 - v0) * span;
    l = document.createElementNS(ns, 'line');
    l.setAttribute('x1', x.toFixed(3));
    l.setAttribute('x2', x.toFixed(3));
    l.setAttribute('y1', y.toFixed(3));
    l.setAttribute('y2', (y + 4).toFixed(3));
    l.setAttribute('stroke', 'rgb(90,90,90)');
    axis.appendChild(l);
    tx = document.createElementNS(ns, 'text');
    tx.setAttribute('x', x.toFixed(3));
    tx.setAttribute('y', (y + 15).toFixed(3));
    tx.setAttribute('font-size', '10');
    tx.setAttribute('text-anchor', 'middle');
    tx.textContent = (+t.toPrecision(12)) + ' ' + axis.getAttribute('data-u');
    axis.appendChild(tx);
  }
}
function reset() {
  var i;
  zoomed = null;
  if (axis !== null) ticks(0, num(axis, 'data-t'));
  for (i = 0; i < frames.length; i++)
    place(frames[i], frames[i].x0, frames[i].w0, 'f');
  settle();
}
function zoom(g) {
  var i, f, e = 1e-6, x0 = g.x0, x1 = g.x0 + g.w0,
    s = (W - 2 * PAD) / g.w0;
  if (g === root) { reset(); return; }
  zoomed = g;
  if (axis !== null)
    ticks((x0 - PAD) / (W - 2 * PAD) * num(axis, 'data-t'),
      (x1 - PAD) / (W - 2 * PAD) * num(axis, 'data-t'));
  for (i = 0; i < frames.length; i++) {
    f = frames[i];
    if (f.d < g.d) {
      if (f.x0 <= x0 + e && f.x0 + f.w0 >= x1 - e)
        place(f, PAD, W - 2 * PAD, 'f parent');
      else
        show(f, false);
    } else if (f.x0 >= x0 - e && f.x0 + f.w0 <= x1 + e)
      place(f, PAD + (f.x0 - x0) * s, f.w0 * s, 'f');
    else
      show(f, false);
  }
  settle();
}
function search(text) {
  var i, f, re, spans = [], total = 0, end = -1, pct;
  if (text === null || text === undefined) return null;
  for (i = 0; i < frames.length; i++)
    if (frames[i].rect) frames[i].rect.setAttribute('fill', frames[i].fill0);
  matched.textContent = '';
  searched = null;
  if (text === '') return null;
  try { re = new RegExp(text); } catch (err) {
    matched.textContent = 'not a regular expression';
    return null;
  }
  searched = re;
  for (i = 0; i < frames.length; i++) {
    f = frames[i];
    if (f !== root && re.test(f.name)) {
      if (f.rect) f.rect.setAttribute('fill', 'rgb(230,0,230)');
      spans.push([f.x0, f.w0]);
    }
  }
  /* the outermost matches: a frame inside another counts once. The
     SVG's x and width are rounded to 0.001: a frame next to the one
     before may begin up to 0.0015 before its end, inside none. */
  spans.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });
  for (i = 0; i < spans.length; i++)
    if (spans[i][0] >= end - 0.0015) {
      total += spans[i][1];
      end = spans[i][0] + spans[i][1];
    }
  pct = 100 * total / root.w0;
  matched.textContent = 'Matched: ' + pct.toFixed(2) + '%';
  return pct;
}
function ask() {
  return search(prompt('Search: a regular expression (empty: clear)', ''));
}
function over() {
  details.textContent = part(this, 'title').textContent.replace(/\n/g, '  ');
}
function out() { details.textContent = ' '; }
function click() { zoom(this); }
function key(e) {
  if (e.key === 'Escape') { reset(); search(''); }
  else if ((e.ctrlKey && e.key === 'f') || e.key === '/') {
    e.preventDefault();
    ask();
  }
}
function init() {
  var i, f, r, lazy, svg = byId('flame');
  W = num(svg, 'width');
  details = byId('details');
  matched = byId('matched');
  axis = byId('axis');
  box = byId('frames');
  frames = Array.prototype.slice.call(box.getElementsByTagName('g'));
  for (i = 0; i < frames.length; i++) {
    f = frames[i];
    r = f.rect = part(f, 'rect');
    f.text = part(f, 'text');
    f.x0 = num(r, 'x');
    f.w0 = num(r, 'width');
    f.xs = r.getAttribute('x');
    f.ws = r.getAttribute('width');
    f.cls = f.getAttribute('class');
    f.on = true;
    if (f.style.display === 'none' || f.w0 < MINW) {
      f.style.display = '';
      show(f, false);
    }
    f.d = parseInt(f.getAttribute('data-d'), 10);
    f.vs = f.getAttribute('data-v');
    f.fill0 = r.getAttribute('fill');
    f.name = part(f, 'title').textContent.split('\n')[0];
    f.onclick = click;
    f.onmouseover = over;
    f.onmouseout = out;
    if (f.d === 0) root = f;
  }
  lazy = window.flameLazy && window.flameLazy[P] || [];
  for (i = 0; i < lazy.length; i++) {
    /* [depth, x, width, y, name, short name, fill, tooltip, value] */
    f = lazy[i];
    frames.push({ lazy: true, at: frames.length, d: f[0], x0: f[1], w0: f[2],
      y: f[3], name: f[4], s: f[5], fill0: f[6], title: f[7], vs: f[8], on: false });
  }
  byId('search').onclick = ask;
  if (P === '') {
    document.addEventListener('keydown', key);
    window.search = search;
  }
  window.flames = window.flames || {};
  window.flames[P] = { search: search, reset: reset, zoom: zoom,
    frames: frames };
  settle();
}
init();
})
