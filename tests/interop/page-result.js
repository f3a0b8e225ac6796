// page-result.js PAGE: opens PAGE (a tsvreport page with a test script
// that writes its findings into #result) in headless Chromium over the
// DevTools protocol, in real time: Chromium's --virtual-time-budget
// runs no animation frame, after which the page reads a type's parts
// (report.js). Prints #result once the script has written it.
'use strict';
const path = require('path');
const cdp = require('./cdp.js');

async function main() {
  const p = await cdp.open('file://' + path.resolve(process.argv[2]));
  try {
    const text = await p.js('(async () => { const e = document.getElementById("result"); ' +
      'for (let i = 0; i < 600 && e.textContent === "not run"; i++) ' +
      'await new Promise(r => setTimeout(r, 100)); return e.textContent; })()');
    process.stdout.write(text + '\n');
  } finally {
    await p.close();
  }
}

main().catch((e) => {
  console.error('page-result.js: ' + e.message);
  process.exit(1);
});
