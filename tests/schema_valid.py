#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# schema_valid.py SCHEMA FILE: FILE is valid against SCHEMA (JSON Schema draft 2020-12,
# python3-jsonschema), the schemas of its directory known by their $id (spike.schema.json,
# which run and analyze refer to); the first errors as TAP notes. Status 0 valid, 1 not,
# 2 no validator.
import glob, json, os, sys
try:
    from jsonschema import Draft202012Validator as V
    from referencing import Registry, Resource
except ImportError:
    print("# no python3-jsonschema: cannot validate (apt-get install python3-jsonschema)")
    sys.exit(2)
schema = json.load(open(sys.argv[1]))
V.check_schema(schema)
reg = Registry()
for p in glob.glob(os.path.join(os.path.dirname(os.path.abspath(sys.argv[1])), "*.schema.json")):
    s = json.load(open(p))
    if "$id" in s:
        reg = reg.with_resource(s["$id"], Resource.from_contents(s))
errors = sorted(V(schema, registry=reg).iter_errors(json.load(open(sys.argv[2]))), key=str)
for e in errors[:5]:
    print("# %s: %s: %s" % (sys.argv[2], "/".join(map(str, e.absolute_path)) or "(top)",
                            e.message[:200]))
sys.exit(1 if errors else 0)
