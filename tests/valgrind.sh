#!/bin/sh
# valgrind.sh: make check's cases (tests/run.sh; the docs' examples aside)
# with every program run under valgrind: a memory error or a definite or
# indirect leak makes the program exit 99, which fails the case that ran
# it.
cd "$(dirname "$0")/.." || exit 2
command -v valgrind >/dev/null 2>&1 || {
	echo "valgrind.sh: valgrind is missing (tools/deps.sh ci installs it)" >&2
	exit 1
}
vg=$(pwd)/build/tests/vg
rm -rf "$vg"
mkdir -p "$vg"
# every program the Makefile builds
for p in $(sed -n '/^PROGS = /,/[^\\]$/p' Makefile | sed 's/^PROGS = //; s/\\//'); do
	cat >"$vg/$p" <<EOT
#!/bin/sh
exec valgrind -q --error-exitcode=99 --leak-check=full \\
    --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect \\
    $(pwd)/build/bin/$p "\$@"
EOT
	chmod +x "$vg/$p"
done
# every program on every case, the corpus-wide analysis loops on one file
# in twelve, and the largest hostile inputs left to the sanitizer run;
# but the cases that run the programs the other cases run, on the same
# test data, with no path of their own: the documentation's examples
# (docs/*: the README's pipelines and the man pages' EXAMPLES, 134 of
# CI's valgrind seconds), the page's engine against the programs
# (engine/*: the same views again, dozens of runs each) and the
# processed format's 30 versions (firefox/processed-versions: one
# reader's paths, 60 runs)
if [ $# = 0 ]; then
	set -- $(sh tests/run.sh -l | grep -v -e '^docs/' -e '^engine/' \
	    -e '^firefox/processed-versions$')
fi
BIN=$vg SUBSET=12 sh tests/run.sh "$@"
