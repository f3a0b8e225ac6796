// report-test.js: run in headless Chromium on tsvreport's page: prints
// its top table, clicks a function and prints the callers and callees
// shown, checks the source pane, searches, switches views, and writes
// what it found into #result for --dump-dom to print.
(function () {
  var r = [], i, j, rows, cells, t = null, line;
  try {
    rows = document.querySelectorAll('#top tbody tr');
    for (i = 0; i < rows.length; i++) {
      cells = rows[i].getElementsByTagName('td');
      line = [];
      for (j = 0; j < cells.length; j++) line.push(cells[j].textContent);
      r.push('top\t' + line.join('\t'));
      if (line[0] === 'df_work') t = rows[i];
    }
    t.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    r.push('selected ' + document.querySelector('#top tr.sel td').textContent);
    rows = document.querySelectorAll('#detail table.peek tr');
    for (i = 1; i < rows.length; i++) {
      cells = rows[i].getElementsByTagName('td');
      line = [];
      for (j = 0; j < cells.length; j++) line.push(cells[j].textContent);
      r.push('peek\t' + line.join('\t'));
    }
    rows = document.querySelectorAll('#detail table.src tr.hot');
    r.push('hot lines ' + rows.length);
    r.push('source ' + (document.getElementById('detail').textContent.indexOf(
      'nrow(merge(d, a, by = "b"))') >= 0 ? 'shown' : 'missing'));
    var q = document.getElementById('q');
    q.value = '^fib$';
    q.dispatchEvent(new Event('input'));
    r.push('hits ' + document.querySelectorAll('#top tr.hit').length + ' ' +
      document.getElementById('qn').textContent);
    r.push('graph ' + document.getElementById('g-matched').textContent);
    r.push('chart ' + document.getElementById('c-matched').textContent);
    // one search box: the pictures' own buttons not shown
    r.push('search buttons ' + ['g-search', 'c-search'].map(function (id) {
      return getComputedStyle(document.getElementById(id)).display;
    }).join(' '));
    document.querySelector('nav button[data-v="graph"]').click();
    r.push('views ' + document.getElementById('v-top').hidden + ' ' +
      document.getElementById('v-graph').hidden);
    document.querySelector('nav button[data-v="callgraph"]').click();
    r.push('call graph ' + !document.getElementById('v-callgraph').hidden +
      ' boxes ' + document.querySelectorAll('#v-callgraph svg g.node').length);
  } catch (e) {
    window.reportErrors.push(String(e));
  }
  r.push('errors ' + window.reportErrors.length +
    (window.reportErrors.length ? ': ' + window.reportErrors.join('; ') : ''));
  document.getElementById('result').textContent = r.join('\n');
})();
