// flame-test.js: run in headless Chromium on a page with a tsvflame SVG
// inlined: zooms, resets and searches through the DOM, draws the SVG into
// a canvas and counts its colours, and writes what it found into
// #result for --dump-dom to print.
(function () {
  var r = [];
  function done() {
    r.push('errors ' + window.flameErrors.length +
      (window.flameErrors.length ? ': ' + window.flameErrors.join('; ') : ''));
    document.getElementById('result').textContent = r.join('\n');
  }
  function width(g) { return g.getElementsByTagName('rect')[0].getAttribute('width'); }
  // a chart's time axis: its ticks' labels, first and last
  function axis() {
    var a = document.getElementById('axis'), t;
    if (a === null) return null;
    t = a.getElementsByTagName('text');
    return t.length + ' ticks, ' + t[0].textContent + ' to ' +
      t[t.length - 1].textContent;
  }
  var full = axis();
  try {
    // every frame, those the script keeps out of the document too
    var fs = window.flames[''].frames, i, t = null, hidden = 0;
    r.push('frames ' + fs.length);
    for (i = 0; i < fs.length; i++)
      if (fs[i].getElementsByTagName('title')[0].textContent.split('\n')[0] ===
          'df_work')
        t = fs[i];
    r.push('target ' + width(t));
    t.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    for (i = 0; i < fs.length; i++)
      if (!fs[i].isConnected) hidden++;
    r.push('zoomed ' + width(t) + ' hidden ' + (hidden > 0 ? 'some' : 'none'));
    if (full !== null)
      r.push('axis zoomed ' + (axis() !== full ? 'anew' : 'as before'));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    hidden = 0;
    for (i = 0; i < fs.length; i++)
      if (!fs[i].isConnected) hidden++;
    r.push('reset ' + width(t) + ' hidden ' + hidden);
    if (full !== null)
      r.push('axis ' + axis() + (axis() === full ? '' : ', not ' + full));
    r.push('search ' + search('^fib$').toFixed(2));
    r.push(document.getElementById('matched').textContent);
  } catch (e) {
    window.flameErrors.push(String(e));
  }
  var img = new Image();
  img.onload = function () {
    var c = document.createElement('canvas'), d, seen = {}, n = 0, k;
    c.width = img.width;
    c.height = img.height;
    c.getContext('2d').drawImage(img, 0, 0);
    d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (i = 0; i < d.length; i += 4) {
      k = d[i] + ',' + d[i + 1] + ',' + d[i + 2];
      if (!seen[k]) { seen[k] = 1; n++; }
    }
    r.push('colours ' + (n > 20 ? 'many' : n));
    done();
  };
  img.onerror = function () { window.flameErrors.push('the SVG did not load as an image'); done(); };
  img.src = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(
    document.getElementById('flame'))], { type: 'image/svg+xml' }));
})();
