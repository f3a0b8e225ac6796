/* graphlayout.js: a refined call graph (tsvgraph's DOT, run by the
   page's engine) laid out and drawn as SVG in the page. Graphviz lays the
   page's own graph out when the page is made; a refinement's is made in
   the browser, so it is laid out here as dot lays a graph out, more
   simply: ranks by the longest path from the callers (cycles broken where
   a walk meets them), a long edge through a point on each rank between,
   each rank ordered by its neighbours' places (barycentres, swept down
   and up), then each box moved toward its neighbours without
   overlapping. A loop over ranks and boxes throughout: no recursion over
   the graph. Its text, colours and widths are the DOT's: nothing is
   counted here. */
(function () {
'use strict';
var R = window.report;
if (!R) return;
function xml(s) {
  return String(s).replace(/[&<>"]/g, function (c) {
    return c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;';
  });
}
R.xml = xml;	/* (refine.js's too) */

/* ---- tsvgraph's DOT (lib/views/graph/dot.c): a statement a line ---- */

/* a quoted DOT string's text from at (just past its opening quote):
   [lines (split at \n, \l, \r), the index past its closing quote] */
function dotString(s, at) {
  var lines = [], cur = '', c;
  while (at < s.length && (c = s.charAt(at)) !== '"') {
    if (c === '\\' && at + 1 < s.length) {
      c = s.charAt(++at);
      if (c === 'n' || c === 'l' || c === 'r') { lines.push(cur); cur = ''; }
      else cur += c;
    } else cur += c;
    at++;
  }
  /* a label's last \l ends its last line: nothing after it */
  if (cur !== '' || lines.length === 0) lines.push(cur);
  return [lines, at + 1];
}
/* a statement's attributes: { key: [lines] } */
function dotAttrs(s) {
  var a = {}, at = s.indexOf('['), m, k, v, re = /\s*([A-Za-z_]+)\s*=\s*/g;
  if (at < 0) return a;
  re.lastIndex = at + 1;
  while ((m = re.exec(s)) !== null && m.index === re.lastIndex - m[0].length) {
    k = m[1];
    at = re.lastIndex;
    if (s.charAt(at) === '"') { v = dotString(s, at + 1); a[k] = v[0]; re.lastIndex = v[1]; }
    else {
      v = /^[^\s\]]*/.exec(s.substring(at))[0];
      a[k] = [v];
      re.lastIndex = at + v.length;
    }
  }
  return a;
}
function one(a, k, d) { return a[k] ? a[k].join('\n') : d; }
/* The picture of tsvgraph's DOT: its legend, nodes (N<id>), nodelets
   (NN<id>_<k>, a node's labels) and edges, as callGraphSvg draws them. */
R.dotModel = function (dot) {
  var P = { legend: [], nodes: [], nodelets: [], edges: [], hasNodelets: new Set() },
    ls = dot.split('\n'), byId = new Map(), i, l, a, m;
  for (i = 0; i < ls.length; i++) {
    l = ls[i];
    a = dotAttrs(l);
    if (/^subgraph cluster_L /.test(l)) P.legend = a.label || [];
    else if ((m = /^N(\d+) \[/.exec(l)) !== null) {
      byId.set('N' + m[1], one(a, 'fn', ''));
      P.nodes.push({ id: m[1], lines: a.label || [''], fs: parseFloat(one(a, 'fontsize', '14')),
        fill: one(a, 'fillcolor', '#f8f8f8'), color: one(a, 'color', '#000000'),
        title: one(a, 'tooltip', '') });
    } else if ((m = /^(NN(\d+)_\d+) \[/.exec(l)) !== null) {
      P.hasNodelets.add(m[2]);
      P.nodelets.push({ id: m[1], from: 'N' + m[2], owner: m[2], lines: a.label || [''],
        title: one(a, 'tooltip', ''), dotted: false, label: '' });
    } else if ((m = /^(N\d+) -> (NN\d+_\d+) \[/.exec(l)) !== null) {
      P.nodelets.forEach(function (x) {
        if (x.id !== m[2]) return;
        x.label = one(a, 'label', '').trim();
        x.dotted = one(a, 'style', '') === 'dotted';
      });
    } else if ((m = /^N(\d+) -> N(\d+) \[/.exec(l)) !== null) {
      P.edges.push({ from: m[1], to: m[2], width: parseFloat(one(a, 'penwidth', '1')),
        color: one(a, 'color', '#000000'), label: (a.label || ['']).map(function (x) { return x.trim(); }).join(' '),
        title: one(a, 'tooltip', ''), dotted: one(a, 'style', '') === 'dotted' });
    }
  }
  return P;
};

var RANKGAP = 56, GAP = 18, PAD = 8, SWEEPS = 8;
/* Times-Roman's advance widths (its AFM, in thousandths of an em) of
   ' ' to '~': a text's width in the page's Times (Liberation Serif and
   the like share them) without a canvas, whose measures took 20-60 ms
   for a graph of 72 nodes; other characters as a digit */
var TIMES = [250, 333, 408, 500, 500, 833, 778, 333, 333, 333, 500, 564, 250, 333, 250, 278,
  500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 278, 278, 564, 564, 564, 444,
  921, 722, 667, 667, 722, 611, 556, 722, 722, 333, 389, 722, 611, 889, 722, 722,
  556, 722, 667, 556, 611, 722, 722, 944, 722, 722, 611, 333, 278, 333, 469, 500,
  333, 444, 500, 444, 500, 444, 333, 500, 500, 278, 278, 500, 278, 778, 500, 500,
  500, 500, 333, 389, 278, 500, 500, 722, 500, 500, 444, 480, 200, 480, 541];
function textWidth(s, fs) {
  var w = 0, i, c;
  for (i = 0; i < s.length; i++) {
    c = s.charCodeAt(i) - 32;
    w += c >= 0 && c < TIMES.length ? TIMES[c] : 500;
  }
  return w * fs / 1000;
}
function box(lines, fs, minw, minh) {
  var w = 0, i;
  for (i = 0; i < lines.length; i++) w = Math.max(w, textWidth(lines[i], fs));
  return { w: Math.max(minw, Math.ceil(w) + 2 * PAD), h: Math.max(minh, Math.ceil(lines.length * fs * 1.2) + PAD) };
}

/* The vertices (nodes, nodelets, then points of long edges) and the
   edges between them, as a layered layout needs them. */
function vertices(P) {
  var V = [], E = [], at = new Map(), i;
  P.nodes.forEach(function (n) {
    var b = box(n.lines, n.fs, 54, 36);
    at.set('N' + n.id, V.length);
    V.push({ w: b.w, h: b.h, node: n });
  });
  P.nodelets.forEach(function (x) {
    var b = box(x.lines, 8, 20, 16);
    at.set(x.id, V.length);
    V.push({ w: b.w + 4, h: b.h + 4, nodelet: x, lines: x.lines });
  });
  P.nodelets.forEach(function (x) {
    E.push({ u: at.get(x.from), v: at.get(x.id), minlen: 1, nodelet: x });
  });
  for (i = 0; i < P.edges.length; i++)
    E.push({ u: at.get('N' + P.edges[i].from), v: at.get('N' + P.edges[i].to),
      minlen: P.hasNodelets.has(P.edges[i].from) ? 2 : 1, edge: P.edges[i] });
  return { V: V, E: E };
}

/* Cycles broken: an edge back to a vertex on the walk's path is turned
   round (e.rev). An explicit stack, from the vertices no edge enters
   first, so that a recursive call is the edge turned. */
function acyclic(V, E) {
  var out = V.map(function () { return []; }), state = new Uint8Array(V.length), deg = new Int32Array(V.length),
    order = [], i, j, s, top, e;
  E.forEach(function (e, k) { out[e.u].push(k); deg[e.v]++; });
  for (i = 0; i < V.length; i++) if (deg[i] === 0) order.push(i);
  for (i = 0; i < V.length; i++) if (deg[i] !== 0) order.push(i);
  for (j = 0; j < order.length; j++) {
    i = order[j];
    if (state[i]) continue;
    s = [[i, 0]];
    state[i] = 1;
    while (s.length) {
      top = s[s.length - 1];
      if (top[1] === out[top[0]].length) { state[top[0]] = 2; s.pop(); continue; }
      e = E[out[top[0]][top[1]++]];
      if (state[e.v] === 1) e.rev = true;
      else if (state[e.v] === 0) { state[e.v] = 1; s.push([e.v, 0]); }
    }
  }
}
/* Ranks: the longest path from a vertex no edge enters, then each such
   vertex moved down to just above its callees. */
function ranks(V, E) {
  var n = V.length, rank = new Int32Array(n), deg = new Int32Array(n), out = [], order = [], q, i, k, e, a, b, r;
  for (i = 0; i < n; i++) out.push([]);
  E.forEach(function (e) {
    a = e.rev ? e.v : e.u; b = e.rev ? e.u : e.v;
    out[a].push([b, e.minlen]);
    deg[b]++;
  });
  for (i = 0, q = []; i < n; i++) if (deg[i] === 0) q.push(i);
  while (q.length) {
    a = q.shift();
    order.push(a);
    for (k = 0; k < out[a].length; k++) {
      e = out[a][k];
      rank[e[0]] = Math.max(rank[e[0]], rank[a] + e[1]);
      if (--deg[e[0]] === 0) q.push(e[0]);
    }
  }
  for (i = 0; i < n; i++) deg[i] = 0;
  E.forEach(function (e) { deg[e.rev ? e.u : e.v]++; });
  for (i = order.length - 1; i >= 0; i--) {
    a = order[i];
    if (deg[a] !== 0 || out[a].length === 0) continue;
    for (k = 0, r = Infinity; k < out[a].length; k++) r = Math.min(r, rank[out[a][k][0]] - out[a][k][1]);
    rank[a] = r;
  }
  return rank;
}

/* The layout: each vertex's x, y (its centre); each edge's points. */
function layout(P) {
  var G = vertices(P), V = G.V, E = G.E, rank, layers = [], i, k, r, a, b, up, down, pos, maxr = 0;
  acyclic(V, E);
  rank = ranks(V, E);
  for (i = 0; i < V.length; i++) { V[i].rank = rank[i]; maxr = Math.max(maxr, rank[i]); }
  /* long edges: a point on each rank between */
  E.forEach(function (e) {
    a = e.rev ? e.v : e.u; b = e.rev ? e.u : e.v;
    e.chain = [a];
    for (r = V[a].rank + 1; r < V[b].rank; r++) {
      e.chain.push(V.length);
      V.push({ w: 6, h: 0, rank: r, point: true });
    }
    e.chain.push(b);
  });
  for (r = 0; r <= maxr; r++) layers.push([]);
  up = V.map(function () { return []; });
  down = V.map(function () { return []; });
  for (i = 0; i < V.length; i++) layers[V[i].rank].push(i);
  E.forEach(function (e) {
    for (k = 1; k < e.chain.length; k++) {
      down[e.chain[k - 1]].push(e.chain[k]);
      up[e.chain[k]].push(e.chain[k - 1]);
    }
  });
  pos = new Float64Array(V.length);
  function number(l) { for (var j = 0; j < l.length; j++) pos[l[j]] = j; }
  layers.forEach(number);
  /* order: by the mean place of the neighbours above, then below */
  function sweep(l, nb) {
    var bc = new Map();
    l.forEach(function (v) {
      var s = 0, j;
      for (j = 0; j < nb[v].length; j++) s += pos[nb[v][j]];
      bc.set(v, nb[v].length ? s / nb[v].length : pos[v]);
    });
    l.sort(function (p, q) { return bc.get(p) - bc.get(q) || pos[p] - pos[q]; });
    number(l);
  }
  for (k = 0; k < SWEEPS; k++) {
    if (k % 2 === 0) for (r = 1; r <= maxr; r++) sweep(layers[r], up);
    else for (r = maxr - 1; r >= 0; r--) sweep(layers[r], down);
  }
  for (r = 1; r <= maxr; r++) sweep(layers[r], up);
  place(V, layers, up, down);
  /* y: each rank as tall as its tallest box */
  var y = 0, hr;
  for (r = 0; r <= maxr; r++) {
    for (k = 0, hr = 0; k < layers[r].length; k++) hr = Math.max(hr, V[layers[r][k]].h);
    for (k = 0; k < layers[r].length; k++) V[layers[r][k]].y = y + hr / 2;
    y += hr + RANKGAP;
  }
  return { V: V, E: E, height: y - RANKGAP };
}
/* x: packed, then each box toward the mean of its neighbours, the
   rank's order kept: the mean of the placement clamped from the left
   and from the right (both keep the gaps, so their mean does) */
function place(V, layers, up, down) {
  var it, r, l, i, want, A, B, x = 0, min = Infinity;
  function gap(p, q) { return (V[p].w + V[q].w) / 2 + (V[p].point || V[q].point ? 6 : GAP); }
  layers.forEach(function (l) {
    var j;
    for (j = 0, x = 0; j < l.length; j++) {
      if (j > 0) x += gap(l[j - 1], l[j]);
      V[l[j]].x = x;
    }
  });
  var nbs = V.map(function (v, i) { return up[i].concat(down[i]); });
  for (it = 0; it < 12; it++) {
    for (r = 0; r < layers.length; r++) {
      l = layers[it % 2 === 0 ? r : layers.length - 1 - r];
      want = l.map(function (v) {
        var nb = nbs[v], s = 0, j;
        for (j = 0; j < nb.length; j++) s += V[nb[j]].x;
        return nb.length ? s / nb.length : V[v].x;
      });
      A = want.slice();
      for (i = 1; i < l.length; i++) A[i] = Math.max(A[i], A[i - 1] + gap(l[i - 1], l[i]));
      B = want.slice();
      for (i = l.length - 2; i >= 0; i--) B[i] = Math.min(B[i], B[i + 1] - gap(l[i], l[i + 1]));
      for (i = 0; i < l.length; i++) V[l[i]].x = (A[i] + B[i]) / 2;
    }
  }
  for (i = 0; i < V.length; i++) min = Math.min(min, V[i].x - V[i].w / 2);
  for (i = 0; i < V.length; i++) V[i].x -= min;
}

/* a path through points, each step a curve leaving and arriving
   upright, as dot's splines mostly do */
function curve(p) {
  var d = 'M' + p[0][0].toFixed(1) + ',' + p[0][1].toFixed(1), i, m;
  for (i = 1; i < p.length; i++) {
    m = ((p[i - 1][1] + p[i][1]) / 2).toFixed(1);
    d += 'C' + p[i - 1][0].toFixed(1) + ',' + m + ' ' + p[i][0].toFixed(1) + ',' + m + ' ' +
      p[i][0].toFixed(1) + ',' + p[i][1].toFixed(1);
  }
  return d;
}
function texts(lines, cx, top, fs, anchor) {
  var out = [], i;
  for (i = 0; i < lines.length; i++)
    out.push('<text x="' + cx.toFixed(1) + '" y="' + (top + PAD / 2 + (i + 1) * fs * 1.2 - fs * 0.25).toFixed(1) +
      '" font-size="' + fs + '"' + (anchor ? ' text-anchor="' + anchor + '"' : '') + '>' + xml(lines[i]) + '</text>');
  return out.join('');
}

/* The picture as SVG: the legend, then the graph under it. */
R.callGraphSvg = function (P) {
  var L = layout(P), V = L.V, out = [], lb = box(P.legend, 16, 0, 0), top = lb.h + 24, width = lb.w + 16, i;
  for (i = 0; i < V.length; i++) width = Math.max(width, V[i].x + V[i].w / 2 + 80);
  out.push('<svg xmlns="http://www.w3.org/2000/svg" width="' + Math.ceil(width + 16) + '" height="' +
    Math.ceil(top + L.height + 24) + '" viewBox="-8 -8 ' + Math.ceil(width + 16) + ' ' + Math.ceil(top + L.height + 24) +
    '" font-family="Times,serif" id="rcg">');
  out.push('<g class="legend"><rect x="0" y="0" width="' + lb.w + '" height="' + lb.h +
    '" fill="#f8f8f8" stroke="black"/>' + texts(P.legend, PAD, 0, 16, null).replace(/<text x="[^"]*"/g,
    '<text x="' + PAD + '"') + '</g>');
  var placed = [];
  /* an edge's label at the middle of its first step, moved down, up or
     right where it would cover one already placed (siblings' labels
     meet there) */
  function placeLabel(label, fs, x, y) {
    var w = textWidth(label, fs), h = fs + 1, tries = [[0, 0], [0, h], [0, -h], [w / 2 + 6, 0], [0, 2 * h],
      [0, -2 * h], [w / 2 + 6, h], [w / 2 + 6, -h]], k, j, q, b = null;
    for (k = 0; k < tries.length && b === null; k++) {
      q = { x: x + tries[k][0], y: y + tries[k][1], w: w, h: h };
      for (j = 0; j < placed.length; j++)
        if (q.x < placed[j].x + placed[j].w && placed[j].x < q.x + q.w && q.y - q.h < placed[j].y &&
            placed[j].y - placed[j].h < q.y) break;
      if (j === placed.length) b = q;
    }
    if (b === null) b = { x: x, y: y, w: w, h: h };
    placed.push(b);
    return b;
  }
  L.E.forEach(function (e) {
    var p = e.chain.map(function (v) { return [V[v].x, top + V[v].y]; }), a = V[e.chain[0]], b = V[e.chain[e.chain.length - 1]];
    var x = e.edge, w = x ? x.width : 1, c = x ? x.color : '#000000', n = 6 + 2 * w, end, dir, tip, lx, ly, label, at;
    p[0][1] += a.h / 2;
    p[p.length - 1][1] -= b.h / 2;
    if (e.rev) p.reverse();
    /* the arrow's tip on the callee, the line to its base */
    end = p[p.length - 1];
    dir = end[1] >= p[p.length - 2][1] ? 1 : -1;
    tip = end.slice();
    end[1] -= dir * n;
    label = x ? x.label : e.nodelet.label;
    at = placeLabel(label, x ? 12 : 8, (p[0][0] + p[1][0]) / 2 + 4, (p[0][1] + p[1][1]) / 2 + 4);
    lx = at.x;
    ly = at.y;
    out.push('<g class="edge"><title>' + xml(x ? x.title : label) + '</title><path d="' + curve(p) +
      '" fill="none" stroke="' + c + '" stroke-width="' + w + '"' + ((x && x.dotted) || (e.nodelet && e.nodelet.dotted) ?
      ' stroke-dasharray="1,5"' : '') + '/><polygon points="' + tip[0].toFixed(1) + ',' + tip[1].toFixed(1) + ' ' +
      (tip[0] - n / 2).toFixed(1) + ',' + end[1].toFixed(1) + ' ' + (tip[0] + n / 2).toFixed(1) + ',' +
      end[1].toFixed(1) + '" fill="' + c + '" stroke="' + c + '"/><text x="' + lx.toFixed(1) + '" y="' +
      ly.toFixed(1) + '" font-size="' + (x ? 12 : 8) + '">' + xml(label) + '</text></g>');
  });
  V.forEach(function (v) {
    var x0 = v.x - v.w / 2, y0 = top + v.y - v.h / 2, n = v.node, t = v.nodelet;
    if (n) {
      out.push('<g class="node" id="rnode' + n.id + '"><title>' + xml(n.title) +
        '</title><rect x="' + x0.toFixed(1) + '" y="' + y0.toFixed(1) + '" width="' + v.w + '" height="' + v.h +
        '" fill="' + n.fill + '" stroke="' + n.color + '"/>' + texts(n.lines, v.x, y0, n.fs, 'middle') + '</g>');
    } else if (t) {
      out.push('<g class="nodelet"><title>' + xml(t.title) + '</title><rect x="' + (x0 + 4).toFixed(1) +
        '" y="' + y0.toFixed(1) + '" width="' + (v.w - 4) + '" height="' + (v.h - 4) +
        '" fill="#f8f8f8" stroke="black"/><rect x="' + x0.toFixed(1) + '" y="' + (y0 + 4).toFixed(1) +
        '" width="' + (v.w - 4) + '" height="' + (v.h - 4) + '" fill="#f8f8f8" stroke="black"/>' +
        texts(v.lines, v.x - 2, y0 + 4, 8, 'middle') + '</g>');
    }
  });
  out.push('</svg>');
  return out.join('\n');
};
})();
