# io: gzip input, -o, and write errors (lib/io).

# gzip input reads as the plain file.
t_io_gzip_input() {
	gzip -c "$R_MEM" >"$out/f.gz"
	$bin/rprof2tsv "$out/f.gz" | $bin/tsv2rprof | cmp -s - "$R_MEM" ||
	    bad "gzip input"
}

# After a gzip member, another member is read on (as gzip -d does), zeros
# are padding, anything else is ignored with gzip(1)'s warning; a second
# member that is not gzip or is cut short is an error (F15).
t_io_gzip_members() {
	f=$R_MEM
	gzip -c "$f" >"$out/f.gz"
	(gzip -c "$f"; gzip -c "$f") >"$out/two.gz"
	$bin/rprof2tsv <"$out/two.gz" >"$out/got"
	cat "$f" "$f" | $bin/rprof2tsv >"$out/want"
	same "$out/want" "two gzip members"
	(cat "$out/f.gz"; head -c 1000 /dev/zero) >"$out/zeros.gz"
	(cat "$out/f.gz"; printf 'garbage') >"$out/garbage.gz"
	for g in zeros garbage; do
		$bin/rprof2tsv <"$out/$g.gz" 2>"$out/err" >"$out/got" &&
		    $bin/rprof2tsv <"$f" | cmp -s - "$out/got" ||
		    bad "gzip followed by $g"
		case $g in zeros) : >"$out/want" ;;
		garbage) echo 'rprof2tsv: <stdin>: decompression OK, trailing garbage ignored' >"$out/want" ;;
		esac
		cp "$out/err" "$out/got"
		same "$out/want" "rprof2tsv's warning for gzip followed by $g"
	done
	(cat "$out/f.gz"; printf '\037\213garbage') >"$out/bad2.gz"
	(cat "$out/f.gz"; printf '\037') >"$out/cut2.gz"
	for g in bad2 cut2; do
		$bin/rprof2tsv "$out/$g.gz" >/dev/null 2>"$out/got"
		echo "exit $?" >>"$out/got"
		case $g in
		bad2) echo "rprof2tsv: $out/bad2.gz: gzip: unknown compression method" ;;
		cut2) echo "rprof2tsv: $out/cut2.gz: gzip: unexpected end of file (the compressed data is cut short)" ;;
		esac >"$out/want"
		echo "exit 1" >>"$out/want"
		same "$out/want" "a bad second gzip member ($g)"
	done
}

# The warning of trailing garbage is said once, though the stream is read
# twice (out of order).
t_io_gzip_warn_once() {
	mk_reversed
	gzip -c "$out/rev.tsv" >"$out/rev.gz"
	printf 'x' >>"$out/rev.gz"
	$bin/tsvtop "$out/rev.gz" 2>"$out/got" >/dev/null
	echo "tsvtop: $out/rev.gz: decompression OK, trailing garbage ignored" \
	    >"$out/want"
	same "$out/want" "tsvtop warns once of trailing garbage, reading twice"
}

# -o writes the file whole, and leaves none on failure; a device or FIFO
# is written to, never replaced.
t_io_output_file() {
	$bin/rprof2tsv "$R_MEM" >"$out/a.tsv"
	$bin/rprof2tsv -o "$out/o.tsv" "$R_MEM" && cmp -s "$out/o.tsv" "$out/a.tsv" ||
	    bad "rprof2tsv -o"
	if $bin/rprof2tsv -o "$out/none.tsv" tests/validate/ok-basic.tsv 2>/dev/null ||
	    [ -e "$out/none.tsv" ] || ls "$out" | grep -q 'none.tsv.'; then
		bad "a failed rprof2tsv -o left a file"; fi
	$bin/rprof2tsv -o /dev/null "$R_MEM" && [ -c /dev/null ] ||
	    bad "rprof2tsv -o /dev/null"
	mkfifo "$out/fifo" || { bad "mkfifo"; return; }
	(cat "$out/fifo" >"$out/fromfifo" &)
	$bin/rprof2tsv -o "$out/fifo" "$R_MEM"
	sleep 1
	[ -p "$out/fifo" ] && cmp -s "$out/fromfifo" "$out/a.tsv" ||
	    bad "rprof2tsv -o FIFO"
}

# A write error is reported.
t_io_write_error() {
	[ -w /dev/full ] || { echo /dev/full >>"$out/.missing"; return; }
	if $bin/rprof2tsv "$R_MEM" >/dev/full 2>"$out/err"; then
		bad "write error not reported"
	elif ! grep -q 'write error' "$out/err"; then
		bad "write error: $(cat "$out/err")"; fi
}

# zstd input reads as the plain file, for every program, from a file or a
# pipe: frames one after another read on, a skippable frame passed over
# (as zstd -d does); what follows the last frame and is no frame, or a
# frame cut short, refused as zstd -d refuses it (tests/hostile).
t_io_zstd_input() {
	need zstd || return
	r=tests/data/rprof/r-4.2/memory.out
	$bin/rprof2tsv <"$r" >"$out/want"
	zstd -q -c "$r" >"$out/r.zst"
	$bin/rprof2tsv <"$out/r.zst" >"$out/got"
	same "$out/want" "rprof2tsv of zstd"
	# a skippable frame (magic 0x184D2A50, 4 bytes of length, 4 of data),
	# then the file in two frames
	{ printf 'P*M\030\004\000\000\000skip'; head -n 20 "$r" | zstd -q -c
	  tail -n +21 "$r" | zstd -q -c; } >"$out/frames.zst"
	cat "$out/frames.zst" | $bin/rprof2tsv >"$out/got"
	same "$out/want" "frames and a skippable one, on a pipe"
	$bin/rprof2tsv "$r" | zstd -q -c >"$out/s.zst"
	$bin/rprof2tsv "$r" | $bin/tsvtop >"$out/want"
	for p in tsvtop; do
		$bin/$p "$out/s.zst" >"$out/got"
		same "$out/want" "$p of a zstd stream"
		$bin/$p <"$out/s.zst" >"$out/got"
		same "$out/want" "$p of a zstd stream on standard input"
	done
	$bin/tsvvalidate "$out/s.zst" || bad "tsvvalidate of a zstd stream"
}

# Decompression as parsed (audit B4): 1 GB of zeros in 36 KB of zstd (and
# gzip, with a protobuf's first field before them) is refused at its
# first bytes by every reader that reads its input whole (pprof, OTLP,
# the door's binary), naming zstd or gzip, before the rest is
# decompressed: the message gives the byte; the same bytes plain say so
# as before.
t_io_bomb_refused_at_first_bytes() {
	need zstd gzip || return
	cd "$out" || return
	head -c 1073741824 /dev/zero | zstd -q -1 >zeros.zst
	{ printf '\012\000'; head -c 104857600 /dev/zero; } | gzip -1 >field.gz
	for c in "pprof2tsv zeros.zst" "otlp2tsv zeros.zst" "tsvtop zeros.zst" \
	    "pprof2tsv field.gz" "otlp2tsv field.gz" "tsvtop field.gz"; do
		$bin/$c >x 2>err
		echo "$c: exit $? $(wc -c <x | tr -d ' ') bytes: $(cat err)"
	done >got
	cat >want <<'EOT'
pprof2tsv zeros.zst: exit 1 0 bytes: pprof2tsv: zeros.zst: not a pprof profile: zstd-compressed, but not a valid protobuf inside (a field number out of range at byte 0)
otlp2tsv zeros.zst: exit 1 0 bytes: otlp2tsv: zeros.zst: not valid OTLP Profiles: ProfilesData: a field number out of range (at byte 0 of what zstd gives), nor the Collector's framed messages
tsvtop zeros.zst: exit 1 0 bytes: tsvtop: zeros.zst: binary data of no format the suite reads (not a pprof profile: zstd-compressed, but not a valid protobuf inside (a field number out of range at byte 0))
pprof2tsv field.gz: exit 1 0 bytes: pprof2tsv: field.gz: not a pprof profile: gzip-compressed, but not a valid protobuf inside (a field number out of range at byte 2)
otlp2tsv field.gz: exit 1 0 bytes: otlp2tsv: field.gz: not valid OTLP Profiles: ProfilesData: a field number out of range (at byte 2 of what gzip gives), nor the Collector's framed messages
tsvtop field.gz: exit 1 0 bytes: tsvtop: field.gz: not a pprof profile: gzip-compressed, but not a valid protobuf inside (a field number out of range at byte 2)
EOT
	cd "$top" || return
	same "$out/want" "compressed garbage refused at its first bytes"
}

# The default bound on decompression follows the input (audit B4): a
# zstd file may give 1032 bytes a byte, at least 64 MB (-Z sets another):
# 100 MB of one Rprof line again and again in 9 KB of zstd stops at 64 MB
# by default, from a file and from a pipe, and reads whole with -Z.
t_io_bound_by_size() {
	need zstd || return
	# (not under valgrind, SUBSET: 64 to 100 MB decompressed there take
	# minutes; io/bomb-refused-at-first-bytes takes the bound's paths)
	[ -n "${SUBSET:-}" ] && return
	{ echo 'sample.interval=20000'; yes '"f" "g" "h" ' | head -c 104857600; } |
	    zstd -q -19 >"$out/r.zst"
	n=$(wc -c <"$out/r.zst" | tr -d ' ')
	$bin/rprof2tsv "$out/r.zst" >/dev/null 2>"$out/err"
	[ $? = 1 ] || bad "rprof2tsv of 100 MB in $n bytes: not refused"
	$bin/tsvtop <"$out/r.zst" >/dev/null 2>>"$out/err"
	[ $? = 1 ] || bad "tsvtop of 100 MB in $n bytes from a pipe: not refused"
	cat >"$out/want" <<EOT
rprof2tsv: $out/r.zst: zstd: more than 67108864 bytes decompressed from $n (the bound: 1032 times as many, at least 64 MB; a zstd bomb?); set the bound with -Z (such as -Z 8G) to read it
tsvtop: <stdin>: zstd: more than 67108864 bytes decompressed from $n (the bound: 1032 times as many, at least 64 MB; a zstd bomb?); set the bound with -Z (such as -Z 8G) to read it
EOT
	cp "$out/err" "$out/got"
	same "$out/want" "the bound of a zstd file by its size"
	$bin/tsvtop -Z 200M --unit=raw -q "$out/r.zst" >"$out/got" ||
	    bad "tsvtop -Z 200M of 100 MB"
	# 104857600 bytes are 8065969 lines of 13 and 3 bytes of another
	printf 'function\tself\tself%%\ttotal\ttotal%%\tsum%%\nf\t8065970\t100.00\t8065970\t100.00\t100.00\ng\t0\t0.00\t8065969\t100.00\t100.00\nh\t0\t0.00\t8065969\t100.00\t100.00\n' >"$out/want"
	same "$out/want" "100 MB read whole with -Z"
}

# A program that fails sends nothing downstream (issue 53: speedscope2tsv
# left a valid stream on its standard output as it refused a file, and
# `speedscope2tsv f | tsvtop` printed a profile after the error): each
# converter given a file whose damage comes after megabytes of good
# input, and tsvcombine, write nothing to a pipe and exit 1.
t_io_nothing_out_on_failure() {
	cd "$out" || return
	awk 'BEGIN { for (i = 0; i < 200000; i++) print "main;work;f" i % 50 " 1"; print "main;x 1 2 3 junk" }' >bad.folded
	{ cat "$top/tests/data/rprof/r-4.2/memory-gc-line.out"
	  awk 'NR > 1' "$top/tests/data/rprof/r-4.2/memory-gc-line.out" |
	      awk '{ for (i = 0; i < 300; i++) print }'
	  printf 'sample.interval=20000\n"a" \000\n'; } >bad.out
	{ gzip -dc "$top/tests/data/perf/clock/perf-no-reference.txt.gz"
	  i=0; while [ $i -lt 40 ]; do
		gzip -dc "$top/tests/data/perf/clock/perf-no-reference.txt.gz" | grep -v '^#'
		i=$((i + 1)); done
	  printf 'perfwork 1 1.0: 1 cpu-clock:\n\tffff f (x\000)\n\n'; } >bad.perf
	for c in "folded2tsv bad.folded" "rprof2tsv bad.out" "perf2tsv bad.perf" \
	    "tsvcombine bad.folded" "tsvtop bad.out" "tsv2pprof -u bad.perf"; do
		n=$( { $bin/$c 2>/dev/null; echo $? >rc; } | wc -c | tr -d ' ')
		echo "$c: exit $(cat rc), $n bytes"
	done >got
	cat >want <<'EOT'
folded2tsv bad.folded: exit 1, 0 bytes
rprof2tsv bad.out: exit 1, 0 bytes
perf2tsv bad.perf: exit 1, 0 bytes
tsvcombine bad.folded: exit 1, 0 bytes
tsvtop bad.out: exit 1, 0 bytes
tsv2pprof -u bad.perf: exit 1, 0 bytes
EOT
	cd "$top" || return
	same "$out/want" "nothing on a pipe from a program that failed"
}
