#!/bin/sh
# run.sh: the named test cases, run from a clone with the programs built.
#
#   sh tests/run.sh [-l] [-j jobs] [-s check|interop] [name ...]
#
# Each case is a shell function t_TOPIC_NAME in tests/cases/TOPIC.sh
# (make check) or tests/interop/cases/TOPIC.sh (make interop, -s
# interop), named TOPIC/NAME (underscores as hyphens). -l lists them;
# names, or shell patterns ('rprof/*'), run those alone. Every case runs in
# a shell of its own, in build/tests/out/SUITE/NAME, jobs at a time (the
# processors, 2 at least), a mark each on stderr as it ends (. pass, F
# fail, s skipped); the failures are printed by name with what each said,
# the five slowest, then "N passed, N failed". A case whose tools are missing is skipped, naming them
# (TESTS_STRICT=1: failed). BIN=dir runs the programs found there
# (valgrind's wrappers); SUBSET=n takes every n-th file in the
# corpus-wide loops.
cd "$(dirname "$0")/.." || exit 2
top=$(pwd)
suite=check list=0 one=
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
[ "$jobs" -ge 2 ] 2>/dev/null || jobs=2
while getopts lj:s:1: opt; do
	case $opt in
	l) list=1 ;;
	j) jobs=$OPTARG ;;
	s) suite=$OPTARG ;;
	1) one=$OPTARG ;;
	*) echo "usage: sh tests/run.sh [-l] [-j jobs] [-s check|interop]" \
	    "[name ...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
case $suite in
check) dir=tests/cases ;;
interop) dir=tests/interop/cases ;;
*) echo "run.sh: no suite '$suite' (check, interop)" >&2; exit 2 ;;
esac
outroot=$top/build/tests/out/$suite

all_cases() {
	for f in "$dir"/*.sh; do
		t=$(basename "$f" .sh)
		sed -n "s/^t_${t}_\([a-z0-9_]*\)() *{.*/\1/p" "$f" |
		    tr _ - | sed "s|^|$t/|"
	done
}

# One case, in a shell of its own: its result in $out/.result.
run_one() {
	out=$outroot/$1
	rm -rf "$out"
	mkdir -p "$out"
	bin=${BIN:-$top/build/bin}
	fn=t_$(echo "$1" | tr '/-' '__')
	start=$(date +%s)
	(
		. tests/lib.sh
		for f in "$dir"/*.sh; do . "$f"; done
		"$fn"
		: >"$out/.done"
	) >"$out/.log" 2>&1 </dev/null
	if [ -s "$out/.missing" ]; then
		echo "skip $(sort -u "$out/.missing" | tr '\n' ' ')"
	elif [ -s "$out/.failed" ]; then
		echo fail
	elif [ ! -e "$out/.done" ]; then
		echo "fail (it ended before its end)" >>"$out/.log"
		echo fail
	else
		echo pass
	fi >"$out/.result"
	echo "$(($(date +%s) - start))" >"$out/.seconds"
	# progress: a mark a case, so a run is never silent for minutes
	case $(cat "$out/.result") in
	pass) printf . ;; skip*) printf s ;; *) printf F ;;
	esac >&2
}

if [ -n "$one" ]; then
	run_one "$one"
	exit 0
fi
if [ $list = 1 ]; then
	all_cases
	exit 0
fi
all_cases >"${TMPDIR:-/tmp}/run-cases.$$"
if [ $# -gt 0 ]; then
	for pat; do
		n=0
		while read -r c; do
			# shellcheck disable=SC2254
			case $c in $pat) echo "$c"; n=1 ;; esac
		done <"${TMPDIR:-/tmp}/run-cases.$$"
		[ $n = 1 ] || echo "run.sh: no case matches '$pat'" >&2
	done | awk '!seen[$0]++' >"${TMPDIR:-/tmp}/run-chosen.$$"
else
	cp "${TMPDIR:-/tmp}/run-cases.$$" "${TMPDIR:-/tmp}/run-chosen.$$"
fi
rm -f "${TMPDIR:-/tmp}/run-cases.$$"
mkdir -p "$outroot"
xargs -r -P "$jobs" -n 1 sh tests/run.sh -s "$suite" -1 \
    <"${TMPDIR:-/tmp}/run-chosen.$$"
echo >&2
pass=0 fail=0 skip=0
while read -r c; do
	r=$(cat "$outroot/$c/.result" 2>/dev/null || echo "fail")
	case $r in
	pass) pass=$((pass + 1)) ;;
	skip*)
		if [ -n "${TESTS_STRICT:-}" ]; then
			fail=$((fail + 1))
			echo "FAIL $c: missing ${r#skip }"
		else
			skip=$((skip + 1))
			echo "SKIP $c: missing ${r#skip }"
		fi ;;
	*)
		fail=$((fail + 1))
		echo "FAIL $c"
		sed 's/^/    /' "$outroot/$c/.log" | head -n 40 ;;
	esac
done <"${TMPDIR:-/tmp}/run-chosen.$$"
# the slowest cases, where the time of a run goes
while read -r c; do
	echo "$(cat "$outroot/$c/.seconds" 2>/dev/null || echo 0) $c"
done <"${TMPDIR:-/tmp}/run-chosen.$$" | sort -rn | head -n 5 |
    awk '$1 > 0 { s = s (s == "" ? "" : ", ") $2 " " $1 " s" }
    END { if (s != "") print "slowest: " s }'
rm -f "${TMPDIR:-/tmp}/run-chosen.$$"
printf '%d passed, %d failed' $pass $fail
[ $skip -gt 0 ] && printf ', %d skipped (their tools missing)' $skip
echo
[ $fail = 0 ]
