# embed.awk FILE > FILE.h: a text file of the tree (the page's script, a
# style) as a C string constant, so the programs carry it and the file
# stays a file that a linter, an editor and a browser read. The constant
# is named after the file (flame.js: flame_js), its last newline dropped.
# '?' is written \? so that no "??x" becomes a trigraph.
function esc(s,   i, c, t) {
	# a character at a time: awks differ on backslashes in gsub's
	# replacement
	t = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "\\" || c == "\"" || c == "?")
			t = t "\\" c
		else if (c == "\t")
			t = t "\\t"
		else if (c == "\r")
			t = t "\\r"
		else
			t = t c
	}
	return t
}
NR == 1 {
	name = FILENAME
	sub(/.*\//, "", name)
	gsub(/[^A-Za-z0-9]/, "_", name)
	printf "/* generated from %s by tools/embed.awk: edit that file */\n", FILENAME
	printf "static const char %s[] =\n", name
}
NR > 1 { printf "\"%s\\n\"\n", esc(prev) }
{ prev = $0 }
END {
	if (NR == 0) {
		print "embed.awk: an empty file" > "/dev/stderr"
		exit 1
	}
	printf "\"%s\";\n", esc(prev)
}
