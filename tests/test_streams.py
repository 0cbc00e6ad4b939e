"""``export``, ``stats`` and ``log`` stream the events of the chapters asked for; what they
print is byte for byte what they printed when they built every event first (see
:mod:`tests.stream_outputs` for the samples and how the fingerprints were taken)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.stream_outputs import OUTPUTS, SAMPLES, copy_sample, key, run, runs

RECORDED = json.loads(OUTPUTS.read_text(encoding="utf-8"))


@pytest.mark.parametrize("sample", list(SAMPLES))
def test_streamed_output_is_what_the_commands_printed_before(sample: str, tmp_path: Path) -> None:
    root = copy_sample(sample, tmp_path)
    wrong = []
    for argv in runs():
        name = key(sample, argv)
        got = run(argv, root)
        if got != RECORDED[name]:
            wrong.append(f"{name}\n  was: {RECORDED[name]}\n  now: {got}")
    assert not wrong, "\n".join(wrong[:5])
