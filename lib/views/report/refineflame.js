/* refineflame.js: the refined flame graph and chart, laid out as
   flame.c lays them out and drawn as flame_svg.c draws them, on the
   page's refine data (refine.js hands it over with use()); the boxes
   under half a pixel handed to flame.js as data. refine.js reads it as
   report.refineFlame. */
(function () {
"use strict";
var R = window.report, data = null, G = R && R.figures;
if (!R) return;
var shown = G.shown, unitWord = G.unitWord, numText = G.numText;
function $(id) { return document.getElementById(id); }

/* The flame graph of the stacks kept, as tsvflame draws it (flame.c):
   a box a stack prefix, children by name left to right, none narrower
   than 0.1 px; its script the page's flame graph's, on the ids r-. */
function xml(s) {
  return String(s).replace(/[&<>"]/g, function (c) {
    return c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;';
  });
}
function fit(name, w) {
  var n = Math.floor((w - 6) / (12 * 0.59));
  if (!(n >= 3)) return '';
  if (name.length <= n) return name;
  return name.substring(0, n - 1) + '\u2026';
}
/* flame.js, as the page's flame graph (or chart) holds it, called for
   the ids r-; kept from the first look: a type switched to takes the
   first type's pictures out of the page */
var flameJs = null, W = 1200;
function flameScript() {
  var ids = ['g-flame', 'c-flame'], i, g, sc;
  for (i = 0; flameJs === null && i < ids.length; i++) {
    g = $(ids[i]);
    sc = g && g.getElementsByTagName('script')[0];
    if (sc) {
      flameJs = sc.textContent.replace(/\('[a-z-]*'\);\s*$/, "('r-');");
      W = parseFloat(g.getAttribute('width'));
    }
  }
  return flameJs;
}
function byFrames(a, b) {
  var k, n = Math.min(a.length, b.length), rank = data.rank;
  for (k = 0; k < n; k++)
    if (a[k] !== b[k]) return rank[a[k]] - rank[b[k]];
  return b.length - a.length;
}
/* each stack's place among all sorted by their frames, made once */
function sortedStacks() {
  var order, i;
  if (data.pos) return data.pos;
  order = data.fr.map(function (x, k) { return k; });
  order.sort(function (p, q) { return byFrames(data.fr[p], data.fr[q]) || p - q; });
  data.pos = new Int32Array(order.length);
  for (i = 0; i < order.length; i++) data.pos[order[i]] = i;
  return data.pos;
}
/* The boxes of a flame graph of stacks st, as flame.c lays them out:
   the stacks sorted by their frames' names (a stack that ends after
   those that go on), a box a run of them sharing a prefix (where the
   frames two neighbours share fall under its depth it ends), its value
   a difference of prefix sums, children left to right from the
   parent's x; one narrower than 0.1 px, or not positive, is not drawn,
   nor anything above it. The boxes drawn, in preorder: frame (-1: the
   root), depth, value, x, width, parent. */
function layout(st, span, ordered) {
  var order = [], n = st.length, S, pre, lcp, i, j, k, a, b, m, total,
    L = { f: [-1], d: [0], v: [0], x: [10], w: [span], p: [-1], total: 0 },
    work, top, d, v, w;
  for (i = 0; i < n; i++) order.push(i);
  /* stacks as read keep their order among all (sorted once); frames
     taken out make a new one */
  if (ordered) ;	/* a chart's: as taken */
  else if (st.every(function (x) { return x[5] === false; })) {
    var pos = sortedStacks();
    order.sort(function (p, q) { return pos[st[p][4]] - pos[st[q][4]]; });
  } else
    order.sort(function (p, q) { return byFrames(st[p][2], st[q][2]) || p - q; });
  S = order.map(function (k) { return st[k][2]; });
  pre = new Float64Array(n + 1);
  lcp = new Int32Array(n + 1);
  for (i = 0; i < n; i++) {
    pre[i + 1] = pre[i] + st[order[i]][0];
    if (i > 0) {
      a = S[i - 1]; b = S[i]; m = Math.min(a.length, b.length);
      for (k = 0; k < m && a[k] === b[k]; k++) ;
      lcp[i] = k;
    }
  }
  L.total = L.v[0] = total = pre[n];
  if (!(total > 0)) return L;
  /* a box's stacks [from, to), its depth, its next child's x */
  work = [{ from: 0, to: n, d: 0, at: 0, next: 10, box: 0 }];
  while (work.length) {
    top = work[work.length - 1];
    if (top.at >= top.to) { work.pop(); continue; }
    i = top.at;
    d = top.d;
    if (S[i].length <= d) { top.at++; continue; }	/* its own value */
    for (j = i + 1; j < top.to && lcp[j] > d; j++) ;
    top.at = j;
    v = pre[j] - pre[i];
    w = v / total * span;
    top.next += w;
    if (w < 0.1 || !(v > 0)) continue;
    L.f.push(S[i][d]); L.d.push(d + 1); L.v.push(v); L.x.push(top.next - w);
    L.w.push(w); L.p.push(top.box);
    work.push({ from: i, to: j, d: d + 1, at: i, next: top.next - w, box: L.f.length - 1 });
  }
  return L;
}
/* the boxes drawn, as objects */
function drawnBoxes(L) {
  var boxes = [], i;
  for (i = 0; i < L.f.length; i++)
    boxes.push({ i: i, n: { f: L.f[i], v: L.v[i] }, x: L.x[i], d: L.d[i], w: L.w[i] });
  return boxes;
}
/* the flame graph's frames as report.js's sandwich reads them */
function treeOf(L) {
  var out = [], i, f, n;
  for (i = 0; i < L.f.length; i++) {
    f = L.f[i] >= 0 ? data.frames[L.f[i]] : ['all', '', null];
    n = { name: f[0], s: f[2] !== f[0] ? f[2] : null, v: L.v[i], d: L.d[i],
      up: i > 0 ? out[L.p[i]] : null, kids: [] };
    if (n.up) n.up.kids.push(n);
    out.push(n);
  }
  return out;
}
/* A picture of the boxes L as flame_svg.c draws one, on the ids P: the
   flame graph (r-), or the chart (rc-: a time axis under the boxes,
   whose ticks flame.js draws on reset); spec, the refinement said. */
function flameSvg(t, L, spec, P, what) {
  var PAD = 10, FH = 16, TOP = 44, BOTTOM = 50, AXIS = P === 'rc-' ? 20 : 0, boxes,
    i, depth = 0, H, out, span, script, y, b, name, fr, lazy, tip, root = { v: L.total },
    axisT, axisU, id = function (n) { return P + n; };
  script = flameScript();
  if (script) script = script.replace(/\('r-'\);\s*$/, "('" + P + "');");
  span = W - 2 * PAD;
  if (!(L.total > 0)) return '<p class="note">No ' + what.toLowerCase() + ': no positive value is kept.</p>';
  boxes = drawnBoxes(L);
  for (i = 0; i < boxes.length; i++) if (boxes[i].d > depth) depth = boxes[i].d;
  H = TOP + (depth + 1) * FH + AXIS + BOTTOM;
  out = ['<svg version="1.1" id="' + id('flame') + '" width="' + W.toFixed(3) + '" height="' + H.toFixed(3) +
    '" viewBox="0 0 ' + W.toFixed(3) + ' ' + H.toFixed(3) + '" xmlns="http://www.w3.org/2000/svg">',
    /* (each rule under the picture's id, as flame_svg.c's) */
    '<style>#' + id('flame') + ' text { font-family: Verdana, sans-serif; font-size: 12px; fill: rgb(0,0,0); }',
    '#' + id('flame') + ' #' + id('title') + ' { font-size: 17px; text-anchor: middle; }',
    '#' + id('flame') + ' #' + id('subtitle') + ' { text-anchor: middle; fill: rgb(90,90,90); }',
    '#' + id('flame') + ' #' + id('search') + ' { display: none; } #' + id('flame') + ' #' + id('matched') +
      ' { text-anchor: end; }',
    '#' + id('flame') + ' .f { cursor: pointer; } #' + id('flame') +
      ' .f:hover rect { stroke: rgb(0,0,0); stroke-width: 0.5; }',
    '#' + id('flame') + ' .parent { opacity: 0.5; }</style>',
    '<rect x="0" y="0" width="100%" height="100%" fill="rgb(248,248,244)"/>',
    '<text id="' + id('title') + '" x="' + (W / 2).toFixed(3) + '" y="20">' + what + ', refined</text>',
    '<text id="' + id('subtitle') + '" x="' + (W / 2).toFixed(3) + '" y="38">total ' +
      xml(shown(t, root.v * t.scale) + ' ' + unitWord(t)) + '; ' + xml(spec) +
      (AXIS ? '; the samples in the order taken' : '') +
      '; click a frame to zoom, Escape or the root to reset</text>',
    '<text id="' + id('search') + '" x="' + (W - PAD).toFixed(3) + '" y="20">Search</text>',
    '<text id="' + id('details') + '" x="10" y="' + (H - BOTTOM + 34).toFixed(3) + '"> </text>',
    '<text id="' + id('matched') + '" x="' + (W - PAD).toFixed(3) + '" y="' + (H - BOTTOM + 34).toFixed(3) +
      '"></text>',
    '<g id="' + id('frames') + '">'];
  /* frames under half a pixel (flame.js's MINW) as data: it makes them
     when a zoom widens them (large.cpu refined: 10,000 of 10,300) */
  lazy = (window.flameLazy = window.flameLazy || {})[P] = [];
  for (i = 0; i < boxes.length; i++) {
    b = boxes[i];
    fr = b.n.f >= 0 ? data.frames[b.n.f] : ['all', '', 'all', 'rgb(235,140,60)'];
    y = TOP + (depth - b.d) * FH;
    name = fr[2];
    tip = fr[0] + '\n' + (fr[1] !== '' ? fr[1] + '\n' : '') + shown(t, b.n.v * t.scale) + ' ' +
      unitWord(t) + ' (' + (b.n.v / root.v * 100).toFixed(2) + '%)';
    if (i > 0 && b.w < 0.5) {
      lazy.push([b.d, +b.x.toFixed(3), +b.w.toFixed(3), y, fr[0], name, fr[3], tip, numText(b.n.v)]);
      continue;
    }
    out.push('<g class="f" data-d="' + b.d + '" data-v="' + numText(b.n.v) + '"' +
      (name !== fr[0] ? ' data-s="' + xml(name) + '"' : '') + '><title>' + xml(tip) +
      '</title><rect x="' + b.x.toFixed(3) + '" y="' +
      y.toFixed(3) + '" width="' + b.w.toFixed(3) + '" height="15" rx="2" fill="' + fr[3] +
      '"/><text x="' + (b.x + 3).toFixed(3) + '" y="' + (y + 11.5).toFixed(3) + '">' +
      xml(fit(name, b.w)) + '</text></g>');
  }
  out.push('</g>');
  if (AXIS) {
    /* the time axis in the unit the values are shown in (flame_svg.c's
       axis_total) */
    axisT = root.v * t.scale;
    axisU = t.unit;
    if (t.how === 'min' || t.how === 'unit') { axisT = axisT * t.f1 / t.f2; axisU = t.show; }
    out.push('<g id="' + id('axis') + '" data-t="' + axisT + '" data-u="' + xml(axisU) +
      '" data-y="' + (TOP + (depth + 1) * FH + 2).toFixed(3) + '"></g>');
  }
  if (script) out.push('<script><![CDATA[' + script + ']]><\/script>');
  out.push('</svg>');
  return out.join('\n');
}
R.refineFlame = { use: function (d) { data = d; }, width: function () { return W; },
  flameScript: flameScript, layout: layout, treeOf: treeOf, flameSvg: flameSvg, xml: xml };
})();
