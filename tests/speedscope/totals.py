#!/usr/bin/env python3
"""totals.py FILE FACTOR: the total of a speedscope file's first profile,
read here from its JSON (not by the suite), each sample's weight (or, in
an evented profile, each interval's length while a frame is open) times
FACTOR and rounded, as an integer: what a writer that keeps fractions
in the finer unit must give."""
import json
import sys

doc = json.load(open(sys.argv[1]))
factor = float(sys.argv[2])
p = doc["profiles"][0]
total = 0
if p["type"] == "sampled":
    for w in p["weights"]:
        total += round(w * factor)
else:
    depth = 0
    ev = p["events"]
    for i, e in enumerate(ev):
        depth += 1 if e["type"] == "O" else -1
        if depth > 0 and i + 1 < len(ev):
            total += round((ev[i + 1]["at"] - e["at"]) * factor)
print(total)
