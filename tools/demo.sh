#!/bin/sh
# demo.sh: the main job on a bundled example. Converts a real R profile to
# the stream, validates it, prints its top functions, and writes its
# collapsed stacks.
set -e
cd "$(dirname "$0")/.."
f=${1:-tests/data/rprof/r-4.2/memory-gc-line.out}
echo "\$ ./rprof2tsv $f | tee profile.tsv | ./tsvvalidate && echo valid"
./rprof2tsv "$f" | tee profile.tsv | ./tsvvalidate && echo valid
echo
echo "\$ wc -l profile.tsv; grep -c '^samples' profile.tsv"
wc -l profile.tsv
grep -c '^samples' profile.tsv
echo
echo "\$ ./tsvtop -c -m -n 8 profile.tsv"
./tsvtop -c -m -n 8 profile.tsv
echo
echo "\$ ./tsv2folded profile.tsv | sort -t ' ' -k2,2nr | head -n 3"
./tsv2folded profile.tsv | sort -t ' ' -k2,2nr | head -n 3
