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
