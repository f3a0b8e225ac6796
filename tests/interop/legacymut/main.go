// legacymut SEED COUNT OUTDIR FILE...: COUNT mutants of each legacy
// profile, written to OUTDIR, deterministic for SEED: the inputs on which
// pprof2tsv must read what google/pprof reads, value by value (make
// interop: go/legacy-mutants). A text profile has a line changed: a
// number swapped for another (0, -1, 2^31, 2^32, 2^63 - 1, 2^64, huge),
// a line deleted, repeated or cut, two lines swapped, a line of garbage
// added; a binary one (gperftools CPU) a word overwritten with one of
// those values, or the file cut at a word.
package main

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
)

var numbers = []string{"0", "1", "-1", "2147483647", "2147483648",
	"4294967296", "9223372036854775807", "18446744073709551616",
	"99999999999999999999", "0x0", "0xffffffffffffffff", "7"}

var number = regexp.MustCompile(`-?(0x[0-9a-fA-F]+|[0-9]+)`)

func mutateText(r *rand.Rand, data []byte) []byte {
	lines := bytes.Split(data, []byte("\n"))
	if len(lines) == 0 {
		return data
	}
	i := r.Intn(len(lines))
	switch r.Intn(6) {
	case 0, 1: // a number swapped
		ms := number.FindAllIndex(lines[i], -1)
		if len(ms) > 0 {
			m := ms[r.Intn(len(ms))]
			var b []byte
			b = append(b, lines[i][:m[0]]...)
			b = append(b, numbers[r.Intn(len(numbers))]...)
			b = append(b, lines[i][m[1]:]...)
			lines[i] = b
		}
	case 2:
		lines = append(lines[:i], lines[i+1:]...)
	case 3:
		lines = append(lines[:i+1], lines[i:]...)
	case 4:
		lines[i] = lines[i][:r.Intn(len(lines[i])+1)]
	case 5:
		j := r.Intn(len(lines))
		lines[i], lines[j] = lines[j], lines[i]
	}
	return bytes.Join(lines, []byte("\n"))
}

func mutateBinary(r *rand.Rand, data []byte) []byte {
	out := append([]byte(nil), data...)
	words := len(out) / 8
	if words == 0 {
		return out
	}
	w := r.Intn(words)
	if r.Intn(4) == 0 {
		return out[:w*8]
	}
	v, _ := strconv.ParseUint(numbers[r.Intn(len(numbers))], 0, 64)
	if r.Intn(2) == 0 {
		v = uint64(r.Intn(64))
	}
	for k := 0; k < 8; k++ {
		out[w*8+k] = byte(v >> (8 * k))
	}
	return out
}

func main() {
	if len(os.Args) < 5 {
		fmt.Fprintln(os.Stderr, "usage: legacymut seed count outdir file...")
		os.Exit(2)
	}
	seed, _ := strconv.ParseInt(os.Args[1], 10, 64)
	count, _ := strconv.Atoi(os.Args[2])
	r := rand.New(rand.NewSource(seed))
	for _, f := range os.Args[4:] {
		data, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		binary := bytes.IndexByte(data, 0) >= 0 && bytes.IndexByte(data, 0) < 64
		for i := 0; i < count; i++ {
			var m []byte
			if binary {
				m = mutateBinary(r, data)
			} else {
				m = mutateText(r, data)
			}
			name := fmt.Sprintf("%s.%d", filepath.Base(f), i)
			if err := os.WriteFile(filepath.Join(os.Args[3], name), m, 0o644); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
	}
}
