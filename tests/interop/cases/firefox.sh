# firefox: Debian's Firefox ESR, headless, its profiler on from startup
# (MOZ_PROFILER_STARTUP) and its profile written at shutdown
# (MOZ_PROFILER_SHUTDOWN), of a page whose JavaScript spins.

# The Gecko profile Firefox writes: every thread's samples and its
# JavaScript functions' own, as node reads the JSON, are firefox2tsv's
# (firefox_counts, tests/lib.sh); the page's two functions are there,
# spinHot the hotter.
t_firefox_gecko_recording() {
	need firefox-esr node || return
	d=$out/ff
	mkdir -p "$d/profile" "$d/home"
	cat >"$d/page.html" <<'HTML'
<!DOCTYPE html><html><body><script>
let s = 0;
function spinHot(n) { for (let i = 0; i < n; i++) s += (i * i) % 7; }
function spinWarm(n) { for (let i = 0; i < n; i++) s ^= i; }
const end = Date.now() + 1500;
while (Date.now() < end) { spinHot(300000); spinWarm(100000); }
document.body.textContent = 'done ' + s;
</script></body></html>
HTML
	HOME=$d/home MOZ_HEADLESS=1 MOZ_PROFILER_STARTUP=1 \
	    MOZ_PROFILER_STARTUP_FEATURES=js,stackwalk \
	    MOZ_PROFILER_SHUTDOWN=$d/gecko.json timeout 120 firefox-esr \
	    --headless --no-remote --profile "$d/profile" \
	    --screenshot "$d/shot.png" --window-size=800,600 \
	    "file://$d/page.html" >"$d/log" 2>&1
	[ -s "$d/gecko.json" ] ||
	    { bad "Firefox wrote no profile: $(tail -3 "$d/log")"; return; }
	firefox_counts "$d/gecko.json"
	$bin/tsvtop -q --nodefraction 0 -n 100000 "$d/gecko.json" |
	    awk -F'\t' '$1 == "spinHot" || $1 == "spinWarm" { print $1 }' \
	    >"$out/got"
	printf 'spinHot\nspinWarm\n' >"$out/want"
	same "$out/want" "the page's functions, spinHot the hotter"
}
