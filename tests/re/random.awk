# random.awk -v seed=N -v n=M: M random patterns of Go's syntax,
# each with five random texts, in the form tests/re/goregexp reads:
# the inputs on which re.c must do what Go's regexp does. No upper-case
# literal among the atoms: Go 1.19's Regexp.Equal ignores FoldCase on a
# literal, so its parser factors A...|(?i)a... into A(?:...|...) and
# (?i)a no longer matches "a" (A\p{Greek}|(?i)a finds nothing in "za");
# re.c answers as the pattern says. Upper case is in the texts.
function pick(list,   k, a) { k = split(list, a, " "); return a[int(rand() * k) + 1] }
function atom(d,   r) {
	r = rand()
	if (d < 3 && r < 0.2) return "(" re(d + 1) ")"
	if (d < 3 && r < 0.25) return "(?:" re(d + 1) ")"
	if (d < 3 && r < 0.28) return "(?i:" re(d + 1) ")"
	return pick("a b c é . \\d \\w \\s \\D [a-c] [^b] [[:alpha:]] \\pL \\p{Lu} \\PL ^ $ \\b \\B x \\. 1 [aé] (?i)a (?s). (?m)^ (?m)$ \\W \\S [^\\w] [[:^alpha:]] (?i)\\W (?i)[^k] \\p{Greek} \\P{Latin} (?i)\\p{Greek} (?i)\\P{Greek} [\\p{Han}a] \\p{Yi} s k ſ")
}
function piece(d,   a, r) {
	a = atom(d); r = rand()
	if (r < 0.12) return a "*"
	if (r < 0.2) return a "+"
	if (r < 0.27) return a "?"
	if (r < 0.31) return a "*?"
	if (r < 0.34) return a "+?"
	if (r < 0.38) return a "{" int(rand() * 3) "," int(rand() * 3) + 2 "}"
	if (r < 0.4) return a "{2}"
	return a
}
function cat(d,   s, k, i) { k = int(rand() * 4); s = ""; for (i = 0; i < k; i++) s = s piece(d); return s }
function re(d,   s) { s = cat(d); if (rand() < 0.25) s = s "|" cat(d); return s }
function text(   k, i, s) { k = int(rand() * 9); s = ""; for (i = 0; i < k; i++) s = s pick("a b c A 1 é \\n x \\x20 \\xff S k K \\xc5\\xbf \\xe2\\x84\\xaa \\xce\\xb1 \\xce\\xa9 \\xc2\\xb5 \\xe4\\xb8\\xad"); return s }
BEGIN { srand(seed); for (i = 0; i < n; i++) { print "p\t" re(0); for (j = 0; j < 5; j++) print "t\t" text() } }
