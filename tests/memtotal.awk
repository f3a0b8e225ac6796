# memtotal.awk: per-function memory increments of a stream, as
# summaryRprof(memory = "both") computes them: per sample, the positive
# changes of vsize.small, vsize.large and nodes against the previous sample
# of the same source (0 for the first), summed over the samples that
# contain the function (once per sample). Prints name and MB (1 decimal).
BEGIN { FS = "\t" }
$1 == "functions" { fname[$2] = $3 }
$1 == "locations" { lfun[$2] = $3 }
$1 == "samples" { src[$2] = $3 }
$1 == "sample_values" {
	if ($3 == "vsize.small" || $3 == "vsize.large" || $3 == "nodes") {
		s = src[$2]
		if ((s, $3) in prev && $5 > prev[s, $3])
			inc[$2] += $5 - prev[s, $3]
		prev[s, $3] = $5
	}
}
$1 == "sample_locations" {
	f = fname[lfun[$4]]
	if (!(($2, f) in seen)) { seen[$2, f] = 1; mem[f] += inc[$2] }
}
END { for (f in mem) printf "%s\t%.1f\n", f, mem[f] / 1048576 }
