// stream.js: a profile stream as node's tests read it, for the scripts
// that judge a reader's samples against its producer's own reading
// (tests/jfr/events.js, tests/firefox/processed-samples.js): its rows by
// table, and its samples by id, each { source, vals: [[type, value]],
// locs: [location id] by depth - 1, time, labels: { key: value } }.
'use strict';
const fs = require('fs');
function read(file) {
  const rows = {};
  for (const l of fs.readFileSync(file, 'utf8').split('\n')) {
    if (l === '' || l[0] === '#') continue;
    const c = l.split('\t');
    (rows[c[0]] = rows[c[0]] || []).push(c);
  }
  const samples = new Map();
  const get = (id) => {
    let x = samples.get(id);
    if (!x) samples.set(id, x = { vals: [], locs: [], labels: {} });
    return x;
  };
  for (const r of rows.samples || []) get(r[1]).source = r[2];
  for (const r of rows.sample_values || []) get(r[1]).vals.push([r[2], r[4]]);
  for (const r of rows.sample_locations || []) get(r[1]).locs[+r[2] - 1] = r[3];
  for (const r of rows['.sample_times'] || []) get(r[1]).time = r[2];
  for (const r of rows['.sample_labels'] || []) get(r[1]).labels[r[2]] = r[3];
  return { rows, samples };
}
module.exports = { read };
