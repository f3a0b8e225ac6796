# rules.awk: the OTLP Profiles rules a message must keep, checked on
# protoc --decode's text (not by this project's reader): element 0 of
# every dictionary table present and the zero value, every index in its
# table, a Sample's values and timestamps of one length, at least one of
# them. Prints what breaks them, nothing when all hold.
{ sub(/^ +/, "") }
/\{$/ {
	name = $1
	depth++
	path[depth] = name
	if (depth == 2 && path[1] == "dictionary") {
		cur = count[name]++
		lines0 = 0
	}
	if (name == "samples") { nv = nt = 0; sline = NR }
	next
}
/^\}$/ {
	if (path[depth] == "samples") {
		if (nv == 0 && nt == 0) print "line " sline ": a Sample with no value and no timestamp"
		if (nv > 0 && nt > 0 && nv != nt) print "line " sline ": " nv " values, " nt " timestamps"
	}
	if (depth == 2 && path[1] == "dictionary" && cur == 0 && lines0 > 0)
		print path[2] "[0] is not the zero value"
	depth--
	next
}
depth >= 2 && path[1] == "dictionary" && cur == 0 { lines0++ }
depth == 1 && path[1] == "dictionary" && $1 == "string_table:" {
	if (nstr == 0 && $2 != "\"\"") print "string_table[0] is not \"\""
	nstr++
}
path[depth] == "samples" && $1 == "values:" { nv++ }
path[depth] == "samples" && $1 == "timestamps_unix_nano:" { nt++ }
# references, checked at the end against the tables' sizes
$1 ~ /_strindex:$/ { ref("string_table", $2) }
$1 == "stack_index:" { ref("stack_table", $2) }
$1 == "link_index:" { ref("link_table", $2) }
$1 == "location_indices:" { ref("location_table", $2) }
$1 == "function_index:" { ref("function_table", $2) }
$1 == "mapping_index:" { ref("mapping_table", $2) }
$1 == "attribute_indices:" { ref("attribute_table", $2) }
function ref(t, i) {
	if (!(t in maxref) || i + 0 > maxref[t] + 0) { maxref[t] = i; where[t] = NR }
	if (i + 0 < 0) print "line " NR ": a negative index into " t
}
END {
	count["string_table"] = nstr
	for (t in maxref)
		if (maxref[t] + 0 > 0 && maxref[t] + 0 >= count[t] + 0)
			print "line " where[t] ": index " maxref[t] " out of " t " (" count[t] + 0 " elements)"
	split("mapping_table location_table function_table link_table attribute_table stack_table", need, " ")
	for (k in need)
		if (count[need[k]] + 0 == 0) print need[k] " has no element 0"
	if (nstr == 0) print "string_table has no element 0"
}
