#!/usr/bin/env python3
"""Prints the symbols of BINARY that the callgrind profiles ran, one per line (see make-link-order.sh).

Callgrind names C++ functions demangled; the binary's symbol table is read both ways (nm, nm -C)
and matched by address, so the list holds the linker's (mangled) names.
"""
import re
import subprocess
import sys

binary, profiles = sys.argv[1], sys.argv[2:]
name_pattern = re.compile(r'^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$')

ran = set()
for path in profiles:
    objects, names, owners = {}, {}, {}
    current_ob = current_cob = None
    with open(path, errors='replace') as f:
        for line in f:
            m = name_pattern.match(line.rstrip('\n'))
            if not m:
                continue
            kind, ident, name = m.groups()
            if kind in ('ob', 'cob'):
                if name:
                    objects[ident] = name
                if kind == 'ob':
                    current_ob, current_cob = objects.get(ident), None
                else:
                    current_cob = objects.get(ident)
            else:
                if name:
                    names[ident] = name
                owner = current_ob if kind == 'fn' else (current_cob or current_ob)
                owners.setdefault(ident, set()).add(owner)
    for ident, objs in owners.items():
        if ident in names and any(o and o.endswith('/tessera') for o in objs):
            # callgrind marks recursion levels as name'2.
            ran.add(re.sub(r"'\d+$", '', names[ident]))

def symbols(demangle):
    args = ['nm', '--defined-only'] + (['-C'] if demangle else []) + [binary]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    rows = []
    for line in out.splitlines():
        parts = line.split(' ', 2)
        if len(parts) == 3 and parts[1] in 'tTwW':
            rows.append((parts[0], parts[2]))
    return rows

mangled = symbols(False)
demangled = dict(symbols(True))
seen = set()
for address, name in mangled:
    if name in seen:
        continue
    if name in ran or demangled.get(address) in ran:
        seen.add(name)
        print(name)
