/* refine-test.js: tsvreport's page refined in turn by each step (the
   page's window.refineSteps, else the labelled Go CPU profile's steps
   below: one a control), a step's type chosen first from the menu where
   it names one, and reset; after each, the page's top table (every row),
   its callers-and-callees table, its refined flame graph's and chart's
   frames, and its refined call graph's DOT and layout, tagged by step,
   for the case to compare with tsvfocus's output through tsvtop,
   tsvpeek, tsvflame and tsvgraph. */
(function () {
  var steps = window.refineSteps || [
    ['focus', { focus: 'main\\.workA' }],
    ['ignore', { ignore: 'workB' }],
    ['hide', { hide: '^runtime\\.' }],
    ['show', { show: '^main\\.' }],
    ['tagfocus', { tagfocus: 'worker=b' }],
    ['tagignore', { tagignore: 'size=big' }],
    ['both', { focus: 'main\\.spin', tagfocus: 'worker=a' }],
    ['re2', { focus: '(?i)MAIN\\.WORK[[:upper:]]\\z' }],
    ['showfrom', { showfrom: 'main\\.main\\.func2$', hide: 'Preempt' }]
  ], r = [], k = 0, tries = 0;
  function out(tag, text) {
    var ls = text.split('\n'), i;
    for (i = 0; i < ls.length; i++)
      if (ls[i] !== '' && ls[i].charAt(0) !== '#') r.push(tag + '\t' + ls[i]);
  }
  function frames(tag, P) {
    /* all of them: those under half a pixel are out of the document */
    var fs = window.flames[P] ? window.flames[P].frames : [], i;
    /* by flame.js's fields (those under half a pixel are data until a
       zoom makes them elements, after the others), in the SVG's order:
       by x, a parent before its first child */
    var k = fs.slice().sort(function (a, b) { return a.x0 - b.x0 || a.d - b.d; });
    for (i = 0; i < k.length; i++)
      r.push(tag + '\t' + k[i].d + '\t' + k[i].name + '\t' + k[i].vs);
  }
  /* a zoom into the widest frame of depth 2 (its frames under half a
     pixel were data): every frame in it that the zoom makes half a
     pixel or wider is drawn, as an element in the page, and no other */
  function zoomed(tag) {
    var fl = window.flames['r-'], fs, z = null, i, f, w, bad = 0, n = 0;
    if (!fl) return;
    fs = fl.frames;
    for (i = 0; i < fs.length; i++)
      if (fs[i].d === 2 && (z === null || fs[i].w0 > z.w0)) z = fs[i];
    if (z === null) return;
    if (z.lazy) { r.push(tag + '.zoom\twidest frame not drawn'); return; }
    fl.zoom(z);
    for (i = 0, fs = fl.frames; i < fs.length; i++) {
      f = fs[i];
      if (f.d < z.d) continue;
      w = f.w0 * 1160 / z.w0;
      if (f.x0 >= z.x0 - 1e-6 && f.x0 + f.w0 <= z.x0 + z.w0 + 1e-6 && w >= 0.5) {
        n++;
        if (f.lazy || !f.isConnected) bad++;
      } else if (!f.lazy && f.isConnected) bad++;
    }
    fl.reset();
    r.push(tag + '.zoom\t' + n + ' drawn, ' + bad + ' wrong');
  }
  /* the refined call graph: its DOT (what its button saves), and
     how its boxes lie: those drawn, any two that overlap, any out of
     the picture */
  function callgraph(tag) {
    var a = document.getElementById('rcg-dot'), svg = document.getElementById('rcg'), bs = [], i, j, p, q,
      over = 0, out2 = 0, vb;
    if (!a || !svg) { r.push(tag + '.cglayout\tno refined call graph'); return; }
    out(tag + '.callgraph', a.getAttribute('data-dot'));
    vb = svg.viewBox.baseVal;
    svg.querySelectorAll('g.node rect, g.nodelet rect:first-of-type, g.legend rect').forEach(function (x) {
      bs.push(x.getBBox());
    });
    for (i = 0; i < bs.length; i++) {
      p = bs[i];
      if (p.x < vb.x || p.y < vb.y || p.x + p.width > vb.x + vb.width || p.y + p.height > vb.y + vb.height) out2++;
      for (j = i + 1; j < bs.length; j++) {
        q = bs[j];
        if (p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height) over++;
      }
    }
    r.push(tag + '.cglayout\t' + svg.querySelectorAll('g.node').length + ' nodes, ' + over + ' overlapping, ' +
      out2 + ' outside');
  }
  function finish() {
    r.push('errors ' + window.reportErrors.length + ' ' + window.reportErrors.join('; '));
    document.getElementById('result').textContent = r.join('\n');
  }
  function next() {
    var s, t;
    if (k === steps.length) {
      window.report.refineBy(null);
      t = window.report.shownTables();
      out('reset.top', t.all);
      r.push('reset.rgraph ' + document.querySelectorAll('#r-frames').length);
      finish();
      return;
    }
    s = steps[k];
    if (s[2]) {
      document.getElementById('type').value = s[2];
      document.getElementById('type').dispatchEvent(new Event('change'));
    }
    window.report.refineBy(s[1]);
    (function wait() {
      if ((document.getElementById('refined').textContent === '' ||
          (s[2] && window.report.pending() > 0)) && tries++ < 300) {
        setTimeout(wait, 10);
        return;
      }
      t = window.report.shownTables();
      out(s[0] + '.top', t.all);
      out(s[0] + '.peek', t.peek);
      window.report.show('graph');
      frames(s[0] + '.graph', 'r-');
      zoomed(s[0]);
      window.report.show('chart');
      frames(s[0] + '.chart', 'rc-');
      r.push(s[0] + '.axis\t' + (document.querySelectorAll('#rc-axis text').length > 0 ?
        document.querySelector('#rc-axis text').textContent : ''));
      window.report.show('callgraph');
      callgraph(s[0]);
      window.report.show('top');
      r.push(s[0] + '.said\t' + document.getElementById('refined').textContent);
      document.getElementById('refined').textContent = '';
      k++;
      tries = 0;
      next();
    })();
  }
  /* opened from a link to a refined view (#focus=...): refined as it
     says, before any step */
  function linked(then) {
    if (location.hash.length < 2) { then(); return; }
    (function wait() {
      if (document.getElementById('refined').textContent === '' && tries++ < 300) {
        setTimeout(wait, 10);
        return;
      }
      out('hash.top', window.report.shownTables().all);
      r.push('hash.said\t' + document.getElementById('refined').textContent);
      tries = 0;
      then();
    })();
  }
  /* and a refinement puts itself in the address */
  function address() {
    r.push('address\t' + location.hash);
  }
  try {
    linked(function () {
      var k0 = next;
      next = function () {
        if (k === 1 && !r.some(function (l) { return l.indexOf('address\t') === 0; })) address();
        k0();
      };
      next();
    });
  } catch (e) { window.reportErrors.push(String(e)); finish(); }
})();
