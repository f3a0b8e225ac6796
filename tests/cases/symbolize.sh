# tsvsymbolize: bare addresses given names, files and lines from their
# binaries (tests/data/symbolize: a C program with inlined functions,
# built here, and perf's recording of it).

sd=tests/data/symbolize

# perf's frames without symbols (perf script --no-inline -F ...,ip,dso),
# symbolized from the program's binary (found on the binary path by its
# base name, as pprof finds one) and the kernel's symbols, collapse as
# perf's own names of the same recording do (perf script -F ...,sym,dso:
# its inlined frames too), through tsv2folded --perf (which is
# stackcollapse-perf.pl's, perf/stackcollapse). The C library's frames
# are left out of both: perf script names no binary's build ID, so they
# are those of the machine that runs the test.
t_symbolize_perf() {
	# a frame line's group: the lines of one address, the last its
	# binary's; a group of "(inlined)" alone (perf names no binary)
	# and the C library's are left out
	keep='function flush() { if (n > 0 && last !~ /\((\/usr\/lib\/|inlined\))/)
		for (i = 1; i <= n; i++) print g[i]; n = 0 }
	    /^\t/ { if (n > 0 && $1 != addr) flush(); addr = $1; g[++n] = $0; last = $0; next }
	    { flush(); print }
	    END { flush() }'
	gzip -dc $sd/perf-sym.txt.gz | awk "$keep" >"$out/sym.txt"
	gzip -dc $sd/perf-nosym.txt.gz | awk "$keep" >"$out/nosym.txt"
	$bin/perf2tsv "$out/sym.txt" | $bin/tsv2folded --perf >"$out/want" ||
	    bad "perf's own names"
	$bin/tsvsymbolize -b $sd --kallsyms $sd/kallsyms "$out/nosym.txt" \
	    2>"$out/err" | $bin/tsv2folded --perf >"$out/got" ||
	    bad "tsvsymbolize of perf's addresses"
	same "$out/want" "symbolized as perf names them"
	grep -q 'mix' "$out/got" || bad "no inlined frame in $(head -3 "$out/got")"
	[ ! -s "$out/err" ] || bad "said: $(cat "$out/err")"
}

# Every location tsvsymbolize gives frames is what eu-addr2line -f -i
# gives at its address: each frame's name, then its file:line:column, the
# innermost first (eu-addr2line names the outer function on the first
# line too: "mix inlined at ... in hot"; its first word is compared; a
# symbol with no line, "??:0", is the stream's empty file and line 0).
t_symbolize_addr2line() {
	need eu-addr2line || return
	gzip -dc $sd/perf-nosym.txt.gz | $bin/perf2tsv |
	    $bin/tsvsymbolize -b $sd 2>/dev/null >"$out/sym.tsv" ||
	    bad "tsvsymbolize"
	# the stream's frames of inl, by address, in the order written
	awk -F'\t' '$1 == ".mappings" { inl[$2] = $6 ~ /\/inl$/ }
	    $1 == "functions" { fn[$2] = $3 }
	    $1 == "locations" && inl[$6] && $3 != "NA" {
		if ($5 != last) { if (last != "") print ""; print $5 }
		last = $5; print fn[$3]; file[$2] = 1; loc[$2] = $4
		col = $9 == 0 ? "" : ":" $9
		print "@" $2 "\t" $4 col }' "$out/sym.tsv" >"$out/ours"
	# the functions' files, by location
	awk -F'\t' '$1 == "functions" { f[$2] = $5 }
	    $1 == "locations" { print "@" $2 "\t" f[$3] }' "$out/sym.tsv" >"$out/files"
	awk -F'\t' 'NR == FNR { f[$1] = $2; next }
	    /^@/ { split($0, p, "\t"); print (f[p[1]] == "" ? "??" : f[p[1]]) ":" p[2]; next }
	    { print }' \
	    "$out/files" "$out/ours" >"$out/got"
	grep '^0x' "$out/got" >"$out/addrs"
	[ -s "$out/addrs" ] || { bad "no frames of inl"; return; }
	eu-addr2line -a -f -i -e $sd/inl $(cat "$out/addrs") |
	    awk 'NR > 1 && /^0x/ { print "" } /^0x/ { sub(/^0x0*/, "0x"); print; n = 0; next }
		{ n++ } n % 2 == 1 { print $1; next } { print }' >"$out/want"
	same "$out/want" "eu-addr2line's frames"
}

# A pprof-style mapping (the program loaded at 0x555555554000, and its
# text segment alone at 0x555555555000, file offset 0x1000): each address
# is the binary's own once its mapping is taken off, the same frames as
# perf's file addresses.
t_symbolize_mappings() {
	cd "$out" || return
	{
	stream_head
	printf '.mappings\t1\t0x555555554000\t0x555555559000\t0x0\t/nowhere/inl\t\tFALSE\tFALSE\tFALSE\tFALSE\n'
	printf '.mappings\t2\t0x555555555000\t0x555555556000\t0x1000\t/nowhere/inl\t\tFALSE\tFALSE\tFALSE\tFALSE\n'
	printf 'locations\t1\tNA\tNA\t0x5555555551e9\t1\tFALSE\tFALSE\t0\n'
	printf 'locations\t2\tNA\tNA\t0x555555555087\t2\tFALSE\tFALSE\t0\n'
	stream_sample
	} >m.tsv
	$bin/tsvvalidate m.tsv || bad "the hand-made stream"
	$bin/tsvsymbolize -b "$top/$sd" m.tsv >got.tsv || bad "tsvsymbolize"
	awk -F'\t' '$1 == "functions" { f[$2] = $3 }
	    $1 == "locations" && $2 != "location_id" { print $5, f[$3], $4, $8 }' got.tsv >got
	printf '0x5555555551e9 mix 12 TRUE\n0x5555555551e9 round2 18 TRUE\n0x5555555551e9 hot 27 FALSE\n0x555555555087 main 46 FALSE\n' >want
	same want "the frames at each address, innermost first"
	grep '^\.mappings	[12]	' got.tsv | cut -f1,2,8- >got
	printf '.mappings\t1\tTRUE\tTRUE\tTRUE\tTRUE\n.mappings\t2\tTRUE\tTRUE\tTRUE\tTRUE\n' >want
	same want "the mappings say what they now hold"
	$bin/tsvvalidate got.tsv || bad "tsvsymbolize's stream is refused"
	cd "$top" || return
}

# What cannot be resolved stays as it was, said once per mapping, exit 0:
# a binary not there, one of another build ID (pprof's check), an address
# in no symbol, the kernel without --kallsyms; a stream with nothing to
# do is the same profile.
t_symbolize_left() {
	cd "$out" || return
	gzip -dc "$top/$sd/perf-nosym.txt.gz" | sed 's|/tmp/symtest/inl|/nowhere/inl|' >p.txt
	HOME=/nonexistent PPROF_BINARY_PATH= $bin/tsvsymbolize p.txt >a.tsv 2>err ||
	    bad "tsvsymbolize with no binary"
	bare='$1 == ".mappings" && $6 == "/nowhere/inl" { m = $2 }
	    $1 == "locations" && $6 == m && $3 == "NA" { n++ } END { print n }'
	awk -F'\t' "$bare" a.tsv >got
	$bin/perf2tsv p.txt | awk -F'\t' "$bare" >want
	same want "every location left as it was"
	grep -q "^tsvsymbolize: /nowhere/inl: $(cat want) locations left as they were: no such file here or on the binary path$" err ||
	    bad "no binary: $(cat err)"
	grep -q "^tsvsymbolize: \[kernel.kallsyms\]: 6 locations left as they were: the kernel's symbols are read only when asked" err ||
	    bad "the kernel: $(cat err)"
	[ "$(grep -c 'kernel.kallsyms' err)" = 1 ] || bad "said more than once a mapping"
	# another build ID
	{ stream_head
	printf '.mappings\t1\t0x0\t0x0\t0x0\t/nowhere/inl\t00112233\tFALSE\tFALSE\tFALSE\tFALSE\n'
	printf 'locations\t1\tNA\tNA\t0x11e9\t1\tFALSE\tFALSE\t0\n'
	printf 'locations\t2\tNA\tNA\t0x9\t1\tFALSE\tFALSE\t0\n'
	stream_sample; } >id.tsv
	$bin/tsvsymbolize -b "$top/$sd" id.tsv >/dev/null 2>err || bad "another build ID"
	bid=$(eu-readelf -n "$top/$sd/inl" 2>/dev/null | awk '/Build ID/ { print $3 }')
	grep -q "^tsvsymbolize: /nowhere/inl: 2 locations left as they were: $top/$sd/inl: build ID ${bid:-[0-9a-f]*}, not the mapping's 00112233$" err ||
	    bad "another build ID: $(cat err)"
	# no build ID asked: the same file resolves one, not the other
	sed 's/\t00112233\t/\t\t/' id.tsv >noid.tsv
	$bin/tsvsymbolize -b "$top/$sd" noid.tsv >noid.out 2>err || bad "no symbol"
	grep -q "^tsvsymbolize: /nowhere/inl: 1 location left as it was: $top/$sd/inl has no symbol there$" err ||
	    bad "an address in no symbol: $(cat err)"
	# nothing to do: the same profile
	f=$top/tests/data/pprof/go-1.19/go.cpu.pb.gz
	$bin/tsvsymbolize "$f" 2>err | $bin/tsvtop -q -n 20 >got || bad "a profile with names"
	$bin/tsvtop -q -n 20 "$f" >want
	same want "a profile with names, as it was"
	[ ! -s err ] || bad "said: $(cat err)"
	cd "$top" || return
}

# The kernel's symbols as perf picks them: an address is the symbol at or
# below it; of several at one address, not weak, then global, then the
# fewest leading underscores, then the longest name. A kallsyms of zeros
# (kernel.kptr_restrict) is said to be one.
t_symbolize_kallsyms() {
	cd "$out" || return
	printf 'ffffffff81000000 T _text\nffffffff81000000 T _stext\nffffffff81000000 T srso_alias_untrain_ret\nffffffff81000100 W weak_one\nffffffff81000100 t local_one\nffffffff81000200 t __two\nffffffff81000200 t _one\nffffffff81000300 T aa\nffffffff81000300 T aaa\nffffffff81000400 d data_not_text\n' >ks
	printf 'ffffffff81000000 T _text\n' | sed 's/ffffffff81000000/0000000000000000/' >zero
	for a in 81000000 81000050 81000100 81000250 81000300 81000450; do
		printf '\tffffffff%s ([kernel.kallsyms])\n' $a
	done | { printf 'prog 1/1 1.000000: 1 cpu-clock:\n'; cat; printf '\n'; } >k.txt
	$bin/tsvsymbolize --kallsyms ks k.txt | $bin/tsv2folded --perf >got ||
	    bad "tsvsymbolize --kallsyms"
	echo 'prog;aaa;aaa;_one;local_one;srso_alias_untrain_ret;srso_alias_untrain_ret 1' >want
	same want "perf's choice of symbol"
	$bin/tsvsymbolize --kallsyms zero k.txt >/dev/null 2>err || bad "kallsyms of zeros"
	grep -q "zero: every address is 0 (kernel.kptr_restrict hides them: read it as root)$" err ||
	    bad "kallsyms of zeros: $(cat err)"
	cd "$top" || return
}

# perf's "(inlined)" without -F sym names no binary: perf2tsv refuses it,
# saying what to run.
t_symbolize_perf_inlined() {
	printf 'prog 1/1 1.000000: 1 cpu-clock:\n\t11e9 (inlined)\n\t11e9 (/x/inl)\n\n' >"$out/i.txt"
	$bin/perf2tsv "$out/i.txt" >"$out/o" 2>"$out/err"
	[ $? = 1 ] || bad "not exit 1"
	[ ! -s "$out/o" ] || bad "output written"
	grep -q 'i.txt:2: a frame with neither symbol nor binary, "(inlined)": perf script marks inlined functions so without -F sym; run perf script --no-inline' "$out/err" ||
	    bad "$(cat "$out/err")"
}

# The OpenTelemetry eBPF profiler's capture (tests/data/otlp): its native
# frames are addresses in binaries of the machine that took it, none of
# them here (their build IDs are not): each mapping with such frames is
# said once, with its build ID and how many were left, and the profile
# is the same (tsvtop, every row).
t_symbolize_ebpf() {
	f=tests/data/otlp/ebpf-profiler-timestamps.otlp
	HOME=/nonexistent PPROF_BINARY_PATH= $bin/tsvsymbolize "$f" \
	    >"$out/sym.tsv" 2>"$out/err" || bad "tsvsymbolize of $f"
	$bin/otlp2tsv "$f" | awk -F'\t' '$1 == ".mappings" { m[$2] = $6; b[$2] = $7 }
	    $1 == "locations" && $3 == "NA" && $6 != "NA" { n[$6]++ }
	    END { for (i in n) printf "tsvsymbolize: %s: %d location%s left as %s: no such file, nor one of build ID %s here or on the binary path\n",
		m[i], n[i], n[i] == 1 ? "" : "s", n[i] == 1 ? "it was" : "they were", b[i] }' |
	    sort >"$out/want"
	sort "$out/err" >"$out/got"
	same "$out/want" "each mapping of bare frames said once"
	$bin/tsvtop -q --all "$f" >"$out/want"
	$bin/tsvtop -q --all "$out/sym.tsv" >"$out/got"
	same "$out/want" "the same profile"
}
