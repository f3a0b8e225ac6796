/* figures.js: figures and units written as the C programs write them
   (figure.h, units.h, printf's %.2f and %g), for the page's refined
   tables and pictures. match.js, refine.js and callgraph.js read it as
   report.figures. */
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

/* Units, as google/pprof's internal/measurement has them (units.c):
   their names and aliases, by kind (0 time, 1 memory) and factor */
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
/* the units a figure is shown in, by kind: the largest it is 1 or more
   of */
var SCALES = [[[1, 'ns'], [1e3, 'us'], [1e6, 'ms'], [1e9, 's'], [3600e9, 'hrs']],
  [[1, 'B'], [1024, 'kB'], [1048576, 'MB'], [1073741824, 'GB'], [1099511627776, 'TB'],
    [1125899906842624, 'PB']]];
/* unit_scale(v, from, "minimum"): v in the largest unit it is 1 or more
   of; a count as it is */
function scaleMin(v, from) {
  var u = unitOf(from), base, sc, f, name, i;
  if (u === null) return { x: v, name: '' };
  base = v * u.factor;
  sc = SCALES[u.kind];
  f = u.kind === 0 ? 1e9 : 1;
  name = u.kind === 0 ? 's' : 'B';
  for (i = 0; i < sc.length; i++)
    if (Math.abs(base) / sc[i][0] >= 1) { f = sc[i][0]; name = sc[i][1]; }
  return { x: base / f, name: name };
}
/* unit_label(v, unit, "minimum"), as pprof names a tag (40kB) */
function unitLabel(v, unit) {
  var s = scaleMin(v, unit), t = fixed2(s.x);
  if (t.length > 3 && t.substring(t.length - 3) === '.00') t = t.substring(0, t.length - 3);
  if (t === '0' || t === '-0') return '0';
  return t + s.name;
}
/* figure_min_unit: the unit of a graph's figures */
function minUnit(t, lo, total) {
  var umin, umax;
  if (lo === 0) lo = Math.abs(total);
  umin = scaleMin(lo, t.unit).name;
  umax = scaleMin(Math.abs(total), t.unit).name;
  if (umin !== umax && lo * 100 < Math.abs(total)) umin = scaleMin(100 * lo, t.unit).name;
  return umin !== '' ? umin : t.unit;
}
function factorOf(u) {
  var x = unitOf(u);
  return x === null ? 1 : x.factor;
}
/* C's %5.2g of a share under 1%, as figure_percentage writes it */
function g2(x) {
  var s, m, e;
  if (x === 0) return '0';
  s = x.toExponential(1);
  m = /^(-?[\d.]+)e([+-])(\d+)$/.exec(s);
  e = +(m[2] + m[3]);
  if (e < -4 || e >= 2) {
    return m[1].replace(/\.?0+$/, '') + 'e' + m[2] + (m[3].length < 2 ? '0' : '') + m[3];
  }
  return x.toFixed(Math.max(0, 1 - e)).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}
/* figure_percentage's share in a picture, trimmed ("4.55%", "0.53%",
   "100%") */
function percentage(v, total) {
  var r = total !== 0 ? Math.abs(v / total) * 100 : 0;
  if (r >= 99.95 && r <= 100.05) return '100%';
  if (r >= 1) return fixed2(r) + '%';
  return g2(r) + '%';
}
R.figures = { numText: numText, fixed2: fixed2, shown: shown, unitWord: unitWord, share: share,
  byName: byName, unitOf: unitOf, labelUnit: labelUnit, unitLabel: unitLabel, minUnit: minUnit,
  factorOf: factorOf, percentage: percentage };
})();
