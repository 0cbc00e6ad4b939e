"""``rename OLD NEW``: a character's new name, and every place the chronicle keeps them by it.

Characters are stored under their name's key (:func:`name_key`), and the fight, the open
extended actions, the forgiven botches and other characters' blood bonds refer to them by key
or by name. A rename rewrites all of them in one event, so undo takes the whole of it back and
everything keyed by the character keeps working afterwards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from elysium.chronicle.commands.common import Context, Outcome, find
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args
from elysium.chronicle.text import clean_name, name_key
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg
from elysium.rules.character import validate
from elysium.rules.sheet import Character


@runs("rename")
def cmd_rename(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("rename", words)
    key, c = find(ctx.state, args.take("what.name"))
    new_name = clean_name(args.take("what.new_name"))  # one word, or quoted: "Marcus the Elder"
    args.done()
    if not new_name:
        raise args.fail("rename.empty")
    new_key = name_key(new_name)
    state = ctx.state
    if new_key != key and new_key in state.characters:
        raise CommandError("rename.taken", name=state.characters[new_key].name)
    if new_name == c.name:
        raise CommandError("rename.same", name=c.name)
    renamed = validate(replace(c, name=new_name))
    chars: dict[str, Character] = {}
    for k, other in state.characters.items():
        if k == key:
            chars[new_key] = renamed
        else:
            chars[k] = _bonds_renamed(other, c.name, new_name)
    extended = {n: _action_renamed(a, key, new_key, new_name) for n, a in state.extended.items()}
    new_state = replace(
        state,
        characters=chars,
        combat=None if state.combat is None else _fight_renamed(state.combat, key, new_key),
        extended=extended,
        forgiven=frozenset(new_key if k == key else k for k in state.forgiven),
    )
    data = {"name": c.name, "new": new_name}
    return Outcome(new_state, "renamed", data, Msg("ack.renamed", old=c.name, new=new_name))


def _bonds_renamed(c: Character, old: str, new: str) -> Character:
    """Blood bonds are kept by the donor's name."""
    if old not in c.bonds:
        return c
    bonds = {(new if k == old else k): n for k, n in c.bonds.items()}
    return replace(c, bonds=bonds)


def _action_renamed(action: Mapping[str, Any], old: str, new: str, name: str) -> Mapping[str, Any]:
    """An open extended action (and its rival) rolled by the renamed character."""
    out = dict(action)
    if out.get("key") == old:
        out["key"], out["who"] = new, name
    vs = out.get("vs")
    if isinstance(vs, Mapping) and vs.get("key") == old:
        out["vs"] = {**vs, "key": new, "who": name}
    return out if out != action else action


def _fight_renamed(fight: Mapping[str, Any], old: str, new: str) -> dict[str, Any]:
    """The fight's every mention of the character's key (see ``validate_combat``'s shape)."""

    def one(k: Any) -> Any:
        return new if k == old else k

    def each(items: Any) -> list[Any]:
        return [one(k) for k in items or ()]

    def keyed(table: Any) -> dict[str, Any]:
        return {one(k): v for k, v in (table or {}).items()}

    out = dict(fight)
    for name in ("participants", "dazed", "declare_queue", "delayed", "done"):
        if name in out:
            out[name] = each(out[name])
    for name in ("init", "declared", "defences", "standing", "attacks"):
        if name in out:
            out[name] = keyed(out[name])
    if "order" in out:
        out["order"] = [each(group) for group in out["order"]]
    if "queue" in out:
        slots = []
        for slot in out["queue"]:
            slot = {**slot, "who": one(slot["who"])}
            if slot.get("with") is not None:
                slot["with"] = each(slot["with"])
            slots.append(slot)
        out["queue"] = slots
    if "current" in out:
        out["current"] = one(out["current"])
    return out
