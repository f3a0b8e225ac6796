// labelled DIR: one program run twice with different weights of two
// workers, written fresh as Go writes profiles: DIR/cpu1.pb.gz and
// cpu2.pb.gz (CPU; the workers under pprof.Do labels), DIR/heap1.pb.gz and
// heap2.pb.gz (every allocation sampled; Go gives each sample a numeric
// "bytes" label). The pairs are a profile and its base for diffs, the
// labels what tag filters select.
package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"time"
)

var keep [][]byte
var sink float64

//go:noinline
func spin(n int) float64 {
	s := 0.0
	for i := 0; i < n; i++ {
		s += math.Sqrt(float64(i))
	}
	return s
}

//go:noinline
func workA(w int) { sink += spin(20000 * w) }

//go:noinline
func workB(w int) { sink += spin(20000 * w) }

//go:noinline
func allocSmall(n int) {
	for i := 0; i < n; i++ {
		keep = append(keep, make([]byte, 64))
	}
}

//go:noinline
func allocLarge(n int) {
	for i := 0; i < n; i++ {
		keep = append(keep, make([]byte, 40000))
	}
}

func write(path string, f func(*os.File) error) {
	out, err := os.Create(path)
	if err == nil {
		err = f(out)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: labelled dir")
		os.Exit(2)
	}
	runtime.MemProfileRate = 1
	ctx := context.Background()
	for run, w := range [][2]int{{3, 1}, {1, 3}} {
		name := func(kind string) string {
			return filepath.Join(os.Args[1], fmt.Sprintf("%s%d.pb.gz", kind, run+1))
		}
		write(name("cpu"), func(f *os.File) error {
			if err := pprof.StartCPUProfile(f); err != nil {
				return err
			}
			end := time.Now().Add(800 * time.Millisecond)
			for time.Now().Before(end) {
				pprof.Do(ctx, pprof.Labels("worker", "a"), func(context.Context) { workA(w[0]) })
				pprof.Do(ctx, pprof.Labels("worker", "b", "size", "big"), func(context.Context) { workB(w[1]) })
			}
			pprof.StopCPUProfile()
			return nil
		})
		allocSmall(2000 * w[0])
		allocLarge(20 * w[1])
		runtime.GC()
		write(name("heap"), func(f *os.File) error {
			return pprof.Lookup("heap").WriteTo(f, 0)
		})
	}
}
