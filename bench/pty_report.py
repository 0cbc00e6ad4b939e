"""Printing what the pty benchmark saw: sizes, times, and where a burst's bytes went."""

from __future__ import annotations

from ptyterm import Burst, decode


def kb(n: float) -> str:
    return f"{n / 1000:6.1f} KB"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:6.1f} ms"


def spans(rows: list[int]) -> str:
    """``[3, 4, 5, 9]`` -> ``"3-5,9"``."""
    out: list[list[int]] = []
    for r in rows:
        if out and out[-1][1] == r - 1:
            out[-1][1] = r
        else:
            out.append([r, r])
    return ",".join(f"{a}-{b}" if a != b else str(a) for a, b in out) or "none"


def frames_summary(burst: Burst, cols: int) -> str:
    """One clause per frame: when, how many bytes, which rows (and how many whole rows)."""
    parts = []
    for offset, data in burst.frames():
        d = decode(data)
        whole = len(d.full_rows(cols))
        parts.append(
            f"+{offset * 1000:.0f} ms {len(data):,} B rows {spans(sorted(d.cells))}"
            + (f" ({whole} whole)" if whole else "")
        )
    return "; ".join(parts) or "nothing"


def explain(label: str, burst: Burst, cols: int) -> None:
    """Where one burst's bytes went, frame by frame and row by row."""
    print(f"\n{label}: {burst.size:,} B in {len(burst.frames())} frame(s)")
    for offset, data in burst.frames():
        d = decode(data)
        print(
            f"  frame at +{offset * 1000:.0f} ms: {d.total:,} B = text {d.text:,}"
            f" + colour {d.colour:,} ({d.sgr_count} SGR) + cursor {d.moves:,} + other {d.other}"
        )
        for row in sorted(d.cells):
            cells = d.cells[row]
            span = f"cols {min(cells)}-{max(cells)}"
            if len(cells) >= cols:
                span += " (whole row)"
            text = d.row_text.get(row, "").strip()
            text = text if len(text) <= 60 else text[:57] + "..."
            print(f"    row {row:3}: {d.row_bytes.get(row, 0):5,} B {span:<24} {text}")
