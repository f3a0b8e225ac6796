# order: streams out of define-before-use order, from files and pipes.

# Out-of-order streams are read again from the file, and give the same;
# from a pipe too.
t_order_reversed() {
	mk_reversed
	$bin/tsvvalidate "$out/rev.tsv" &&
	    $bin/tsv2rprof "$out/rev.tsv" | cmp -s - "$R_MEM" ||
	    bad "tsv2rprof of a stream in reverse order"
	cat "$out/rev.tsv" | $bin/tsv2rprof | cmp -s - "$R_MEM" ||
	    bad "tsv2rprof of a stream in reverse order from a pipe"
}

# A broken reference in any order: the validator's message, naming the
# row (F14: the row's line was lost when the stream was read whole).
t_order_broken_reversed() {
	b=tests/validate/bad-fk-location.tsv
	(head -n 2 "$b"; tail -n +3 "$b" | grep '^#'; tail -n +3 "$b" |
	    grep -v '^#' | sort -r) >"$out/rev-fk.tsv"
	$bin/tsvvalidate "$out/rev-fk.tsv" 2>&1 | sed 's/^tsvvalidate: //' \
	    >"$out/want"
	for p in tsvtop tsv2rprof tsv2pprof tsvcombine tsvfocus tsv2folded; do
		$bin/$p "$out/rev-fk.tsv" 2>&1 >/dev/null | sed "s/^$p: //" \
		    >"$out/got"
		grep -q ':12: sample_locations.location_id' "$out/want" &&
		    cmp -s "$out/want" "$out/got" ||
		    bad "$p of a reordered broken stream: $(cat "$out/got")"
	done
}

# A sample's first frame after the next sample has begun, another's at
# the end, and a third's count of samples at the end: valid, and read as
# the stream in order is, from a file and a pipe (the streams tsvcombine
# and tsvfocus write hold the same rows in another order: the definitions
# after the first row out of order come before the samples held).
t_order_gaps() {
	mk_late
	for p in tsvcombine tsvtop "tsvtop -m" tsv2rprof tsv2pprof tsv2folded \
	    tsvflame "tsvfocus -f a"; do
		rows=cat; case $p in tsvcombine|tsvfocus*) rows=sort ;; esac
		$bin/$p "$out/late.tsv" 2>&1 | $rows >"$out/want"
		arg=; [ "$p" = tsvcombine ] && arg=-
		$bin/$p "$out/gap.tsv" >"$out/got" 2>&1 &&
		    $rows "$out/got" | cmp -s "$out/want" - &&
		    cat "$out/gap.tsv" | $bin/$p $arg | $rows |
		    cmp -s "$out/want" - &&
		    [ $(grep -c . "$out/gap.tsv") = $(grep -c . "$out/late.tsv") ] ||
		    bad "$p of a sample whose first frame comes later: $(head -c 200 "$out/got")"
	done
}

# A valid stream whose disorder shows late: every program gives through
# pipes what it gives from and to files (F4: tsvcombine | cat failed,
# having sent part of its output; from a pipe the others refused), leaving
# no temporary file.
t_order_late_pipes() {
	mk_late
	mkdir -p "$out/tmp"
	for p in tsvcombine tsvtop tsv2rprof tsv2pprof "tsv2pprof -n" tsv2folded \
	    tsvflame tsvfocus tsv2sql "tsvtop -t later" "tsv2folded -t later"; do
		arg=; [ "$p" = tsvcombine ] && arg=-
		fs="$out/late.tsv $out/later.tsv"
		case $p in *later) fs=$out/later.tsv ;; esac
		for f in $fs; do
			$bin/$p "$f" >"$out/late.file" 2>&1
			cat "$f" | TMPDIR=$out/tmp $bin/$p $arg | cat >"$out/late.pipe" &&
			    cmp -s "$out/late.file" "$out/late.pipe" &&
			    [ -s "$out/late.file" ] && [ -z "$(ls "$out/tmp")" ] ||
			    bad "$p with late disorder through pipes (${f##*/})"
		done
	done
	[ "$($bin/tsvtop -q -t later "$out/later.tsv" | sed -n 2p | cut -f 2,4)" = \
	    "$(printf '7\t7')" ] ||
	    bad "tsvtop of the later value: $($bin/tsvtop -t later "$out/later.tsv")"
}

# What is kept of a pipe matters only when it is read: with no room for
# it (a 100 KB file size limit), streams in order and out of order go
# through, and a row for a sample handed over long before fails saying
# why. No copy of the stream is kept.
t_order_no_room() {
	mk_late
	sed '$d' "$out/late.tsv" | sed '$d' | sed '$d' | sed '$d' >"$out/inorder.tsv"
	for f in "$out/inorder.tsv" "$out/late.tsv"; do
		$bin/tsvtop "$f" >"$out/want"
		(trap '' XFSZ; ulimit -f 200; cat "$f" | $bin/tsvtop) \
		    >"$out/got" 2>&1 && cmp -s "$out/want" "$out/got" ||
		    bad "tsvtop of a pipe (${f##*/}) with no room: $(head -c 200 "$out/got")"
	done
	[ "${SUBSET:-1}" -gt 1 ] && return	# its record is then too small
	if (trap '' XFSZ; ulimit -f 200; cat "$out/later.tsv" | $bin/tsvtop) \
	    >"$out/got" 2>&1; then
		bad "tsvtop of a late row with no room for the samples handed over: exit 0"
	elif ! grep -q '^tsvtop: <stdin>: keeping the samples handed over in a temporary file: File too large$' \
	    "$out/got"; then
		bad "tsvtop of a late row with no room for the samples handed over: $(head -c 200 "$out/got")"
	fi
}

# A named pipe is read once too (it hung, opened again).
t_order_named_pipe() {
	mk_reversed
	mk_late
	mkfifo "$out/fifo2" || { bad "mkfifo"; return; }
	for f in "$out/rev.tsv" "$out/later.tsv"; do
		$bin/tsvtop "$f" >"$out/want"
		(cat "$f" >"$out/fifo2" &)
		timeout 20 $bin/tsvtop "$out/fifo2" >"$out/got" 2>&1 &&
		    cmp -s "$out/want" "$out/got" ||
		    bad "tsvtop of a named pipe (${f##*/}): $(head -c 200 "$out/got")"
	done
}
