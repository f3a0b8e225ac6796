/* refineruns.js: what the page's refine controls run, from the
   arguments the page names (refine-args, written by page.c): tsvfocus
   with the filters (tsvfocus(1)), then a view with the type shown. The
   page (refine.js) runs them; so does make check, under node
   (tests/page-engine.js), on the page's own stream and engine. */
(function (root) {
  'use strict';
  /* the refine menu's fields, as tsvfocus's options */
  var OPTS = { focus: '-f', ignore: '-i', hide: '-H', show: '-S', showfrom: '-r',
    tagfocus: '--tagfocus', tagignore: '--tagignore' };
  function filterArgs(sp) {
    var out = [], k;
    for (k in OPTS) if (OPTS.hasOwnProperty(k) && sp[k]) out.push(OPTS[k], sp[k]);
    return out;
  }
  /* tsvfocus's argv for the filters of sp */
  function focusArgv(args, sp) { return args.focus.concat(filterArgs(sp)); }
  /* view name's argv (top, all, peek, graph, chart, callgraph) for type
     (null: the program's default; the chart is always the first type's,
     which its arguments name) */
  function viewArgv(args, name, type) {
    return args[name].concat(type !== null && name !== 'chart' ? ['-t', type] : []);
  }
  var api = { fields: Object.keys(OPTS), focusArgv: focusArgv, viewArgv: viewArgv };
  root.refineRuns = api;
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
})(typeof window !== 'undefined' ? window : this);
