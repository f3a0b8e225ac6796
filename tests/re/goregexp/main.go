// goregexp: Go's regexp, the judge of lib/re/re.c (tests/unit/re_probe.c
// prints the same for the same input). Input lines: "p\tPATTERN" (taken
// as it is), "t\tTEXT" (\\, \n, \t and \xHH decoded). Output: per pattern
// "p ok" or "p error", per text "t M S" where M is MatchString's 0 or 1
// and S FindStringSubmatch's groups (the first ten), [their bytes in
// hex] each or - when unset.
package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
)

func decode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'x':
			v, _ := strconv.ParseUint(s[i+1:i+3], 16, 8)
			b.WriteByte(byte(v))
			i += 2
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	var re *regexp.Regexp
	for in.Scan() {
		line := in.Text()
		if len(line) < 2 || line[1] != '\t' {
			continue
		}
		arg := line[2:]
		switch line[0] {
		case 'p':
			var err error
			re, err = regexp.Compile(arg)
			if err != nil {
				re = nil
				fmt.Fprintln(w, "p error")
			} else {
				fmt.Fprintln(w, "p ok")
			}
		case 't':
			if re == nil {
				continue
			}
			t := decode(arg)
			m := 0
			if re.MatchString(t) {
				m = 1
			}
			fmt.Fprintf(w, "t %d", m)
			idx := re.FindStringSubmatchIndex(t)
			for k := 0; k < len(idx)/2 && k < 10; k++ {
				if idx[2*k] < 0 {
					fmt.Fprint(w, " -")
				} else {
					fmt.Fprintf(w, " [%x]", t[idx[2*k]:idx[2*k+1]])
				}
			}
			fmt.Fprintln(w)
		}
	}
}
