"""What ``export``, ``stats`` and ``log`` print for the sample chronicles, as fingerprints.

The fingerprints in ``fixtures/streams/outputs.json`` were taken from the commands as they
were before they streamed their events (when each built every event of the chronicle
first); ``test_streams.py`` holds the streaming commands to them, byte for byte, stdout and
stderr. The samples: the demo (``saves/demo``), ``mixed`` (the demo, then undo and redo, a
third chapter, rolls with a specialty and with Willpower) and ``damaged`` (``mixed`` with a
flipped byte in a journal record and one in a closed chapter's entry, so the warnings are
compared too). Rebuild the fingerprints only when a change of wording is meant:
``python -m tests.store.stream_outputs``.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures" / "streams"
OUTPUTS = FIXTURES / "outputs.json"
SAMPLES = {
    "demo": HERE.parents[1] / "saves" / "demo",
    "mixed": FIXTURES / "mixed",
    "damaged": FIXTURES / "damaged",
}


def runs() -> list[list[str]]:
    """Every command line compared, with ``ROOT`` for the chronicle."""
    out = []
    for lang in ("en", "ru"):
        for chapter in ([], ["--chapter", "1"], ["--chapter", "2"], ["--chapter", "3"]):
            for fmt in ("md", "html"):
                out.append(["export", "ROOT", "--format", fmt, *chapter, "--lang", lang])
            for extra in ([], ["--json"]):
                out.append(["stats", "ROOT", *chapter, *extra, "--lang", lang])
                out.append(["log", "ROOT", *chapter, *extra, "--lang", lang])
    return out


def copy_sample(name: str, tmp: Path) -> Path:
    target = tmp / name
    shutil.copytree(SAMPLES[name], target)
    for path in [target, *target.rglob("*")]:
        path.chmod(0o700 if path.is_dir() else 0o600)
    return target


def run(argv: list[str], root: Path) -> dict[str, object]:
    """One command in this process: its status and the fingerprints of what it printed
    (the chronicle's path written as ROOT)."""
    from elysium.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main([str(root) if a == "ROOT" else a for a in argv])
    texts = [s.getvalue().replace(str(root), "ROOT") for s in (out, err)]
    return {
        "status": status,
        "stdout": hashlib.sha256(texts[0].encode()).hexdigest(),
        "stdout_chars": len(texts[0]),
        "stderr": hashlib.sha256(texts[1].encode()).hexdigest(),
        "stderr_chars": len(texts[1]),
    }


def key(sample: str, argv: list[str]) -> str:
    return f"{sample}: {' '.join(argv)}"


def main() -> int:
    import tempfile

    found = {}
    with tempfile.TemporaryDirectory() as tmp:
        for sample in SAMPLES:
            root = copy_sample(sample, Path(tmp))
            for argv in runs():
                found[key(sample, argv)] = run(argv, root)
    OUTPUTS.write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(found)} fingerprints written to {OUTPUTS}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
