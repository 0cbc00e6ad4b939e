"""A Foundry VTT actor of the World of Darkness 20th system as the importer's entry.

Storytellers keep sheets in Foundry; its actor export (``Export Data`` on an actor) is a JSON
object with ``type``, ``system`` and ``items``. This turns a Vampire or Mortal actor into
the table :mod:`elysium.chronicle.importer` builds a character from, and lists, as message
keys, what of the actor has no place on Elysium's sheet, so the Storyteller knows what to
copy by hand. The field names are the system's ``template.json`` (``system.attributes``,
``system.abilities``, ``system.advantages``, ``system.health.damage``); older versions nest
the Abilities under ``talent``, ``skill`` and ``knowledge`` and keep the Virtues and the Path
outside ``advantages``: both layouts are read.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from typing import Any

from elysium.chronicle.errors import CommandError
from elysium.chronicle.foundry_values import (
    SHOWN,
    actor_items,
    item_name,
    item_type,
    table,
    text_at,
    whole,
)
from elysium.chronicle.text import clean_name, clean_text
from elysium.i18n.message import Msg
from elysium.rules.errors import RulesError
from elysium.rules.traits import (
    ATTRIBUTES,
    CONSCIENCE,
    CONVICTION,
    COURAGE,
    HUMANITY,
    INSTINCT,
    SELF_CONTROL,
    V20_ABILITIES,
    V20_BACKGROUNDS,
    V20_DISCIPLINES,
    closest,
    normalise,
)

# The actor types Elysium has a sheet for; a Werewolf or a Mage is refused.
ACTOR_KINDS = {"Vampire": "vampire", "Mortal": "mortal"}
GHOUL = "ghoul"  # the Mortal actor's variant
DISCIPLINE = "wod.types.discipline"
BACKGROUND = "wod.types.background"
MERIT, FLAW = "wod.types.merit", "wod.types.flaw"
XP_GAINED, XP_SPENT = "wod.types.expgained", "wod.types.expspent"
ABILITY_GROUPS = ("talent", "skill", "knowledge")  # the older, nested layout
# Foundry writes Ability keys run together (``animalken``); its older versions say ``craft``.
FOUNDRY_ABILITIES = {k.replace("-", ""): k for k in V20_ABILITIES} | {"craft": "crafts"}
# A Virtue's label says when it is the Path's alternative (Conviction, Instinct).
VIRTUES = {
    "conscience": (CONSCIENCE, {"conviction": CONVICTION}),
    "selfcontrol": (SELF_CONTROL, {"instinct": INSTINCT}),
    "courage": (COURAGE, {}),
}
PATH_LABEL = "wod.advantages.path."
# The Paths of Enlightenment the system names by key (its lang/en.json, ``wod.advantages.path``).
PATHS = {
    "blood": "Path of Blood",
    "bones": "Path of the Bones",
    "caine": "Path of Caine",
    "cathari": "Path of Cathari",
    "feralheart": "Path of the Feral Heart",
    "accord": "Path of Honorable Accord",
    "lilith": "Path of Lilith",
    "metamorphosis": "Path of Metamorphosis",
    "night": "Path of Night",
    "paradox": "Path of Paradox",
    "innervoice": "Path of Power and the Inner Voice",
    "typhon": "Path of Typhon",
}
CLAN_LABEL = "wod.bio.vampire."
CLANS = {"set": "Followers of Set"}  # the one clan whose key is not its name
SECTS = {
    "camarilla": "Camarilla",
    "sabbat": "Sabbat",
    "anarch": "Anarch Movement",
    "independent": "Independent",
    "blackhand": "The True Black Hand",
    "inconnu": "Inconnu",
}
DISCIPLINE_POWER = "wod.types.disciplinepower"  # a power of a Discipline: its rating is kept
# Attributes of the other World of Darkness games, at their blank value unless used.
BLANK_ATTRIBUTE = 1
# Words of the biography Elysium has no field for; said when they hold something.
UNKEPT_TEXT = ("concept", "sire", "sect", "player", "appearance", "background")
DERANGEMENTS = re.compile(r"[,;\n]")  # the one text field holds them all
TAG = re.compile(r"<[^>]*>")
LINE_BREAK = re.compile(r"<br\s*/?>|</p>|</div>|</li>", re.IGNORECASE)


def is_actor(data: object) -> bool:
    """A Foundry actor export: a ``system`` table beside a ``type`` (Elysium's own files
    hold ``characters``)."""
    return isinstance(data, Mapping) and isinstance(data.get("system"), Mapping) and "type" in data


def actor_entry(actor: Mapping[str, Any]) -> tuple[dict[str, Any], list[Msg]]:
    """The importer's entry for one actor, and a line for each thing left out."""
    kind = ACTOR_KINDS.get(str(actor.get("type")))
    if kind is None:
        raise CommandError(
            "import.foundry_type", type=str(actor.get("type"))[:SHOWN], types=list(ACTOR_KINDS)
        )
    system = table(actor, "system")
    if kind == "mortal" and table(system, "settings").get("variant") == GHOUL:
        kind = "ghoul"  # a Mortal actor with the ghoul variant: blood and Disciplines
    name = actor.get("name")
    entry: dict[str, Any] = {"name": name if isinstance(name, str) else "", "kind": kind}
    skipped: list[Msg] = []
    items = actor_items(actor)
    if kind == "vampire":
        entry.update(_vampire(system))
    pool = _advantage(system, "bloodpool")
    if pool is not None and kind != "mortal":
        entry["blood"] = {"current": whole(pool, "temporary", 0, "bloodpool")}
    entry["attributes"], entry["specialties"] = _attributes(system, skipped)
    abilities, specialties = _abilities(system, skipped)
    entry["abilities"] = abilities
    entry["specialties"].update(specialties)
    entry.update(_advantages(system))
    entry["health"] = _health(system)
    for key in ("nature", "demeanor"):
        text = text_at(system, key)
        if text:
            entry["nature" if key == "nature" else "demeanour"] = text
    derangements = [clean_name(d) for d in DERANGEMENTS.split(text_at(system, "derangement"))]
    if any(derangements):
        entry["derangements"] = [d for d in derangements if d]
    notes = _notes(text_at(system, "notes", multiline=True))
    if notes:
        entry["notes"] = notes
    entry["disciplines"] = _disciplines(items)
    entry["backgrounds"] = _backgrounds(items, skipped)
    entry["xp"] = _experience(items)
    merits, flaws = merits_and_flaws(actor)
    skipped += [Msg("import.foundry_merit", name=m["name"], points=m["points"]) for m in merits]
    skipped += [Msg("import.foundry_flaw", name=f["name"], points=f["points"]) for f in flaws]
    skipped += _unkept(system, items)
    specialties = entry["specialties"]
    for trait, text in list(specialties.items()):
        rating = entry["attributes"].get(trait, entry["abilities"].get(trait, 0))
        if rating < 4:  # V20 p. 101: a specialty needs four dots; Foundry does not check
            del specialties[trait]
            skipped.append(Msg("import.foundry_specialty", trait=trait, text=text, rating=rating))
    return entry, skipped


def _notes(text: str) -> str:
    """The notes' words without the editor's HTML: a paragraph or a break is a new line,
    and what an entity spells is cleaned like any text (``&#27;`` is no escape)."""
    plain = html.unescape(TAG.sub("", LINE_BREAK.sub("\n", text)))
    lines = (" ".join(line.split()) for line in clean_text(plain, multiline=True).split("\n"))
    return "\n".join(line for line in lines if line)


def merits_and_flaws(actor: Mapping[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The actor's Merits and Flaws as ``{"name", "points"}`` tables (the import format's
    ``merits`` and ``flaws``)."""
    merits: list[dict[str, Any]] = []
    flaws: list[dict[str, Any]] = []
    for item in actor_items(actor):
        kind = item_type(item)
        if kind in (MERIT, FLAW):
            where = merits if kind == MERIT else flaws
            name = item_name(item)
            where.append({"name": name, "points": whole(item, "system.value", 0, name)})
    return merits, flaws


# --- the sheet's parts -------------------------------------------------------------------


def _vampire(system: Mapping[str, Any]) -> dict[str, Any]:
    """Generation (less the Diablerie or Background modifier, as the system counts it) and
    clan."""
    out: dict[str, Any] = {}
    generation = whole(system, "generation", None, "system")
    if generation is not None:
        out["generation"] = generation - whole(system, "generationmod", 0, "system")
    clan = text_at(system, "clan")
    if clan == "custom":
        clan = text_at(table(system, "custom"), "clan")
    elif clan.startswith(CLAN_LABEL):
        key = clan.removeprefix(CLAN_LABEL)
        clan = CLANS.get(key, key.capitalize())
    if clan:
        out["clan"] = clan
    return out


def _attributes(
    system: Mapping[str, Any], skipped: list[Msg]
) -> tuple[dict[str, int], dict[str, str]]:
    values: dict[str, int] = {}
    specialties: dict[str, str] = {}
    for key, node in table(system, "attributes").items():
        if not isinstance(node, Mapping):
            raise CommandError("import.foundry_table", field=f"system.attributes.{key}"[:SHOWN])
        value = whole(node, "value", BLANK_ATTRIBUTE, f"system.attributes.{key}")
        if key in ATTRIBUTES:
            values[key] = value
            _specialty(node, key, specialties)
        elif value > BLANK_ATTRIBUTE:
            skipped.append(Msg("import.foundry_trait", name=str(key)[:SHOWN], value=value))
    return values, specialties


def _abilities(
    system: Mapping[str, Any], skipped: list[Msg]
) -> tuple[dict[str, int], dict[str, str]]:
    """Both layouts: ``abilities.<key>.{type,value}`` and ``abilities.<group>.<key>.value``."""
    found: list[tuple[str, Mapping[str, Any]]] = []
    for key, node in table(system, "abilities").items():
        if not isinstance(node, Mapping):
            raise CommandError("import.foundry_table", field=f"system.abilities.{key}"[:SHOWN])
        if key in ABILITY_GROUPS and "value" not in node:
            for inner, leaf in node.items():
                if not isinstance(leaf, Mapping):
                    raise CommandError("import.foundry_table", field=f"{key}.{inner}"[:SHOWN])
                found.append((str(inner), leaf))
        else:
            found.append((str(key), node))
    values: dict[str, int] = {}
    specialties: dict[str, str] = {}
    for key, node in found:
        value = whole(node, "value", 0, f"system.abilities.{key}")
        if value == 0:
            continue
        trait = _ability_key(key)
        if trait is None:
            skipped.append(Msg("import.foundry_ability", name=key[:SHOWN], value=value))
            continue
        values[trait] = value
        _specialty(node, trait, specialties)
    return values, specialties


def _ability_key(key: str) -> str | None:
    if key in FOUNDRY_ABILITIES:
        return FOUNDRY_ABILITIES[key]
    try:
        trait = normalise(key)
    except RulesError:
        return None
    return trait if trait in V20_ABILITIES else None


def _specialty(node: Mapping[str, Any], trait: str, out: dict[str, str]) -> None:
    text = node.get("speciality")
    if isinstance(text, str) and clean_name(text):
        out[trait] = clean_name(text)


def _advantages(system: Mapping[str, Any]) -> dict[str, Any]:
    """Virtues, Humanity or a Path (by its label), and Willpower."""
    out: dict[str, Any] = {}
    virtues: dict[str, int] = {}
    for key, (plain, alternatives) in VIRTUES.items():
        node = _virtue(system, key)
        if node is None:
            continue
        label = str(node.get("label", "")).rsplit(".", 1)[-1]
        virtues[alternatives.get(label, plain)] = whole(node, "permanent", 1, f"virtues.{key}")
    if virtues:
        out["virtues"] = virtues
    path = _advantage(system, "path")
    if path is not None:
        rating = whole(path, "permanent", whole(path, "value", 0, "path"), "path")
        label = str(path.get("label", ""))
        name = label.removeprefix(PATH_LABEL)
        if name == "custom" or (not label.startswith(PATH_LABEL) and label):
            name = clean_name(str(path.get("custom") or label))
        else:
            name = HUMANITY if name in (HUMANITY, "") else PATHS.get(name, name)
        if name == HUMANITY:
            out["humanity"] = rating
        else:
            out["path"], out["path_rating"] = name, rating
    willpower = _advantage(system, "willpower")
    if willpower is not None:
        rating = whole(willpower, "permanent", 1, "willpower")
        out["willpower"] = {
            "rating": rating,
            "current": whole(willpower, "temporary", rating, "willpower"),
        }
    return out


def _virtue(system: Mapping[str, Any], key: str) -> Mapping[str, Any] | None:
    for where in (_advantage(system, "virtues"), system.get("virtues")):
        if isinstance(where, Mapping) and isinstance(where.get(key), Mapping):
            return where[key]
    return None


def _advantage(system: Mapping[str, Any], key: str) -> Mapping[str, Any] | None:
    """``system.advantages.KEY``, or ``system.KEY`` as older versions keep it."""
    for where in (system.get("advantages"), system):
        if isinstance(where, Mapping) and key in where:
            node = where[key]
            if not isinstance(node, Mapping):
                raise CommandError("import.foundry_table", field=f"system.{key}")
            return node
    return None


def _health(system: Mapping[str, Any]) -> dict[str, int]:
    damage = table(table(system, "health"), "damage")
    return {
        k: whole(damage, k, 0, "system.health.damage") for k in ("bashing", "lethal", "aggravated")
    }


def _disciplines(items: list[Mapping[str, Any]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        if item_type(item) != DISCIPLINE:
            continue
        name = item_name(item)
        value = whole(item, "system.value", 0, name)
        if value:
            out[_trait_key(name, V20_DISCIPLINES, "discipline")] = value
    return out


def _backgrounds(items: list[Mapping[str, Any]], skipped: list[Msg]) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        if item_type(item) != BACKGROUND:
            continue
        name = item_name(item)
        value = whole(item, "system.value", 0, name)
        key = _trait_key(name, V20_BACKGROUNDS, "background")
        if key == "background:generation":  # the sheet's generation already counts it
            skipped.append(Msg("import.foundry_generation_background", value=value))
        elif value:
            out[key] = value
    return out


def _trait_key(name: str, known: tuple[str, ...], group: str) -> str:
    """A Discipline or Background by its name in English or Russian (a typo taken for the
    name it is near); any other name is kept as a free-form trait of the group."""
    try:
        key = normalise(name)
    except RulesError:
        raise CommandError("import.foundry_item_name") from None
    if key in known:
        return key
    if group == "discipline" and key.startswith(("path-of-", "путь-")):
        return f"path:{key}"  # a Thaumaturgy or Necromancy path, as ``set NAME path:…``
    near = closest(key, list(known))
    return near if near else f"{group}:{key}"


def _experience(items: list[Mapping[str, Any]]) -> int:
    """Unspent experience: what was gained less what was spent (the system's own sum)."""
    total = 0
    for item in items:
        if item.get("type") != "Experience":
            continue
        amount = whole(item, "system.amount", 0, item_name(item))
        if item_type(item) == XP_GAINED:
            total += amount
        elif item_type(item) == XP_SPENT and table(item, "system").get("isspent", True):
            total -= amount
    return max(0, total)


def _unkept(system: Mapping[str, Any], items: list[Mapping[str, Any]]) -> list[Msg]:
    """A line for each biography field with text, and one for each kind of item left out."""
    out = []
    for key in UNKEPT_TEXT:
        text = text_at(system, key)
        if text.startswith(CLAN_LABEL):  # a sect chosen from the system's list
            text = SECTS.get(text.removeprefix(CLAN_LABEL), text.removeprefix(CLAN_LABEL))
        if text:
            shown = text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"
            out.append(
                Msg("import.foundry_field", field=Msg(f"import.foundry_bio.{key}"), text=shown)
            )
    used = {DISCIPLINE, BACKGROUND, MERIT, FLAW, XP_GAINED, XP_SPENT}
    powers = [item_name(i) for i in items if item_type(i) == DISCIPLINE_POWER]
    if powers:
        out.append(Msg("import.foundry_powers", names=powers))
    left: dict[str, list[str]] = {}
    for item in items:
        kind = item_type(item)
        if kind not in used and kind != DISCIPLINE_POWER and item.get("type") != "Experience":
            label = str(item.get("type") or "?")[:SHOWN]
            left.setdefault(label, []).append(item_name(item))
    out += [Msg("import.foundry_items", type=k, names=v) for k, v in left.items()]
    return out
