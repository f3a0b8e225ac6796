// golegacy DIR: writes Go's own text profiles (debug=1) of a small
// workload into DIR: heap, goroutine, threadcreate, block and mutex.
// google/pprof reads these legacy texts; so must pprof2tsv.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sync"
	"time"
)

var sink [][]byte

func allocate(n int) {
	for i := 0; i < n; i++ {
		sink = append(sink, make([]byte, 1024*(i%64+1)))
	}
}

func contend(mu *sync.Mutex, wg *sync.WaitGroup) {
	defer wg.Done()
	for i := 0; i < 200; i++ {
		mu.Lock()
		time.Sleep(10 * time.Microsecond)
		mu.Unlock()
	}
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: golegacy dir")
		os.Exit(2)
	}
	runtime.MemProfileRate = 4096
	runtime.SetBlockProfileRate(1)
	runtime.SetMutexProfileFraction(1)
	allocate(2000)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go contend(&mu, &wg)
	}
	ch := make(chan int)
	go func() { time.Sleep(20 * time.Millisecond); ch <- 1 }()
	<-ch
	wg.Wait()
	stop := make(chan struct{})
	for i := 0; i < 3; i++ {
		go func() { <-stop }()
	}
	runtime.GC()
	for _, name := range []string{"heap", "goroutine", "threadcreate", "block", "mutex"} {
		f, err := os.Create(filepath.Join(os.Args[1], name+".txt"))
		if err == nil {
			err = pprof.Lookup(name).WriteTo(f, 1)
		}
		if err == nil {
			err = f.Close()
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	close(stop)
}
