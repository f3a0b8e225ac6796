/* The page's refine controls, as pprof -http's REFINE menu: focus,
   ignore, hide, show, show from, tagfocus and tagignore, with
   tsvfocus's meaning, run by tsvfocus itself. The page holds the stream
   (refine-stream, gzip'd) and the engine (refine-engine: the analysis
   programs built for WebAssembly, run by wasi.js); a refinement runs
   (refineruns.js)
   tsvfocus with its filters on the stream, then, on what it keeps, each
   view when first shown: tsvtop (the table, and every row), tsvpeek
   --tree (callers and callees), tsvflame (graph and chart) and tsvgraph
   (the call graph, laid out by graphlayout.js), with the arguments the
   page was made with (refine-args) and the type shown. What the page
   shows refined is what those programs write: nothing is counted here. */
(function () {
"use strict";
var R = window.report, RR = window.refineRuns, xml = R.xml, args = null, stream = null, engine = null, spec = null,
  waiting = [], failed = null, dec = new TextDecoder();
function $(id) { return document.getElementById(id); }
/* The stream and the engine, inflated and compiled once, for done. */
function load(done) {
  if (engine !== null || failed !== null) { done(); return; }
  waiting.push(done);
  if (waiting.length > 1) return;
  args = JSON.parse($('refine-args').textContent);
  Promise.all([R.inflateBytes($('refine-stream').textContent),
    R.inflateBytes($('refine-engine').textContent).then(function (b) {
      return WebAssembly.compile(b);
    })]).then(function (r) {
    stream = new Uint8Array(r[0]);
    engine = r[1];
  }, function (err) {
    failed = 'the engine cannot run here: ' + err.message;
  }).then(function () {
    while (waiting.length) waiting.shift()();
  });
}

/* a command as a shell would take it: what the page ran, to run again */
function shell(argv) {
  return argv.map(function (a) {
    return /^[A-Za-z0-9_.,:=\/+-]+$/.test(a) ? a : "'" + a.replace(/'/g, "'\\''") + "'";
  }).join(' ');
}
/* One run of a program of the engine on input: its output, or an Error
   with its message. */
function run(argv, input) {
  var r = window.engineRun(engine, argv, input, {});
  if (r.status !== 0)
    throw new Error(r.stderr.trim() || argv[0] + ': exit status ' + r.status);
  return r;
}
/* tsvfocus of sp on the stream, kept for its views (the last one: a
   type switched to refines the same samples again) */
var focused = { key: null, bytes: null, said: '' };
function focus(sp) {
  var key = JSON.stringify(sp), r;
  if (focused.key !== key) {
    r = run(RR.focusArgv(args, sp), stream);
    focused = { key: key, bytes: r.stdout, said: r.stderr.trim() };
  }
  return focused;
}
/* view's output (its arguments in refine-args), of type (its -t; null:
   the program's default), on the samples kept */
function view(name, type, kept) {
  return dec.decode(run(RR.viewArgv(args, name, type), kept.bytes).stdout);
}
/* a table of report.js's kind whose text is made when first read
   (made: whether it is); its rows' count (n) known before when given */
function lazyTable(make, n) {
  var t = null, o = {};
  if (n !== undefined) o.n = n;
  Object.defineProperty(o, 'made', { get: function () { return t !== null; } });
  ['notes', 'cols', 'text', 'rows', 'body'].forEach(function (k) {
    Object.defineProperty(o, k, { get: function () {
      if (t === null) t = R.table(make());
      return t[k];
    } });
  });
  return o;
}
/* a picture as a section shows it: from its <svg>, or why there is none */
function picture(what, make) {
  var t;
  try { t = make(); } catch (err) {
    return '<p class="note">No ' + what + ': ' + xml(err.message) + '</p>';
  }
  return t.substring(Math.max(0, t.indexOf('<svg')));
}
/* The refined call graph: tsvgraph's DOT laid out in the page, the DOT
   a button away. */
function callGraph(dot) {
  return '<p class="note">Laid out in the page (Graphviz lays out the whole profile\'s). ' +
    '<button id="rcg-dot" data-dot="' + xml(dot) + '">Save its DOT</button> for dot -Tsvg.</p>\n' +
    R.callGraphSvg(R.dotModel(dot));
}
/* the refined call graph's DOT saved as a file (the page loads nothing:
   the link is made when asked) */
function saveDot(e) {
  var a;
  if (!e.target || e.target.id !== 'rcg-dot') return;
  a = document.createElement('a');
  a.download = 'callgraph.dot';
  a.href = URL.createObjectURL(new Blob([e.target.getAttribute('data-dot')], { type: 'text/vnd.graphviz' }));
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(function () { URL.revokeObjectURL(a.href); }, 0);
}
/* the rows tsvtop's table leaves out under the node fraction, as its
   notes say: the whole table's count, before it is made */
function allRows(top) {
  var t = R.table(top), i, m, n = t.rows.length;
  for (i = 0; i < t.notes.length; i++)
    if ((m = /dropped (\d+)/.exec(t.notes[i])) !== null) n += parseInt(m[1], 10);
  return n;
}
/* The views of the type shown, refined by sp: what report.refine takes.
   The table now; the rest when first asked for. */
function views(sp) {
  var type = R.current(), kept = focus(sp), top = view('top', type, kept);
  return { top: top,
    all: lazyTable(function () { return view('all', type, kept); }, allRows(top)),
    peek: lazyTable(function () { return view('peek', type, kept); }),
    graph: function () { return picture('flame graph', function () { return view('graph', type, kept); }); },
    chart: args.chart ? function () {
      return picture('flame chart', function () { return view('chart', type, kept); });
    } : null,
    callgraph: function () {
      var dot;
      try { dot = view('callgraph', type, kept); } catch (err) {
        return '<p class="note">No call graph: ' + xml(err.message) + '</p>';
      }
      return callGraph(dot);
    },
    said: shell(RR.focusArgv(args, sp)) + (kept.said ? ' (' + kept.said + ')' : ''),
    spec: describe(sp) };
}
function describe(sp) {
  var k, out = [];
  for (k in sp) if (sp.hasOwnProperty(k) && sp[k]) out.push(k + '=' + sp[k]);
  return out.join(' ');
}
function read() {
  var f = $('refine'), sp = {}, any = false, i, k, v;
  for (i = 0; i < RR.fields.length; i++) {
    k = RR.fields[i];
    v = f.elements[k].value;
    sp[k] = v;
    if (v !== '') any = true;
  }
  return any ? sp : null;
}
/* the refinement in the page's address (#focus=...&hide=...), as pprof's
   page keeps it in its URL: a link to the view refined */
function hashOf(sp) {
  var k, out = [];
  for (k in sp) if (sp.hasOwnProperty(k) && sp[k] !== '')
    out.push(k + '=' + encodeURIComponent(sp[k]));
  return out.join('&');
}
function fromHash() {
  var sp = {}, parts = location.hash.replace(/^#/, '').split('&'), i, kv;
  for (i = 0; i < parts.length; i++) {
    kv = parts[i].split('=');
    if (kv.length === 2 && $('refine').elements[kv[0]])
      try { sp[kv[0]] = decodeURIComponent(kv[1]); } catch (e) { /* not ours */ }
  }
  return sp;
}
function apply(sp) {
  var msg = $('refined'), h = sp === null ? '' : hashOf(sp);
  spec = sp;
  if (location.hash.replace(/^#/, '') !== h && history.replaceState)
    history.replaceState(null, '', h === '' ? location.pathname + location.search : '#' + h);
  if (sp === null) {
    msg.textContent = '';
    R.refine(null);
    return;
  }
  load(function () {
    if (spec !== sp) return;
    if (failed !== null) { msg.textContent = failed; return; }
    /* the page shows it is busy, painted first: a large profile takes
       a moment */
    document.body.classList.add('busy');
    requestAnimationFrame(function () { setTimeout(function () {
      var v;
      document.body.classList.remove('busy');
      if (spec !== sp) return;
      try { v = views(sp); } catch (err) {
        msg.textContent = err.message;
        return;
      }
      msg.textContent = v.said;
      R.refine(v);
    }, 0); });
  });
}
function set(sp) {
  var f = $('refine'), k;
  for (k in sp) if (sp.hasOwnProperty(k) && f.elements[k]) f.elements[k].value = sp[k];
  apply(read());
}
function init() {
  var f = $('refine');
  if (!f || !$('refine-stream')) return;
  f.onsubmit = function (e) { e.preventDefault(); apply(read()); };
  document.addEventListener('click', saveDot);
  /* the stream inflated and the engine compiled while the first filter
     is typed */
  f.addEventListener('focusin', function () { load(function () {}); });
  $('unrefine').onclick = function () { f.reset(); apply(null); };
  R.onType(function () { if (spec !== null) apply(spec); });
  /* for tests and the console: report.refineBy({focus: 're'}) */
  R.refineBy = function (sp) { f.reset(); set(sp || {}); };
  /* a page opened from a link to a refined view */
  if (location.hash.length > 1) {
    var sp = fromHash();
    if (Object.keys(sp).length) set(sp);
  }
}
init();
})();
