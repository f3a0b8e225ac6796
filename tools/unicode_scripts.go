// unicode_scripts.go > lib/re/re_scripts.c: the code points of each
// Unicode script as Go's unicode package has them (Go's regexp reads
// \p{Greek} from unicode.Scripts), for lib/re. Written here; run it with
// the Go whose regexp the suite follows (GO111MODULE=off go run
// tools/unicode_scripts.go > lib/re/re_scripts.c).
package main

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"unicode"
)

type span struct{ lo, hi uint32 }

// The table's code points as ranges (a stride above 1 is a range each).
func spans(t *unicode.RangeTable) []span {
	var out []span
	put := func(lo, hi uint32) {
		if n := len(out); n > 0 && out[n-1].hi+1 == lo {
			out[n-1].hi = hi
			return
		}
		out = append(out, span{lo, hi})
	}
	for _, r := range t.R16 {
		if r.Stride == 1 {
			put(uint32(r.Lo), uint32(r.Hi))
			continue
		}
		for c := uint32(r.Lo); c <= uint32(r.Hi); c += uint32(r.Stride) {
			put(c, c)
		}
	}
	for _, r := range t.R32 {
		if r.Stride == 1 {
			put(r.Lo, r.Hi)
			continue
		}
		for c := r.Lo; c <= r.Hi; c += r.Stride {
			put(c, c)
		}
	}
	return out
}

func main() {
	w := os.Stdout
	names := make([]string, 0, len(unicode.Scripts))
	for n := range unicode.Scripts {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Fprintf(w, "/* The code points of each Unicode script (%s), as Go's unicode\n"+
		" * package has them: written by tools/unicode_scripts.go. */\n",
		unicode.Version)
	fmt.Fprintf(w, "#include \"re/re_impl.h\"\n")
	for _, n := range names {
		fmt.Fprintf(w, "\nstatic const struct re_range s_%s[] = {\n", n)
		line := "\t"
		for _, s := range spans(unicode.Scripts[n]) {
			item := fmt.Sprintf("{ 0x%x, 0x%x }, ", s.lo, s.hi)
			if len(line)+len(item) > 76 {
				fmt.Fprintln(w, strings.TrimRight(line, " "))
				line = "\t"
			}
			line += item
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
		fmt.Fprintln(w, "};")
	}
	fmt.Fprintf(w, "\nconst struct re_category re_scripts[] = {\n")
	for _, n := range names {
		fmt.Fprintf(w, "\t{ \"%s\", s_%s, sizeof(s_%s) / sizeof(s_%s[0]) },\n",
			n, n, n, n)
	}
	fmt.Fprintf(w, "};\nconst size_t re_nscripts = sizeof(re_scripts) / "+
		"sizeof(re_scripts[0]);\n")
}
