#!/bin/sh
# demo.sh: the main job on a bundled example. Converts a real R profile to
# the stream, validates it, and prints the top functions by self and total
# samples, computed from the stream with awk and sort alone.
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
echo "Top functions by self and total samples (awk over profile.tsv):"
awk -f tests/selftotal.awk profile.tsv |
    sort -t "$(printf '\t')" -k3,3nr -k1,1 | head -n 12 |
    awk -F'\t' 'BEGIN { printf "%-28s %8s %8s\n", "function", "self", "total" }
	{ printf "%-28s %8d %8d\n", $1, $2, $3 }'
