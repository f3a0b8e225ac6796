#!/bin/sh
# re-golden.sh: writes tests/re/cases.txt (the chosen cases of
# tests/re/chosen.txt, then 3 x 2000 random patterns of tests/re/random.awk,
# five texts each) and tests/re/go.txt, what Go's regexp answers on them
# (tests/re/goregexp). make check compares lib/re with go.txt; make interop
# checks that go.txt is still what Go prints. Run it after changing the
# chosen cases or the generator, on a machine with Go (tools/deps.sh
# interop), and commit both files.
set -e
cd "$(dirname "$0")/.."
GO111MODULE=off GOCACHE=$(pwd)/build/tests/out/gocache
export GO111MODULE GOCACHE
mkdir -p build/tests
go build -o build/tests/goregexp ./tests/re/goregexp
{
	grep -v '^#' tests/re/chosen.txt
	for seed in 1 2 3; do
		awk -v seed=$seed -v n=2000 -f tests/re/random.awk
	done
} >tests/re/cases.txt
build/tests/goregexp <tests/re/cases.txt >tests/re/go.txt
echo "re-golden.sh: $(grep -c '^p' tests/re/cases.txt) patterns," \
    "$(grep -c '^t' tests/re/cases.txt) texts"
