"""The standalone HTML pages Elysium writes (a chapter's recap, a character's sheet): one
look, the same head, no scripts, no external assets, every piece of text escaped."""

from __future__ import annotations

import html


def page_style(width: str, leading: str, h2_top: str, h3: str, extra: str) -> str:
    """The pages' shared stylesheet, a page's measure and headings, and its own rules."""
    return (
        "\nbody { font-family: Georgia, 'Times New Roman', serif; background: #17110f; "
        "color: #eadfd6;\n"
        f"       max-width: {width}; margin: 2rem auto; padding: 0 1.2rem; "
        f"line-height: {leading}; }}\n"
        "h1 { color: #d4a373; border-bottom: 2px solid #7f1d1d; padding-bottom: .3rem; }\n"
        f"h2 {{ color: #c08457; margin-top: {h2_top}; border-bottom: 1px solid #3f2a22; }}\n"
        f"h3 {{ color: #b39079; {h3} }}\n" + extra
    )


def page_head(title: str, lang: str, style: str) -> list[str]:
    """The page up to and with its title as the first heading."""
    e = html.escape
    return [
        "<!DOCTYPE html>",
        f'<html lang="{e(lang)}"><head><meta charset="utf-8">',
        f"<title>{e(title)}</title><style>{style}</style></head><body>",
        f"<h1>{e(title)}</h1>",
    ]
