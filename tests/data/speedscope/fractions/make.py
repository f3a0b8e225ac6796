#!/usr/bin/env python3
"""make.py: writes the speedscope files of this folder, in the shapes the
producers write (py-spy cannot run here: no PyPI), from a fixed seed:

  pyspy-seconds.speedscope.json    sampled, unit seconds, weights 0.01 as
                                   py-spy writes at 100 Hz (its exporter's
                                   keys; frames with file and line)
  dotnet-ms.speedscope.json        evented, unit milliseconds, times with
                                   fractions as dotnet-trace writes them
  pyinstrument-seconds.speedscope.json  evented, unit seconds, as
                                   pyinstrument's speedscope renderer
Run it again to make them anew: python3 make.py
"""
import json
import random

rng = random.Random(20261129)
frames = [
    {"name": "<module>", "file": "app.py", "line": 1, "col": None},
    {"name": "main", "file": "app.py", "line": 40, "col": None},
    {"name": "parse", "file": "app/parse.py", "line": 12, "col": None},
    {"name": "tokenize", "file": "app/parse.py", "line": 88, "col": None},
    {"name": "render", "file": "app/render.py", "line": 5, "col": None},
    {"name": "sha256", "file": "hashlib.py", "line": 200, "col": None},
]
stacks = [[0, 1, 2, 3], [0, 1, 2], [0, 1, 4], [0, 1, 4, 5], [0, 1]]
samples, weights = [], []
for _ in range(1234):
    samples.append(rng.choice(stacks))
    weights.append(0.01)
json.dump({
    "$schema": "https://www.speedscope.app/file-format-schema.json",
    "profiles": [{"type": "sampled", "name": "python app.py", "unit": "seconds",
                  "startValue": 0.0, "endValue": sum(weights),
                  "samples": samples, "weights": weights}],
    "shared": {"frames": frames}, "activeProfileIndex": 0,
    "exporter": "py-spy@0.3.14", "name": "py-spy profile"},
    open("pyspy-seconds.speedscope.json", "w"))


def evented(unit, step, n, name, exporter):
    ev, at, open_ = [], 0.0, []
    for _ in range(n):
        want = rng.choice(stacks)
        k = 0
        while k < len(open_) and k < len(want) and open_[k] == want[k]:
            k += 1
        while len(open_) > k:
            ev.append({"type": "C", "frame": open_.pop(), "at": round(at, 6)})
        for f in want[k:]:
            ev.append({"type": "O", "frame": f, "at": round(at, 6)})
            open_.append(f)
        at += step * rng.uniform(0.5, 1.5)
    while open_:
        ev.append({"type": "C", "frame": open_.pop(), "at": round(at, 6)})
    return {"$schema": "https://www.speedscope.app/file-format-schema.json",
            "profiles": [{"type": "evented", "name": name, "unit": unit,
                          "startValue": 0, "endValue": round(at, 6),
                          "events": ev}],
            "shared": {"frames": frames}, "exporter": exporter,
            "name": name}


json.dump(evented("milliseconds", 0.9876, 700, "Thread (42)",
                  "dotnet-trace"), open("dotnet-ms.speedscope.json", "w"))
json.dump(evented("seconds", 0.001234, 800, "app.py", "pyinstrument"),
          open("pyinstrument-seconds.speedscope.json", "w"))
