#!/bin/sh
# interop.sh: the filters against real peers. R writes fresh Rprof files
# under every profiling option; they must convert, validate, come back
# byte for byte, and give summaryRprof's own figures. google/pprof's parser
# judges the pprof side (tests/pprof.sh). Installs R and Go when missing.
cd "$(dirname "$0")/.." || exit 2
top=$(pwd)
out=$top/tests/out/interop
rm -rf "$out"
mkdir -p "$out"
pass=0
fail=0
bin=$top
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# Compares $out/got with file $1 (the expected output) for test $2.
same() {
	if cmp -s "$out/got" "$1"; then ok; else
		bad "$2: output differs from $1"
		diff "$1" "$out/got" | head -10
	fi
}

install() {
	sudo=""
	[ "$(id -u)" = 0 ] || sudo=sudo
	echo "interop.sh: installing $*" >&2
	$sudo apt-get update -qq >&2
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >&2
}
command -v Rscript >/dev/null 2>&1 || install r-base-core

# Compares $out/r.X (R's) with $out/o.X (ours), leaving out names with
# spaces, which summaryRprof splits apart, and the words it makes of them.
compare() {
	awk -F'\t' '$1 !~ / /' "$out/all.$1" | sort >"$out/o.$1"
	awk -F'\t' 'FNR == NR { if ($1 ~ / /) { n = split($1, w, " ")
	    for (i = 1; i <= n; i++) skip[w[i]] = 1 }; next }
	    { n = $1; gsub(/"/, "", n); if (!(n in skip)) print }' \
	    "$out/all.$1" "$out/raw.$1" | sort >"$out/r.$1"
	if cmp -s "$out/r.$1" "$out/o.$1"; then ok; else
		bad "$2: $1 differs from summaryRprof's"
		diff "$out/r.$1" "$out/o.$1" | head -5
	fi
}

Rscript tests/interop/rprof.R "$out" || bad "R could not write profiles"
for f in "$out"/*.out; do
	name=$(basename "$f" .out)
	./rprof2tsv "$f" >"$out/$name.tsv" || { bad "rprof2tsv $name"; continue; }
	if ./tsvvalidate "$out/$name.tsv"; then ok; else bad "validate $name"; fi
	./tsv2rprof "$out/$name.tsv" >"$out/$name.back"
	if cmp -s "$out/$name.back" "$f"; then ok; else bad "round trip $name"; fi
	if [ "$(Rscript tests/interop/summary.R "$f" "same:$out/$name.back")" \
	    = "TRUE " ]; then ok; else
		bad "summaryRprof reads tsv2rprof's $name differently"; fi
	[ "$name" = append ] && continue	# summaryRprof: one header only
	./tsvtop "$out/$name.tsv" | awk -F'\t' 'NR > 1 { print $1 "\t" $2 "\t" $4 }' >"$out/st"
	cut -f 1,2 "$out/st" | awk -F'\t' '$2 > 0' >"$out/all.self"
	cut -f 1,3 "$out/st" >"$out/all.total"
	for kind in self total; do
		Rscript tests/interop/summary.R "$f" $kind >"$out/raw.$kind"
		compare $kind "$name"
	done
	case $name in memory*)
		./tsvtop -m "$out/$name.tsv" |
		    awk -F'\t' 'NR > 1 { print $1 "\t" $6 }' >"$out/all.mem"
		Rscript tests/interop/summary.R "$f" mem >"$out/raw.mem"
		compare mem "$name" ;;
	esac
done

# profile-tsv(5)'s R code reads a table with its escapes and NA decoded
Rscript tests/interop/read-stream.R tests/interop/escapes.tsv >"$out/escapes.R" &&
    cmp -s "$out/escapes.R" tests/interop/escapes.R.expected && ok ||
    bad "profile-tsv(5)'s R code does not read escapes.tsv as expected"

[ -f tests/pprof.sh ] && . tests/pprof.sh
[ -f tests/flame.sh ] && . tests/flame.sh
[ -f tests/postgresql.sh ] && . tests/postgresql.sh
echo "interop: $pass passed, $fail failed"
[ "$fail" = 0 ]
