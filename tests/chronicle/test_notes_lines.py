"""A character's notes keep their lines: a newline inside the quotes of ``set NAME notes``
(what F3 and Ctrl+G's ``$EDITOR`` send) is part of the notes. One outside quotes still parts
words, and a word that names something (a character, a clan, a label) folds it to a space."""

from __future__ import annotations

from elysium.chronicle.session import Session


def test_quoted_notes_keep_their_lines_and_names_fold_them(coterie: Session) -> None:
    coterie.execute('set Marcus notes "first\nsecond line\nтретья: «ёж»"')
    assert coterie.state.characters["marcus"].notes == "first\nsecond line\nтретья: «ёж»"
    coterie.execute("set Marcus\nnotes 'one\ntwo'")  # the newline outside quotes: a space
    assert coterie.state.characters["marcus"].notes == "one\ntwo"
    coterie.execute('rename Marcus "Marcus\nthe Elder"')
    assert "marcus the elder" in coterie.state.characters
    coterie.execute('condition "Marcus the Elder" "Dom\ninated" 2 turns')
    tag = coterie.state.characters["marcus the elder"].conditions[0]
    assert tag.label == "Dom inated"
