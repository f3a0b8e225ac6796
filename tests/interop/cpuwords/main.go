// cpuwords IN OUT SIZE ORDER: rewrites a gperftools CPU profile of 64-bit
// little-endian words (the header, the samples, the end marker) in words
// of SIZE bytes (4 or 8) and ORDER (le or be), keeping the text after the
// samples; a 32-bit word keeps an address's low half. google/pprof reads
// all four forms; so must pprof2tsv.
package main

import (
	"encoding/binary"
	"fmt"
	"os"
)

func main() {
	if len(os.Args) != 5 {
		fmt.Fprintln(os.Stderr, "usage: cpuwords in out 4|8 le|be")
		os.Exit(2)
	}
	in, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	size := 8
	if os.Args[3] == "4" {
		size = 4
	}
	var order binary.ByteOrder = binary.LittleEndian
	if os.Args[4] == "be" {
		order = binary.BigEndian
	}
	word := func(i int) uint64 { return binary.LittleEndian.Uint64(in[8*i:]) }
	var out []byte
	put := func(v uint64) {
		b := make([]byte, size)
		if size == 4 {
			order.PutUint32(b, uint32(v))
		} else {
			order.PutUint64(b, v)
		}
		out = append(out, b...)
	}
	i := 0
	for ; i < 5; i++ {
		put(word(i))
	}
	for 8*(i+2) <= len(in) {
		count, depth := word(i), int(word(i+1))
		for j := 0; j < 2+depth; j++ {
			put(word(i + j))
		}
		i += 2 + depth
		if count == 0 && depth == 1 && word(i-1) == 0 {
			break
		}
	}
	out = append(out, in[8*i:]...)
	if err := os.WriteFile(os.Args[2], out, 0644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
