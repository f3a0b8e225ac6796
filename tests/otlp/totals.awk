# totals.awk: per-function self and total of an OTLP Profiles message, read
# from protoc --decode's text by itself (not by this project's code), as
# the independent reading otlp2tsv is checked against. A Sample counts its
# values' sum, else its timestamps (1 each); its stack's first Location's
# first line is the leaf; a function counts once per sample in total. A
# Location without lines is named after its mapping's file, "[libc.so.6]",
# as pprof names it, else "<unknown>". Prints "name<TAB>self<TAB>total".
function unescape(s,   out, i, c, d) {
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c != "\\") { out = out c; continue }
		d = substr(s, ++i, 1)
		if (d ~ /[0-7]/) {
			out = out sprintf("%c", (d * 64) + (substr(s, i + 1, 1) * 8) + substr(s, i + 2, 1))
			i += 2
		} else if (d == "n") out = out "\n"
		else if (d == "t") out = out "\t"
		else out = out d
	}
	return out
}
function quoted(line,   s) {
	s = line
	sub(/^[^"]*"/, "", s)
	sub(/"$/, "", s)
	return unescape(s)
}
{ sub(/^ +/, "") }
/\{$/ {
	name = $1
	depth++
	path[depth] = name
	if (depth == 2 && path[1] == "dictionary") {
		cur = count[name]++	# the table's element number
	}
	if (name == "samples") { ns++; sval[ns] = 0; sts[ns] = 0; sstack[ns] = 0 }
	if (name == "lines" && path[2] == "location_table") nl[cur]++
	next
}
/^\}$/ { depth--; next }
path[depth] == "samples" && $1 == "stack_index:" { sstack[ns] = $2 }
path[depth] == "samples" && $1 == "values:" { sval[ns] += $2; hasval[ns] = 1 }
path[depth] == "samples" && $1 == "timestamps_unix_nano:" { sts[ns]++ }
depth == 1 && path[1] == "dictionary" && $1 == "string_table:" {
	str[nstr++] = quoted($0)
}
depth == 2 && path[2] == "function_table" && $1 == "name_strindex:" { fname[cur] = $2 }
depth == 2 && path[2] == "mapping_table" && $1 == "filename_strindex:" { mfile[cur] = $2 }
depth == 2 && path[2] == "location_table" && $1 == "mapping_index:" { lmap[cur] = $2 }
depth == 3 && path[3] == "lines" && $1 == "function_index:" {
	lfn[cur, nl[cur]] = $2
}
depth == 2 && path[2] == "stack_table" && $1 == "location_indices:" {
	stk[cur, ++nstk[cur]] = $2
}
function locname(l, k,   f, m, s) {
	if (nl[l] > 0) {
		f = lfn[l, k]
		return str[fname[f] + 0]
	}
	m = lmap[l] + 0
	if (m > 0 && mfile[m] + 0 > 0) {
		s = str[mfile[m]]
		sub(/.*\//, "", s)
		return "[" s "]"
	}
	return "<unknown>"
}
END {
	for (i = 1; i <= ns; i++) {
		v = hasval[i] ? sval[i] : sts[i]
		st = sstack[i]
		split("", seen)
		first = 1
		for (j = 1; j <= nstk[st]; j++) {
			l = stk[st, j]
			n = nl[l] > 0 ? nl[l] : 1
			for (k = 1; k <= n; k++) {
				nm = locname(l, k)
				if (first) { self[nm] += v; first = 0 }
				if (!(nm in seen)) { total[nm] += v; seen[nm] = 1 }
			}
		}
	}
	for (nm in total)
		printf "%s\t%d\t%d\n", nm, self[nm], total[nm]
}
