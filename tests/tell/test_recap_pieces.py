"""The recap is written in pieces as it is told; together they are the text it always was:
its lines joined by newlines, the whitespace at the end taken off (Markdown) and one newline
after."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from elysium.tell.recap import joined_lines
from tests.conftest import sized

LINES = st.lists(st.lists(st.sampled_from(["", " ", "a", "b ", " \t", "- c", "\n"]), max_size=4))


@settings(max_examples=sized(200, 1000), deadline=None)
@given(LINES)
def test_the_pieces_make_the_whole_text(chunks: list[list[str]]) -> None:
    lines = [line for chunk in chunks for line in chunk]
    assert "".join(joined_lines(chunks, strip=True)) == "\n".join(lines).rstrip() + "\n"
    assert "".join(joined_lines(chunks, strip=False)) == "\n".join(lines) + "\n"


@settings(max_examples=sized(200, 1000), deadline=None)
@given(st.text(alphabet=st.sampled_from(["a", "é", " ", *"\\`*_{}[]<>#|!~"]) | st.characters()))
def test_markdown_escapes_each_markup_character_with_a_backslash(text: str) -> None:
    from elysium.tell.recap import md

    assert md(text) == "".join("\\" + c if c in "\\`*_{}[]<>#|!~" else c for c in text)
