#!/usr/bin/env python3
"""Writes Tests/Fixtures/bad-state/: one malformed state file per way a file goes bad.

The files are committed; this script documents how each was made and re-creates them. The two
huge cases (a 100 MB file, a 32 MB title) are not committed: the tests generate them.
Expected messages live next to them in expected-messages.txt (one "file: message" per line).
"""
import json, os, sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
out = os.path.join(root, "Tests", "Fixtures", "bad-state")
os.makedirs(out, exist_ok=True)

def item(i, **kw):
    d = {"id": i, "title": i.upper(), "kind": "item"}
    d.update(kw)
    return d

def doc(items, version=1, extra_sections=()):
    return {"version": version, "sections": [{"id": "today", "title": "Today", "items": items}, *extra_sections]}

good = doc([item("a"), item("b", color="#4a90e2", aspect=1.5),
            {"id": "f", "title": "F", "kind": "folder", "children": [item("c"), item("d")]}],
           extra_sections=[{"id": "later", "title": "Later", "items": [item("e", done=True)]}])
good_text = json.dumps(good, indent=2, ensure_ascii=False)

def dump(d):
    return json.dumps(d, ensure_ascii=False).encode()

cases = {
    # Cut off by a crash of some other writer, or a disk full.
    "truncated-half.json": good_text.encode()[: len(good_text) // 2],
    "truncated-in-string.json": b'{"version": 1, "sections": [{"id": "today", "title": "To',
    "truncated-after-key.json": b'{"version": 1, "sections": [{"id": "today", "title": "Today", "items":',
    "empty.json": b"",
    "whitespace-only.json": b"  \n\t\n",
    "not-json.json": b"state: today\n  - photos\n",
    "trailing-garbage.json": dump(good) + b"\n}}",
    "nul-bytes.json": b"\x00" * 64,
    # Wrong types.
    "top-level-array.json": b"[1, 2, 3]",
    "version-string.json": dump({"version": "1", "sections": []}),
    "version-fraction.json": dump({"version": 1.5, "sections": []}),
    "sections-object.json": dump({"version": 1, "sections": {"today": []}}),
    "title-number.json": dump(doc([item("a", title=7)])),
    "title-null.json": dump(doc([item("a", title=None)])),
    "done-string.json": dump(doc([item("a", done="yes")])),
    "aspect-string.json": dump(doc([item("a", aspect="wide")])),
    "children-object.json": dump(doc([{"id": "f", "title": "F", "kind": "folder", "children": {"c": item("c")}}])),
    # Missing or unknown fields and values.
    "missing-version.json": dump({"sections": []}),
    "missing-kind.json": dump(doc([{"id": "a", "title": "A"}])),
    "unknown-kind.json": dump(doc([item("a", kind="widget")])),
    "unknown-version-2.json": dump(doc([item("a")], version=2)),
    "unknown-version-0.json": dump(doc([item("a")], version=0)),
    "bad-color.json": dump(doc([item("a", color="red")])),
    "aspect-out-of-range.json": dump(doc([item("a", aspect=50)])),
    "number-out-of-range.json": b'{"version": 1, "sections": [{"id": "s", "title": "S", "items": [{"id": "a", "title": "A", "kind": "item", "aspect": 1e400}]}]}',
    "empty-id.json": dump(doc([item("")])),
    # Identity rules.
    "duplicate-ids.json": dump(doc([item("a"), item("b"), item("a")])),
    "duplicate-ids-across-sections.json": dump(doc([item("a")], extra_sections=[{"id": "later", "title": "L", "items": [item("a")]}])),
    "duplicate-id-child-and-top.json": dump(doc([{"id": "f", "title": "F", "kind": "folder", "children": [item("a")]}, item("a")])),
    "duplicate-section-ids.json": dump({"version": 1, "sections": [{"id": "s", "title": "S", "items": []}, {"id": "s", "title": "T", "items": []}]}),
    "duplicate-key.json": b'{"version": 1, "sections": [], "version": 1}',
    "duplicate-key-escaped.json": b'{"version": 1, "sections": [], "vers\\u0069on": 2}',
    # Folder rules.
    "folder-in-folder.json": dump(doc([{"id": "f", "title": "F", "kind": "folder", "children": [
        {"id": "g", "title": "G", "kind": "folder", "children": [item("a")]}]}])),
    "empty-folder.json": dump(doc([{"id": "f", "title": "F", "kind": "folder", "children": []}])),
    "folder-without-children.json": dump(doc([{"id": "f", "title": "F", "kind": "folder"}])),
    "children-on-plain-item.json": dump(doc([item("a", children=[item("b")])])),
    # Encoding.
    "invalid-utf8-in-title.json": dump(doc([item("a", title="Photos XX")])).replace(b"XX", b"\xff\xfe"),
    "invalid-utf8-overlong.json": dump(doc([item("a", title="slash XX")])).replace(b"XX", b"\xc0\xaf"),
    "invalid-utf8-surrogate.json": dump(doc([item("a", title="half XXX")])).replace(b"XXX", b"\xed\xa0\x80"),
    "utf16.json": good_text.encode("utf-16"),
    "utf8-bom.json": b'\xef\xbb\xbf{"version":1,"sections":[]}',
    "lone-surrogate-escape.json": b'{"version": 1, "sections": [{"id": "s", "title": "\\ud800", "items": []}]}',
    "control-character.json": b'{"version": 1, "sections": [{"id": "s", "title": "tab\there", "items": []}]}',
    "bad-escape.json": b'{"version": 1, "sections": [{"id": "s", "title": "C:\\Users", "items": []}]}',
    # Sizes and depth.
    "huge-title.json": dump(doc([item("a", title="x" * 5000)])),
    "huge-id.json": dump(doc([item("i" * 1000)])),
    "huge-icon.json": dump(doc([item("a", icon="icon" * 100)])),
    "deep-nesting.json": b"[" * 20000 + b"]" * 20000,
    "deep-nesting-in-items.json": b'{"version": 1, "sections": [{"id": "s", "title": "S", "items": ' + b"[" * 600 + b"]" * 600 + b"}]}",
}

for name, data in cases.items():
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)
print(f"wrote {len(cases)} files to {os.path.relpath(out, root)}", file=sys.stderr)
