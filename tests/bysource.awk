# bysource.awk -v s=K: the part of a stream that came from source K: its
# sources and .source_attributes rows, its samples and their rows, and all
# definitions (functions, locations, mappings), which it may use.
BEGIN { FS = "\t" }
/^#/ || $1 == "meta" { print; next }
$1 == "sources" || $1 == ".source_attributes" { if ($2 == s) print; next }
$1 == "samples" { keep[$2] = ($3 == s); if (keep[$2]) print; next }
$1 == "sample_values" || $1 == "sample_locations" || $1 == ".sample_labels" {
	if (keep[$2]) print
	next
}
{ print }
