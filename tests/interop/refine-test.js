/* refine-test.js: tsvreport's page refined in turn by each step (the
   page's window.refineSteps, else the labelled Go CPU profile's steps
   below: one a control), a step's type chosen first from the menu where
   it names one, and reset; after each, the page's top table (every row),
   its callers-and-callees table and its refined flame graph's frames,
   tagged by step, for the case to compare with tsvfocus's output through
   tsvtop, tsvpeek and tsvflame. */
(function () {
  var steps = window.refineSteps || [
    ['focus', { focus: 'main\\.workA' }],
    ['ignore', { ignore: 'workB' }],
    ['hide', { hide: '^runtime\\.' }],
    ['show', { show: '^main\\.' }],
    ['tagfocus', { tagfocus: 'worker=b' }],
    ['tagignore', { tagignore: 'size=big' }],
    ['both', { focus: 'main\\.spin', tagfocus: 'worker=a' }],
    ['re2', { focus: '(?i)MAIN\\.WORK[[:upper:]]\\z' }]
  ], r = [], k = 0, tries = 0;
  function out(tag, text) {
    var ls = text.split('\n'), i;
    for (i = 0; i < ls.length; i++)
      if (ls[i] !== '' && ls[i].charAt(0) !== '#') r.push(tag + '\t' + ls[i]);
  }
  function frames(tag) {
    /* all of them: those under half a pixel are out of the document */
    var fs = window.flames['r-'] ? window.flames['r-'].frames : [], i;
    for (i = 0; i < fs.length; i++)
      r.push(tag + '\t' + fs[i].getAttribute('data-d') + '\t' +
        fs[i].getElementsByTagName('title')[0].textContent.split('\n')[0] + '\t' +
        fs[i].getAttribute('data-v'));
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
      frames(s[0] + '.graph');
      r.push(s[0] + '.said\t' + document.getElementById('refined').textContent);
      document.getElementById('refined').textContent = '';
      k++;
      tries = 0;
      next();
    })();
  }
  try { next(); } catch (e) { window.reportErrors.push(String(e)); finish(); }
})();
