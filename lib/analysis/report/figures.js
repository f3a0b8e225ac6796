/* figures.js: figures written as the C programs write them (figure.h,
   printf's %.2f and %g), for the page's refined tables and pictures.
   refine.js and callgraph.js read it as report.figures. */
(function () {
"use strict";
var R = window.report;
if (!R) return;

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
R.figures = { numText: numText, fixed2: fixed2, shown: shown, unitWord: unitWord, share: share,
  byName: byName };
})();
