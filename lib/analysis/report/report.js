(function () {
"use strict";
function $(id) { return document.getElementById(id); }
function data(id) { var e = $(id); return e ? JSON.parse(e.textContent) : ''; }
/* a table as the programs write it: # lines, a header, rows */
function table(text) {
  var lines = text.split('\n'), t = { notes: [], cols: null, rows: [] }, i, l;
  for (i = 0; i < lines.length; i++) {
    l = lines[i];
    if (l === '') continue;
    if (l.charAt(0) === '#') {
      if (!t.cols) t.notes.push(l.replace(/^# ?/, ''));
      continue;
    }
    if (!t.cols) t.cols = l.split('\t');
    else t.rows.push(l.split('\t'));
  }
  if (!t.cols) t.cols = [];
  return t;
}
function el(tag, text, cls) {
  var e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}
var top = table(data('top-data')), peek = table(data('peek-data')),
  list = table(data('list-data')), trs = [], dir = {}, chosen = null,
  all = data('top-all-data') ? table(data('top-all-data')) : null;
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
  var t = $('top'), tr = el('tr'), body = el('tbody'), i, j, r, b;
  while (t.firstChild) t.removeChild(t.firstChild);
  trs = [];
  $('meta').textContent = top.notes.join(' \u00b7 ');
  /* the rows under pprof's node fraction, a click away */
  if (all && all.rows.length > top.rows.length) {
    b = el('button', 'show all ' + all.rows.length + ' rows');
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
function rowsOf(t, fn) {
  var out = [], i;
  for (i = 0; i < t.rows.length; i++) if (t.rows[i][0] === fn) out.push(t.rows[i]);
  return out;
}
function peekTable(fn) {
  var rs = rowsOf(peek, fn), t = el('table', null, 'peek'), tr, i, j, n;
  tr = el('tr');
  for (j = 1; j < peek.cols.length; j++) tr.appendChild(el('th', peek.cols[j]));
  t.appendChild(el('thead')).appendChild(tr);
  for (i = 0; i < rs.length; i++) {
    tr = el('tr', null, rs[i][1] === 'flat' || rs[i][1] === 'cum' ? 'self' : '');
    for (j = 1; j < rs[i].length; j++) {
      n = el('td', rs[i][j]);
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
function choose(fn) {
  var d = $('detail'), i;
  chosen = fn;
  d.textContent = '';
  d.appendChild(el('h2', fn));
  d.appendChild(el('h3', 'Callers and callees'));
  d.appendChild(peekTable(fn));
  if (list.rows.length) sourceOf(fn, d);
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
function show(v) {
  var b = document.querySelectorAll('nav button'), i;
  for (i = 0; i < b.length; i++) {
    b[i].className = b[i].getAttribute('data-v') === v ? 'on' : '';
    $('v-' + b[i].getAttribute('data-v')).hidden = b[i].getAttribute('data-v') !== v;
  }
}
function init() {
  var b = document.querySelectorAll('nav button'), i;
  buildTop();
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
  window.report = { choose: choose, search: search, show: show };
}
init();
})();
