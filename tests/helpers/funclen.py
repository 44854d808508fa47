#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""funclen - the sizes HACKING.md bounds, for tests/shell/80-sizes.sh.

    funclen.py files  FILE...   "LINES FILE" for each file
    funclen.py funcs  FILE...   "LINES FILE NAME" for each function over 100 lines

A function is what lies between a line that is only "{" and the next line
that is only "}" (the kernel style this tree is formatted in); its name is
the last identifier before "(" on the nearest line above that starts with
an identifier and holds a "(". Its length counts both brace lines.
"""
import re
import sys

FUNC_MAX = 100


def funcs(path):
    lines = open(path, encoding='utf-8', errors='replace').read().split('\n')
    start = name = None
    for i, line in enumerate(lines):
        if line == '{' and i > 0:
            j = i - 1
            while j > 0 and not re.match(r'^[A-Za-z_].*\(', lines[j]):
                j -= 1
            m = re.search(r'([A-Za-z_0-9]+)\s*\(', lines[j])
            name = m.group(1) if m else '?'
            start = i
        elif line == '}' and start is not None:
            n = i - start + 1
            if n > FUNC_MAX:
                yield n, name
            start = None


def main(argv):
    if len(argv) < 2 or argv[1] not in ('files', 'funcs'):
        sys.stderr.write(__doc__)
        return 2
    for path in argv[2:]:
        if argv[1] == 'files':
            with open(path, encoding='utf-8', errors='replace') as f:
                print(sum(1 for _ in f), path)
        else:
            for n, name in funcs(path):
                print(n, path, name)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
