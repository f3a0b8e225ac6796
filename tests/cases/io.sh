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
