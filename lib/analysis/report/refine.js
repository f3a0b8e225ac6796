/* The page's refine controls, as pprof -http's REFINE menu: focus,
   ignore, hide, show, tagfocus and tagignore, with tsvfocus's meaning
   (tsvfocus(1)), applied to the stacks and labels the page holds
   (refine-data: every distinct stack and label set with its values of
   each type). The top table, its every row, callers and callees, the
   sandwich and the flame graph are made again from what is kept, as
   tsvtop, tsvpeek --tree and tsvflame write them, in the unit the page
   shows the type in; the flame chart and the call graph, laid out when
   the page was made, stay the whole profile's and say so. */
(function () {
"use strict";
var R = window.report, data = null, spec = null, waiting = [];
function $(id) { return document.getElementById(id); }

/* Go's regular expressions (RE2) as the browser's: \Q..\E quoted,
   [[:alpha:]] spelt out, \pL braced, (?P<n>) named, \A \z anchored,
   leading flags (?ims) made flags; a back-reference and (?U), which
   JavaScript does not have or Go refuses, are refused. Matched
   anywhere, on code points (the 'u' flag). */
var POSIX = { alnum: '0-9A-Za-z', alpha: 'A-Za-z', ascii: '\\x00-\\x7f',
  blank: '\\t ', cntrl: '\\x00-\\x1f\\x7f', digit: '0-9',
  graph: '!-~', lower: 'a-z', print: ' -~', punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ', upper: 'A-Z', word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f' };
function re2(src) {
  var out = '', flags = 'u', i = 0, c, m, e, inClass = false;
  m = /^\(\?([imsU]+)\)/.exec(src);
  if (m) {
    if (m[1].indexOf('U') >= 0) throw new Error('(?U) is not supported here');
    flags += m[1];
    i = m[0].length;
  }
  while (i < src.length) {
    c = src.charAt(i);
    if (c === '\\') {
      c = src.charAt(i + 1);
      if (c === 'Q') {
        e = src.indexOf('\\E', i + 2);
        if (e < 0) e = src.length;
        out += src.substring(i + 2, e).replace(/[\\^$.*+?()[\]{}|\/-]/g, '\\$&');
        i = e + 2;
        continue;
      }
      if (/[1-9]/.test(c)) throw new Error('invalid escape sequence: \\' + c);
      if ((c === 'p' || c === 'P') && src.charAt(i + 2) !== '{') {
        out += '\\' + c + '{' + src.charAt(i + 2) + '}';
        i += 3;
        continue;
      }
      if (c === 'A' && !inClass) { out += '^'; i += 2; continue; }
      if (c === 'z' && !inClass) { out += '$(?![\\s\\S])'; i += 2; continue; }
      out += '\\' + c;
      i += 2;
      continue;
    }
    if (inClass && c === '[' && (m = /^\[:(\^?)([a-z]+):\]/.exec(src.substring(i)))) {
      if (!POSIX.hasOwnProperty(m[2])) throw new Error('invalid character class range: ' + m[0]);
      if (m[1]) throw new Error('negated POSIX classes are not supported here');
      out += POSIX[m[2]];
      i += m[0].length;
      continue;
    }
    if (!inClass && c === '[') {
      inClass = true;
      out += c;
      i++;
      if (src.charAt(i) === '^') { out += '^'; i++; }
      if (src.charAt(i) === ']') { out += '\\]'; i++; }
      continue;
    }
    if (inClass && c === ']') inClass = false;
    if (!inClass && src.substring(i, i + 3) === '(?P') { out += '(?'; i += 3; continue; }
    if (inClass && (c === '-' || c === '/' || c === '{' || c === '}' || c === '(' || c === ')' || c === '|')) {
      /* JavaScript's 'u' flag wants these quoted in a class, but a range's '-' */
      out += c === '-' && out.charAt(out.length - 1) !== '[' && src.charAt(i + 1) !== ']' ? c : '\\' + c;
      i++;
      continue;
    }
    out += c;
    i++;
  }
  return new RegExp(out, flags);
}

/* tsvfocus's --tagfocus: "[key=]value", value a numeric range ("N",
   "N:", ":N", "N:M", with a unit as pprof knows them) or regular
   expressions separated by commas (without a key each must match some
   string label "key:value"; with one, any may match one of that key's
   values). A matcher of a label set: [[key, value] or [key, num, unit]]. */
var UNITS = [
  [0, 1, 'ns', 'nanosecond'], [0, 1e3, 'us', '\u03bcs', 'microsecond'],
  [0, 1e6, 'ms', 'millisecond'], [0, 1e9, 's', 'sec', 'second'],
  [0, 3.6e12, 'hour', 'hr'],
  [1, 1, 'b', 'byte'], [1, 1024, 'kb', 'kbyte', 'kilobyte'],
  [1, 1048576, 'mb', 'mbyte', 'megabyte'],
  [1, 1073741824, 'gb', 'gbyte', 'gigabyte'],
  [1, 1099511627776, 'tb', 'tbyte', 'terabyte'],
  [1, 1125899906842624, 'pb', 'pbyte', 'petabyte']];
function unitOf(name) {
  var low = String(name).toLowerCase(), i, j;
  if (low.length > 2 && low.charAt(low.length - 1) === 's') low = low.substring(0, low.length - 1);
  for (i = 0; i < UNITS.length; i++)
    for (j = 2; j < UNITS[i].length; j++)
      if (UNITS[i][j] === low) return { kind: UNITS[i][0], factor: UNITS[i][1] };
  return null;
}
function labelUnit(l) {
  if (l[2] !== '') return l[2];
  return l[0] === 'alignment' || l[0] === 'request' ? 'bytes' : l[0];
}
/* a label's number in the range's unit, or null: of another kind */
function inUnit(l, u) {
  var lu = unitOf(labelUnit(l));
  if (u === null) return lu === null ? l[1] : null;
  if (lu === null || lu.kind !== u.kind) return null;
  return l[1] * lu.factor / u.factor;
}
function tagMatcher(text) {
  var eq = text.indexOf('='), key = eq >= 0 ? text.substring(0, eq) : null,
    v = eq >= 0 ? text.substring(eq + 1) : text,
    m = /^(?:([+-]?\d+)([A-Za-z]*))?(:)?(?:([+-]?\d+)([A-Za-z]*))?$/.exec(v),
    lo, hi, u, res, i;
  if (m && (m[1] !== undefined || m[4] !== undefined) &&
      !(m[3] === undefined && m[4] !== undefined) &&
      (m[1] === undefined || m[4] === undefined || (unitOf(m[2]) === null ? m[2] === m[5] :
        unitOf(m[5]) !== null && unitOf(m[5]).kind === unitOf(m[2]).kind))) {
    u = unitOf(m[1] !== undefined ? m[2] : m[5]);
    lo = m[1] !== undefined ? +m[1] : -Infinity;
    hi = m[3] === undefined ? lo : m[4] !== undefined ? +m[4] : Infinity;
    if (m[1] !== undefined && m[4] !== undefined && u !== null)
      hi = hi * unitOf(m[5]).factor / u.factor;
    return function (ls) {
      var k, x;
      for (k = 0; k < ls.length; k++) {
        if (ls[k].length !== 3 || (key !== null && ls[k][0] !== key)) continue;
        x = inUnit(ls[k], u);
        if (x !== null && x >= lo && x <= hi) return true;
      }
      return false;
    };
  }
  res = v.split(',');
  for (i = 0; i < res.length; i++) res[i] = re2(res[i]);
  return function (ls) {
    var j, k, found;
    if (key !== null) {
      for (k = 0; k < ls.length; k++)
        if (ls[k].length === 2 && ls[k][0] === key)
          for (j = 0; j < res.length; j++)
            if (res[j].test(ls[k][1])) return true;
      return false;
    }
    for (j = 0; j < res.length; j++) {
      for (k = 0, found = false; k < ls.length && !found; k++)
        found = ls[k].length === 2 && res[j].test(ls[k][0] + ':' + ls[k][1]);
      if (!found) return false;
    }
    return true;
  };
}

/* Figures as the page shows them (figure.h): the sum of a type's
   values, times its scale, plus its extra type's; then as summed, in
   the shown unit with two decimals (pprof's), or in it rounded (R's). */
function numText(v) {
  var s, m;
  if (Math.abs(v) < 9007199254740992 && v === Math.floor(v))
    return v === 0 && 1 / v < 0 ? '-0' : v.toFixed(0);
  if (!isFinite(v)) return isNaN(v) ? 'NaN' : v < 0 ? '-Inf' : 'Inf';
  s = String(v);
  if (s.indexOf('e') < 0 && Math.abs(v) < 1e-4) s = v.toExponential();
  m = /^(.*)e([+-])(\d+)$/.exec(s);	/* C's %g: two digits at least */
  return m ? m[1] + 'e' + m[2] + (m[3].length < 2 ? '0' : '') + m[3] : s;
}
function evenRound(x) {
  var r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}
/* printf's %.2f: toFixed's, but a tie (a double exactly half way, as
   0.125) to even, as C's printf rounds it */
function fixed2(x) {
  var s = x.toFixed(2), e, d, y = Math.abs(x) * 1000, r = Math.round(y);
  /* (a tie is some n.nn5 exactly: the rest cannot be one) */
  if (Math.abs(y - r) > 1e-6 * Math.max(1, y) || r % 10 !== 5 || Math.abs(x) >= 1e21)
    return s;
  e = Math.abs(x).toFixed(100);
  if (!/\.\d\d50*$/.test(e)) return s;
  d = e.substring(0, e.indexOf('.') + 3);	/* the tie rounded down */
  if ((+d.charAt(d.length - 1)) % 2 === 0)
    return (x < 0 ? '-' : '') + d;
  return s;
}
function shown(t, v) {
  var x, s, r;
  switch (t.how) {
  case 'min':
    s = fixed2(v * t.f1 / t.f2);
    if (s.length > 3 && s.substring(s.length - 3) === '.00') s = s.substring(0, s.length - 3);
    return s === '-0' ? '0' : s;
  case 'unit':
    x = v * t.f1 / t.f2;
    if (t.rdigits >= 0) {
      r = Math.pow(10, t.rdigits);
      x = evenRound(x * r) / r;
    }
    return numText(x);
  default:
    return numText(v);
  }
}
function unitWord(t) {
  return t.how === 'min' || t.how === 'unit' ? t.show : t.unit;
}
function share(v, sum) {
  return fixed2(sum !== 0 ? Math.abs(v / sum) * 100 : 0);
}
function byName(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

/* The stacks kept, each [value, extra, frames root first]. */
function kept(t, sp) {
  var d = data, nc = d.ncols, out = [], F = d.frames.length,
    fo = null, ig = null, hi = null, sh = null, tf = null, ti = null,
    framed = sp.focus || sp.ignore || sp.hide || sp.show, i, s, k, fr, f, any, keep;
  function marks(re) {
    var m = new Uint8Array(F), j, x;
    for (j = 0; j < F; j++) {
      x = d.frames[j];
      if (x && (re.test(x[0]) || (x[1] !== '' && re.test(x[1])))) m[j] = 1;
    }
    return m;
  }
  if (sp.focus) fo = marks(re2(sp.focus));
  if (sp.ignore) ig = marks(re2(sp.ignore));
  if (sp.hide) hi = marks(re2(sp.hide));
  if (sp.show) sh = marks(re2(sp.show));
  if (sp.tagfocus) tf = tagMatcher(sp.tagfocus);
  if (sp.tagignore) ti = tagMatcher(sp.tagignore);
  for (i = 0; i < d.stacks.length; i++) {
    s = d.stacks[i];
    if (s[t.col] === 0 && (t.extra < 0 || s[t.extra] === 0)) continue;
    if (tf && !tf(s[nc] ? d.labels[s[nc] - 1] : [])) continue;
    if (ti && ti(s[nc] ? d.labels[s[nc] - 1] : [])) continue;
    if (fo) {
      for (k = nc + 1, any = false; k < s.length && !any; k++) any = fo[s[k]] === 1;
      if (!any) continue;
    }
    if (ig) {
      for (k = nc + 1, any = false; k < s.length && !any; k++) any = ig[s[k]] === 1;
      if (any) continue;
    }
    fr = [];
    for (k = nc + 1; k < s.length; k++) {
      f = s[k];
      keep = (!hi || hi[f] !== 1) && (!sh || sh[f] === 1);
      if (keep) fr.push(f);
    }
    if (framed && fr.length === 0) continue;
    out.push([s[t.col], t.extra >= 0 ? s[t.extra] : 0, fr]);
  }
  return out;
}

/* The functions' flat and cum (each once a stack), the calls (each pair
   once a stack, none to itself), and the total; typed arrays by frame,
   a map of calls by pair: large.cpu's 20,000 stacks of 500,000 frames
   in some 30 ms, where objects keyed by text took a second. */
function sums(t, st) {
  var F = data.frames.length, flat = new Float64Array(F), cum = new Float64Array(F),
    stamp = new Int32Array(F).fill(-1), total = 0, nodes = [], byFrame = new Array(F),
    n = 0, i, k, s, fr, v, a, b, h, cap = 1024, from, to, w, at, calls = [];
  for (i = 0; i < st.length; i++) n += st[i][2].length;
  while (cap < 2 * n) cap *= 2;
  /* the calls: a table of pairs (from + 1, to) by hash, each slot's
     weight and the last stack that added to it */
  from = new Int32Array(cap); to = new Int32Array(cap);
  w = new Float64Array(cap); at = new Int32Array(cap);
  for (i = 0; i < st.length; i++) {
    s = st[i];
    v = t.scale === 1 && t.extra < 0 ? s[0] : s[0] * t.scale + s[1];
    total += v;
    fr = s[2];
    for (k = 0; k < fr.length; k++) {
      b = fr[k];
      if (stamp[b] !== i) { stamp[b] = i; cum[b] += v; }
      if (k > 0 && (a = fr[k - 1]) !== b) {
        for (h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 1, 0x85ebca6b);
            ; h++) {
          h &= cap - 1;
          if (from[h] === 0) { from[h] = a + 1; to[h] = b; at[h] = -1; calls.push(h); break; }
          if (from[h] === a + 1 && to[h] === b) break;
        }
        if (at[h] !== i) { at[h] = i; w[h] += v; }
      }
    }
    if (fr.length > 0) flat[fr[fr.length - 1]] += v;
  }
  for (i = 0; i < F; i++)
    if (flat[i] !== 0 || cum[i] !== 0)
      nodes.push(byFrame[i] = { f: i, name: data.frames[i][0], file: data.frames[i][1],
        flat: flat[i], cum: cum[i], ins: [], outs: [] });
  for (i = 0; i < calls.length; i++) {
    h = calls[i];
    a = { from: from[h] - 1, to: to[h], w: w[h] };
    if (byFrame[a.to]) byFrame[a.to].ins.push(a);
    if (byFrame[a.from]) byFrame[a.from].outs.push(a);
  }
  /* by flat, then by name: tsvtop's rows (and tsvpeek's, whose ties
     go by name, then cum: names are unique) */
  nodes.sort(function (p, q) {
    return Math.abs(q.flat) - Math.abs(p.flat) || data.rank[p.f] - data.rank[q.f];
  });
  return { nodes: nodes, byFrame: byFrame, total: total };
}
function notesOf(t, base) {
  var i, out = [];
  for (i = 0; i < base.notes.length; i++)
    if (!/^(total|rows|note):/.test(base.notes[i])) out.push('# ' + base.notes[i]);
  return out;
}
/* tsvtop's table (its rows under the node fraction too when all) */
function topText(t, g, base, sp, all) {
  var flat = 0, cut, dropped = 0, x, out, i, run = 0, n = 0,
    tot = shown(t, g.total) + ' ' + unitWord(t), rows = [];
  for (i = 0; i < g.nodes.length; i++) flat += g.nodes[i].flat;
  cut = Math.abs(Math.trunc(flat * (all ? 0 : data.nodefraction)));
  out = notesOf(t, base);
  out.push('# total: ' + tot + '; refined: ' + describe(sp));
  for (i = 0; i < g.nodes.length; i++) {
    x = g.nodes[i];
    if (cut > 0 && Math.abs(x.cum) < cut) { dropped++; continue; }
    run += x.flat;
    n++;
    rows.push(esc(x.name) + '\t' + shown(t, x.flat) + '\t' + share(x.flat, g.total) + '\t' +
      shown(t, x.cum) + '\t' + share(x.cum, g.total) + '\t' + share(run, g.total));
  }
  if (dropped > 0)
    out.push('# rows: ' + n + ' of ' + n + '; dropped ' + dropped +
      ' whose total is under ' + shown(t, cut) + ' ' + unitWord(t) + ' (--nodefraction)');
  out.push('function\tself\tself%\ttotal\ttotal%\tsum%');
  return out.join('\n') + '\n' + rows.join('\n') + (rows.length ? '\n' : '');
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
  notes.push('# total: ' + shown(t, g.total) + '; refined: ' + describe(sp));
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
    var out = [], ins = edges(x.ins), outs = edges(x.outs), j, n = esc(x.name);
    for (j = 0; j < ins.length; j++)
      out.push([n, 'caller', esc(data.frames[ins[j].from][0]), shown(t, ins[j].w),
        share(ins[j].w, x.cum), call(ins[j])]);
    out.push([n, 'flat', '', shown(t, x.flat), share(x.flat, g.total), '']);
    out.push([n, 'cum', '', shown(t, x.cum), share(x.cum, g.total), '']);
    for (j = 0; j < outs.length; j++)
      out.push([n, 'callee', esc(data.frames[outs[j].to][0]), shown(t, outs[j].w),
        share(outs[j].w, x.cum), call(outs[j])]);
    return out;
  }
  var tb = { notes: notes.map(function (l) { return l.replace(/^# ?/, ''); }), cols: cols, body: 0,
    rowsFor: function (fn) {
      var f = data.byName.get(fn);
      return f !== undefined && g.byFrame[f] ? rows(g.byFrame[f]) : [];
    } };
  Object.defineProperty(tb, 'text', { get: function () {
    var out, i, r, k;
    if (text !== null) return text;
    out = notes.concat([cols.join('\t')]);
    for (i = 0; i < g.nodes.length; i++) {
      r = rows(g.nodes[i]);
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
/* The boxes of a flame graph of stacks st, as flame.c lays them out: the
   stacks sorted by their frames' names (a stack that ends after those
   that go on), each box a run of them sharing a prefix, opened at its
   parent's next x and closed when the run ends; no tree is built. Each
   box: frame (-1: the root), depth, value, x, width, parent; in
   preorder. */
function layout(st, span) {
  var order = [], bf = [], bd = [], bv = [], bx = [], bp = [], next = [],
    open = [], prev = [], total = 0, i, j, l, fr, v, o, rank = data.rank;
  for (i = 0; i < st.length; i++) { order.push(i); total += st[i][0]; }
  order.sort(function (p, q) {
    var a = st[p][2], b = st[q][2], k, n = Math.min(a.length, b.length);
    for (k = 0; k < n; k++)
      if (a[k] !== b[k]) return rank[a[k]] - rank[b[k]];
    return b.length - a.length || p - q;
  });
  function add(f, d, x, p) {
    bf.push(f); bd.push(d); bv.push(0); bx.push(x); bp.push(p); next.push(x);
    return bf.length - 1;
  }
  function close(k) { next[bp[k]] += bv[k] / total * span; }
  add(-1, 0, 10, -1);
  bv[0] = total;
  for (i = 0; i < order.length; i++) {
    fr = st[order[i]][2];
    v = st[order[i]][0];
    for (l = 0; l < prev.length && l < fr.length && prev[l] === fr[l]; l++) ;
    while (open.length > l) close(open.pop());
    for (j = l; j < fr.length; j++) {
      o = open.length ? open[open.length - 1] : 0;
      open.push(add(fr[j], j + 1, next[o], o));
    }
    for (j = 0; j < open.length; j++) bv[open[j]] += v;
    prev = fr;
  }
  while (open.length) close(open.pop());
  return { f: bf, d: bd, v: bv, x: bx, p: bp, total: total };
}
/* the boxes drawn: at least 0.1 px wide and positive, in a box drawn */
function drawnBoxes(L, span) {
  var drawn = new Uint8Array(L.f.length), boxes = [], i, w;
  for (i = 0; i < L.f.length; i++) {
    w = L.v[i] / L.total * span;
    if (i > 0 && (!drawn[L.p[i]] || w < 0.1 || L.v[i] <= 0)) continue;
    drawn[i] = 1;
    boxes.push({ i: i, n: { f: L.f[i], v: L.v[i] }, x: L.x[i], d: L.d[i], w: w });
  }
  return boxes;
}
/* the flame graph's frames as report.js's sandwich reads them */
function treeOf(L, span) {
  var boxes = drawnBoxes(L, span), out = [], at = {}, i, b, f, n;
  for (i = 0; i < boxes.length; i++) {
    b = boxes[i];
    f = b.n.f >= 0 ? data.frames[b.n.f] : ['all', '', null];
    n = { name: f[0], s: f[2] !== f[0] ? f[2] : null, v: b.n.v, d: b.d,
      up: i > 0 ? at[L.p[b.i]] : null, kids: [] };
    at[b.i] = n;
    if (n.up) n.up.kids.push(n);
    out.push(n);
  }
  return out;
}
function flameSvg(t, L, sp) {
  var PAD = 10, FH = 16, TOP = 44, BOTTOM = 50, boxes,
    i, depth = 0, H, out, span, script, y, b, name, fr;
  script = flameScript();
  span = W - 2 * PAD;
  if (!(L.total > 0)) return '<p class="note">No flame graph: no positive value is kept.</p>';
  boxes = drawnBoxes(L, span);
  for (i = 0; i < boxes.length; i++) if (boxes[i].d > depth) depth = boxes[i].d;
  var root = { v: L.total };
  H = TOP + (depth + 1) * FH + BOTTOM;
  out = ['<svg version="1.1" id="r-flame" width="' + W.toFixed(3) + '" height="' + H.toFixed(3) +
    '" viewBox="0 0 ' + W.toFixed(3) + ' ' + H.toFixed(3) + '" xmlns="http://www.w3.org/2000/svg">',
    '<style>text { font-family: Verdana, sans-serif; font-size: 12px; fill: rgb(0,0,0); }',
    '#r-title { font-size: 17px; text-anchor: middle; } #r-subtitle { text-anchor: middle; fill: rgb(90,90,90); }',
    '#r-search { display: none; } #r-matched { text-anchor: end; } .f { cursor: pointer; }',
    '.f:hover rect { stroke: rgb(0,0,0); stroke-width: 0.5; } .parent { opacity: 0.5; }</style>',
    '<rect x="0" y="0" width="100%" height="100%" fill="rgb(248,248,244)"/>',
    '<text id="r-title" x="' + (W / 2).toFixed(3) + '" y="20">Flame graph, refined</text>',
    '<text id="r-subtitle" x="' + (W / 2).toFixed(3) + '" y="38">total ' +
      xml(shown(t, root.v * t.scale) + ' ' + unitWord(t)) + '; ' + xml(describe(sp)) +
      '; click a frame to zoom, Escape or the root to reset</text>',
    '<text id="r-search" x="' + (W - PAD).toFixed(3) + '" y="20">Search</text>',
    '<text id="r-details" x="10" y="' + (H - BOTTOM + 34).toFixed(3) + '"> </text>',
    '<text id="r-matched" x="' + (W - PAD).toFixed(3) + '" y="' + (H - BOTTOM + 34).toFixed(3) + '"></text>',
    '<g id="r-frames">'];
  for (i = 0; i < boxes.length; i++) {
    b = boxes[i];
    fr = b.n.f >= 0 ? data.frames[b.n.f] : ['all', '', 'all', 'rgb(235,140,60)'];
    y = TOP + (depth - b.d) * FH;
    name = fr[2];
    out.push('<g class="f" data-d="' + b.d + '" data-v="' + numText(b.n.v) + '"' +
      (name !== fr[0] ? ' data-s="' + xml(name) + '"' : '') + '><title>' + xml(fr[0]) + '\n' +
      (fr[1] !== '' ? xml(fr[1]) + '\n' : '') + xml(shown(t, b.n.v * t.scale) + ' ' + unitWord(t)) +
      ' (' + (b.n.v / root.v * 100).toFixed(2) + '%)</title><rect x="' + b.x.toFixed(3) + '" y="' +
      y.toFixed(3) + '" width="' + b.w.toFixed(3) + '" height="15" rx="2" fill="' + fr[3] +
      '"/><text x="' + (b.x + 3).toFixed(3) + '" y="' + (y + 11.5).toFixed(3) + '">' +
      xml(fit(name, b.w)) + '</text></g>');
  }
  out.push('</g>');
  if (script) out.push('<script><![CDATA[' + script + ']]><\/script>');
  out.push('</svg>');
  return out.join('\n');
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
  st = kept(t, sp);
  g = sums(t, st);
  /* what is seen at once: the table; the rest when asked for */
  function lay() { return L || (L = layout(st, W - 20)); }
  var L = null;
  return { top: topText(t, g, base.top, sp, false),
    all: lazyTable(function () { return topText(t, g, base.top, sp, true); }, g.nodes.length),
    peek: peekTable(t, g, base.top, sp, inlineCalls(base.peek)),
    graph: function () { return flameSvg(t, lay(), sp); },
    tree: function () { return treeOf(lay(), W - 20); },
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
    var i;
    d.ncols = 0;
    /* each frame's rank by name (names are unique), and its index by
       name */
    d.rank = new Int32Array(d.frames.length);
    d.byName = new Map();
    var order = [];
    for (i = 0; i < d.frames.length; i++)
      if (d.frames[i]) { order.push(i); d.byName.set(d.frames[i][0], i); }
    order.sort(function (p, q) { return byName(d.frames[p][0], d.frames[q][0]); });
    for (i = 0; i < order.length; i++) d.rank[order[i]] = i;
    for (i = 0; i < d.types.length; i++)
      d.ncols = Math.max(d.ncols, d.types[i].col + 1, d.types[i].extra + 1);
    data = d;
    while (waiting.length) waiting.shift()();
  });
}
function read() {
  var f = $('refine'), names = ['focus', 'ignore', 'hide', 'show', 'tagfocus', 'tagignore'],
    sp = {}, any = false, i, v;
  for (i = 0; i < names.length; i++) {
    v = f.elements[names[i]].value;
    sp[names[i]] = v;
    if (v !== '') any = true;
  }
  return any ? sp : null;
}
function apply(sp) {
  var msg = $('refined');
  spec = sp;
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
  $('unrefine').onclick = function () { f.reset(); apply(null); };
  R.onType(function () { if (spec !== null) apply(spec); });
  /* for tests and the console: report.refineBy({focus: 're'}) */
  R.refineBy = function (sp) { f.reset(); set(sp || {}); };
  R.re2 = re2;
}
init();
})();
