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
	for p in $(programs); do
		for a in -h --help; do
			$bin/$p $a >"$out/help" 2>&1 &&
			    grep -q "^usage: $p " "$out/help" &&
			    grep -q "^See $p(1)\.$" "$out/help" || bad "$p $a"
		done
		for a in -V --version; do
			[ "$($bin/$p $a 2>&1)" = "$p (profstream) $v" ] || bad "$p $a"
		done
	done
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
