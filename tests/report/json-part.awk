# json-part.awk: a JSON string of tsvreport's page, decoded (the escapes
# tsvreport writes: \", \\ and \u00XX) and printed as it was:
#   -v id=ID    the text of its <script type="application/json" id="ID">
#   -v key=KEY  of one of its other sample types' views (their JSON
#               object, a field a line, inflated from the page), KEY's
function unjson(s,    c, h, r) {
	s = substr(s, 2, length(s) - 2)		# the quotes
	gsub(/\\\\/, "\001", s)
	gsub(/\\"/, "\"", s)
	for (c = 1; c < 128; c++) {
		h = sprintf("\\\\u00%02x", c)
		if (s ~ h) {
			r = sprintf("%c", c)
			if (r == "&" || r == "\\") r = "\\" r
			gsub(h, r, s)
		}
	}
	gsub(/\001/, "\\", s)
	return s
}
BEGIN { start = "<script type=\"application/json\" id=\"" id "\">" }
id != "" && index($0, start) == 1 {
	s = substr($0, length(start) + 1)
	sub(/<\/script>$/, "", s)
	printf "%s", unjson(s)
}
key != "" && (index($0, "\"" key "\":") == 1 || index($0, "{\"" key "\":") == 1) {
	s = substr($0, index($0, ":") + 1)
	sub(/[,}]$/, "", s)
	printf "%s", unjson(s)
}
