# layout: the house's rules, as doc/hacking.md's Layout states them.

# The wings of lib/, each on those before it; those joined by | side by
# side.
wings="base re io stream model sample formats|views|symbolize door"

# Each wing of lib/ includes only the wings before it in $wings; a codec
# folder only those it is built on (pb under pprof, pprof under legacy,
# ...); a family of views none of the others, and report/ any family.
t_layout_wings() {
	grep -rn '^#include "[a-z]*/' lib --include='*.[ch]' |
	    awk -F: '{ split($1, f, "/"); inc = $3; sub(/^#include "/, "", inc)
		split(inc, g, "/"); print f[2], f[3], g[1], g[2], $1 ": " inc }' |
	    awk -v wings="$wings" 'BEGIN { n = split(wings, w, " ")
		for (i = 1; i <= n; i++) {
			k = split(w[i], side, "|")
			for (j = 1; j <= k; j++) r[side[j]] = i
		}
		# codecs built on others
		on["pprof pb"]; on["legacy pprof"]; on["legacy pb"]
		on["otlp pb"]; on["otlp pprof"]; on["otlp json"]
		on["cpuprofile json"]; on["speedscope json"]
		on["firefox json"] }
	    !($3 in r) { next }
	    r[$3] > r[$1] || (r[$3] == r[$1] && $3 != $1) { print; next }
	    $1 == "formats" && $3 == "formats" && $2 != $4 &&
	    !(($2 " " $4) in on) { print; next }
	    # views: report/ over the three families
	    $1 == "views" && $3 == "views" && $2 != $4 && $2 != "report" {
		print }' \
	    >"$out/bad"
	[ ! -s "$out/bad" ] || bad "includes against the wings: $(cat "$out/bad")"
}

# elfutils (libdw, libelf) is tsvsymbolize's alone: only lib/symbolize/
# includes it, nothing but tsvsymbolize includes lib/symbolize/, and no
# other program is linked with it (issue 59: the door knows nothing of
# it).
t_layout_libdw() {
	grep -rlE '^#include [<"](elfutils/|gelf\.h|libelf\.h|dwarf\.h)' lib filters |
	    grep -v '^lib/symbolize/' >"$out/bad"
	grep -rl '^#include "symbolize/' lib filters |
	    grep -v '^lib/symbolize/\|^filters/tsvsymbolize\.c$' >>"$out/bad"
	[ ! -s "$out/bad" ] || bad "elfutils outside lib/symbolize: $(cat "$out/bad")"
	for p in $(ls "$top/build/bin"); do
		[ "$p" = tsvsymbolize ] && continue
		if command -v ldd >/dev/null 2>&1 &&
		    ldd "$top/build/bin/$p" 2>/dev/null | grep -q 'libdw\.so'; then
			bad "$p is linked with libdw"
		fi
	done
}

# The lower wings name no type of a floor above them (issue 56: io's
# output pointed at the stream writer's rows): no struct declared in
# stream, model, sample, formats, views or door appears in base, re or
# io but in a comment.
t_layout_types_below() {
	grep -rhoE '^struct [a-z_0-9]+ \{' lib/stream lib/model lib/sample \
	    lib/formats lib/views lib/door | awk '{ print $2 }' | sort -u \
	    >"$out/above"
	[ -s "$out/above" ] || { bad "no structs found above io"; return; }
	grep -rnE 'struct [a-z_0-9]+' lib/base lib/re lib/io |
	    grep -vE '^[^:]*:[0-9]+:[[:space:]]*(/?\*|//)' |
	    sed 's|/\*.*||' | grep -oE '^[^:]*:[0-9]+:|struct [a-z_0-9]+' |
	    awk 'NR == FNR { above[$0]; next }
		/^[^ ]*:[0-9]+:$/ { at = $0; next }
		{ n = $2 } n in above { print at " struct " n }' "$out/above" - \
	    >"$out/bad"
	[ ! -s "$out/bad" ] || bad "a lower wing names a type above it: $(head -3 "$out/bad")"
}

# The stream writer's sink (text, or rows to a reader in this process) is
# chosen once, by sw_begin: no sw_ function asks which it writes to.
t_layout_sink_once() {
	grep -n 'rows != NULL\|rows == NULL' lib/stream/stream_write.c \
	    lib/stream/stream_write.h | grep -v 'w->sink = ' >"$out/asks"
	[ ! -s "$out/asks" ] || bad "the writer asks rows or text: $(head -3 "$out/asks")"
	[ "$(grep -c 'w->sink = ' lib/stream/stream_write.c)" = 1 ] ||
	    bad "the sink is not chosen in one place"
}

# Every format's reader is a row (stream/codec.h): in door's table, and,
# but for the database (sql2tsv has options of its own), its converter
# program is the row run by cli_convert_codec.
t_layout_codecs() {
	grep -rhoE '^const struct codec [a-z_]+_codec = \{' lib/formats |
	    awk '{ print $4 }' >"$out/rows"
	[ -s "$out/rows" ] || bad "no codec rows in lib/formats"
	while read -r row; do
		grep -q "&$row\b" lib/door/door_formats.c ||
		    bad "$row: not in lib/door/door_formats.c's table"
		[ "$row" = sqlite_codec ] && continue
		grep -lq "cli_convert_codec(&prog, &$row," filters/*2tsv.c ||
		    bad "$row: no filters/*2tsv.c runs it"
	done <"$out/rows"
	for f in filters/*2tsv.c; do
		[ "$f" = filters/sql2tsv.c ] && continue
		grep -q 'cli_convert_codec(' "$f" ||
		    bad "$f: a converter not through its codec row"
	done
}

# lib/ never prints nor exits: the filters do.
t_layout_library_silent() {
	grep -rnE '\b(printf|fprintf|puts|exit|abort|perror)\(' lib --include='*.c' |
	    grep -v 'snprintf\|vsnprintf' >"$out/bad"
	[ ! -s "$out/bad" ] || bad "lib/ prints or exits: $(cat "$out/bad")"
}

# Every program has its man page, and the Makefile, the README and the
# man pages name the same programs.
t_layout_programs() {
	for p in $(programs); do
		[ -f "filters/$p.c" ] || bad "$p: no filters/$p.c"
		[ -f "man/$p.1" ] || bad "$p: no man/$p.1"
		grep -q "^| \`$p\` |" README.md || bad "$p: not in the README's table"
	done
}

# Every folder of lib/ has its row in doc/hacking.md's layout, and every
# row there names a folder that is.
t_layout_folders() {
	for d in $(find lib -mindepth 1 -type d | sort); do
		grep -q "^| \`$d/\` |" doc/hacking.md ||
		    bad "$d/: no row in doc/hacking.md's layout"
	done
	sed -n 's/^| `\(lib\/[^`]*\)\/` |.*/\1/p' doc/hacking.md | while read -r d; do
		[ -d "$d" ] || bad "doc/hacking.md has a row for $d/, which is not there"
	done
}

# Within a folder of lib/, the files' calls form no cycle, so each folder
# reads as layers (a codec's wire, its tables, its samples); a file that
# both calls and is called by another of its folder was split by size,
# not by concern. From the symbols of build/obj (make check builds it).
t_layout_no_call_cycles() {
	[ -d "$top/build/obj/lib" ] || { bad "build/obj/lib not built"; return; }
	for o in $(find "$top/build/obj/lib" -name '*.o' | sort); do
		nm "$o" | awk -v f="${o#$top/build/obj/}" '
		    NF == 3 && $2 ~ /^[TDBR]$/ { print "D", f, $3 }
		    $1 == "U" { print "U", f, $2 }'
	done | awk '
	function dir(p) { sub(/\/[^\/]*$/, "", p); return p }
	$1 == "D" { def[$3] = $2; next }
	{ use[NR] = $2 " " $3 }
	END {
		for (i in use) {
			split(use[i], a, " "); t = def[a[2]]
			if (t != "" && t != a[1] && dir(t) == dir(a[1])) {
				e[a[1] " " t]; n[a[1]]; n[t]
			}
		}
		# take away the files that call none left, until none goes
		do {
			gone = 0
			for (x in n) {
				calls = 0
				for (k in e) {
					split(k, b, " ")
					if (b[1] == x && (b[2] in n)) { calls = 1; break }
				}
				if (!calls) { delete n[x]; gone = 1 }
			}
		} while (gone)
		for (x in n) print x
	}' | sort >"$out/cycle"
	[ ! -s "$out/cycle" ] || bad "files that call each other: $(tr '\n' ' ' <"$out/cycle")"
}

# Input text is printed with its length (audit B1): no function of lib/,
# the filters or the R package's C formats a token it was given as a
# pointer and a length with a plain %s (tests/tokens.py says how it
# looks).
t_layout_tokens_with_length() {
	need python3 || return
	python3 tests/tokens.py $(find lib filters rpkg/src -name '*.c' | sort) \
	    >"$out/bad" || bad "tokens printed with %s: $(cat "$out/bad")"
}

# Every apt-get the set-up runs waits for dpkg's lock rather than failing
# when another apt-get holds it (issue 54).
t_layout_apt_waits() {
	grep -n 'apt-get [a-z$-]' tools/*.sh .ci/run | grep -v '^[^:]*:[0-9]*: *#' |
	    grep -v 'Lock::Timeout\|\$lock' >"$out/got"
	[ -s "$out/got" ] && bad "apt-get without the lock's timeout: $(head -2 "$out/got")"
	grep -q 'lock="-o DPkg::Lock::Timeout=' tools/deps.sh ||
	    bad "tools/deps.sh sets no lock timeout"
	return 0
}
