# cli: what every program shares: first contact, -h, --help, -V,
# --version, usage errors.

# On a terminal with no file, every reader shows its usage and exits 2
# rather than wait.
t_cli_terminal() {
	need script || return
	for p in $(programs); do
		script -qec "$bin/$p >/dev/null; echo exit=\$?" /dev/null </dev/null |
		    tr -d '\r' >"$out/tty"
		grep -q "^usage: $p " "$out/tty" && grep -q '^exit=2$' "$out/tty" ||
		    bad "$p on a terminal: $(tr '\n' ' ' <"$out/tty")"
	done
}

# -h and --help: usage on stdout, naming the man page; -V and --version.
t_cli_help_version() {
	v=$(sed -n 's/^VERSION = //p' Makefile)
	# (under valgrind, SUBSET: one spelling each, the same paths)
	h="-h --help" V="-V --version"
	[ -n "${SUBSET:-}" ] && h=--help V=-V
	for p in $(programs); do
		for a in $h; do
			$bin/$p $a >"$out/help" 2>&1 &&
			    grep -q "^usage: $p " "$out/help" &&
			    grep -q "^See $p(1) (in the source tree: man ./man/$p.1)\.$" \
			    "$out/help" || bad "$p $a"
			# every line of the help fits a terminal
			awk -v p=$p 'length($0) > 80 { print p ": " $0 }' "$out/help" \
			    >>"$out/long"
		done
		for a in $V; do
			[ "$($bin/$p $a 2>&1)" = "$p (profstream) $v" ] || bad "$p $a"
		done
	done
	[ ! -s "$out/long" ] || bad "help lines past 80 columns: $(cat "$out/long")"
}

# An unknown option is a usage error.
t_cli_unknown_option() {
	for p in $(programs); do
		$bin/$p -? >/dev/null 2>"$out/err"
		[ $? = 2 ] && grep -q "^usage: $p " "$out/err" ||
		    bad "$p -?: not a usage error"
	done
}

# A source id (-s, -d) that is not in the input is an error, naming those
# there are (audit F11: tsvflame -d 99 drew a graph).
t_cli_source_not_in_input() {
	$bin/rprof2tsv tests/data/rprof/r-4.2/line.out >"$out/l.tsv"
	for p in "tsvflame -d 99" "tsv2folded -d 9" "tsvtop -s 2" \
	    "tsvfocus -s 3,1" "tsv2rprof -s 5" "tsv2folded -s 1,7"; do
		$bin/$p "$out/l.tsv" >/dev/null 2>>"$out/got"
		echo "exit $?" >>"$out/got"
	done
	cat >"$out/want" <<'EOT'
tsvflame: -d: no source 99 in the input (its source: 1)
exit 1
tsv2folded: -d: no source 9 in the input (its source: 1)
exit 1
tsvtop: -s: no source 2 in the input (its source: 1)
exit 1
tsvfocus: -s: no source 3 in the input (its source: 1)
exit 1
tsv2rprof: -s: no source 5 in the input (its source: 1)
exit 1
tsv2folded: -s: no source 7 in the input (its source: 1)
exit 1
EOT
	same "$out/want" "source ids not in the input"
}

# Options after operands, as GNU getopt allows, and long options; --
# ends the options; POSIXLY_CORRECT stops at the first operand.
t_cli_options_anywhere() {
	$bin/rprof2tsv tests/data/rprof/r-4.2/line.out >"$out/l.tsv"
	$bin/tsvtop -c -n 2 "$out/l.tsv" >"$out/want"
	$bin/tsvtop "$out/l.tsv" -n 2 --cum >"$out/got"
	same "$out/want" "tsvtop FILE -n 2 --cum"
	$bin/tsvtop --nodecount=2 --cum "$out/l.tsv" >"$out/got"
	same "$out/want" "tsvtop --nodecount=2 --cum"
	POSIXLY_CORRECT=1 $bin/tsvtop "$out/l.tsv" -n 2 >/dev/null 2>"$out/err" &&
	    bad "POSIXLY_CORRECT: -n after a file was taken as an option"
	$bin/tsvtop --bogus "$out/l.tsv" >/dev/null 2>"$out/got"
	echo "exit $?" >>"$out/got"
	printf '%s\n' 'tsvtop: unknown option --bogus' \
	    'usage: tsvtop [-clmq] [-n rows] [-o file] [-s ids] [-t type] [--unit unit]' \
	    '              [--nodefraction f] [--all] [--relative] [-d ids]' \
	    '              [--diff-base file] [--base file] [--normalize] [--tags] [-Z size]' \
	    '              [-X n] [file ...]' \
	    "Try 'tsvtop --help', or man tsvtop (in the source tree: man ./man/tsvtop.1)." \
	    'exit 2' >"$out/want"
	same "$out/want" "an unknown long option"
}

# The older spellings of options that took another letter (one letter,
# one meaning across the suite) still work.
t_cli_older_spellings() {
	$bin/rprof2tsv tests/data/rprof/r-4.2/line.out >"$out/l.tsv"
	for pair in "tsv2pprof -u -n|tsv2pprof -u -N" \
	    "tsv2rprof -i 10000 -t samples|tsv2rprof -I 10000 -t samples" \
	    "tsv2sql -d postgresql|tsv2sql -D postgresql" \
	    "tsvflame -L -m 2|tsvflame -l -W 2"; do
		$bin/${pair%%|*} "$out/l.tsv" >"$out/old" 2>&1
		$bin/${pair#*|} "$out/l.tsv" >"$out/new" 2>&1
		cmp -s "$out/old" "$out/new" && [ -s "$out/new" ] ||
		    bad "${pair%%|*} is not ${pair#*|}"
	done
	$bin/tsvvalidate -m 1 tests/validate/bad-fk-location.tsv >"$out/old" 2>&1
	$bin/tsvvalidate -M 1 tests/validate/bad-fk-location.tsv >"$out/new" 2>&1
	cmp -s "$out/old" "$out/new" || bad "tsvvalidate -m is not -M"
}

# First contact with the wrong file: a PNG is binary data, not a stream
# (it said "CR in line").
t_cli_binary_input() {
	printf '\211PNG\r\n\032\n\000\000\000\rIHDR' >"$out/x.png"
	for p in tsvtop tsvvalidate tsvflame; do
		$bin/$p "$out/x.png" 2>&1 >/dev/null | sed "s|$out/||"
	done >"$out/got"
	printf '%s\n' 'tsvtop: x.png: an image, not profile data' \
	    'tsvvalidate: x.png: an image, not profile data' \
	    'tsvflame: x.png: an image, not profile data' >"$out/want"
	same "$out/want" "a PNG given to the stream readers"
}

# A closed standard output is an error (audit A9): every program that
# writes to it says so and exits 1, none writes into nothing and exits 0;
# with -o, standard output is not needed.
t_cli_closed_stdout() {
	$bin/rprof2tsv "$R_MEM" >"$out/s.tsv"
	for p in $(programs); do
		case $p in
		tsvvalidate) continue ;;	# writes nothing when valid
		rprof2tsv) args=$R_MEM ;;
		pprof2tsv) args=tests/data/pprof/go-1.19/go.cpu.pb.gz ;;
		folded2tsv) args=tests/data/folded/perf-java-stacks-01-collapsed-all.txt ;;
		otlp2tsv) $bin/tsv2otlp "$out/s.tsv" >"$out/s.otlp"; args=$out/s.otlp ;;
		cpuprofile2tsv) args=tests/data/cpuprofile/simple.cpuprofile ;;
		firefox2tsv) args=tests/data/firefox/firefox-esr-153.gecko.json.gz ;;
		jfr2tsv) args=tests/data/jfr/work.jfr ;;
		speedscope2tsv) args=tests/data/speedscope/0.6.0-two-sampled.speedscope.json ;;
		perf2tsv) args=tests/data/perf/flamegraph/perf-dd-stacks-01.txt.gz ;;
		sql2tsv) rm -f "$out/s.db"; $bin/tsv2sql -b "$out/s.db" "$out/s.tsv"; args=$out/s.db ;;
		tsvpeek|tsvlist) args="main $out/s.tsv" ;;
		*) args=$out/s.tsv ;;
		esac
		# shellcheck disable=SC2086
		$bin/$p $args >&- 2>"$out/err"
		rc=$?
		[ $rc = 1 ] || bad "$p >&-: exit $rc"
		grep -q "^$p: <stdout>: write error: Bad file descriptor" "$out/err" ||
		    bad "$p >&-: $(head -c 200 "$out/err")"
	done
	$bin/tsvtop -o "$out/top.txt" "$out/s.tsv" >&- || bad "tsvtop -o F >&-: exit $?"
	[ -s "$out/top.txt" ] || bad "tsvtop -o F >&-: nothing in F"
}

# A pprof user's habits (issue 54): pprof's flags, one dash or
# underscores, are answered with the option that does the same, as a
# usage error; the options as spelt here still work; a profile given
# alone where a regular expression comes first is read as the profile.
t_cli_pprof_habits() {
	f=tests/data/pprof/go-1.19/go.cpu.pb.gz
	for c in "tsvtop -cum|here --cum (-c)" \
	    "tsvtop --diff_base $f|here --diff-base" \
	    "tsvtop -top|here tsvtop FILE" \
	    "tsvtop -sample_index=cpu|here --type (-t)" \
	    "tsvtop -focus=main|here tsvfocus -f REGEX" \
	    "tsvtop --focus=main|here tsvfocus -f REGEX" \
	    "tsvgraph -nodefraction=0.1|here --nodefraction" \
	    "tsvgraph -relative_percentages|here --relative" \
	    "tsvpeek -tree|here --tree" "tsvflame -peek|here tsvpeek REGEX" \
	    "tsvfocus -show_from=main|here --show-from (-r)"; do
		# shellcheck disable=SC2086
		$bin/${c%%|*} "$f" >"$out/x" 2>"$out/err"
		rc=$?
		[ $rc = 2 ] || bad "${c%%|*}: exit $rc"
		grep -qF "is pprof's" "$out/err" && grep -qF "${c#*|}" "$out/err" ||
		    bad "${c%%|*}: $(head -1 "$out/err")"
		[ -s "$out/x" ] && bad "${c%%|*}: output"
	done
	$bin/tsvtop -cl -n 1 -q "$f" >/dev/null || bad "tsvtop -cl: exit $?"
	$bin/tsvtop --cum --nodecount=1 "$f" >/dev/null || bad "tsvtop --cum: exit $?"
	$bin/tsvtop --sample-index=cpu "$f" >/dev/null || bad "--sample-index: exit $?"
	need script || return
	script -qec "$bin/tsvpeek $f" /dev/null >"$out/got" 2>&1 </dev/null ||
	    bad "tsvpeek FILE: exit $?"
	tr -d '\r' <"$out/got" | sed 1d >"$out/got.peek"
	$bin/tsvpeek --tree "$f" >"$out/want"
	same_lines want got.peek "tsvpeek FILE, as --tree"
	grep -q "is a file, not a regular expression" "$out/got" ||
	    bad "tsvpeek FILE: $(head -1 "$out/got")"
}
