#!/bin/sh
# bench-doc.sh TABLE > doc/benchmarks.md: the page of make bench's latest
# table (tools/bench.sh's output), dated, with the commit it measured.
# make bench runs both; the figures are the machine's of that day.
set -e
cd "$(dirname "$0")/.."
table=${1:?usage: bench-doc.sh TABLE}
when=${BENCH_DATE:-$(date -u +%Y-%m-%d)}
commit=${BENCH_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
cat <<EOT
# Benchmarks

Written by \`make bench\` (tools/bench.sh, then tools/bench-doc.sh): the
latest run, $when, at commit $commit. Not a test: it asserts nothing.

What it measures: a 1 GB Rprof file built from every real Rprof file in
tests/data, repeated; three pprof profiles from Go's \`large.cpu\` (itself;
20 copies combined; 20 copies whose functions are renamed per copy, so
20 times the functions and locations too); streams of 10,000 sources;
then each program beside what a user would otherwise run on the same
input (\`cat\`, \`wc\`, R's summaryRprof and read.delim, the profile
package's readers where PROFILE_R_LIBS names its library, \`go tool
pprof\`, FlameGraph's \`stackcollapse-perf.pl\` where FLAMEGRAPH names its
folder, speedscope's own import in headless Chromium, \`sqlite3 .import\`,
\`psql \\copy\`), tsvreport's page in Chromium over the DevTools protocol
(opening it, and each interaction until the next frame is painted), and
the databases' growth (tools/db-bench.sh). "vs" is the reference's time over ours: above 1,
ours is faster. A small input is run enough times to take about a
second (the profile package's readers, which take minutes, once); an R
row's time counts Rscript's start and the packages' loading. This machine's runs of one command vary by 1.5 to 2 times now
and then: compare ratios from one run, not figures across runs.

A reader's MB/s is of its own input, and formats differ in how many
bytes a sample takes: a .cpuprofile or a processed Firefox profile names
a stack by one number a sample, speedscope's sampled JSON lists every
frame. The readers of the JSON formats are therefore also timed on one
recording in each format ("one recording, each format"), where each
writes the same samples.

Why some parts are written by hand rather than taken from a library,
with the measurements that justify each: [hacking.md](hacking.md).

\`\`\`
EOT
cat "$table"
echo '```'
