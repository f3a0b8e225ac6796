# selftotal.awk: per-function self and total sample counts of a stream
# (-v type=T: values of type T), the way summaryRprof counts them (total:
# once per sample however often the function appears); a frame without a
# function name is named as pprof names it: [file] of its mapping, else
# <unknown> (with -v rnames=1 as tsv2rprof writes it: a name as it is, <?>
# as "", which summaryRprof shows empty, and <unknown> for no function).
# Prints name, self, total; names as in the stream, or with -v pprof=1 as `go tool pprof -top` shows them: it strips <...>
# (C++ template arguments), so <GC>, <Anonymous>, ... all show as <unknown>,
# and drops an argument list: method(f, list(a, b)) shows as method.
BEGIN { FS = "\t"; if (type == "") type = "samples" }
$1 == "functions" {
	fname[$2] = $3
	if (pprof && $3 ~ /^<.*>$/) fname[$2] = "<unknown>"
	else if (pprof && $3 ~ /^[^(< ]+\(/) sub(/\(.*/, "", fname[$2])
	else if (rnames && $3 == "<?>") fname[$2] = ""
}
$1 == ".mappings" { mfile[$2] = $6; sub(/\/+$/, "", mfile[$2]); sub(/.*\//, "", mfile[$2]) }
$1 == "locations" {
	lfun[$2] = $3
	if ($3 == "NA" || (fname[$3] == "<?>" && !rnames)) {
		lfun[$2] = "loc " $2
		fname["loc " $2] = NF >= 6 && $6 != "NA" && mfile[$6] != "" && !rnames ? "[" mfile[$6] "]" : "<unknown>"
	}
}
$1 == "sample_values" && $3 == type { count[$2] = $5 }
$1 == "sample_locations" {
	# a sample's rows come together (define-before-use order)
	if ($2 != cur) { split("", seen); cur = $2 }
	f = fname[lfun[$4]]
	if ($3 == 1) self[f] += count[$2]
	if (!(f in seen)) { seen[f] = 1; total[f] += count[$2] }
}
END { for (f in total) printf "%s\t%.17g\t%.17g\n", f, self[f], total[f] }
