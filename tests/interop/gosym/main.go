// gosym run OUT | strip IN OUT: the Go program tsvsymbolize's interop
// case profiles. run writes a CPU profile of itself (1.5 s of hashing,
// and of a loop whose small function Go inlines); strip writes a
// profile as a program that records no symbols would: its locations'
// lines and its functions taken out, its mappings saying so.
package main

import (
	"crypto/sha256"
	"fmt"
	"os"
	"runtime/pprof"
	"time"

	"github.com/google/pprof/profile"
)

//go:noinline
func hash(n int) [32]byte {
	var b [32]byte
	for i := 0; i < n; i++ {
		b = sha256.Sum256(b[:])
	}
	return b
}

func step(x uint64) uint64 { return x*6364136223846793005 + 1442695040888963407 }

//go:noinline
func spin(n int) uint64 {
	var x uint64
	for i := 0; i < n; i++ {
		x = step(x) ^ x>>7
	}
	return x
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gosym:", err)
	os.Exit(1)
}

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: gosym run OUT | strip IN OUT")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "run":
		f, err := os.Create(os.Args[2])
		if err != nil {
			fail(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fail(err)
		}
		var sink uint64
		for end := time.Now().Add(1500 * time.Millisecond); time.Now().Before(end); {
			b := hash(2000)
			sink += spin(2000000) + uint64(b[0])
		}
		pprof.StopCPUProfile()
		f.Close()
		fmt.Fprintln(os.Stderr, sink)
	case "strip":
		in, err := os.Open(os.Args[2])
		if err != nil {
			fail(err)
		}
		p, err := profile.Parse(in)
		if err != nil {
			fail(err)
		}
		for _, l := range p.Location {
			l.Line = nil
		}
		p.Function = nil
		for _, m := range p.Mapping {
			m.HasFunctions, m.HasFilenames = false, false
			m.HasLineNumbers, m.HasInlineFrames = false, false
		}
		out, err := os.Create(os.Args[3])
		if err != nil {
			fail(err)
		}
		if err := p.Write(out); err != nil {
			fail(err)
		}
		out.Close()
	}
}
