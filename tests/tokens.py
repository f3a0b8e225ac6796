#!/usr/bin/env python3
"""tokens.py FILE...: prints each place of lib/ that formats a token of
input (a pointer with its length: a function's "const char *s, size_t n")
with a plain %s, which reads on to a NUL the token need not have (audit
B1); a token is printed as "%.*s" with its length. Exit 1 when any."""
import re
import sys

PARAM = re.compile(r'const\s+(?:char|uint8_t|unsigned\s+char)\s*\*\s*(\w+)\s*,'
                   r'\s*size_t\s+(n\w*|\w*len|\w*size)\b')
CALL = re.compile(r'\b(\w*(?:printf|perr_set|_fail|_bad|_warn|sbf|sqlf))\s*\(')
CONV = re.compile(r'%([-+ #0]*)(\*|\d+)?(?:\.(\*|\d+))?(hh|h|ll|l|z|j|t|L)?'
                  r'([diouxXeEfFgGaAcspn%])')


def args_of(text, start):
    """The top-level arguments of the call whose '(' is at start."""
    depth, cur, out, i, q = 0, '', [], start, None
    while i < len(text):
        c = text[i]
        if q:
            cur += c
            if c == '\\':
                cur += text[i + 1]
                i += 1
            elif c == q:
                q = None
        elif c in '"\'':
            q = c
            cur += c
        elif c in '([{':
            depth += 1
            if depth > 1:
                cur += c
        elif c in ')]}':
            depth -= 1
            if depth == 0:
                out.append(cur.strip())
                return out
            cur += c
        elif c == ',' and depth == 1:
            out.append(cur.strip())
            cur = ''
        else:
            cur += c
        i += 1
    return out


bad = 0
for path in sys.argv[1:]:
    text = open(path, encoding='utf-8', errors='replace').read()
    # a function: its name at the start of a line, its parameters, then
    # its body from a { to a } at the start of a line (style(9))
    for m in re.finditer(r'^(\w+)\(([^;{]*?)\)\s*\n\{(.*?)\n\}', text,
                         re.S | re.M):
        tokens = set(p[0] for p in PARAM.findall(m.group(2)))
        if not tokens:
            continue
        body = m.group(3)
        for c in CALL.finditer(body):
            args = args_of(body, c.end() - 1)
            fi = next((i for i, a in enumerate(args) if a.startswith('"')),
                      None)
            if fi is None:
                continue
            fmt = ''.join(re.findall(r'"((?:[^"\\]|\\.)*)"', args[fi]))
            k = fi + 1
            for conv in CONV.finditer(fmt):
                if conv.group(5) == '%':
                    continue
                k += (conv.group(2) == '*') + (conv.group(3) == '*')
                if (conv.group(5) == 's' and conv.group(3) is None and
                        k < len(args) and args[k] in tokens):
                    line = text[:m.start(3) + c.start()].count('\n') + 1
                    print('%s:%d: %s() formats the token %s with %%s' %
                          (path, line, m.group(1), args[k]))
                    bad = 1
                k += 1
sys.exit(bad)
