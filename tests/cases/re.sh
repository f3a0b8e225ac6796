# re: lib/re, the regexp engine of the legacy parsers and of every
# pattern option, answers as Go's regexp does: on the cases of
# tests/re/cases.txt, what Go printed (tests/re/go.txt, written by
# tools/re-golden.sh; make interop checks that Go still prints it).
t_re_go_answers() {
	probe=$top/build/tests/re_probe
	[ -x "$probe" ] || { bad "build/tests/re_probe not built (make check builds it)"; return; }
	"$probe" <tests/re/cases.txt >"$out/got"
	n=$(grep -c '^p' "$out/got")
	[ "$n" -ge 6000 ] || bad "only $n patterns answered"
	same tests/re/go.txt "lib/re against Go's answers"
}
