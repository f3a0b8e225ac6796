#!/bin/sh
# check.sh [name ...]: make check. The Check unit tests of lib/
# (build/tests/run_unit), failalloc (each allocation of the library's
# main paths failing in turn), then the named cases of tests/cases (all,
# or those named: tests/run.sh). Each part prints its own report; the
# last line counts every check that ran, of all three:
# "check: N passed, N failed". Exits 1 when any failed.
cd "$(dirname "$0")/.." || exit 2
log=${TMPDIR:-/tmp}/check.$$
trap 'rm -f "$log"' EXIT
pass=0 fail=0 parts=

# count PART TOTAL FAILED: adds a part's figures (none: it printed no
# count, which is a failure)
count() {
	if [ -z "$2" ]; then
		echo "check.sh: $1 printed no count"
		fail=$((fail + 1))
		return
	fi
	pass=$((pass + $2 - $3)) fail=$((fail + $3))
	parts="$parts${parts:+, }$2 $1"
}

# part NAME SED CMD...: runs CMD, shows what it printed, and counts it:
# SED makes its count line "total failed [failed]". A failing exit that
# no count shows is one failure more.
part() {
	name=$1 expr=$2
	shift 2
	"$@" >"$log" 2>&1
	rc=$?
	cat "$log"
	read -r n f e <<EOT
$(sed -n "$expr" "$log")
EOT
	bad=$((${f:-0} + ${e:-0}))
	count "$name" "$n" "$bad"
	[ $rc = 0 ] || [ $bad -gt 0 ] || fail=$((fail + 1))
}

# Check: "100%: Checks: 23, Failures: 0, Errors: 0"
part "unit tests" \
    's/.*Checks: \([0-9]*\), Failures: \([0-9]*\), Errors: \([0-9]*\).*/\1 \2 \3/p' \
    build/tests/run_unit
# "failalloc: N runs, N without a message, N without the file ..."
part "failalloc runs" \
    's/^failalloc: \([0-9]*\) runs, \([0-9]*\) without a message, \([0-9]*\) without.*/\1 \2 \3/p' \
    build/tests/failalloc tests/data

# the cases: "N passed, N failed[, N skipped (...)]"
sh tests/run.sh "$@" >"$log" 2>&1; rc=$?
cat "$log"
read -r p f s <<EOT
$(tail -n 1 "$log" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed\(, \([0-9]*\) skipped\)\{0,1\}.*/\1 \2 \4/p')
EOT
count cases "${p:+$((p + f))}" "${f:-0}"
[ $rc = 0 ] || [ "${f:-0}" -gt 0 ] || fail=$((fail + 1))

echo "($parts${s:+; $s cases skipped, their tools missing})"
printf 'check: %d passed, %d failed' $pass $fail
[ -n "$s" ] && printf ', %d skipped' "$s"
echo
[ $fail = 0 ]
