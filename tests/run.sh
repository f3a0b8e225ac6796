#!/bin/sh
# run.sh: the golden and corpus tests of the filters, run from a clone with
# the programs built. Prints each failure and "N passed, N failed".
cd "$(dirname "$0")/.." || exit 2
top=$(pwd)
out=$top/tests/out
rm -rf "$out"
mkdir -p "$out"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# Compares $out/got with file $1 (the expected output) for test $2.
same() {
	if cmp -s "$out/got" "$1"; then ok; else
		bad "$2: output differs from $1"
		diff "$1" "$out/got" | head -10
	fi
}

# 1. tsvvalidate: every stream in tests/validate has its exact messages and
#    exit status in NAME.expected.
for f in tests/validate/*.tsv; do
	name=$(basename "$f" .tsv)
	(cd tests/validate && ../../tsvvalidate "$name.tsv" 2>&1 >/dev/null;
	    echo "exit $?") >"$out/got"
	same "tests/validate/$name.expected" "tsvvalidate $name"
done

# 2. Rprof files: each converts and validates; those R >= 3.0 wrote with LF
#    come back byte for byte; some have an exact expected stream.
for f in $(find tests/data/rprof -type f \( -name '*.out' -o -name '*.prof' \) | sort); do
	if ! ./rprof2tsv "$f" >"$out/s.tsv" 2>"$out/err"; then
		bad "rprof2tsv $f: $(cat "$out/err")"; continue
	fi
	ok
	if ./tsvvalidate "$out/s.tsv"; then ok; else bad "tsvvalidate of $f"; fi
	if ! grep -q "$(printf '\r')" "$f" && grep -q '"' "$f" &&
	    [ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] &&
	    [ "${f##*/}" != incomplete.out ]; then
		if ./tsv2rprof "$out/s.tsv" | cmp -s - "$f"; then ok; else
			bad "round trip of $f"; fi
	fi
done
for exp in tests/rprof/*.expected; do
	name=$(basename "$exp" .expected)
	src=$(cat "tests/rprof/$name.source")
	(cd tests/data/rprof && "$top/rprof2tsv" "$src" 2>&1; echo "exit $?") \
	    >"$out/got"
	same "$exp" "rprof2tsv $src"
done

# 3. Against R's own summaryRprof tables (corpus r-4.2): self and total
#    sample counts per function computed from the stream with awk.
#    append.out is left out: summaryRprof handles only the first header, so
#    the #File lines and refs of later sessions come out as function names.
for f in tests/data/rprof/r-4.2/*.out; do
	base=${f%.out}
	[ "${f##*/}" = append.out ] && continue
	./rprof2tsv "$f" | awk -f tests/selftotal.awk >"$out/ours"
	iv=$(head -n 1 "$f" | sed 's/.*sample.interval=//')
	for kind in self total; do
		# the summaryRprof table's columns are named in its header
		# (which lacks the row-name column); interval of the first header
		awk -F'\t' -v want=$kind.time -v iv="$iv" '
		    NR == 1 { for (i = 1; i <= NF; i++) if ($i == want) c = i + 1; next }
		    { n = $1; gsub(/"/, "", n); k = int($c / (iv / 1e6) + 0.5)
		      if (k > 0) printf "%s\t%d\n", n, k }' \
		    "$base.by-$kind.tsv" | sort >"$out/r.$kind"
		col=2; [ $kind = total ] && col=3
		# summaryRprof splits names with spaces apart: leave out those
		# names from ours, and their words from R's
		awk -F'\t' -v c=$col '$c > 0 && $1 !~ / / { print $1 "\t" $c }' \
		    "$out/ours" | sort >"$out/o.$kind"
		awk -F'\t' 'FNR == NR { if ($1 ~ / /) { n = split($1, w, " ")
		    for (i = 1; i <= n; i++) skip[w[i]] = 1 }; next }
		    !($1 in skip)' "$out/ours" "$out/r.$kind" >"$out/r2.$kind"
		if cmp -s "$out/r2.$kind" "$out/o.$kind"; then ok; else
			bad "$kind counts of $f differ from summaryRprof's"
			diff "$out/r2.$kind" "$out/o.$kind" | head -5
		fi
	done
done

# 3b. Memory: summaryRprof(memory = "both")'s mem.total per function, from
#     the stream's vsize.small, vsize.large and nodes values.
for b in memory memory-line memory-gc-line; do
	f=tests/data/rprof/r-4.2/$b
	./rprof2tsv "$f.out" | awk -f tests/memtotal.awk >"$out/all.mem"
	awk -F'\t' '$1 !~ / /' "$out/all.mem" | sort >"$out/o.mem"
	awk -F'\t' 'FNR == NR { if ($1 ~ / /) { n = split($1, w, " ")
	    for (i = 1; i <= n; i++) skip[w[i]] = 1 }; next }
	    FNR == 1 { for (i = 1; i <= NF; i++) if ($i == "mem.total") c = i + 1
	    next }
	    { n = $1; gsub(/"/, "", n); if (!(n in skip)) printf "%s\t%.1f\n", n, $c }' \
	    "$out/all.mem" "$f.by-total.tsv" | sort >"$out/r.mem"
	if cmp -s "$out/r.mem" "$out/o.mem"; then ok; else
		bad "mem.total of $f.out differs from summaryRprof's"
		diff "$out/r.mem" "$out/o.mem" | head -5
	fi
done

# 4. Out-of-order streams are read again from the file, and give the same.
f=tests/data/rprof/r-4.2/memory-gc-line.out
./rprof2tsv "$f" >"$out/a.tsv"
(head -n 2 "$out/a.tsv"; tail -n +3 "$out/a.tsv" | grep '^#';
    tail -n +3 "$out/a.tsv" | grep -v '^#' | sort -r) >"$out/rev.tsv"
if ./tsvvalidate "$out/rev.tsv" && ./tsv2rprof "$out/rev.tsv" | cmp -s - "$f"
then ok; else bad "tsv2rprof of a stream in reverse order"; fi
if cat "$out/rev.tsv" | ./tsv2rprof >/dev/null 2>"$out/err"; then
	bad "an unordered stream on a pipe was accepted"
elif grep -q 'give it as a file' "$out/err"; then ok; else
	bad "unordered pipe: $(cat "$out/err")"; fi

# 4b. pprof: every protobuf profile converts and validates; every legacy
#     one and the empty file get their exact refusal; one exact stream.
(cd tests/data/pprof && tail -n +2 KINDS.tsv |
    while IFS="$(printf '\t')" read -r rel kind; do
	case $kind in protobuf*) continue ;; esac
	"$top/pprof2tsv" "$rel" 2>"$out/err" >/dev/null; rc=$?
	printf '%s\t%s (exit %s)\n' "$rel" "$(cat "$out/err")" $rc
done) >"$out/got"
same tests/pprof/refusals.expected "pprof2tsv refusals"
for rel in $(tail -n +2 tests/data/pprof/KINDS.tsv | awk '$2 ~ /^protobuf/ { print $1 }'); do
	if ./pprof2tsv "tests/data/pprof/$rel" | ./tsvvalidate; then ok; else
		bad "pprof2tsv $rel does not validate"; fi
	if ./pprof2tsv "tests/data/pprof/$rel" | ./tsv2pprof -u | ./pprof2tsv |
	    ./tsvvalidate; then ok; else bad "tsv2pprof of $rel"; fi
done
(cd tests/data/pprof && "$top/pprof2tsv" pprofutils/heapage.in.pprof; echo "exit $?") \
    >"$out/got"
same tests/pprof/heapage.expected "pprof2tsv heapage.in.pprof"
if ./rprof2tsv "$f" | ./tsv2pprof -o "$out/p.pb.gz" &&
    ./pprof2tsv "$out/p.pb.gz" | ./tsvvalidate; then ok; else
	bad "tsv2pprof -o"; fi

# 5. gzip input, -o, and write errors.
gzip -c "$f" >"$out/f.gz"
if ./rprof2tsv "$out/f.gz" | ./tsv2rprof | cmp -s - "$f"; then ok; else
	bad "gzip input"; fi
if ./rprof2tsv -o "$out/o.tsv" "$f" && cmp -s "$out/o.tsv" "$out/a.tsv"
then ok; else bad "rprof2tsv -o"; fi
if ./rprof2tsv -o "$out/none.tsv" tests/validate/ok-basic.tsv 2>/dev/null ||
    [ -e "$out/none.tsv" ] || ls "$out" | grep -q 'none.tsv.'; then
	bad "a failed rprof2tsv -o left a file"; else ok; fi
if [ -w /dev/full ]; then
	if ./rprof2tsv "$f" >/dev/full 2>"$out/err"; then
		bad "write error not reported"
	elif grep -q 'write error' "$out/err"; then ok; else
		bad "write error: $(cat "$out/err")"; fi
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
