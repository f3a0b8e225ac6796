(function () {
"use strict";
function $(id) { return document.getElementById(id); }
function data(id) { var e = $(id); return e ? JSON.parse(e.textContent) : ''; }
/* a table as the programs write it: # lines, a header, rows. Its rows
   are split when first asked for, a function's alone where one is
   (rowsOf): a peek table of a large profile is 100,000 lines and more,
   which split whole at once made the page slow to open and to switch. */
function table(text) {
  var t = { notes: [], cols: [], text: text || '', body: 0, split: null },
    at = 0, end, l;
  while (at < t.text.length) {
    end = t.text.indexOf('\n', at);
    if (end < 0) end = t.text.length;
    l = t.text.substring(at, end);
    at = end + 1;
    if (l === '') continue;
    if (l.charAt(0) === '#') t.notes.push(l.replace(/^# ?/, ''));
    else { t.cols = l.split('\t'); break; }
  }
  t.body = Math.min(at, t.text.length);
  Object.defineProperty(t, 'rows', { get: function () {
    if (t.split === null) t.split = lines(t, t.body, t.text.length);
    return t.split;
  } });
  return t;
}
/* each(at, end) for every row of t's text in from..to */
function eachRow(t, from, to, each) {
  var at, end;
  for (at = from; at < to; at = end + 1) {
    end = t.text.indexOf('\n', at);
    if (end < 0 || end > to) end = to;
    if (end > at && t.text.charAt(at) !== '#') each(at, end);
  }
}
/* the rows of t's text from..to */
function lines(t, from, to) {
  var out = [];
  eachRow(t, from, to, function (at, end) {
    out.push(t.text.substring(at, end).split('\t'));
  });
  return out;
}
/* the number of t's rows, none split */
function count(t) {
  var n = 0;
  if (t.n !== undefined) return t.n;	/* refine.js's, not yet made */
  eachRow(t, t.body, t.text.length, function () { n++; });
  return n;
}
/* a table of text that may be absent: null then */
function tableOr(text) { return text ? table(text) : null; }
function el(tag, text, cls) {
  var e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}
var top = table(data('top-data')), peek = table(data('peek-data')),
  list = table(data('list-data')), trs = [], dir = {}, chosen = null,
  all = tableOr(data('top-all-data'));
function numeric(k) {
  var i;
  for (i = 0; i < top.rows.length; i++)
    if (isNaN(parseFloat(top.rows[i][k]))) return false;
  return true;
}
function sortBy(k) {
  var body = $('top').tBodies[0], num = numeric(k), d = dir[k] = -(dir[k] || (num ? 1 : -1)), i;
  trs.sort(function (a, b) {
    var x = a.row[k], y = b.row[k];
    if (num) { x = Math.abs(parseFloat(x)); y = Math.abs(parseFloat(y)); }
    return x < y ? d : x > y ? -d : a.i - b.i;
  });
  for (i = 0; i < trs.length; i++) body.appendChild(trs[i]);
}
function buildTop() {
  var t = $('top'), tr = el('tr'), body = el('tbody'), i, j, r, b, n;
  while (t.firstChild) t.removeChild(t.firstChild);
  trs = [];
  $('meta').textContent = top.notes.join(' \u00b7 ');
  /* the rows under pprof's node fraction, a click away */
  if (all && (n = count(all)) > top.rows.length) {
    b = el('button', 'show all ' + n + ' rows');
    b.id = 'allrows';
    b.onclick = function () { top = all; all = null; buildTop(); search($('q').value); };
    $('meta').appendChild(document.createTextNode(' '));
    $('meta').appendChild(b);
  }
  for (j = 0; j < top.cols.length; j++) {
    r = el('th', top.cols[j]);
    r.onclick = (function (k) { return function () { sortBy(k); }; })(j);
    tr.appendChild(r);
  }
  t.appendChild(el('thead')).appendChild(tr);
  for (i = 0; i < top.rows.length; i++) {
    tr = el('tr');
    tr.row = top.rows[i];
    tr.i = i;
    tr.fn = top.rows[i][0];
    for (j = 0; j < top.rows[i].length; j++) tr.appendChild(el('td', top.rows[i][j]));
    tr.onclick = function () { choose(this.fn); };
    trs.push(tr);
    body.appendChild(tr);
  }
  t.appendChild(body);
}
/* fn's rows of t: each line that begins with fn and a tab, found by the
   browser's own search of the text (a few ms on 7 MB), so no table is
   split or indexed whole */
function rowsOf(t, fn) {
  var out = [], key = '\n' + fn + '\t', at = t.body - 1, end;
  while (at >= 0 && (at = t.text.indexOf(key, at)) >= 0) {
    end = t.text.indexOf('\n', at + 1);
    if (end < 0) end = t.text.length;
    out.push(t.text.substring(at + 1, end).split('\t'));
    at = end;
  }
  return out;
}
/* a call inline as pprof marks it, not tsvpeek --table's TRUE/FALSE */
function peekTable(fn) {
  var rs = rowsOf(peek, fn), t = el('table', null, 'peek'), tr, i, j, n,
    inl = peek.cols.indexOf('inline');
  tr = el('tr');
  for (j = 1; j < peek.cols.length; j++) tr.appendChild(el('th', peek.cols[j]));
  t.appendChild(el('thead')).appendChild(tr);
  for (i = 0; i < rs.length; i++) {
    tr = el('tr', null, rs[i][1] === 'flat' || rs[i][1] === 'cum' ? 'self' : '');
    for (j = 1; j < rs[i].length; j++) {
      n = el('td', j !== inl ? rs[i][j] : rs[i][j] === 'TRUE' ? '(inline)' : '');
      if (j === 2 && rs[i][j] !== '') {
        n.className = 'name';
        n.onclick = (function (f) { return function () { choose(f); }; })(rs[i][j]);
      }
      tr.appendChild(n);
    }
    t.appendChild(tr);
  }
  return t;
}
function sourceOf(fn, into) {
  var rs = rowsOf(list, fn), file = null, t = null, tr, i, j, k = list.cols.length;
  for (i = 0; i < rs.length; i++) {
    if (rs[i][1] !== file) {
      file = rs[i][1];
      into.appendChild(el('h3', 'Source: ' + file));
      t = into.appendChild(el('table', null, 'src'));
      tr = el('tr');
      for (j = 2; j < k; j++) tr.appendChild(el('th', list.cols[j]));
      t.appendChild(tr);
    }
    tr = el('tr', null, rs[i][3] !== '.' || rs[i][4] !== '.' ? 'hot' : '');
    for (j = 2; j < k; j++) tr.appendChild(el('td', rs[i][j] === undefined ? '' : rs[i][j]));
    t.appendChild(tr);
  }
}
/* The flame graph's frames as a tree (they come depth first), read once
   from its SVG (all of them: flame.js holds those it does not draw):
   the sandwich's data. */
var tree = null;
function flameTree() {
  var P = plain !== null ? 'r-' : 'g-', fl, fs, up = [], i, f, n, d;
  /* refined: tsvflame's graph of the samples kept, drawn if still to be */
  if (plain !== null) drawRefined('graph', 'r-');
  fl = window.flames && window.flames[P];
  fs = fl ? fl.frames : [];
  tree = [];
  for (i = 0; i < fs.length; i++) {
    f = fs[i];
    d = parseInt(f.getAttribute('data-d'), 10);
    n = { name: f.name, s: f.getAttribute('data-s'),
      v: parseFloat(f.getAttribute('data-v')), d: d,
      up: d > 0 ? up[d - 1] : null, kids: [] };
    up[d] = n;
    if (n.up) n.up.kids.push(n);
    tree.push(n);
  }
}
/* adds v to the child of t named like n (made if new) */
function child(t, n, v) {
  var c = t.by[n.name];
  if (!c) {
    c = t.by[n.name] = { name: n.name, s: n.s, v: 0, by: {}, kids: [] };
    t.kids.push(c);
  }
  c.v += v;
  return c;
}
/* fn's callers (each path up from its outermost frames, weighted by
   them) and its callees (their subtrees merged), as speedscope's
   sandwich; values are shares of fn's total */
function sandwichOf(fn) {
  var callers = { name: fn, v: 0, by: {}, kids: [] },
    callees = { name: fn, v: 0, by: {}, kids: [] }, i, n, a, c, work, w;
  if (tree === null) flameTree();
  for (i = 0; i < tree.length; i++) {
    n = tree[i];
    if (n.name !== fn || n.d === 0) continue;
    for (a = n.up; a && a.d > 0 && a.name !== fn; a = a.up) ;
    if (a && a.d > 0) continue;		/* inside another fn: counted there */
    callers.v += n.v;
    callees.v += n.v;
    c = callers;
    for (a = n.up; a && a.d > 0; a = a.up) c = child(c, a, n.v);
    work = [[n, callees]];
    while (work.length) {
      w = work.pop();
      for (a = 0; a < w[0].kids.length; a++)
        work.push([w[0].kids[a], child(w[1], w[0].kids[a], w[0].kids[a].v)]);
    }
  }
  return { callers: callers, callees: callees };
}
/* a tree drawn as rows of boxes, the root's row at the bottom (up) or
   the top; at most 40 rows */
function drawTree(t, up, cls) {
  var box = el('div', null, 'sw ' + cls), rows = 1, H = 17,
    work = [[t, 0, 0]], w, k, x, b, i, boxes = [];
  while (work.length) {
    w = work.pop();
    if (w[2] > 39 || w[0].v / t.v < 0.002) continue;
    boxes.push(w);
    if (w[2] + 1 > rows) rows = w[2] + 1;
    x = w[1];
    w[0].kids.sort(function (p, q) { return q.v - p.v; });
    for (k = 0; k < w[0].kids.length; k++) {
      work.push([w[0].kids[k], x, w[2] + 1]);
      x += w[0].kids[k].v / t.v;
    }
  }
  box.style.height = rows * H + 'px';
  for (i = 0; i < boxes.length; i++) {
    w = boxes[i];
    b = el('div', w[0].s || w[0].name);
    b.style.left = (w[1] * 100).toFixed(3) + '%';
    b.style.width = (w[0].v / t.v * 100).toFixed(3) + '%';
    b.style.top = ((up ? rows - 1 - w[2] : w[2]) * H) + 'px';
    b.title = w[0].name + '\n' + (w[0].v / t.v * 100).toFixed(2) + '% of ' + t.name;
    b.className = w[2] === 0 ? 'me' : '';
    if (w[2] > 0)
      b.onclick = (function (f) { return function () { choose(f); }; })(w[0].name);
    box.appendChild(b);
  }
  return box;
}
function sandwich(fn, into) {
  var sw = sandwichOf(fn);
  if (sw.callers.v > 0) {
    into.appendChild(el('h3', 'Sandwich: callers above, callees below'));
    into.appendChild(drawTree(sw.callers, true, 'up'));
    into.appendChild(drawTree(sw.callees, false, 'down'));
  }
}
/* f, once what is shown has been painted */
function later(f) {
  requestAnimationFrame(function () {
    requestAnimationFrame(function () { setTimeout(f, 0); });
  });
}
function choose(fn) {
  var d = $('detail'), i, sw, pk;
  chosen = fn;
  d.textContent = '';
  d.appendChild(el('h2', fn));
  d.appendChild(el('h3', 'Callers and callees'));
  /* a type just chosen: its tables and pictures come a moment after its
     top table, and this pane again with them; refined: its callers and
     callees (tsvpeek's) and its flame graph (tsvflame's, for the
     sandwich) are made once the table has been painted */
  if (peek && peek.made === false) {
    pk = d.appendChild(el('p', 'Reading\u2026', 'note'));
    later(function () { if (chosen === fn) d.replaceChild(peekTable(fn), pk); });
  } else
    d.appendChild(peek ? peekTable(fn) : el('p', 'Reading\u2026', 'note'));
  if (pictures === null || pictures.graph === null) {
    sw = d.appendChild(el('div'));
    if (tree === null && plain !== null)
      later(function () { if (chosen === fn) sandwich(fn, sw); });
    else
      sandwich(fn, sw);
  }
  if (list && list.body < list.text.length) sourceOf(fn, d);
  for (i = 0; i < trs.length; i++)
    trs[i].className = (trs[i].fn === fn ? 'sel' : '') +
      (trs[i].hit ? ' hit' : '');
}
function search(text) {
  var re = null, n = 0, i, p;
  if (text) {
    try { re = new RegExp(text); } catch (e) {
      $('qn').textContent = 'not a regular expression';
      return -1;
    }
  }
  for (i = 0; i < trs.length; i++) {
    trs[i].hit = re !== null && re.test(trs[i].fn);
    if (trs[i].hit) n++;
    trs[i].className = (trs[i].fn === chosen ? 'sel' : '') + (trs[i].hit ? ' hit' : '');
  }
  $('qn').textContent = re ? n + ' of ' + trs.length + ' functions' : '';
  for (p in window.flames) if (window.flames.hasOwnProperty(p)) window.flames[p].search(text || '');
  return n;
}
var view = 'top';
function show(v) {
  var b = document.querySelectorAll('nav button'), i, id;
  if (v === 'graph' || v === 'callgraph') draw();
  if (v === 'graph') drawRefined('graph', 'r-');
  if (v === 'chart') drawRefined('chart', 'rc-');
  if (v === 'callgraph') drawRefined('callgraph', 'rcg');
  view = v;
  for (i = 0; i < b.length; i++) {
    id = b[i].getAttribute('data-v');
    b[i].className = id === v ? 'on' : '';
    $('v-' + id).hidden = id !== v || (plain !== null && (id === 'graph' ||
      ((id === 'chart' || id === 'callgraph') && refined[id] !== null)));
  }
  /* refined: the flame graph, chart and call graph made again; one the
     page cannot make (a chart with no samples in the page) is the whole
     profile's, and says so */
  if ($('v-rgraph')) $('v-rgraph').hidden = !(v === 'graph' && plain !== null);
  if ($('v-rchart')) $('v-rchart').hidden = !(v === 'chart' && plain !== null && refined.chart !== null);
  if ($('v-rcallgraph'))
    $('v-rcallgraph').hidden = !(v === 'callgraph' && plain !== null && refined.callgraph !== null);
  if ($('rnote')) $('rnote').hidden = !(plain !== null &&
    ((v === 'callgraph' && refined.callgraph === null) || (v === 'chart' && refined.chart === null)));
}
/* The refined views (refine.js's: the tables, and the pictures' markup
   when first shown), or null: the type's own again. While refined, the
   type's own tables are kept aside (plain), and a type's tables that
   come meanwhile go there. */
var plain = null, typed = [], refined = null;
/* a refined picture (kind graph or chart, on the ids P), made from
   refine.js's markup when first shown: refined[kind] is then false
   (null: the page has none to make) */
function drawRefined(kind, P) {
  if (refined === null || !refined[kind]) return;
  if (window.flames) delete window.flames[P];
  setSection('v-r' + kind, refined[kind]());
  refined[kind] = false;
  /* (a chart's time axis is drawn on reset) */
  if (kind === 'chart' && window.flames && window.flames[P]) window.flames[P].reset();
  search($('q').value);
}
/* the refined pictures taken out, and the type's own tables back */
function unrefine() {
  if (window.flames) { delete window.flames['r-']; delete window.flames['rc-']; }
  $('v-rgraph').textContent = '';
  if ($('v-rchart')) $('v-rchart').textContent = '';
  if ($('v-rcallgraph')) $('v-rcallgraph').textContent = '';
  if (plain === null) return;
  top = plain.top; all = plain.all; peek = plain.peek;
  plain = refined = null;
}
function refine(v) {
  if (v === null && plain === null) return;
  unrefine();
  if (v !== null) {
    plain = { top: top, all: all, peek: peek };
    top = table(v.top); all = v.all; peek = v.peek;
    refined = { graph: v.graph, chart: v.chart, callgraph: v.callgraph };
    $('rnote').textContent = 'Refined (' + v.spec + '): this view shows the whole ' +
      'profile, as the page was made; tsvfocus, then tsvreport, refines it too.';
  }
  tree = null;
  shown();
  show(view);
}
/* the type's own tables, refined or not */
function tables() { return plain || { top: top, all: all, peek: peek }; }
function ownTables(t, a, p) {
  if (plain) { plain.top = t; plain.all = a; plain.peek = p; }
  else { top = t; all = a; peek = p; }
}
function onType() {
  var i;
  for (i = 0; i < typed.length; i++) typed[i]();
}
/* The sample type switch (pprof -http's sample menu): the first type's
   views as the page holds them, the others' from their gzip'd JSON,
   which the browser inflates (DecompressionStream): first its table and
   its pictures' markup, the table shown at once and the pictures made
   in the next task (or when shown), then its other tables, most of the
   bytes. A type's views once made are kept as they are, pictures and
   all, for its next turn. */
var views = {}, current = null, pictures = null, reading = 0;
function setSection(id, html) {
  var s = $(id), old, i, n;
  s.innerHTML = html;
  /* scripts put in by markup do not run: each made anew runs */
  old = s.getElementsByTagName('script');
  for (i = old.length - 1; i >= 0; i--) {
    n = document.createElementNS(old[i].namespaceURI, 'script');
    n.textContent = old[i].textContent;
    old[i].parentNode.replaceChild(n, old[i]);
  }
}
/* a section's nodes, out of the page */
function take(id) {
  var s = $(id), f = document.createDocumentFragment();
  while (s.firstChild) f.appendChild(s.firstChild);
  return f;
}
function shown() {
  buildTop();
  search($('q').value);
  if (chosen !== null) choose(chosen);
}
/* a picture of the type shown (kind graph or callgraph), made from its
   markup if still to be: each in a task of its own (large.cpu's flame
   graph and call graph together held the page 103-129 ms) */
function drawPart(kind) {
  if (pictures === null || pictures[kind] === null) return;
  setSection('v-' + kind, pictures[kind]);
  pictures[kind] = null;
  if (pictures.graph === null && pictures.callgraph === null) pictures = null;
  if (kind !== 'graph') return;
  tree = null;
  search($('q').value);
  if (chosen !== null) choose(chosen);
}
function draw() {
  drawPart('graph');
  drawPart('callgraph');
}
function restore(v) {
  top = v.top; all = v.all; peek = v.peek; list = v.list; tree = v.tree;
  $('v-graph').appendChild(v.graph);
  $('v-callgraph').appendChild(v.callgraph);
  window.flames['g-'] = v.flame;
  shown();
}
/* a gzip'd part's bytes (the browser's DecompressionStream) */
function inflateBytes(b64) {
  var bin = atob(b64), u = new Uint8Array(bin.length), i;
  for (i = 0; i < bin.length; i++) u[i] = bin.charCodeAt(i);
  return new Response(new Blob([u]).stream().pipeThrough(
    new DecompressionStream('gzip'))).arrayBuffer();
}
/* ... and as JSON, for done */
function inflate(b64, done) {
  inflateBytes(b64).then(function (b) {
    done(JSON.parse(new TextDecoder().decode(b)));
  });
}
/* type name's part (views, data), inflated for done (never called when
   the page has no such part) */
function part(name, which, done) {
  var alts = document.querySelectorAll('script.alt'), i;
  for (i = 0; i < alts.length; i++)
    if (alts[i].getAttribute('data-type') === name &&
        alts[i].getAttribute('data-part') === which) {
      reading++;
      inflate(alts[i].textContent, function (v) { reading--; done(v); });
      return;
    }
}
function setType(name) {
  if ($('type')) $('type').value = name;
  if (name === current) return;
  draw();
  if (plain !== null) {	/* (refined again when the type's tables are in) */
    unrefine();
    tree = null;
  }
  views[current] = { top: top, all: all, peek: peek, list: list, tree: tree,
    graph: take('v-graph'), callgraph: take('v-callgraph'),
    flame: window.flames['g-'] };
  current = name;
  if (views[name]) {
    restore(views[name]);
    onType();
    return;
  }
  part(name, 'views', function (v) {
    if (current !== name) {
      /* another chosen since: this one made when chosen again */
      return;
    }
    /* (refined meanwhile: kept aside, the refined shown) */
    ownTables(table(v.top), null, null);
    list = null;
    tree = null;
    pictures = { graph: v.graph, callgraph: v.callgraph };
    shown();
    onType();
    /* once the frame that shows the table has been painted: the
       pictures, then the other tables */
    reading++;		/* the rest, to come */
    requestAnimationFrame(function () {
      requestAnimationFrame(function () { setTimeout(rest, 0); });
    });
  });
  function rest() {
    if (current === name) drawPart('graph');
    setTimeout(function () {
      if (current === name) drawPart('callgraph');
      setTimeout(data, 0);
    }, 0);
  }
  function data() {
    reading--;
    part(name, 'data', function (d) {
      /* the type shown, or kept since another was chosen */
      var k = current === name ? {} : views[name];
      if (!k) return;
      k.all = tableOr(d.all);
      k.peek = table(d.peek);
      k.list = table(d.list);
      if (current === name) {
        ownTables(tables().top, k.all, k.peek);
        list = k.list;
        shown();
        /* refined: again, with the calls its table marks inline */
        if (plain !== null) onType();
      }
    });
  }
}
function init() {
  var b = document.querySelectorAll('nav button'), i;
  buildTop();
  ['v-callgraph', 'v-rcallgraph'].forEach(function (id) {
    if ($(id)) $(id).ondblclick = function () {
      this.className = this.className === 'view full' ? 'view' : 'view full';
    };
  });
  if ($('type')) {
    /* the page's own type, whatever a reload put back in the menu */
    current = $('type').value = $('type').options[0].value;
    $('type').onchange = function () { setType(this.value); };
  }
  for (i = 0; i < b.length; i++) b[i].onclick = function () { show(this.getAttribute('data-v')); };
  $('q').oninput = function () { search(this.value); };
  document.addEventListener('keydown', function (e) {
    var p;
    if (e.key === 'Escape') {
      $('q').value = '';
      search('');
      for (p in window.flames) if (window.flames.hasOwnProperty(p)) window.flames[p].reset();
    } else if (e.key === '/' && document.activeElement !== $('q')) {
      e.preventDefault();
      $('q').focus();
    }
  });
  window.report = { choose: choose, search: search, show: show,
    sandwich: sandwichOf, type: setType,
    /* for refine.js */
    refine: refine, tables: tables, inflate: inflate,
    inflateBytes: inflateBytes, table: table,
    current: function () { return current; },
    /* the tables shown, as text (tests) */
    shownTables: function () {
      return { top: top.text, all: (all || top).text, peek: peek ? peek.text : '' };
    },
    onType: function (f) { typed.push(f); },
    /* parts of a type chosen still to come: none when all are in */
    pending: function () { return reading + (pictures !== null ? 1 : 0); } };
}
init();
})();
