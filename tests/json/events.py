# events.py FILE: what Python's json module (strict: no NaN, no control
# characters in strings) reads in FILE, as tests/unit/json_probe.c prints
# what lib/formats/json reads: values one after another, separated by
# JSON's white space; after a refusal, "ERROR" (the events before it are
# not compared: the two readers stop at different points).
import json
import sys


def refuse(x):
    raise ValueError(x)


def hexed(s):
    # a lone surrogate (\ud800) as U+FFFD, as the reader writes it
    b = s.encode('utf-16-le', 'surrogatepass')
    return b.decode('utf-16-le', 'replace').encode('utf-8').hex()


def walk(v, out):
    if v is None:
        out.append('null')
    elif v is True:
        out.append('true')
    elif v is False:
        out.append('false')
    elif isinstance(v, tuple):
        out.append('num ' + v[1])
    elif isinstance(v, str):
        out.append('str ' + hexed(v))
    elif isinstance(v, dict):
        out.append('{')
        for k, x in v['pairs']:
            out.append('key ' + hexed(k))
            walk(x, out)
        out.append('}')
    else:
        out.append('[')
        for x in v:
            walk(x, out)
        out.append(']')


def main():
    out = []
    dec = json.JSONDecoder(object_pairs_hook=lambda p: {'pairs': p},
                           parse_float=lambda s: ('n', s),
                           parse_int=lambda s: ('n', s),
                           parse_constant=refuse, strict=True)
    try:
        text = open(sys.argv[1], 'rb').read().decode('utf-8')
        i = 0
        while True:
            while i < len(text) and text[i] in ' \t\n\r':
                i += 1
            if i == len(text):
                break
            v, i = dec.raw_decode(text, i)
            walk(v, out)
            out.append('end')
    except ValueError:
        out = ['ERROR']
    for line in out:
        print(line)


main()
