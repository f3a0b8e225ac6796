// pprof-oracle PROFILE: parses a profile with google/pprof's own parser,
// runs CheckValid, and prints it as canonical text with every id taken
// out: the header, the sample types, then one line per distinct sample
// (values summed over identical stacks and labels) with its labels and
// each frame fully resolved, lines sorted. Two profiles that print the same
// are the same profile to google/pprof. An empty system name is printed as
// the name (google/pprof fills one from the other in places).
//
// pprof-oracle -reparse PROFILE prints the profile as google/pprof writes
// it to profile.proto and reads it back: what any profile.proto of it can
// hold (a numeric label of 0 with no unit, which the legacy heap formats
// make, is dropped by google/pprof's own decoder).
//
// pprof-oracle -string PROFILE prints google/pprof's own text of the
// profile (Profile.String, as its TestParse golden files hold).
//
// Built against Debian's golang-github-google-pprof-dev, offline:
// GO111MODULE=off GOPATH=/usr/share/gocode go build.
package main

import (
	"bytes"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/google/pprof/profile"
)

func main() {
	args := os.Args[1:]
	asString := len(args) == 2 && args[0] == "-string"
	reparse := len(args) == 2 && args[0] == "-reparse"
	if asString || reparse {
		args = args[1:]
	}
	if len(args) != 1 {
		fmt.Fprintln(os.Stderr, "usage: pprof-oracle [-string | -reparse] profile")
		os.Exit(2)
	}
	f, err := os.Open(args[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	p, err := profile.Parse(f)
	if err != nil {
		fmt.Fprintln(os.Stderr, "parse:", err)
		os.Exit(1)
	}
	if err := p.CheckValid(); err != nil {
		fmt.Fprintln(os.Stderr, "CheckValid:", err)
		os.Exit(1)
	}
	if reparse {
		var buf bytes.Buffer
		if err := p.Write(&buf); err != nil {
			fmt.Fprintln(os.Stderr, "write:", err)
			os.Exit(1)
		}
		if p, err = profile.Parse(&buf); err != nil {
			fmt.Fprintln(os.Stderr, "parse again:", err)
			os.Exit(1)
		}
	}
	if asString {
		fmt.Print(p.String())
		return
	}
	if p.PeriodType != nil {
		fmt.Printf("period_type %q %q\n", p.PeriodType.Type, p.PeriodType.Unit)
	}
	fmt.Printf("period %d\ntime_nanos %d\nduration_nanos %d\n", p.Period, p.TimeNanos, p.DurationNanos)
	fmt.Printf("drop_frames %q\nkeep_frames %q\ndefault_sample_type %q\n", p.DropFrames, p.KeepFrames, p.DefaultSampleType)
	for _, c := range p.Comments {
		fmt.Printf("comment %q\n", c)
	}
	for _, t := range p.SampleType {
		fmt.Printf("sample_type %q %q\n", t.Type, t.Unit)
	}
	sums := map[string][]int64{}
	for _, s := range p.Sample {
		key := sampleKey(s)
		v := sums[key]
		if v == nil {
			v = make([]int64, len(s.Value))
		}
		for i, x := range s.Value {
			v[i] += x
		}
		sums[key] = v
	}
	var lines []string
	for k, v := range sums {
		lines = append(lines, fmt.Sprintf("%v%s", v, k))
	}
	sort.Strings(lines)
	for _, l := range lines {
		fmt.Println(l)
	}
}

func sampleKey(s *profile.Sample) string {
	var b strings.Builder
	var keys []string
	for k := range s.Label {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, " label %q=%q", k, s.Label[k])
	}
	keys = keys[:0]
	for k := range s.NumLabel {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, " numlabel %q=%v%q", k, s.NumLabel[k], s.NumUnit[k])
	}
	for _, l := range s.Location {
		fmt.Fprintf(&b, "\n    loc %#x folded=%v", l.Address, l.IsFolded)
		if m := l.Mapping; m != nil {
			fmt.Fprintf(&b, " map[%#x %#x %#x %q %q %v%v%v%v]", m.Start, m.Limit, m.Offset,
				m.File, m.BuildID, m.HasFunctions, m.HasFilenames, m.HasLineNumbers, m.HasInlineFrames)
		}
		for _, ln := range l.Line {
			fn := ln.Function
			sys := fn.SystemName
			if sys == "" {
				sys = fn.Name
			}
			fmt.Fprintf(&b, "\n      %q %q %q start=%d line=%d", fn.Name, sys, fn.Filename, fn.StartLine, ln.Line)
		}
	}
	return b.String()
}
