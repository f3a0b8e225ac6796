# json-part.awk -v id=ID: the text of tsvreport's <script
# type="application/json" id="ID">, its JSON string decoded (the escapes
# tsvreport writes: \", \\ and \u00XX), printed as it was.
BEGIN { start = "<script type=\"application/json\" id=\"" id "\">" }
index($0, start) == 1 {
	s = substr($0, length(start) + 1)
	sub(/<\/script>$/, "", s)
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
