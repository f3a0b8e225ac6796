# chart-runs.awk: a flame chart's boxes from a stream in define-before-use
# order, written apart from tsvflame: the samples in their rows' order
# (.sample_times, when given, first), each stack root first, a box per run
# of samples sharing a prefix. Prints "depth<TAB>name<TAB>value" per box,
# left to right, parents before children. Values: the type given as -v
# type= (default samples).
BEGIN { FS = "\t"; if (type == "") type = "samples" }
$1 == "functions" { fname[$2] = $3 }
$1 == "locations" { lfn[$2] = $3 }
$1 == "samples" { order[++ns] = $2 }
$1 == "sample_values" && $3 == type { val[$2] += $5 }
$1 == "sample_locations" { if ($3 > depth[$2]) depth[$2] = $3; loc[$2, $3] = $4 }
$1 == ".sample_times" { when[$2] = $3; timed = 1 }
END {
	if (timed) {	# by time, then by row (insertion sort: small inputs)
		for (i = 2; i <= ns; i++)
			for (j = i; j > 1 && when[order[j]] < when[order[j - 1]]; j--) {
				t = order[j]; order[j] = order[j - 1]; order[j - 1] = t
			}
	}
	total = 0; nopen = 0
	for (i = 1; i <= ns; i++) {
		s = order[i]
		if (!(val[s] > 0)) continue
		n = depth[s]
		for (d = 1; d <= n; d++) f[d] = fname[lfn[loc[s, n - d + 1]]]
		c = 0
		while (c < nopen && c < n && open[c + 1] == f[c + 1]) c++
		while (nopen > c) { shut(nopen); nopen-- }
		for (d = c + 1; d <= n; d++) { open[d] = f[d]; start[d] = total }
		nopen = n
		total += val[s]
	}
	while (nopen > 0) { shut(nopen); nopen-- }
	# left to right, parents first
	for (i = 2; i <= nb; i++)
		for (j = i; j > 1 && (bs[j] < bs[j - 1] || (bs[j] == bs[j - 1] && bd[j] < bd[j - 1])); j--) {
			t = bs[j]; bs[j] = bs[j - 1]; bs[j - 1] = t
			t = bd[j]; bd[j] = bd[j - 1]; bd[j - 1] = t
			t = bn[j]; bn[j] = bn[j - 1]; bn[j - 1] = t
			t = bv[j]; bv[j] = bv[j - 1]; bv[j - 1] = t
		}
	for (i = 1; i <= nb; i++) print bd[i] "\t" bn[i] "\t" bv[i]
}
function shut(d) { nb++; bd[nb] = d; bn[nb] = open[d]; bs[nb] = start[d]; bv[nb] = total - start[d] }
