// cpuwork.js: two loops of known shares (3 to 1), for node --cpu-prof in
// make interop: spinHot must top the table, spinWarm come next.
"use strict";
let sink = 0;

function spinHot(n) {
	for (let i = 0; i < n; i++)
		sink += (i * i) % 7;
}

function spinWarm(n) {
	for (let i = 0; i < n; i++)
		sink ^= i;
}

const end = Date.now() + 1500;
while (Date.now() < end) {
	spinHot(3000000);
	spinWarm(1000000);
}
console.log(sink > 0 ? "done" : "none");
