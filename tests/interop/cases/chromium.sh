# chromium: tsvflame's SVG in a real browser, Debian's chromium headless: a
# screenshot that is not blank, and the page's own script driven through
# the DOM (zoom, Escape, search) with no error, the picture drawn with many
# colours.

chrome() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
	    --disable-quic --no-first-run --disable-background-networking \
	    --disable-component-update --disable-sync \
	    --user-data-dir="$out/chromium" "$@" 2>/dev/null
}

t_chromium_flame_screenshot() {
	need chromium || return
	$bin/rprof2tsv "$R_MEM" | $bin/tsvflame >"$out/flame.svg"
	chrome --window-size=1200,500 --screenshot="$out/flame.png" \
	    "file://$out/flame.svg"
	[ "$(wc -c <"$out/flame.png" 2>/dev/null || echo 0)" -gt 20000 ] ||
	    bad "chromium's screenshot of tsvflame's SVG is missing or blank"
}

t_chromium_flame_script() {
	need chromium || return
	$bin/rprof2tsv "$R_MEM" | $bin/tsvflame >"$out/flame.svg"
	{
		printf '<!DOCTYPE html><html><head><meta charset="utf-8"><script>\n'
		printf 'window.flameErrors = []; window.onerror = function (m) '
		printf '{ window.flameErrors.push(String(m)); };\n</script></head><body>\n'
		printf '<pre id="result">not run</pre>\n'
		sed 1d "$out/flame.svg"
		printf '<script>\n'
		cat tests/interop/flame-test.js
		printf '</script></body></html>\n'
	} >"$out/flame.html"
	chrome --virtual-time-budget=10000 --dump-dom "file://$out/flame.html" |
	    sed -n '/<pre id="result">/,/<\/pre>/p' >"$out/flame.result"
	cat >"$out/flame.want" <<'WANT'
<pre id="result">frames 146
target 649.922
zoomed 1180.000 hidden some
reset 649.922 hidden 0
search 6.64
Matched: 6.64%
colours many
errors 0</pre>
WANT
	cmp -s "$out/flame.want" "$out/flame.result" ||
	    bad "tsvflame's SVG in chromium: $(tr '\n' ' ' <"$out/flame.result")"
}

# Frames narrower than half a pixel are kept out of the document until a
# zoom widens them (flame.js's MINW: a large graph's hairlines made it
# slow to show), yet count as before. large.cpu: 2,828 of its 2,838
# frames. What the page draws at first, after zooming runtime.mcall
# (0.835 px) and after Escape is what the SVG's own widths say by that
# rule (awk); the search share counts the undrawn frames as pprof's
# share of main.setFunctions.* (1405 frames of 0.1 to 0.3 px) does.
t_chromium_flame_narrow() {
	need chromium || return
	$bin/tsvflame "$GO_LARGE" >"$out/flame.svg"
	# each frame: depth and name, then x and width
	awk '
	    /^<g class="f" data-d="/ {
		match($0, /data-d="[0-9]+"/)
		dd = substr($0, RSTART + 8, RLENGTH - 9)
		t = $0
		sub(/.*<title>/, "", t)
		sub(/<.*/, "", t)
		print dd, t
	    }
	    /<rect x="[0-9.]+" y="[^"]*" width="[0-9.]+" height="15"/ {
		match($0, /<rect x="[0-9.]+"/)
		xx = substr($0, RSTART + 9, RLENGTH - 10)
		match($0, /width="[0-9.]+" height="15"/)
		print "R", xx, substr($0, RSTART + 7, RLENGTH - 20)
	    }' "$out/flame.svg" | awk '
	    BEGIN { n = 0 }
	    $1 == "R" { x[n] = $2; w[n] = $3; n++; next }
	    { d[n] = $1; name[n] = $2 }
	    END {
		for (i = 0; i < n; i++) {
			if (w[i] >= 0.5) open++;
			if (name[i] == "runtime.mcall") z = i;
			if (name[i] ~ /^main\.setFunctions\.func/) s += w[i];
		}
		# drawn zoomed: the ancestors of the frame, and what lies in it
		# at least half a pixel wide once it is 1160 px
		for (i = 0; i < n; i++) {
			if (d[i] < d[z]) {
				if (x[i] <= x[z] + 1e-6 &&
				    x[i] + w[i] >= x[z] + w[z] - 1e-6)
					zoomed++;
			} else if (x[i] >= x[z] - 1e-6 &&
			    x[i] + w[i] <= x[z] + w[z] + 1e-6 &&
			    w[i] * 1160 / w[z] >= 0.5)
				zoomed++;
		}
		printf "frames %d\ndrawn %d\nzoomed %d\nreset %d\n", n, open, zoomed, open
		printf "Matched: %.2f%%\nerrors 0\n", 100 * s / w[0]
	    }' >"$out/want"
	{
		printf '<!DOCTYPE html><html><head><meta charset="utf-8"><script>\n'
		printf 'window.flameErrors = []; window.onerror = function (m) '
		printf '{ window.flameErrors.push(String(m)); };\n</script></head><body>\n'
		printf '<pre id="result">not run</pre>\n'
		sed 1d "$out/flame.svg"
		cat <<'JS'
<script>
(function () {
  var r = [], fl = window.flames[''], fs = fl.frames, i, z;
  function drawn() {
    var n = 0;
    for (i = 0; i < fs.length; i++) if (fs[i].isConnected) n++;
    return n;
  }
  try {
    r.push('frames ' + fs.length, 'drawn ' + drawn());
    for (i = 0; i < fs.length; i++) if (fs[i].name === 'runtime.mcall') z = fs[i];
    z.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    r.push('zoomed ' + drawn());
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    r.push('reset ' + drawn());
    search('^main\\.setFunctions\\.func');
    r.push(document.getElementById('matched').textContent);
  } catch (e) { window.flameErrors.push(String(e)); }
  r.push('errors ' + window.flameErrors.length +
    (window.flameErrors.length ? ': ' + window.flameErrors.join('; ') : ''));
  document.getElementById('result').textContent = r.join('\n');
})();
</script></body></html>
JS
	} >"$out/flame.html"
	chrome --virtual-time-budget=10000 --dump-dom "file://$out/flame.html" |
	    sed -n '/<pre id="result">/,/<\/pre>/p' |
	    sed 's/<pre id="result">//; s/<\/pre>//' >"$out/got"
	cmp -s "$out/want" "$out/got" || {
		bad "tsvflame's frames under half a pixel in chromium"
		diff "$out/want" "$out/got"
	}
}

# Every SVG tsvflame draws, opened on its own as a user opens the file
# (an SVG document, no page around it: issue 54), throws nothing on load,
# on a zoom, a search and Escape: R's graph, chart and icicle, a diff,
# Go's large.cpu (frames kept out of the document until a zoom), a
# perf profile, and the README's doc/flame.svg.
t_chromium_svg_standalone() {
	need chromium || return
	need node || return
	$bin/rprof2tsv "$R_MEM" >"$out/r.tsv"
	$bin/tsvflame "$out/r.tsv" >"$out/graph.svg"
	$bin/tsvflame -C "$out/r.tsv" >"$out/chart.svg"
	$bin/tsvflame -I -l "$out/r.tsv" >"$out/icicle.svg"
	$bin/tsvcombine "$out/r.tsv" tests/data/rprof/r-4.2/memory.out |
	    $bin/tsvflame -d 2 >"$out/diff.svg"
	$bin/tsvflame tests/data/pprof/google-pprof/internal/proftest/testdata/large.cpu \
	    >"$out/large.svg"
	$bin/tsvflame tests/data/perf/clock/perf-clock-monotonic.txt.gz \
	    >"$out/perf.svg"
	cp doc/flame.svg "$out/readme.svg"
	(cd "$out" && timeout 300 node "$top/tests/interop/svg-errors.js" \
	    graph.svg chart.svg icicle.svg diff.svg large.svg perf.svg \
	    readme.svg) >"$out/got" 2>&1
	printf '%s ok\n' graph.svg chart.svg icicle.svg diff.svg large.svg \
	    perf.svg readme.svg >"$out/want"
	same_lines want got "the SVGs opened on their own"
}

# tsvflame --chart in the browser: the same script zooms a box to the
# whole width, Escape resets, and searching ^fib$ matches the same share
# of the samples as in the flame graph (a sample is in fib or not,
# whatever the order), with no error.
t_chromium_chart_script() {
	need chromium || return
	$bin/rprof2tsv "$R_MEM" | $bin/tsvflame --chart >"$out/flame.svg"
	{
		printf '<!DOCTYPE html><html><head><meta charset="utf-8"><script>\n'
		printf 'window.flameErrors = []; window.onerror = function (m) '
		printf '{ window.flameErrors.push(String(m)); };\n</script></head><body>\n'
		printf '<pre id="result">not run</pre>\n'
		sed 1d "$out/flame.svg"
		printf '<script>\n'
		cat tests/interop/flame-test.js
		printf '</script></body></html>\n'
	} >"$out/flame.html"
	chrome --virtual-time-budget=10000 --dump-dom "file://$out/flame.html" |
	    sed -n '/<pre id="result">/,/<\/pre>/p' >"$out/flame.result"
	n=$(grep -c '<g class="f"' "$out/flame.svg")
	t=$(grep -A2 '<title>df_work$' "$out/flame.svg" | sed -n 's/.*<rect x="[^"]*" y="[^"]*" width="\([^"]*\)".*/\1/p' | tail -1)
	cat >"$out/flame.want" <<WANT
<pre id="result">frames $n
target $t
zoomed 1180.000 hidden some
axis zoomed anew
reset $t hidden 0
axis 13 ticks, 0 s to 1.2 s
search 6.64
Matched: 6.64%
colours many
errors 0</pre>
WANT
	cmp -s "$out/flame.want" "$out/flame.result" || {
		bad "tsvflame --chart's SVG in chromium"
		diff "$out/flame.want" "$out/flame.result"
	}
}

# page_test PAGE SCRIPT OUT: tsvreport's PAGE run in headless Chromium
# with an error catcher and SCRIPT (a file in $out) after it; the text
# SCRIPT leaves in #result, its markup decoded, into OUT.
page_test() {
	sed -e 's|^<head>$|<head><script>window.reportErrors = []; window.onerror = function (m) { window.reportErrors.push(String(m)); };</script>|' \
	    -e "s|^</body>\$|<pre id=\"result\">not run</pre><script src=\"$2\"></script></body>|" \
	    "$1" >"$out/test.html"
	# in real time, up to a minute (page-result.js): Chromium's virtual
	# time ran out before a type's parts were inflated on a busy machine
	timeout 120 node tests/interop/page-result.js "$out/test.html" >"$3" ||
	    bad "page-result.js on $1"
}

# tsvreport's page in the browser: no error; its table is tsvtop's, row
# for row; a click on df_work shows tsvpeek's callers and callees of it
# and its source lines; a search marks the functions matching and the
# graph's and chart's frames (the same share as tsvflame's, 6.64%).
t_chromium_report() {
	need chromium && need node || return
	$bin/rprof2tsv "$R_MEM" >"$out/p.tsv"
	$bin/tsvreport -m --source-path tests/data/rprof/r-4.2 "$out/p.tsv" \
	    >"$out/report.html" || { bad "tsvreport failed"; return; }
	cp tests/interop/report-test.js "$out/"
	page_test "$out/report.html" report-test.js "$out/result"
	grep '^top	' "$out/result" | cut -f 2- >"$out/got.top"
	$bin/tsvtop -q -m "$out/p.tsv" | tail -n +2 >"$out/want.top"
	same_lines want.top got.top "the page's table against tsvtop -m"
	grep '^peek	' "$out/result" | cut -f 2- >"$out/got.peek"
	# (the page marks a call inline as pprof: "(inline)", not TRUE)
	$bin/tsvpeek -q --table '^df_work$' "$out/p.tsv" | tail -n +2 | cut -f 2- |
	    awk -F'\t' -v OFS='\t' '{ if ($NF == "TRUE") $NF = "(inline)"
		else if ($NF == "FALSE") $NF = ""; print }' >"$out/want.peek"
	same_lines want.peek got.peek "df_work's callers and callees"
	n=$(grep -c '^fib	' "$out/want.top")
	hot=$($bin/tsvlist -q --source-path tests/data/rprof/r-4.2 '^df_work$' \
	    "$out/p.tsv" | awk -F'\t' 'NR > 1 && ($4 != "." || $5 != ".")' | wc -l)
	for want in "selected df_work" "hot lines $hot" "source shown" \
	    "hits $n $n of $(wc -l <"$out/want.top") functions" \
	    "graph Matched: 6.64%" "chart Matched: 6.64%" "views true false" \
	    "search buttons none none" \
	    "call graph true boxes $($bin/tsvgraph "$out/p.tsv" | dot -Tsvg | grep -c 'class="node"')" \
	    "errors 0"; do
		grep -qxF "$want" "$out/result" || bad "no '$want' in: $(grep -v '^top\|^peek' "$out/result" | tr '\n' '|')"
	done
}

# The rows under pprof's node fraction are a click away on the page: Go's
# go.cpu shows tsvtop's 122 rows, then, after "show all", the 180 of
# tsvtop --nodefraction=0; a search still marks the rows.
t_chromium_report_all_rows() {
	need chromium && need node || return
	f=tests/data/pprof/go-1.19/go.cpu.pb.gz
	$bin/tsvreport "$f" >"$out/report.html" || { bad "tsvreport failed"; return; }
	cat >"$out/all-test.js" <<'EOT'
(function () {
  var r = [];
  try {
    r.push('rows ' + document.querySelectorAll('#top tbody tr').length);
    document.getElementById('allrows').click();
    r.push('all ' + document.querySelectorAll('#top tbody tr').length);
    r.push('button ' + (document.getElementById('allrows') ? 'still' : 'gone'));
    window.report.search('^main\\.');
    r.push('hits ' + document.querySelectorAll('#top tr.hit').length);
  } catch (e) { window.reportErrors.push(String(e)); }
  r.push('errors ' + window.reportErrors.length);
  document.getElementById('result').textContent = r.join('\n');
})();
EOT
	page_test "$out/report.html" all-test.js "$out/got"
	a=$($bin/tsvtop -q "$f" | tail -n +2 | wc -l | tr -d ' ')
	b=$($bin/tsvtop -q --nodefraction=0 "$f" | tail -n +2 | wc -l | tr -d ' ')
	h=$($bin/tsvtop -q --nodefraction=0 "$f" | tail -n +2 | grep -c '^main\.')
	printf 'rows %s\nall %s\nbutton gone\nhits %s\nerrors 0\n' "$a" "$b" "$h" \
	    >"$out/want"
	same "$out/want" "the page's rows under the node fraction"
}

# The sandwich of a function on the page: its callers and its callees,
# each one level out, with the share of the function's total each has,
# are tsvpeek's; the boxes are drawn, a caller's box opens it.
t_chromium_report_sandwich() {
	need chromium && need node || return
	f=tests/data/pprof/go-1.19/go.cpu.pb.gz
	$bin/tsvreport "$f" >"$out/report.html" || { bad "tsvreport failed"; return; }
	cat >"$out/sw-test.js" <<'EOT'
(function () {
  var r = [], s, i, fn = 'runtime.mallocgc', b;
  function level1(what, t) {
    for (i = 0; i < t.kids.length; i++)
      r.push(what + '\t' + t.kids[i].name + '\t' +
        (t.kids[i].v / t.v * 100).toFixed(2));
  }
  try {
    window.report.choose(fn);
    s = window.report.sandwich(fn);
    level1('caller', s.callers);
    level1('callee', s.callees);
    r.push('boxes ' + (document.querySelectorAll('#detail .sw div').length > 0));
    b = document.querySelector('#detail .sw.up div:not(.me)');
    b.click();
    r.push('opened ' + (document.querySelector('#detail h2').textContent ===
      b.title.split('\n')[0]));
  } catch (e) { window.reportErrors.push(String(e)); }
  r.push('errors ' + window.reportErrors.length);
  document.getElementById('result').textContent = r.join('\n');
})();
EOT
	page_test "$out/report.html" sw-test.js "$out/got"
	{ $bin/tsvpeek -q --table '^runtime\.mallocgc$' "$f" |
	    awk -F'\t' '$2 == "caller" || $2 == "callee" { print $2 "\t" $3 "\t" $5 }' |
	    sort; printf 'boxes true\nopened true\nerrors 0\n'; } >"$out/want"
	{ grep '^calle[re]	' "$out/got" | sort; grep -v '^calle[re]	' "$out/got"; } \
	    >"$out/got.sorted"
	cmp -s "$out/want" "$out/got.sorted" ||
	    { bad "the sandwich of runtime.mallocgc is not tsvpeek's"; diff "$out/want" "$out/got.sorted" | head; }
}

# The sample type switch in the browser: a Go heap profile's page (its
# first type inuse_space), its menu set to alloc_space, inflates that
# type's views (the page's DecompressionStream): its table is tsvtop -t
# alloc_space's row for row,
# its flame graph tsvflame's total, and the graph's own script runs again
# (a search matches tsvflame's share); back to the first type, its table
# again and every frame of its graph (5 of heap2's 28 are under half a
# pixel, kept out of the document); alloc_space once more, its views as
# they were kept; no error. (Until every type was on the page, heap2's
# alloc_space was left out and the switch to it changed nothing.)
t_chromium_report_types() {
	need chromium && need node || return
	f=tests/data/pprof/go-labelled/heap2.pb.gz
	$bin/tsvreport "$f" >"$out/report.html" || { bad "tsvreport failed"; return; }
	cat >"$out/types-test.js" <<'EOT'
(function () {
  var r = [], sel = document.getElementById('type'), tries = 0;
  function rows(tag) {
    var trs = document.querySelectorAll('#top tbody tr'), i, j, c;
    for (i = 0; i < trs.length; i++) {
      c = [];
      for (j = 0; j < trs[i].cells.length; j++) c.push(trs[i].cells[j].textContent);
      r.push(tag + '\t' + c.join('\t'));
    }
  }
  function finish() {
    r.push('errors ' + window.reportErrors.length);
    document.getElementById('result').textContent = r.join('\n');
  }
  function when(type, then) {
    if (document.getElementById('meta').textContent.indexOf('type: ' + type) < 0 &&
        tries++ < 1000) { setTimeout(function () { when(type, then); }, 20); return; }
    then();
  }
  /* the type's other tables come after its table: the chosen
     function's callers and callees are there once all is in */
  function settled(then) {
    if (window.report.pending() > 0 && tries++ < 1000) {
      setTimeout(function () { settled(then); }, 20);
      return;
    }
    then();
  }
  /* a search of the graph once its inflated script is there */
  function searched(then) {
    window.report.search('^main\\.');
    if (document.getElementById('g-matched').textContent === '' &&
        tries++ < 1000) {
      setTimeout(function () { searched(then); }, 20);
      return;
    }
    then();
  }
  /* the chosen function's pane, drawn once its type's tables came */
  function peeked(then) {
    if (document.querySelectorAll('#detail table.peek tr').length === 0 &&
        tries++ < 1000) {
      setTimeout(function () { peeked(then); }, 20);
      return;
    }
    then();
  }
  try {
    window.report.choose('main.allocLarge');
    sel.value = 'alloc_space';
    sel.dispatchEvent(new Event('change'));
    when('alloc_space', function () { tries = 0; settled(function () { tries = 0; peeked(function () {
      try {
        r.push('peek ' + document.querySelectorAll('#detail table.peek tr').length);
        rows('top');
        window.report.show('graph');
        r.push('graph ' + document.getElementById('g-subtitle').textContent.split(';')[0]);
        tries = 0; searched(function () {
        r.push('matched ' + document.getElementById('g-matched').textContent);
        sel.value = 'inuse_space';
        sel.dispatchEvent(new Event('change'));
        tries = 0;
        when('inuse_space', function () {
          rows('first');
          r.push('frames ' + window.flames['g-'].frames.length);
          /* the second turn: the views kept as they were */
          sel.value = 'alloc_space';
          sel.dispatchEvent(new Event('change'));
          tries = 0;
          when('alloc_space', function () {
            rows('again');
            r.push('graph again ' + document.getElementById('g-subtitle').textContent.split(';')[0]);
            finish();
          });
        });
        });
      } catch (e) { window.reportErrors.push(String(e)); finish(); }
    }); }); });
  } catch (e) { window.reportErrors.push(String(e)); finish(); }
})();
EOT
	page_test "$out/report.html" types-test.js "$out/got"
	grep '^top	' "$out/got" | cut -f 2- >"$out/got.top"
	$bin/tsvtop -q -t alloc_space "$f" | tail -n +2 >"$out/want.top"
	same_lines want.top got.top "alloc_space's table against tsvtop -t alloc_space"
	grep '^first	' "$out/got" | cut -f 2- >"$out/got.first"
	$bin/tsvtop -q "$f" | tail -n +2 >"$out/want.first"
	same_lines want.first got.first "the first type's table, back"
	grep '^again	' "$out/got" | cut -f 2- >"$out/got.again"
	same_lines want.top got.again "alloc_space's table, chosen again"
	total=$($bin/tsvflame -t alloc_space "$f" | grep -o 'total [^;]*' | head -1)
	n=$($bin/tsvflame "$f" | grep -c '^<g class="f"')
	# the chosen function's rows of tsvpeek, and the header
	p=$($bin/tsvpeek --table --tree -t alloc_space "$f" |
	    grep -c '^main\.allocLarge	')
	for want in "graph $total" "graph again $total" "frames $n" \
	    "peek $((p + 1))" "errors 0"; do
		grep -qxF "$want" "$out/got" || bad "no '$want' in: $(grep -v '^top\|^first' "$out/got" | tr '\n' '|')"
	done
	grep -q '^matched Matched: [0-9.]*%$' "$out/got" ||
	    bad "the inflated flame graph's script did not search: $(grep '^matched' "$out/got")"
}

# The page's refine controls (refine.js) in the browser, which run the
# programs themselves (the page's engine, make wasm, on the stream it
# holds): a profile refined by each control in turn, and by a type of the
# menu while refined; after each, its top table (every row), its
# callers-and-callees table, its refined flame graph and chart (each
# frame's depth, name and value) and its refined call graph (the DOT it
# offers, line for line) are those of tsvfocus with the same options
# through tsvtop --nodefraction=0, tsvpeek --table --tree, tsvflame and
# tsvgraph run here; the call graph's boxes neither overlap nor leave the
# picture. Go's labelled CPU profile (string labels; RE2's (?i),
# [[:upper:]], \z; show from; the refinement kept in the page's address,
# and a page opened from such a link), its heap profile (numeric labels
# in ranges with units; inuse_space chosen while refined), R's, the eBPF
# profiler's OTLP profile (82 sources; its samples' times out of order),
# Go 1.19's (inline calls). Reset: the table is the whole profile's.
# "bytes=64:200kb" is no range for pprof (its bounds' units differ): a
# regular expression, matching nothing.
# each frame of an SVG of tsvflame's: depth, name, value
svg_frames() {
	awk '/^<g class="f"/ {
		match($0, /data-d="[0-9]+"/); d = substr($0, RSTART + 8, RLENGTH - 9)
		match($0, /data-v="[^"]*"/); v = substr($0, RSTART + 8, RLENGTH - 9)
		t = $0; sub(/.*<title>/, "", t); gsub(/&lt;/, "<", t)
		gsub(/&gt;/, ">", t); gsub(/&quot;/, "\"", t); gsub(/&amp;/, "\\&", t)
		print d "\t" t "\t" v }'
}

refine_case() {	# name profile steps; then "tag|type|tsvfocus options" lines
	name=$1 f=$2
	mkdir -p "$out/$name"
	$bin/tsvreport "$f" >"$out/$name/report.html" ||
	    { bad "tsvreport $f"; return; }
	{ printf 'window.refineSteps = %s;\n' "$3"; cat tests/interop/refine-test.js; } \
	    >"$out/$name/refine-test.js"
	sed -e 's|^<head>$|<head><script>window.reportErrors = []; window.onerror = function (m) { window.reportErrors.push(String(m)); };</script>|' \
	    -e 's|^</body>$|<pre id="result">not run</pre><script src="refine-test.js"></script></body>|' \
	    "$out/$name/report.html" >"$out/$name/test.html"
	timeout 120 node tests/interop/page-result.js "$out/$name/test.html" \
	    >"$out/$name/got" 2>"$out/$name/err" ||
	    { bad "$name: page-result.js: $(cat "$out/$name/err")"; return; }
	# a zoom draws what it widens, the frames given as data too
	grep '\.zoom	' "$out/$name/got" | grep -v ' drawn, 0 wrong$' |
	    while read -r l; do bad "$name: $l"; done
	grep -qx 'errors 0 ' "$out/$name/got" ||
	    bad "$name: the page threw: $(grep '^errors' "$out/$name/got")"
	last=
	while IFS='|' read -r tag type opts; do
		[ -n "$tag" ] || continue
		last=$type
		t=${type:+-t $type}
		eval "\$bin/tsvfocus $opts \"\$f\"" >"$out/$name/$tag.tsv" 2>/dev/null ||
		    { bad "$name: tsvfocus $opts"; continue; }
		$bin/tsvtop -q --nodefraction=0 $t "$out/$name/$tag.tsv" >"$out/$name/$tag.want.top"
		$bin/tsvpeek -q --table --tree $t "$out/$name/$tag.tsv" >"$out/$name/$tag.want.peek"
		$bin/tsvflame $t "$out/$name/$tag.tsv" | svg_frames \
		    >"$out/$name/$tag.want.graph"
		# the refined call graph's DOT: tsvgraph's, as the page's
		# own graph is made
		$bin/tsvgraph -T 'Call graph' $t "$out/$name/$tag.tsv" \
		    >"$out/$name/$tag.want.callgraph"
		grep "^$tag.cglayout	" "$out/$name/got" |
		    grep -v '	[0-9]* nodes, 0 overlapping, 0 outside$' |
		    while read -r l; do bad "$name: $l"; done
		# the chart: the first type's, whatever the menu shows
		$bin/tsvflame -C "$out/$name/$tag.tsv" 2>/dev/null | svg_frames \
		    >"$out/$name/$tag.want.chart"
		# its time axis: the first tick as tsvflame -C writes it
		a=$($bin/tsvflame -C "$out/$name/$tag.tsv" 2>/dev/null |
		    sed -n 's/.*<g id="axis"[^>]*><line[^>]*\/><text[^>]*>\([^<]*\)<.*/\1/p')
		g=$(sed -n "s/^$tag\.axis	//p" "$out/$name/got")
		[ "$a" = "$g" ] || bad "$name $tag: the refined chart's axis begins '$g', not '$a'"
		for part in ${parts:-top peek graph chart callgraph}; do
			grep "^$tag.$part	" "$out/$name/got" | cut -f 2- \
			    >"$out/$name/$tag.got.$part"
			# (a stream of no samples names no type for tsvgraph,
			# nor a total before the filters; the page names the
			# type it shows and its total, as pprof: "0, 0% of
			# 3.84MB total")
			grep -q 'label="Type: \\l' "$out/$name/$tag.want.$part" &&
			    sed -i 's/"Type: [^"\\]*/"Type: /g
				s/0% of [^ ]* total/0% of 0 total/' \
				"$out/$name/$tag.got.$part"
			[ -s "$out/$name/$tag.got.$part" ] ||
			    [ ! -s "$out/$name/$tag.want.$part" ] ||
			    { bad "$name $tag: the page shows no $part"; continue; }
			same_lines "$name/$tag.want.$part" "$name/$tag.got.$part" \
			    "$name refined by $opts${type:+ ($type)}: its $part"
		done
	done
	# (of the type the last step chose)
	case ${parts:-top} in *top*) ;; *) return ;; esac
	$bin/tsvtop -q --nodefraction=0 ${last:+-t $last} "$f" >"$out/$name/want.reset"
	grep '^reset.top	' "$out/$name/got" | cut -f 2- >"$out/$name/got.reset"
	same_lines "$name/want.reset" "$name/got.reset" "$name: reset, the whole table"
}

t_chromium_report_refine() {
	need chromium node || return
	refine_case cpu tests/data/pprof/go-labelled/cpu1.pb.gz null <<'EOT'
focus||-f 'main\.workA'
ignore||-i workB
hide||-H '^runtime\.'
show||-S '^main\.'
tagfocus||--tagfocus worker=b
tagignore||--tagignore size=big
both||-f 'main\.spin' --tagfocus worker=a
re2||-f '(?i)MAIN\.WORK[[:upper:]]\z'
showfrom||-r 'main\.main\.func2$' -H Preempt
EOT
	grep -qx 'address	#focus=main%5C.workA' "$out/cpu/got" ||
	    bad "the first refinement is not in the page's address: $(grep '^address' "$out/cpu/got")"
	# a link to a refined view opens refined
	sed 's/^window.refineSteps = null;/window.refineSteps = [];/' \
	    "$out/cpu/refine-test.js" >"$out/cpu/linked-test.js"
	sed 's/refine-test.js/linked-test.js/' "$out/cpu/test.html" >"$out/cpu/linked.html"
	timeout 120 node tests/interop/page-result.js \
	    "$out/cpu/linked.html#tagfocus=worker%3Db&showfrom=main%5C.main%5C.func2%24" \
	    >"$out/cpu/linked" 2>"$out/cpu/err" || bad "page-result.js: $(cat "$out/cpu/err")"
	grep '^hash.top	' "$out/cpu/linked" | cut -f 2- >"$out/cpu/linked.got"
	$bin/tsvfocus --tagfocus worker=b -r 'main\.main\.func2$' \
	    tests/data/pprof/go-labelled/cpu1.pb.gz 2>/dev/null |
	    $bin/tsvtop -q --nodefraction=0 >"$out/cpu/linked.want"
	same_lines cpu/linked.want cpu/linked.got "a page opened from a link to a refined view"
	refine_case heap tests/data/pprof/go-labelled/heap2.pb.gz '[
	    ["big", { tagfocus: "bytes=40kb:" }],
	    ["small", { tagfocus: "bytes=:1kb" }],
	    ["exact", { tagignore: "bytes=64" }],
	    ["inuse", { focus: "main\\.", tagfocus: "bytes=64:200kb" }, "inuse_space"],
	    ["objects", { hide: "^runtime\\." }, "inuse_objects"]]' <<'EOT'
big||--tagfocus bytes=40kb:
small||--tagfocus bytes=:1kb
exact||--tagignore bytes=64
inuse|inuse_space|-f 'main\.' --tagfocus bytes=64:200kb
objects|inuse_objects|-H '^runtime\.'
EOT
	# OpenTelemetry's eBPF profiler: 82 sources, samples timed out of
	# order (the chart's, refined, in the order of their times)
	refine_case otlp tests/data/otlp/pyroscope/otel-ebpf-profile.pb.bin '[
	    ["libc", { focus: "libc" }], ["kernel", { hide: "^finish_task_switch" }]]' <<'EOT'
libc||-f libc
kernel||-H '^finish_task_switch'
EOT
	# Go 1.19's CPU profile: calls into inlined frames, and a frame
	# whose caller hide or show takes out is no longer inlined
	parts=callgraph
	refine_case go119 tests/data/pprof/go-1.19/go.cpu.pb.gz '[
	    ["hide", { hide: "^runtime\\." }], ["hide2", { hide: "Swap|lock" }],
	    ["show", { show: "Swap|main" }]]' <<'EOF2'
hide||-H '^runtime\.'
hide2||-H 'Swap|lock'
show||-S 'Swap|main'
EOF2
	parts=
	refine_case r "$R_MEM" '[["focus", { focus: "^df_work$" }],
	    ["hide", { hide: "^(FUN|lapply)$" }]]' <<'EOT'
focus||-f '^df_work$'
hide||-H '^(FUN|lapply)$'
EOT
}

# tsvreport's page of large.cpu driven over the DevTools protocol
# (report-timings.js, which make bench runs for the figures): it opens,
# and a function chosen, a search, each view, a zoom, three refinements,
# the refined flame graph shown and zoomed (its narrow frames made from
# data), the refined chart and call graph shown, and the sample type
# switched all run without an error. Times
# are printed, not judged.
t_chromium_report_devtools() {
	need chromium node || return
	$bin/tsvreport -o "$out/large.html" \
	    tests/data/pprof/google-pprof/internal/proftest/testdata/large.cpu ||
	    { bad "tsvreport failed"; return; }
	timeout 300 node tests/interop/report-timings.js "$out/large.html" \
	    >"$out/timings" 2>"$out/err" || { bad "report-timings.js: $(cat "$out/err")"; return; }
	sed 's/^/    /' "$out/timings"
	for step in 'open (load event)' 'open (painted)' 'choose a function' \
	    search 'show graph' 'show chart' 'show callgraph' \
	    'zoom a flame graph frame' 'switch to samples' \
	    'refine: focus (first, the stacks inflated)' 'refine: hide' \
	    'refine: ignore and show' 'refine: show the refined graph' \
	    'refine: show the refined chart' \
	    'refine: show the refined call graph' \
	    'refine: zoom a refined flame graph frame' 'refine: reset' \
	    'switch to samples, every view' 'back to cpu'; do
		grep -q "^$step	[0-9]* ms\$" "$out/timings" || bad "no time for '$step'"
	done
	grep -qx 'errors	0' "$out/timings" || bad "the page threw: $(grep '^errors' "$out/timings")"
}

# Every view of tsvreport's page, of a Go, an R, a Java and an OTLP
# (eBPF: kernel and native frames) profile, shown in Chromium at 1300 x
# 900 and captured (report-views.js; the screenshots stay in the case's
# folder), and checked as far as a program can read what it shows: each
# view is on screen and fits the window's width (the call graph fitted,
# as pprof's page first shows it), the call graph refined too (laid out
# in the page, each node's lines inside its box); no text holds this clone's directory;
# the pictures' totals are in the unit the header names; every frame's
# label fits its box, and is its name or the start of it cut by an
# ellipsis; the function chosen in the table heads its pane, with its
# callers and callees and its sandwich; nothing thrown.
t_chromium_report_views() {
	need chromium node dot || return
	set -- "go|tests/data/pprof/go-1.19/go.cpu.pb.gz" \
	    "r|$R_MEM" \
	    "java|tests/data/pprof/google-pprof/profile/testdata/java.cpu" \
	    "otlp|tests/data/otlp/pyroscope/otel-ebpf-profile.pb.bin"
	for arg; do
		n=${arg%%|*}; f=${arg#*|}
		$bin/tsvreport -o "$out/$n.html" "$f" || { bad "tsvreport $f"; continue; }
		node tests/interop/report-views.js "$out/$n.html" "$out/$n" "$top" \
		    >"$out/$n.views" 2>"$out/err" ||
		    { bad "report-views.js $n: $(cat "$out/err")"; continue; }
		unit=$(awk '$1 == "header" { print $3 }' "$out/$n.views")
		[ -n "$unit" ] || bad "$n: the header names no unit"
		awk -v n="$n" -v unit="$unit" '
		    $2 == "shown" && $3 + 0 <= 0 { print n ": " $1 " not shown" }
		    $2 == "inside" && $3 != 1 { print n ": " $1 " wider than the window" }
		    $2 == "path" && $3 != 0 { print n ": " $1 " shows this clone'"'"'s directory" }
		    $2 == "unit" && $3 != "-" && $3 != unit { print n ": " $1 " in " $3 ", the header in " unit }
		    $2 == "labels" { split($3, l, "/")
			if (l[2] != 0) print n ": " $1 ": " l[2] " labels wider than their box"
			if (l[3] != 0) print n ": " $1 ": " l[3] " labels not their name"
			if (($1 == "graph" || $1 == "chart" || $1 == "rcallgraph") && l[1] == 0)
				print n ": " $1 " has no label" }
		    $2 == "detail" { split($3, d, "|")
			if (d[1] != d[2] || d[3] != "peek" || d[4] != "sandwich")
				print n ": the pane of " d[1] ": " $3 }
		    $1 == "errors" && $2 != 0 { print n ": the page threw: " $0 }
		' "$out/$n.views" >"$out/problems"
		[ -s "$out/problems" ] && bad "$(cat "$out/problems")"
		for v in top graph chart callgraph rcallgraph; do
			[ "$(wc -c <"$out/$n-$v.png" 2>/dev/null || echo 0)" -gt 10000 ] ||
			    bad "$n: no screenshot of $v"
		done
	done
	return 0
}

# One page's work recorded afresh by Chromium at once as the Profiler
# domain's .cpuprofile and as a trace with V8's CPU profiler category
# (issue 57): the trace's Inspector profile is the .cpuprofile sample for
# sample, and each function's hits are those node counts in the trace.
t_chromium_trace_recording() {
	need chromium node || return
	(cd tests/interop && timeout 120 node trace-record.js \
	    "$out/rec.trace.json" "$out/rec.cpuprofile") ||
	    { bad "trace-record.js failed"; return; }
	trace_same "$out/rec.trace.json" "$out/rec.cpuprofile"
	trace_hits "$out/rec.trace.json"
}

# speedscope_inputs: the files both speedscope view cases open (Go's CPU
# profile, .cpuprofiles of node and Chromium, perf script text), a line
# each; 1 when npm's speedscope is missing (said).
speedscope_inputs() {
	need chromium node || return 1
	npm=$top/build/tests/out/npm/node_modules
	[ -d "$npm/speedscope" ] || {
		echo "speedscope (npm: sh tools/deps.sh interop)" >>"$out/.missing"
		return 1
	}
	gzip -dc tests/data/cpuprofile/sucrase.cpuprofile.gz >"$out/sucrase.cpuprofile"
	gzip -dc tests/data/perf/clock/perf-clock-monotonic.txt.gz >"$out/perf.txt"
	printf '%s\n' tests/data/pprof/go-1.19/go.cpu.pb.gz "$out/sucrase.cpuprofile" \
	    tests/data/cpuprofile/chromium-trace/page.cpuprofile "$out/perf.txt" \
	    >"$out/inputs"
}

# speedscope_both VIEW FILE: speedscope's VIEW (speedscope.js) of FILE
# itself into $out/own, of tsv2speedscope's file of it into $out/ours;
# 1 (said) when either is not there.
speedscope_both() {
	$bin/tsv2speedscope "$2" >"$out/ours.json" </dev/null ||
	    { bad "tsv2speedscope $2"; return 1; }
	for k in own ours; do
		g=$2; [ $k = ours ] && g=$out/ours.json
		NODE_PATH=$npm timeout 180 node \
		    tests/interop/speedscope.js "$1" "$g" >"$out/$k" </dev/null ||
		    bad "speedscope's $1 of $g"
	done
	[ -s "$out/own" ] || { bad "speedscope's $1 of $2: nothing"; return 1; }
}

# speedscope's Sandwich view (issue 53): what tsv2speedscope writes, opened
# in speedscope (its npm package's page in Chromium), lists the rows
# speedscope lists opening the original itself: the same functions in
# the same order (by self), each total and self the same to the last
# digit it shows (its own import of a .cpuprofile adds microseconds as
# floats: one unit of that digit apart at most). Go's CPU profile (inline
# frames left out, as speedscope leaves them), a .cpuprofile of node and
# one of Chromium. perf script text: the same rows, in the same order;
# speedscope weighs a perf sample by the time to the next one, the
# stream by its event's period, as perf report does (0.9% apart here).
t_chromium_speedscope_sandwich() {
	speedscope_inputs || return
	while read -r f; do
		speedscope_both sandwich "$f" || continue
		exact=1
		case $f in *perf*) exact=0 ;; esac
		awk -F'\t' -v exact=$exact -v f="$f" '
		    # "1.10s (29%)" as nanoseconds, and one unit of its last digit
		    function ns(s) { sub(/ .*/, "", s); v = s + 0
			u = s; sub(/^[0-9.]+/, "", u)
			m = u == "s" ? 1e9 : u == "ms" ? 1e6 : u == "\302\265s" || u == "us" ? 1e3 : u == "min" ? 6e10 : u == "h" ? 3.6e12 : 1
			d = s; sub(/^[0-9]*\.?/, "", d); sub(/[^0-9].*/, "", d)
			unit = m / 10 ^ length(d); return v * m }
		    NR == FNR { tot[FNR] = $1; self[FNR] = $2; name[FNR] = $3; n = FNR; next }
		    { if (name[FNR] != $3) {
			printf "%s: row %d: speedscope of the original %s, of tsv2speedscope %s\n", f, FNR, name[FNR], $3; bad = 1; exit }
		      if (!exact) next
		      a = ns(tot[FNR]); ua = unit; b = ns($1)
		      c = ns(self[FNR]); uc = unit; dd = ns($2)
		      if (a - b > ua * 1.01 || b - a > ua * 1.01 || c - dd > uc * 1.01 || dd - c > uc * 1.01) {
			printf "%s: %s: %s %s of the original, %s %s of tsv2speedscope\n", f, $3, tot[FNR], self[FNR], $1, $2; bad = 1 } }
		    END { if (!bad && FNR != n) { printf "%s: %d rows, %d\n", f, n, FNR; bad = 1 }
			exit bad }' "$out/own" "$out/ours" >"$out/why" ||
		    bad "speedscope's Sandwich: $(head -3 "$out/why")"
	done <"$out/inputs"
}

# speedscope's Left Heavy view (issue 53): the frames it draws for what
# tsv2speedscope writes are those it draws opening the original itself,
# each layer's left to right, with their names, files and extents to the
# nanosecond (speedscope.js leftheavy): Go's CPU profile, a .cpuprofile
# of node (anonymous functions by file and line, ":0" where V8 says -1)
# and of Chromium. perf script text: the same frames, a function's file
# its binary as speedscope's perf import has it; their extents are
# weighed by the event's period, speedscope's by the time to the next
# sample (0.9% apart here), so only the frames are compared.
t_chromium_speedscope_leftheavy() {
	speedscope_inputs || return
	while read -r f; do
		speedscope_both leftheavy "$f" || continue
		case $f in
		*perf*)	for k in own ours; do
				cut -f1,4 "$out/$k" >"$out/$k.frames"
			done
			cmp -s "$out/own.frames" "$out/ours.frames" ||
			    bad "Left Heavy of $f: $(diff "$out/own.frames" "$out/ours.frames" | head -4)" ;;
		*)	cmp -s "$out/own" "$out/ours" ||
			    bad "Left Heavy of $f: $(diff "$out/own" "$out/ours" | head -4)" ;;
		esac
	done <"$out/inputs"
}

# speedscope's own Java Flight Recorder import (its 1.25): the Sandwich
# view of a recording lists what tsvtop -t cpu lists of it, every method
# with its self and total execution samples (speedscope names a method
# Class:method, its class first: no class name holds a colon): the JDK's
# recording and async-profiler's (tests/data/jfr), native frames too.
t_chromium_speedscope_jfr() {
	speedscope_inputs || return
	for f in tests/data/jfr/work.jfr tests/data/jfr/async-profiler.jfr; do
		NODE_PATH=$npm timeout 180 node tests/interop/speedscope.js \
		    sandwich $f </dev/null | awk -F'\t' '{
			t = $1; s = $2; sub(/ .*/, "", t); sub(/ .*/, "", s)
			gsub(/,/, "", t); gsub(/,/, "", s)
			n = $3; sub(/:/, ".", n); print n "\t" t "\t" s }' |
		    LC_ALL=C sort >"$out/want"
		$bin/tsvtop -t cpu --unit raw --nodefraction 0 -n 100000 -q $f |
		    awk -F'\t' 'NR > 1 { print $1 "\t" $4 "\t" $2 }' |
		    LC_ALL=C sort >"$out/got"
		[ -s "$out/want" ] || { bad "speedscope's Sandwich of $f: nothing"; continue; }
		same_lines want got "$(basename $f): speedscope's Sandwich, tsvtop's rows"
	done
}

# The report page's engine (make wasm) in the browser (issue 56): Chromium
# runs it by the page's own runner (lib/views/report/wasi.js), and each
# pipeline gives the programs' bytes, status and errors, as under node in
# make check's engine/views: R's memory profile and Go's CPU profile,
# plain and refined (tests/interop/engine-browser.js).
t_chromium_engine() {
	need chromium node || return
	[ -f "$top/build/wasm/engine.wasm" ] || { bad "no build/wasm/engine.wasm (make wasm)"; return; }
	$bin/rprof2tsv tests/data/rprof/r-4.2/memory-gc-line.out >"$out/r.tsv"
	$bin/pprof2tsv tests/data/pprof/go-labelled/cpu1.pb.gz >"$out/go.tsv"
	for f in r go; do
		# (words without blanks or shell characters: split alike
		# for both)
		for stages in "tsvtop" "tsvfocus -H spin -- tsvtop -c" \
		    "tsvfocus -f work -- tsvgraph" "tsvflame -C" \
		    "tsvpeek ."; do
			set -f
			# shellcheck disable=SC2086
			timeout 120 node tests/interop/engine-browser.js \
			    "$top/build/wasm/engine.wasm" "$out/$f.tsv" $stages \
			    >"$out/got" 2>"$out/err" ||
			    { bad "$f: $stages: $(cat "$out/err")"; set +f; continue; }
			{ native_pipeline "$stages" <"$out/$f.tsv" \
			    2>"$out/native.err"
			    echo "#status $?"; cat "$out/native.err"; } >"$out/want"
			set +f
			cmp -s "$out/want" "$out/got" ||
			    bad "$f: $stages: $(diff "$out/want" "$out/got" | head -4)"
		done
	done
}
