/* The page's refine controls, as pprof -http's REFINE menu: focus,
   ignore, hide, show, show from, tagfocus and tagignore, with
   tsvfocus's meaning (tsvfocus(1)), applied to the stacks and labels the
   page holds (refine-data: every distinct stack and label set with its
   values of each type; refine-chart: the chart's samples in its order,
   as runs of one stack). The top table, its every row, callers and
   callees, the sandwich, the flame graph, the flame chart and the call
   graph are made again from what is kept, as tsvtop, tsvpeek --tree,
   tsvflame (-C) and tsvgraph write them, in the unit the page shows the
   type in. It builds on figures.js, match.js, refineflame.js,
   callgraph.js and graphlayout.js, which come before it. */
(function () {
"use strict";
var R = window.report, data = null, spec = null, waiting = [];
function $(id) { return document.getElementById(id); }
/* (figures.js, match.js, refineflame.js) */
var M = R.match, G = R.figures, FL = R.refineFlame, re2 = M.re2, tagMatcher = M.tagMatcher,
  shown = G.shown, unitWord = G.unitWord, share = G.share,
  byName = G.byName, layout = FL.layout, treeOf = FL.treeOf,
  flameSvg = FL.flameSvg, flameScript = FL.flameScript, xml = FL.xml;

/* The frames an expression matches (its name or its file), kept for the
   next refinement: one is mostly made by adding to the last. */
var marked = new Map();
function marks(text) {
  var re = re2(text), F = data.frames.length, m = marked.get(text), j, x;
  if (m) return m;
  m = new Uint8Array(F);
  for (j = 0; j < F; j++) {
    x = data.frames[j];
    if (x && (re.test(x[0]) || (x[1] !== '' && re.test(x[1])))) m[j] = 1;
  }
  if (marked.size > 32) marked.clear();
  marked.set(text, m);
  return m;
}
/* The stacks kept, each [value, extra, frames root first, calls' ids,
   index, whether frames were taken out, which frames are inlined]. */
function kept(t, sp) {
  var d = data, nc = d.ncols, out = [], F = d.frames.length,
    fo = null, ig = null, hi = null, sh = null, sf = null, tf = null, ti = null,
    framed = sp.focus || sp.ignore || sp.hide || sp.show, i, s, k, fr, ed, f, any, keep;
  var frs = null, eds = null, ils = null, il, used = 0;
  if (sp.hide || sp.show) {
    frs = new Int32Array(d.nframes);
    eds = new Int32Array(d.nframes);
    ils = new Uint8Array(d.nframes);
  }
  if (sp.focus) fo = marks(sp.focus);
  if (sp.ignore) ig = marks(sp.ignore);
  if (sp.hide) hi = marks(sp.hide);
  if (sp.show) sh = marks(sp.show);
  if (sp.showfrom) sf = marks(sp.showfrom);
  if (sp.tagfocus) tf = tagMatcher(sp.tagfocus);
  if (sp.tagignore) ti = tagMatcher(sp.tagignore);
  for (i = 0; i < d.stacks.length; i++) {
    s = d.stacks[i];
    if (s[t.col] === 0 && (t.extra < 0 || s[t.extra] === 0)) continue;
    if (tf && !tf(s[nc] ? d.labels[s[nc] - 1] : [])) continue;
    if (ti && ti(s[nc] ? d.labels[s[nc] - 1] : [])) continue;
    /* its frames and calls as read, unless hide or show takes some */
    fr = d.fr[i];
    ed = d.ed[i];
    il = d.il[i];
    if (fo) {
      for (k = 0, any = false; k < fr.length && !any; k++) any = fo[fr[k]] === 1;
      if (!any) continue;
    }
    if (ig) {
      for (k = 0, any = false; k < fr.length && !any; k++) any = ig[fr[k]] === 1;
      if (any) continue;
    }
    if (hi || sh) {
      /* a call between frames still next to each other keeps its id;
         one across frames taken out is found by sums() (-2). In one
         buffer for all: a typed array each was slower. */
      var n = 0, last = -2, from = used, run = false;
      for (k = 0; k < fr.length; k++) {
        f = fr[k];
        keep = (!hi || hi[f] !== 1) && (!sh || sh[f] === 1);
        /* a location's frames run from its own to those inlined into
           it: the first kept of a run is the location's own now */
        if (il[k] === 0) run = false;
        if (!keep) continue;
        eds[used] = n === 0 ? -1 : last === k - 1 ? ed[k] : frs[used - 1] === f ? -1 : -2;
        ils[used] = run ? il[k] : 0;
        run = true;
        frs[used++] = f;
        n++;
        last = k;
      }
      fr = frs.subarray(from, used);
      ed = eds.subarray(from, used);
      il = ils.subarray(from, used);
    }
    if (framed && fr.length === 0) continue;
    if (sf) {
      /* show from: the frames from the outermost that matches to the
         leaf (pprof's runs of inlined frames come to the same) */
      for (k = 0; k < fr.length && sf[fr[k]] !== 1; k++) ;
      if (k === fr.length) continue;
      if (k > 0) {
        fr = fr.subarray(k);
        il = il.subarray(k);
        ed = Int32Array.from(ed.subarray(k));
        ed[0] = -1;
      }
    }
    out.push([s[t.col], t.extra >= 0 ? s[t.extra] : 0, fr, ed, i, !!(hi || sh || sf), il]);
  }
  return out;
}

/* The functions' flat and cum (each once a stack), the calls (each pair
   once a stack, none to itself), and the total; typed arrays by frame,
   a map of calls by pair: large.cpu's 20,000 stacks of 500,000 frames
   in some 30 ms, where objects keyed by text took a second. */
/* The calls: each pair (from, to) of frames an id, in order, found in a
   table by hash. The page's stacks' calls are numbered when the stacks
   are read; a refinement that hides frames adds the pairs it makes. */
function Pairs() {
  this.cap = 1024; this.n = 0;
  this.slots = new Int32Array(this.cap).fill(-1);
  this.a = []; this.b = [];
}
Pairs.prototype.id = function (a, b) {
  var m = this.cap - 1, h = Math.imul(a ^ Math.imul(b + 1, 0x85ebca6b), 0x9e3779b1), k;
  for (h = (h ^ (h >>> 15)) & m; (k = this.slots[h]) >= 0; h = (h + 1) & m)
    if (this.a[k] === a && this.b[k] === b) return k;
  this.slots[h] = k = this.n++;
  this.a.push(a); this.b.push(b);
  if (2 * this.n > this.cap) this.grow();
  return k;
};
Pairs.prototype.grow = function () {
  var k, h, m;
  this.cap *= 2;
  m = this.cap - 1;
  this.slots = new Int32Array(this.cap).fill(-1);
  for (k = 0; k < this.n; k++) {
    h = Math.imul(this.a[k] ^ Math.imul(this.b[k] + 1, 0x85ebca6b), 0x9e3779b1);
    for (h = (h ^ (h >>> 15)) & m; this.slots[h] >= 0; h = (h + 1) & m) ;
    this.slots[h] = k;
  }
};
function sums(t, st) {
  var F = data.frames.length, flat = new Float64Array(F), cum = new Float64Array(F),
    stamp = new Int32Array(F).fill(-1), total = 0, P = data.pairs, w = new Float64Array(P.n + 1024), at = new Int32Array(P.n + 1024).fill(-1),
    out = new Uint8Array(P.n + 1024), inl = false, i, k, s, fr, ed, il, v, a, b, e;
  function room(n) {
    var w2, at2, out2;
    if (n < w.length) return;
    w2 = new Float64Array(2 * n); w2.set(w); w = w2;
    at2 = new Int32Array(2 * n).fill(-1); at2.set(at); at = at2;
    out2 = new Uint8Array(2 * n); out2.set(out); out = out2;
  }
  for (i = 0; i < st.length; i++) {
    s = st[i];
    v = t.scale === 1 && t.extra < 0 ? s[0] : s[0] * t.scale + s[1];
    total += v;
    fr = s[2];
    ed = s[3];
    il = s[6];
    for (k = 0; k < fr.length; k++) {
      b = fr[k];
      if (stamp[b] !== i) { stamp[b] = i; cum[b] += v; }
      if (k === 0 || (a = fr[k - 1]) === b) continue;
      if ((e = ed[k]) === -2) { e = P.id(a, b); room(e); }
      /* the first in the stack counts, as top_inline.c's */
      if (at[e] !== i) {
        at[e] = i; w[e] += v;
        if (!il[k]) out[e] = 1; else inl = true;
      }
    }
    if (fr.length > 0) flat[fr[fr.length - 1]] += v;
  }
  var g = new Sums(flat, cum, total, w, at);
  g.out = out;
  g.anyInline = inl;
  return g;
}
/* The total of type t before any refinement: what the percentages are
   of, as pprof's (tsvfocus leaves it for tsvtop: focus.total.TYPE) */
var befores = new Map();
function totalBefore(t) {
  var x = befores.get(t), i, s;
  if (x !== undefined) return x;
  for (i = 0, x = 0; i < data.stacks.length; i++) {
    s = data.stacks[i];
    x += t.scale === 1 && t.extra < 0 ? s[t.col] :
      s[t.col] * t.scale + (t.extra >= 0 ? s[t.extra] : 0);
  }
  befores.set(t, x);
  return x;
}
/* The sums of a refinement: a function's figures and calls made into
   objects only for the rows asked for (large.cpu has 23,000 functions
   and 46,000 calls; the table shows five). */
function Sums(flat, cum, total, w, at) {
  this.flat = flat; this.cum = cum; this.total = total; this.w = w; this.at = at;
  this.n = 0;
  for (var i = 0; i < flat.length; i++) if (flat[i] !== 0 || cum[i] !== 0) this.n++;
}
Sums.prototype.node = function (f) {
  return { f: f, name: data.frames[f][0], file: data.frames[f][1], flat: this.flat[f],
    cum: this.cum[f] };
};
/* the functions of a value whose |cum| is cut or more, by |flat|, then
   by name: tsvtop's rows (and tsvpeek's, whose ties go by name, then
   cum: names are unique); R's ties by cum first, as summaryRprof's
   (tsvtop's too) where every source is R's (peek: for tsvpeek's) */
Sums.prototype.rows = function (cut, peek) {
  var out = [], i, F = this.flat.length, r = data.rorder && !peek;
  for (i = 0; i < F; i++)
    if ((this.flat[i] !== 0 || this.cum[i] !== 0) && !(Math.abs(this.cum[i]) < cut))
      out.push(this.node(i));
  return out.sort(function (p, q) {
    return Math.abs(q.flat) - Math.abs(p.flat) ||
      (r ? Math.abs(q.cum) - Math.abs(p.cum) : 0) || data.rank[p.f] - data.rank[q.f];
  });
};
/* a function's calls in and out, each { from, to, w } */
Sums.prototype.calls = function (f) {
  var ins = [], outs = [], P = data.pairs, e;
  if (this.by) return { ins: this.by.ins[f] || [], outs: this.by.outs[f] || [] };
  for (e = 0; e < P.n && e < this.w.length; e++) {
    if (this.at[e] < 0) continue;
    if (P.b[e] === f) ins.push({ from: P.a[e], to: f, w: this.w[e] });
    if (P.a[e] === f) outs.push({ from: f, to: P.b[e], w: this.w[e] });
  }
  return { ins: ins, outs: outs };
};
/* every function's calls at once, for the whole table */
Sums.prototype.index = function () {
  var P = data.pairs, by = { ins: [], outs: [] }, e, c;
  for (e = 0; e < P.n && e < this.w.length; e++) {
    if (this.at[e] < 0) continue;
    c = { from: P.a[e], to: P.b[e], w: this.w[e] };
    (by.ins[c.to] = by.ins[c.to] || []).push(c);
    (by.outs[c.from] = by.outs[c.from] || []).push(c);
  }
  this.by = by;
};
Sums.prototype.flatSum = function () {
  var x = 0, i;
  for (i = 0; i < this.flat.length; i++) x += this.flat[i];
  return x;
};
function notesOf(t, base) {
  var i, out = [];
  for (i = 0; i < base.notes.length; i++)
    if (!/^(total|rows|note):/.test(base.notes[i])) out.push('# ' + base.notes[i]);
  return out;
}
/* pprof's inline mark of each function (top_inline.c's rule): bits by
   frame, 1 a call into it inline, 2 one not, of the calls of the edge
   fraction's weight or more */
function inlineMarks(g) {
  var P = data.pairs, m = new Uint8Array(g.flat.length), e,
    cut = Math.abs(Math.trunc(g.flatSum() * 0.001));
  for (e = 0; e < P.n && e < g.w.length; e++) {
    if (g.at[e] < 0 || g.w[e] === 0 || Math.abs(g.w[e]) < cut) continue;
    m[P.b[e]] |= g.out[e] ? 2 : 1;
  }
  return m;
}
/* tsvtop's table (its rows under the node fraction too when all), of
   tsvfocus's stream: percentages of the total before the refinement */
function topText(t, g, base, sp, all) {
  var cut = Math.abs(Math.trunc(g.flatSum() * (all ? 0 : data.nodefraction))),
    rows = g.rows(cut), x, out, i, run = 0, lines = [], pct = g.pct,
    tot = shown(t, g.total) + ' ' + unitWord(t),
    marks = g.anyInline ? inlineMarks(g) : null, mk;
  out = notesOf(t, base);
  out.push('# total: ' + tot + ', ' + share(g.total, pct) + '% of ' + shown(t, pct) + ' ' +
    unitWord(t) + " before the filters (the percentages' total); refined: " + describe(sp));
  for (i = 0; i < rows.length; i++) {
    x = rows[i];
    run += x.flat;
    mk = marks === null ? '' : '\t' + (!(marks[x.f] & 1) ? '' : marks[x.f] & 2 ?
      'partial-inline' : 'inline');
    lines.push(esc(x.name) + '\t' + shown(t, x.flat) + '\t' + share(x.flat, pct) + '\t' +
      shown(t, x.cum) + '\t' + share(x.cum, pct) + '\t' + share(run, pct) + mk);
  }
  if (rows.length < g.n)
    out.push('# rows: ' + rows.length + ' of ' + rows.length + '; dropped ' + (g.n - rows.length) +
      ' whose total is under ' + shown(t, cut) + ' ' + unitWord(t) + ' (--nodefraction)');
  out.push('function\tself\tself%\ttotal\ttotal%\tsum%' + (marks ? '\tinline' : ''));
  return out.join('\n') + '\n' + lines.join('\n') + (lines.length ? '\n' : '');
}
/* the stream's escapes, as the programs write a name in a table */
function esc(s) {
  return s.replace(/[\\\t\n\r]/g, function (c) {
    return c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r';
  });
}
/* tsvpeek --tree's table, as report.js reads one: each function's
   callers, flat, cum, callees (a call inline where the whole profile's
   table says so); a function's rows made when asked (rowsFor), the
   whole text only when read */
function peekTable(t, g, base, sp, inl) {
  var byName = null, cols = ['function', 'relation', 'name', 'value', 'share', 'inline'],
    text = null, notes = notesOf(t, base);
  notes.push('# total: ' + shown(t, g.pct) + '; refined: ' + describe(sp));
  function edges(a) {
    return a.slice().sort(function (p, q) {
      return Math.abs(q.w) - Math.abs(p.w) || data.rank[p.from] - data.rank[q.from] ||
        data.rank[p.to] - data.rank[q.to];
    });
  }
  function call(c) {
    return inl[data.frames[c.from][0] + '\t' + data.frames[c.to][0]] ? 'TRUE' : 'FALSE';
  }
  function rows(x) {
    var c = g.calls(x.f), out = [], ins = edges(c.ins), outs = edges(c.outs), j,
      n = esc(x.name);
    for (j = 0; j < ins.length; j++)
      out.push([n, 'caller', esc(data.frames[ins[j].from][0]), shown(t, ins[j].w),
        share(ins[j].w, x.cum), call(ins[j])]);
    out.push([n, 'flat', '', shown(t, x.flat), share(x.flat, g.pct), '']);
    out.push([n, 'cum', '', shown(t, x.cum), share(x.cum, g.pct), '']);
    for (j = 0; j < outs.length; j++)
      out.push([n, 'callee', esc(data.frames[outs[j].to][0]), shown(t, outs[j].w),
        share(outs[j].w, x.cum), call(outs[j])]);
    return out;
  }
  var tb = { notes: notes.map(function (l) { return l.replace(/^# ?/, ''); }), cols: cols, body: 0,
    rowsFor: function (fn) {
      var f = data.byName.get(fn);
      return f !== undefined && (g.flat[f] !== 0 || g.cum[f] !== 0) ? rows(g.node(f)) : [];
    } };
  Object.defineProperty(tb, 'text', { get: function () {
    var out, i, r, k;
    if (text !== null) return text;
    out = notes.concat([cols.join('\t')]);
    var nodes = g.rows(0, true);
    g.index();
    for (i = 0; i < nodes.length; i++) {
      r = rows(nodes[i]);
      for (k = 0; k < r.length; k++) out.push(r[k].join('\t'));
    }
    return (text = out.join('\n') + '\n');
  } });
  return tb;
}
/* the calls the whole profile's callers-and-callees table marks inline
   (kept for the table: it is read once) */
var inlines = { of: null, m: null };
function inlineCalls(peek) {
  var m = {}, at = 0, end, r, text = peek ? peek.text : '', k;
  if (inlines.of === peek && peek) return inlines.m;
  while ((k = text.indexOf('\tTRUE', at)) >= 0) {
    at = text.lastIndexOf('\n', k) + 1;
    end = text.indexOf('\n', k);
    if (end < 0) end = text.length;
    r = text.substring(at, end).split('\t');
    if (r[5] === 'TRUE')
      m[r[1] === 'caller' ? r[2] + '\t' + r[0] : r[0] + '\t' + r[2]] = true;
    at = end + 1;
  }
  if (peek) { inlines.of = peek; inlines.m = m; }
  return m;
}

/* The flame chart of what sp keeps: the chart's samples (the page's
   refine-chart: runs of one stack and their value of the first type,
   in the chart's order) whose stacks are kept, their frames as kept,
   laid out in that order (no sort: consecutive samples sharing a prefix
   make a box). */
function chartSvg(sp) {
  var t = data.types[0], st = kept(t, sp), by = new Map(), runs = data.chart, out = [], i, e;
  for (i = 0; i < st.length; i++) by.set(st[i][4], st[i]);
  for (i = 0; i + 1 < runs.length; i += 2) {
    e = by.get(runs[i]);
    if (!e) continue;
    out.push([runs[i + 1], 0, e[2], e[3], e[4], true]);
  }
  return flameSvg(t, layout(out, FL.width() - 20, true), describe(sp), 'rc-', 'Flame chart');
}


/* The refined call graph (callgraph.js, graphlayout.js): tsvgraph's
   defaults, as the page's own; its DOT a link away. */
function callGraph(t, st, sums) {
  var P = R.callGraphModel(t, st, data, sums, { nodefraction: 0.005, edgefraction: 0.001,
    nodecount: 80, title: 'Call graph' });
  return '<p class="note">Laid out in the page (Graphviz lays out the whole profile\'s). ' +
    '<button id="rcg-dot" data-dot="' + xml(P.dot()) + '">Save its DOT</button> for dot -Tsvg.</p>\n' +
    R.callGraphSvg(P);
}
/* the refined call graph's DOT saved as a file (the page loads nothing:
   the link is made when asked) */
function saveDot(e) {
  var a;
  if (!e.target || e.target.id !== 'rcg-dot') return;
  a = document.createElement('a');
  a.download = 'callgraph.dot';
  a.href = URL.createObjectURL(new Blob([e.target.getAttribute('data-dot')], { type: 'text/vnd.graphviz' }));
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(function () { URL.revokeObjectURL(a.href); }, 0);
}
function describe(sp) {
  var k, out = [];
  for (k in sp) if (sp.hasOwnProperty(k) && sp[k]) out.push(k + '=' + sp[k]);
  return out.join(' ');
}
function typeOf(name) {
  var i;
  for (i = 0; i < data.types.length; i++)
    if (data.types[i].name === name || name === null) return data.types[i];
  return null;
}
/* The views of the type shown, refined by sp: what report.refine takes. */
function views(sp) {
  var t = typeOf(R.current()), st, g, base = R.tables();
  if (t === null) throw new Error('this type cannot be refined here');
  var L = null;
  /* what is seen at once: the table; the rest when asked for */
  function lay() { return L || (L = layout(st, FL.width() - 20)); }
  st = kept(t, sp);
  g = sums(t, st);
  g.pct = totalBefore(t);
  return { top: topText(t, g, base.top, sp, false),
    all: lazyTable(function () { return topText(t, g, base.top, sp, true); }, g.n),
    peek: peekTable(t, g, base.top, sp, inlineCalls(base.peek)),
    graph: function () { return flameSvg(t, lay(), describe(sp), 'r-', 'Flame graph'); },
    chart: data.chart ? function () { return chartSvg(sp); } : null,
    tree: function () { return treeOf(lay()); },
    callgraph: R.callGraphModel ? function () { return callGraph(t, st, g); } : null,
    kept: st.length, spec: describe(sp) };
}
/* a table of report.js's kind whose text is made when first read; its
   rows' count known before */
function lazyTable(make, n) {
  var t = null, o = { n: n };
  ['notes', 'cols', 'text', 'rows', 'body'].forEach(function (k) {
    Object.defineProperty(o, k, { get: function () {
      if (t === null) t = R.table(make());
      return t[k];
    } });
  });
  return o;
}
function load(done) {
  var e = $('refine-data');
  if (data !== null) { done(); return; }
  waiting.push(done);
  if (waiting.length > 1) return;
  R.inflate(e.textContent, function (d) {
    var i, c = $('refine-chart');
    if (c && !d.chart) {	/* the chart's samples, then the rest */
      R.inflate(c.textContent, function (runs) {
        d.chart = runs;
        ready(d);
      });
      return;
    }
    ready(d);
  });
  function ready(d) {
    var i;
    d.ncols = 0;
    /* each frame's rank by name (names are unique), and its index by
       name */
    d.rank = new Int32Array(d.frames.length);
    d.byName = new Map();
    var order = [], canon = new Int32Array(d.frames.length), inl = new Uint8Array(d.frames.length), x;
    /* a frame inlined somewhere is also a frame of its own (its fifth
       field): one frame by name here, the inlined calls marked in d.il */
    for (i = 0; i < d.frames.length; i++) {
      canon[i] = i;
      if (!d.frames[i]) continue;
      inl[i] = d.frames[i].length > 4 ? 1 : 0;
      x = d.byName.get(d.frames[i][0]);
      if (x !== undefined) { canon[i] = x; continue; }
      order.push(i);
      d.byName.set(d.frames[i][0], i);
    }
    order.sort(function (p, q) { return byName(d.frames[p][0], d.frames[q][0]); });
    for (i = 0; i < order.length; i++) d.rank[order[i]] = i;
    for (i = 0; i < d.types.length; i++)
      d.ncols = Math.max(d.ncols, d.types[i].col + 1, d.types[i].extra + 1);
    /* each stack's frames, and its calls' ids (ed[k]: frame k - 1 to
       frame k), in arrays of their own */
    var k, st, n = 0, all, eds, ils, at = 0, raw;
    for (i = 0; i < d.stacks.length; i++) n += d.stacks[i].length - d.ncols - 1;
    d.nframes = n;
    all = new Int32Array(n);
    eds = new Int32Array(n).fill(-1);
    ils = new Uint8Array(n);
    d.pairs = new Pairs();
    d.fr = [];
    d.ed = [];
    d.il = [];
    for (i = 0; i < d.stacks.length; i++) {
      st = d.stacks[i];
      n = st.length - d.ncols - 1;
      d.fr.push(all.subarray(at, at + n));
      d.ed.push(eds.subarray(at, at + n));
      d.il.push(ils.subarray(at, at + n));
      for (k = 0; k < n; k++) {
        raw = st[d.ncols + 1 + k];
        all[at + k] = canon[raw];
        ils[at + k] = inl[raw];
        if (k > 0 && all[at + k] !== all[at + k - 1])
          eds[at + k] = d.pairs.id(all[at + k - 1], all[at + k]);
      }
      at += n;
    }
    data = d;
    FL.use(d);
    while (waiting.length) waiting.shift()();
  }
}
function read() {
  var f = $('refine'), names = ['focus', 'ignore', 'hide', 'show', 'showfrom', 'tagfocus', 'tagignore'],
    sp = {}, any = false, i, v;
  for (i = 0; i < names.length; i++) {
    v = f.elements[names[i]].value;
    sp[names[i]] = v;
    if (v !== '') any = true;
  }
  return any ? sp : null;
}
/* the refinement in the page's address (#focus=...&hide=...), as pprof's
   page keeps it in its URL: a link to the view refined */
function hashOf(sp) {
  var k, out = [];
  for (k in sp) if (sp.hasOwnProperty(k) && sp[k] !== '')
    out.push(k + '=' + encodeURIComponent(sp[k]));
  return out.join('&');
}
function fromHash() {
  var sp = {}, parts = location.hash.replace(/^#/, '').split('&'), i, kv;
  for (i = 0; i < parts.length; i++) {
    kv = parts[i].split('=');
    if (kv.length === 2 && $('refine').elements[kv[0]])
      try { sp[kv[0]] = decodeURIComponent(kv[1]); } catch (e) { /* not ours */ }
  }
  return sp;
}
function apply(sp) {
  var msg = $('refined'), h = sp === null ? '' : hashOf(sp);
  spec = sp;
  if (location.hash.replace(/^#/, '') !== h && history.replaceState)
    history.replaceState(null, '', h === '' ? location.pathname + location.search : '#' + h);
  if (sp === null) {
    msg.textContent = '';
    R.refine(null);
    return;
  }
  load(function () {
    var v;
    if (spec !== sp) return;
    try { v = views(sp); } catch (err) {
      msg.textContent = err.message;
      return;
    }
    msg.textContent = v.kept + ' of ' + data.stacks.length + ' stacks kept';
    R.refine(v);
  });
}
function set(sp) {
  var f = $('refine'), k;
  for (k in sp) if (sp.hasOwnProperty(k) && f.elements[k]) f.elements[k].value = sp[k];
  apply(read());
}
function init() {
  var f = $('refine');
  if (!f || !$('refine-data')) return;
  flameScript();
  f.onsubmit = function (e) { e.preventDefault(); apply(read()); };
  document.addEventListener('click', saveDot);
  /* the stacks inflated while the first filter is typed */
  f.addEventListener('focusin', function () { load(function () {}); });
  $('unrefine').onclick = function () { f.reset(); apply(null); };
  R.onType(function () { if (spec !== null) apply(spec); });
  /* for tests and the console: report.refineBy({focus: 're'}) */
  R.refineBy = function (sp) { f.reset(); set(sp || {}); };
  /* a page opened from a link to a refined view */
  if (location.hash.length > 1) {
    var sp = fromHash();
    if (Object.keys(sp).length) set(sp);
  }
  R.re2 = re2;
}
init();
})();
