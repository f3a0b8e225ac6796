/* callgraph.js: the call graph of a refinement, made in the page as
   tsvgraph makes it (lib/views/graph: callgraph.c, prune.c, dot.c,
   pprof's report.newTrimmedGraph and dot.go): the same nodes, edges
   (residual over nodes dropped, inline into inlined frames), nodelets
   and legend, written as the same DOT; then laid out here in layers,
   where the page's own graph is laid out by Graphviz when it is made
   (graphlayout.js). refine.js calls report.callGraphModel with the
   stacks it keeps. */
(function () {
'use strict';
var R = window.report;
if (!R) return;
var G = R.figures, unitLabel = G.unitLabel, minUnit = G.minUnit, factorOf = G.factorOf,
  pct = G.percentage;

/* ---- the graph: callgraph.c over the stacks kept ---- */

/* the figure of a kept stack, as refine.js's sums() adds it */
function valueOf(t, s) {
  return t.scale === 1 && t.extra < 0 ? s[0] : s[0] * t.scale + s[1];
}
var byBytes = G.byName;

/* pprof's sample tags (callgraph.c's tagset): the string labels sorted
   and joined as "k:v\nk:v" (a backslash and an n), and the "bytes"
   numbers, each [value, unit] */
function tagsOf(ls, unitOfLabel) {
  var str = [], nums = [], i;
  for (i = 0; i < ls.length; i++) {
    if (ls[i].length === 2) str.push(ls[i]);
    else if (ls[i][0] === 'bytes') nums.push([ls[i][1], unitOfLabel(ls[i])]);
  }
  str.sort(function (a, b) { return byBytes(a[0], b[0]) || byBytes(a[1], b[1]); });
  return { text: str.map(function (l) { return l[0] + ':' + l[1]; }).join('\\n'), nums: nums };
}

/* The graph's nodes' figures: those refine.js summed for its tables
   (sums: flat and cum by frame, the total), as callgraph.c sums them;
   the stacks of a value, with their tags (made once a label set). */
function Graph(t, st, d, sums) {
  var i, s, v, ls, cache = new Map();
  this.F = d.frames.length;
  this.flat = sums.flat;
  this.cum = sums.cum;
  /* what the percentages are of: the total before the refinement, as
     pprof's (callgraph.c's cg_percent_total) */
  this.total = sums.pct !== undefined ? sums.pct : sums.total;
  this.stacks = [];
  this.labelled = false;
  this.d = d;
  function tags(ls) {
    var x = cache.get(ls);
    if (!x) cache.set(ls, x = tagsOf(d.labels[ls - 1], G.labelUnit));
    return x;
  }
  for (i = 0; i < st.length; i++) {
    s = st[i];
    v = valueOf(t, s);
    /* pprof passes over a sample of no value */
    if (v === 0) continue;
    ls = d.stacks[s[4]][d.ncols];
    if (ls) this.labelled = true;
    this.stacks.push({ v: v, fr: s[2], il: s[6], tags: ls ? tags(ls) : NOTAGS });
  }
}
var NOTAGS = { text: '', nums: [] };
Graph.prototype.name = function (f) { return this.d.frames[f][0]; };

/* cg_rebuild: each kept node to the next kept one in a stack, once a
   stack; residual when it passes over dropped nodes, inline when the
   callee is an inlined frame in every stack. A call found by its id in
   refine.js's table of calls (d.pairs, which sums() adds to as well) */
Graph.prototype.rebuild = function (kept) {
  var pairs = this.d.pairs, at = [], E = [], i, d, s, node, parent, residual, k, e, x;
  for (i = 0; i < this.stacks.length; i++) {
    s = this.stacks[i];
    parent = -1;
    residual = false;
    for (d = 0; d < s.fr.length; d++) {
      node = s.fr[d];
      if (!kept[node]) { residual = true; continue; }
      if (parent >= 0 && node !== parent) {
        k = pairs.id(parent, node);
        e = at[k];
        if (e === undefined) {
          e = at[k] = E.length;
          E.push({ from: parent, to: node, w: 0, residual: false, inl: true, last: -1 });
        }
        x = E[e];
        if (x.last !== i) {
          x.last = i;
          x.w += s.v;
          x.residual = x.residual || residual;
          x.inl = x.inl && s.il[d] === 1;
        }
      }
      parent = node;
      residual = false;
    }
  }
  return E;
};

/* each node's edges in and out, by node */
function adjacency(E) {
  var adj = new Map(), i;
  function at(n) { var a = adj.get(n); if (!a) adj.set(n, a = []); return a; }
  for (i = 0; i < E.length; i++) {
    at(E[i].from).push(i);
    at(E[i].to).push(i);
  }
  return adj;
}
/* pprof's edgeEntropyScore */
function entropy(E, list, node, out, self) {
  var total = self, s = 0, f, i, e, any = false;
  for (i = 0; i < list.length; i++) {
    e = E[list[i]];
    if ((out ? e.from : e.to) !== node) continue;
    any = true;
    if (e.w > 0) total += Math.abs(e.w);
  }
  if (total === 0) return { s: 0, any: any };
  for (i = 0; i < list.length; i++) {
    e = E[list[i]];
    if ((out ? e.from : e.to) !== node) continue;
    f = Math.abs(e.w) / total;
    s += f > 0 ? -f * Math.log2(f) : NaN;
  }
  if (self > 0) { f = Math.abs(self) / total; s += -f * Math.log2(f); }
  return { s: s, any: any };
}
/* the kept nodes in pprof's EntropyOrder */
Graph.prototype.rank = function (kept, E) {
  var adj = adjacency(E), r = [], i, a, inn, out;
  for (i = 0; i < this.F; i++) {
    if (!kept[i]) continue;
    a = adj.get(i) || [];
    inn = entropy(E, a, i, false, 0);
    out = entropy(E, a, i, true, this.flat[i]);
    r.push({ node: i, name: this.name(i), flat: this.flat[i], cum: this.cum[i],
      score: Math.abs(Math.trunc(((inn.any ? inn.s : 1) + (out.any ? out.s : 1)) * this.cum[i]) +
        Math.trunc(this.flat[i])) });
  }
  r.sort(function (p, q) {
    return q.score - p.score || byBytes(p.name, q.name) || Math.abs(q.flat) - Math.abs(p.flat);
  });
  return r;
};

/* node_tags: the kept nodes' tags (a stack's string labels one, each of
   its "bytes" numbers another under them), a node's cum once a stack,
   the leaf's flat; those under the cut gone */
Graph.prototype.tags = function (kept, cut) {
  var ix = new Map(), out = [], i, d, s, n, node, flat, seen, leaf, j, name, key, x;
  if (!this.labelled) return out;
  seen = new Uint8Array(this.F);
  function add(node, key, labels, num, w, flat) {
    var k = node + '\u0000' + key, t = ix.get(k);
    if (!t) {
      t = { node: node, labels: labels, name: num ? num.name : labels, numeric: !!num,
        value: num ? num.value : 0, unit: num ? num.unit : '', flat: 0, cum: 0 };
      ix.set(k, t);
      out.push(t);
    }
    if (flat) t.flat += w; else t.cum += w;
  }
  for (i = 0; i < this.stacks.length; i++) {
    s = this.stacks[i];
    n = s.fr.length;
    leaf = n > 0 && kept[s.fr[n - 1]] ? s.fr[n - 1] : -1;
    for (d = 0; d <= n; d++) {
      node = d < n ? s.fr[d] : leaf;
      flat = d === n;
      if (node < 0 || !kept[node] || (!flat && seen[node])) continue;
      if (!flat) seen[node] = 1;
      if (s.tags.text !== '') add(node, s.tags.text, s.tags.text, null, s.v, flat);
      for (j = 0; j < s.tags.nums.length; j++) {
        x = s.tags.nums[j];
        name = unitLabel(x[0], x[1]);
        key = s.tags.text + '\u0000' + name;
        add(node, key, s.tags.text, { name: name, value: x[0], unit: x[1] }, s.v, flat);
      }
    }
    for (d = 0; d < n; d++) seen[s.fr[d]] = 0;
  }
  return out.filter(function (t) { return Math.abs(t.flat) >= cut || Math.abs(t.cum) >= cut; });
};

function trimEdges(E, gone, kept, cut) {
  var i, n = 0;
  for (i = 0; i < E.length; i++)
    if (!gone[i] && kept[E[i].to] && Math.abs(E[i].w) < cut) { gone[i] = 1; n++; }
  return n;
}
function cmpEdges(g) {
  return function (a, b) {
    return (a.w !== b.w ? (Math.abs(a.w) > Math.abs(b.w) ? -1 : 1) : 0) ||
      byBytes(g.name(a.from), g.name(b.from)) || byBytes(g.name(a.to), g.name(b.to));
  };
}
/* isRedundantEdge: the callee reached from the caller another way */
function redundant(E, adj, gone, edge) {
  var src = E[edge].from, queue = [E[edge].to], seen = new Set(queue), head = 0, n, a, k, e;
  while (head < queue.length) {
    n = queue[head++];
    a = adj.get(n) || [];
    for (k = 0; k < a.length; k++) {
      e = E[a[k]];
      if (e.to !== n || gone[a[k]] || a[k] === edge || seen.has(e.from)) continue;
      if (e.from === src) return true;
      seen.add(e.from);
      queue.push(e.from);
    }
  }
  return false;
}
function removeRedundant(g, E, r, gone) {
  var adj = adjacency(E), i, k, a, ins, cmp = cmpEdges(g), n;
  for (i = r.length - 1; i >= 0; i--) {
    a = adj.get(r[i].node) || [];
    ins = [];
    for (k = 0; k < a.length; k++)
      if (E[a[k]].to === r[i].node && !gone[a[k]]) ins.push(a[k]);
    ins.sort(function (p, q) { return cmp(E[p], E[q]); });
    for (n = ins.length - 1; n >= 0; n--) {
      if (!E[ins[n]].residual) break;
      if (redundant(E, adj, gone, ins[n])) gone[ins[n]] = 1;
    }
  }
}

/* graph_prune: nodes under a fraction gone and the graph rebuilt, the
   nodecount most telling kept and rebuilt again, edges under theirs
   and redundant residual ones gone */
Graph.prototype.prune = function (nf, ef, nodecount) {
  var F = this.F, kept = new Uint8Array(F), i, total = 0, p = {}, E, r, gone, top, count, k, nt, tags;
  for (i = 0; i < F; i++)
    if (this.flat[i] !== 0 || this.cum[i] !== 0) { kept[i] = 1; total += this.flat[i]; }
  p.nf = nf;
  p.ef = ef;
  p.nodecount = nodecount;
  p.ncut = Math.abs(Math.trunc(total * nf));
  p.ecut = Math.abs(Math.trunc(total * ef));
  p.droppedNodes = 0;
  for (i = 0; i < F; i++)
    if (kept[i] && p.ncut > 0 && Math.abs(this.cum[i]) < p.ncut) { kept[i] = 0; p.droppedNodes++; }
  E = this.rebuild(kept);
  gone = new Uint8Array(E.length);
  r = this.rank(kept, E);
  p.orig = r.length;
  if (nodecount > 0) {
    top = nodecount;
    count = 0;
    trimEdges(E, gone, kept, p.ecut);
    /* selectTopNodes: a node's tags with a flat count as nodes */
    tags = this.tags(kept, p.ncut);
    nt = new Map();
    for (i = 0; i < tags.length; i++)
      if (tags[i].flat !== 0 && (nt.get(tags[i].node) || 0) < 4)
        nt.set(tags[i].node, (nt.get(tags[i].node) || 0) + 1);
    for (k = 0; k < r.length; k++)
      if ((count += (nt.get(r[k].node) || 0) + 1) >= nodecount) { top = k + 1; break; }
    if (top < r.length) {
      kept.fill(0);
      for (k = 0; k < top; k++) kept[r[k].node] = 1;
      E = this.rebuild(kept);
      gone = new Uint8Array(E.length);
      r = this.rank(kept, E);
    }
  }
  p.droppedEdges = trimEdges(E, gone, kept, p.ecut);
  removeRedundant(this, E, r, gone);
  p.edges = E.filter(function (e, i) { return !gone[i]; });
  p.kept = kept;
  p.nkept = r.length;
  p.tags = this.tags(kept, p.ncut);
  return p;
};

/* ---- the picture as dot.c writes it ---- */

/* pprof's dotColor: grey to red by a share of the total */
function color(score, background) {
  var sat = background ? 0.1 : 1.0, val = background ? 0.93 : 0.7, r, g, b;
  function hex(x) { var v = Math.trunc(x * 255) & 255; return (v < 16 ? '0' : '') + v.toString(16); }
  score = Math.max(-1, Math.min(1, score));
  if (Math.abs(score) < 0.2) sat *= Math.abs(score) / 0.2;
  score = score > 0 ? Math.pow(score, 0.3) : score < 0 ? -Math.pow(-score, 0.3) : 0;
  if (score < 0) { g = val; r = val * (1 + sat * score); } else { r = val; g = val * (1 - sat * score); }
  b = val * (1 - sat);
  return '#' + hex(r) + hex(g) + hex(b);
}
/* DOT's string: quotes and backslashes escaped, newlines as \n */
function dq(s) {
  return String(s).replace(/["\\\n\r\t]/g, function (c) {
    return c === '\n' ? '\\n' : c === '\r' || c === '\t' ? ' ' : '\\' + c;
  });
}
/* the labels' text "a:b\nc:d" (a backslash and an n): each escaped */
function labelsText(s) { return s.split('\\n').map(dq).join('\\n'); }
/* multilinePrintableName: the short name broken at "." and "::" */
function nameLines(name, short) {
  if (name.length > 2 && name.charAt(0) === '[' && name.charAt(name.length - 1) === ']') return [name];
  return short.split(/\.|::/);
}

/* The model of the picture: nodes in pprof's order with their labels,
   edges by weight, nodelets, the legend; as DOT by dot(). */
function Picture(g, t, p, title) {
  var self = this, order = [], i, lo = 0, maxflat = 0, v, calls = new Uint8Array(g.F), id = new Int32Array(g.F), u;
  var total = Math.abs(g.total), fr = g.d.frames;
  for (i = 0; i < g.F; i++)
    if (p.kept[i]) order.push({ node: i, name: g.name(i), flat: g.flat[i], cum: g.cum[i] });
  order.sort(function (a, b) {
    return (Math.abs(a.flat) !== Math.abs(b.flat) ? (Math.abs(a.flat) > Math.abs(b.flat) ? -1 : 1) : 0) ||
      byBytes(a.name, b.name) || Math.abs(b.cum) - Math.abs(a.cum);
  });
  for (i = 0; i < order.length; i++) {
    id[order[i].node] = i + 1;
    maxflat = Math.max(maxflat, Math.abs(order[i].flat));
    v = Math.abs(order[i].flat) > 0 ? Math.abs(order[i].flat) : Math.abs(order[i].cum);
    if (v > 0 && (lo === 0 || v < lo)) lo = v;
  }
  this.t = t;
  if (t.how === 'min') {
    u = minUnit(t, lo, total);
    this.t = Object.create(t);
    this.t.show = u;
    this.t.f2 = factorOf(u);
  }
  this.total = total;
  this.title = title;
  this.p = p;
  this.nodes = order.map(function (x) {
    var fs = 8, lines = nameLines(x.name, fr[x.node][2] || x.name), fig;
    if (maxflat !== 0 && x.flat !== 0) fs += Math.ceil(16 * Math.sqrt(Math.abs(x.flat) / maxflat));
    fig = x.flat !== 0 ? self.value(x.flat) + ' (' + pct(x.flat, total) + ')' : '0';
    if (x.cum !== x.flat) {
      if (x.flat !== 0) { lines.push(fig); fig = 'of '; } else fig += ' of ';
      fig += self.value(x.cum) + ' (' + pct(x.cum, total) + ')';
    }
    lines.push(fig);
    return { id: id[x.node], node: x.node, name: x.name, flat: x.flat, cum: x.cum, fs: fs, lines: lines,
      color: color(total !== 0 ? x.cum / total : 0, false), fill: color(total !== 0 ? x.cum / total : 0, true) };
  });
  for (i = 0; i < p.edges.length; i++) calls[p.edges[i].from] = 1;
  this.edges = p.edges.filter(function (e) { return p.kept[e.from] && p.kept[e.to]; }).sort(cmpEdges(g))
    .map(function (e) {
      var share = total !== 0 ? Math.abs(e.w) / total : 0;
      return { from: id[e.from], to: id[e.to], fname: g.name(e.from), tname: g.name(e.to), w: e.w,
        residual: e.residual, inl: e.inl, weight: 1 + Math.min(Math.trunc(share * 100), 100),
        width: 1 + Math.min(Math.trunc(share * 5), 5), color: color(total !== 0 ? e.w / total : 0, false) };
    });
  /* each node's nodelets (addNodelets) */
  this.nodelets = [];
  this.nodes.forEach(function (n) {
    var ts = p.tags.filter(function (x) { return x.node === n.node; });
    if (ts.length) self.addNodelets(n, ts, calls[n.node] === 1);
  });
  this.hasNodelets = new Set(this.nodelets.map(function (x) { return x.owner; }));
  this.legend = this.legendLines(order);
}
/* value(): a figure and its unit as pprof labels them */
Picture.prototype.value = function (v) {
  var t = this.t, s;
  if (t.how === 'min') {
    s = G.shown(t, v);
    return s === '0' ? '0' : s + t.show;
  }
  if (t.how === 'auto') return unitLabel(v, t.unit);
  s = G.shown(t, v);
  return t.how === 'unit' ? s + t.show : s;
};
Picture.prototype.legendLines = function (order) {
  var flat = 0, i, out = [], p = this.p;
  for (i = 0; i < order.length; i++) flat += order[i].flat;
  out.push('Type: ' + this.t.name);
  out.push('Showing nodes accounting for ' + this.value(flat) + ', ' + pct(flat, this.total) +
    ' of ' + this.value(this.total) + ' total');
  if (p.droppedNodes > 0)
    out.push('Dropped ' + p.droppedNodes + ' node' + (p.droppedNodes > 1 ? 's' : '') + ' (cum <= ' +
      this.value(Math.trunc(this.total * p.nf)) + ')');
  if (p.droppedEdges > 0)
    out.push('Dropped ' + p.droppedEdges + ' edge' + (p.droppedEdges > 1 ? 's' : '') + ' (freq <= ' +
      this.value(Math.trunc(this.total * p.ef)) + ')');
  if (p.nodecount > 0 && order.length < p.orig)
    out.push('Showing top ' + order.length + ' nodes out of ' + p.orig);
  return out;
};
/* SortTags: cum in size (unless by flat), flat in size, name */
function cmpNodelets(flat) {
  return function (x, y) {
    if (!flat && x.cum !== y.cum) return Math.abs(x.cum) > Math.abs(y.cum) ? -1 : 1;
    if (x.flat !== y.flat) return Math.abs(x.flat) > Math.abs(y.flat) ? -1 : 1;
    return byBytes(x.name, y.name);
  };
}
Picture.prototype.addNodelets = function (n, ts, flat) {
  var self = this, ls = ts.filter(function (x) { return !x.numeric; }), i, w, src, labels, ns, m = Math.min(ls.length, 4);
  ls.sort(cmpNodelets(flat));
  for (i = 0; i <= m; i++) {
    if (i < m) {
      labels = ls[i].labels;
      w = flat ? ls[i].flat : ls[i].cum;
      if (w === 0) continue;
      src = 'N' + n.id + '_' + i;
      this.nodelets.push({ id: src, from: 'N' + n.id, owner: n.id, text: labels, labels: true, w: w, dotted: false });
    } else {
      labels = null;
      src = 'N' + n.id;
    }
    ns = ts.filter(function (x) { return x.numeric && (labels === null ? x.labels === '' : x.labels === labels); })
      .map(function (x) { return { name: x.name, flat: x.flat, cum: x.cum, value: x.value, unit: x.unit }; });
    if (ns.length) self.numericNodelets(n, ns, flat, src);
  }
};
/* numericNodelets: more than four grouped into four ranges */
Picture.prototype.numericNodelets = function (n, x, flat, src) {
  var i, j, best, bd, dd, g, w, dotted, lo = [], hi = [];
  x.sort(cmpNodelets(flat));
  if (x.length > 4) {
    for (i = 0; i < 4; i++) { lo[i] = [x[i].value, x[i].unit]; hi[i] = [x[i].value, x[i].unit]; }
    for (j = 4; j < x.length; j++) {
      for (i = 0, best = 0, bd = 0; i < 4; i++) {
        dd = Math.abs(x[i].value - x[j].value);
        if (i === 0 || dd < bd) { bd = dd; best = i; }
      }
      x[best].flat += x[j].flat;
      x[best].cum += x[j].cum;
      if (x[j].value < lo[best][0]) lo[best] = [x[j].value, x[j].unit];
      if (x[j].value > hi[best][0]) hi[best] = [x[j].value, x[j].unit];
    }
    x = x.slice(0, 4);
    for (i = 0; i < 4; i++)
      x[i].name = lo[i][0] === hi[i][0] ? unitLabel(lo[i][0], lo[i][1]) :
        unitLabel(lo[i][0], lo[i][1]) + '..' + unitLabel(hi[i][0], hi[i][1]);
    x.sort(cmpNodelets(flat));
  }
  for (j = 0; j < x.length; j++) {
    g = x[j];
    w = g.cum;
    dotted = true;
    if (flat || g.flat === g.cum) { w = g.flat; dotted = false; }
    if (w === 0) continue;
    this.nodelets.push({ id: 'N' + src + '_' + j, from: src, owner: n.id, text: g.name, labels: false,
      w: w, dotted: dotted });
  }
};
/* The DOT tsvgraph writes for the same stacks (its tests compare) */
Picture.prototype.dot = function () {
  var self = this, out = [];
  out.push('digraph "' + dq(this.title) + '" {');
  out.push('node [style=filled fillcolor="#f8f8f8"]');
  out.push('subgraph cluster_L { "Type: ' + dq(this.t.name) + '" [shape=box fontsize=16 label="' +
    this.legend.map(dq).join('\\l') + '\\l"] }');
  this.nodes.forEach(function (n) {
    out.push('N' + n.id + ' [label="' + n.lines.map(dq).join('\\n') + '" id="node' + n.id + '" fontsize=' + n.fs + ' shape=box tooltip="' + dq(n.name) +
      ' (' + self.value(n.cum) + ')" color="' + n.color + '" fillcolor="' + n.fill + '" fn="' + dq(n.name) +
      '" flat="' + G.numText(n.flat) + '" cum="' + G.numText(n.cum) + '"]');
    self.nodelets.forEach(function (x) {
      var v;
      if (x.owner !== n.id) return;
      v = self.value(x.w);
      out.push(x.id + ' [label = "' + (x.labels ? labelsText(x.text) : dq(x.text)) + '" id="' + x.id +
        '" fontsize=8 shape=box3d tooltip="' + v + '"]');
      out.push(x.from + ' -> ' + x.id + ' [label=" ' + v + '" weight=100 tooltip="' + v +
        '" labeltooltip="' + v + '"' + (x.dotted ? ' style="dotted"' : '') + ']');
    });
  });
  this.edges.forEach(function (e) {
    var v = self.value(e.w);
    out.push('N' + e.from + ' -> N' + e.to + ' [label=" ' + v + (e.inl ? '\\n (inline)"' : '"') +
      (e.weight > 1 ? ' weight=' + e.weight : '') + (e.width > 1 ? ' penwidth=' + e.width : '') +
      ' color="' + e.color + '" tooltip="' + dq(e.fname) + (e.residual ? ' ... ' : ' -> ') + dq(e.tname) +
      ' (' + v + ')"' + (e.residual ? ' style="dotted"' : '') +
      (self.hasNodelets.has(e.from) ? ' minlen=2' : '') + ' value="' + G.numText(e.w) + '"' +
      (e.inl ? ' inline="true"' : '') + ']');
  });
  out.push('}');
  return out.join('\n') + '\n';
};

R.callGraphModel = function (t, st, d, sums, opts) {
  var g = new Graph(t, st, d, sums), p = g.prune(opts.nodefraction, opts.edgefraction, opts.nodecount);
  return new Picture(g, t, p, opts.title);
};
})();
