#!/bin/sh
# demo.sh: the main job on a bundled example. Converts a real R profile to
# the stream, validates it, prints its top functions, and writes its
# collapsed stacks, with the programs make built (build/bin).
set -e
cd "$(dirname "$0")/.."
PATH=$(pwd)/build/bin:$PATH
f=${1:-tests/data/rprof/r-4.2/memory-gc-line.out}
run() {
	echo "\$ $*"
	sh -c "$*"
	echo
}
echo "(the programs are in build/bin; make install puts them on PATH)"
echo
run "rprof2tsv $f | tee profile.tsv | tsvvalidate && echo valid"
run "wc -l profile.tsv; grep -c '^samples' profile.tsv"
run "tsvtop -c -m -n 8 profile.tsv"
run "tsv2folded profile.tsv | sort -t ' ' -k2,2nr | head -n 3"
