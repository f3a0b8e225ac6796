# alt-part.awk -v key=KEY: of one of tsvreport's other sample types'
# views (its JSON object, a field a line, inflated from the page), the
# string of KEY decoded as json-part.awk decodes one, printed as it was.
index($0, "\"" key "\":") == 1 || index($0, "{\"" key "\":") == 1 {
	s = substr($0, index($0, ":") + 1)
	sub(/[,}]$/, "", s)
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
	printf "%s", s
}
