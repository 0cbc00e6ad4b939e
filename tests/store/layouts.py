"""A closed chapter's file laid out otherwise than Elysium writes it, each layout sound JSON
that a whole read takes: what the stream and the search must read as the whole read does."""

from __future__ import annotations

import json


def layouts(raw: bytes) -> dict[str, bytes]:
    """The closed chapter's file laid out otherwise: each is sound JSON a whole read takes."""
    doc = json.loads(raw)
    entries = list(doc["events"].items())
    bare = {"events": {k: v["e"] for k, v in entries}}  # format 1: bare events, no header
    swapped = dict(doc, events=dict(entries[1:2] + entries[:1] + entries[2:]))
    return {
        "as written": raw,
        "indented": json.dumps(doc, indent=1, ensure_ascii=False).encode(),
        "one line": json.dumps(doc, ensure_ascii=False).encode(),
        "format 1": json.dumps(bare, ensure_ascii=False).encode(),
        "entries out of order": raw.replace(b"\n", b"\n", 1)
        if len(entries) < 2
        else json.dumps(swapped, ensure_ascii=False).encode(),
        "no trailing newline": raw.rstrip(b"\n"),
        # Laid out as written until the fourth entry, which spans two lines.
        "one entry split": raw.replace(b'\n"4":{"c":', b'\n"4":\n{"c":'),
    }
