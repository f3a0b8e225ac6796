// speedscope-schema.js SCHEMA FILE...: each file checked against
// speedscope's own JSON schema (the npm package's
// dist/release/file-format-schema.json) by ajv, a validator not this
// project's; then the rules the schema cannot say: frame indexes in
// range, weights as many as samples, events in time order, each close
// the frame open last, nothing open at the end. A line per file, "ok" or
// what is wrong.
"use strict";
const fs = require("fs");
const Ajv = require("ajv");

const [schemaPath, ...files] = process.argv.slice(2);
const schema = JSON.parse(fs.readFileSync(schemaPath));
const ajv = new Ajv({ allErrors: true, strict: false });
const check = ajv.compile(schema);
let failed = 0;

function rules(doc) {
	const nf = doc.shared.frames.length;
	const bad = [];
	doc.profiles.forEach((p, i) => {
		if (p.type === "sampled") {
			if (p.samples.length !== p.weights.length)
				bad.push(`profiles[${i}]: samples and weights differ`);
			for (const s of p.samples)
				for (const f of s)
					if (f < 0 || f >= nf)
						bad.push(`profiles[${i}]: frame ${f} of ${nf}`);
		} else {
			const open = [];
			let at = -Infinity;
			p.events.forEach((e, k) => {
				if (e.at < at)
					bad.push(`profiles[${i}].events[${k}] before the one before`);
				at = e.at;
				if (e.frame < 0 || e.frame >= nf)
					bad.push(`profiles[${i}].events[${k}]: frame ${e.frame}`);
				if (e.type === "O")
					open.push(e.frame);
				else if (open.pop() !== e.frame)
					bad.push(`profiles[${i}].events[${k}] closes a frame not open last`);
			});
			if (open.length > 0)
				bad.push(`profiles[${i}]: ${open.length} open at the end`);
			if (p.startValue > p.events[0].at || p.endValue < at)
				bad.push(`profiles[${i}]: events outside start and end`);
		}
	});
	return bad.slice(0, 3);
}

for (const f of files) {
	const doc = JSON.parse(fs.readFileSync(f, "utf8"));
	if (!check(doc)) {
		failed = 1;
		console.log(`${f}: ${ajv.errorsText(check.errors).slice(0, 300)}`);
		continue;
	}
	const bad = rules(doc);
	if (bad.length > 0) {
		failed = 1;
		console.log(`${f}: ${bad.join("; ")}`);
	} else
		console.log(`${f}: ok`);
}
process.exit(failed);
