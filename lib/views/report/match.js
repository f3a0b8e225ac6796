/* match.js: what the page's refine controls match with, as tsvfocus
   matches (tsvfocus(1)): Go's regular expressions made the browser's,
   and pprof's tag filters, string labels by expression and numbers by
   ranges with units (figures.js's). refine.js reads it as
   report.match. */
(function () {
"use strict";
var R = window.report;
if (!R) return;
var unitOf = R.figures.unitOf, labelUnit = R.figures.labelUnit;

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
R.match = { re2: re2, tagMatcher: tagMatcher };
})();
