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
from elysium.rules.clans import clan_key
from elysium.rules.errors import RulesError
from elysium.rules.merits import MAX_MERIT_NAME, MAX_MERITS, POINTS_MAX, POINTS_MIN
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
    near_misses,
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
DISCIPLINE_PATH = "wod.types.disciplinepath"  # a Thaumaturgy or Necromancy path, rated alone
POWERS = (DISCIPLINE_POWER, "wod.types.disciplinepathpower")  # a Discipline's or a path's
# The Thaumaturgy and Necromancy paths of V20 (Chapter Four) by their English and Russian
# names, so that one path is one key (``set NAME path:path-of-blood``) whichever language its
# sheet was kept in; a path not here keeps its own name as its key.
PATH_NAMES = {
    "path-of-blood": ("путь-крови",),
    "lure-of-flames": (
        "path-of-lure-of-flames",
        "манящее-пламя",
        "зов-пламени",
        "власть-над-огнем",
    ),
    "movement-of-the-mind": ("движение-разумом", "движение-разума", "путь-движения-разумом"),
    "path-of-conjuring": ("путь-сотворения", "путь-призыва", "путь-заклинания"),
    "path-of-corruption": ("путь-порчи", "путь-разложения"),
    "hands-of-destruction": ("руки-разрушения", "длани-разрушения"),
    "weather-control": ("управление-погодой", "власть-над-погодой"),
    "path-of-mars": ("путь-марса",),
    "green-path": ("зеленый-путь",),
    "elemental-mastery": ("власть-над-стихиями", "повелевание-стихиями"),
    "neptunes-might": ("neptune's-might", "мощь-нептуна", "сила-нептуна"),
    "path-of-technomancy": ("technomancy", "путь-техномантии", "техномантия"),
    "spirit-manipulation": ("управление-духами", "власть-над-духами"),
    "path-of-the-fathers-vengeance": ("path-of-the-father's-vengeance", "путь-мести-отца"),
    "sepulchre-path": ("path-of-the-sepulchre", "путь-склепа", "путь-гробницы"),
    "bone-path": ("path-of-bones", "путь-костей", "путь-кости"),
    "ash-path": ("path-of-ash", "путь-пепла"),
    "vitreous-path": ("стеклянный-путь", "путь-стекла"),
    "mortis-path": ("path-of-mortis", "путь-смерти", "путь-мортис"),
}
PATH_KEYS = {name: key for key, names in PATH_NAMES.items() for name in (key, *names)}
# The lines that say a value was changed on its way in (the rest say what was left out).
TAKEN_AS = frozenset({"import.foundry_near", "import.foundry_xp", "import.foundry_clan"})
# Attributes of the other World of Darkness games, at their blank value unless used.
BLANK_ATTRIBUTE = 1
# Words of the biography Elysium has no field for; said when they hold something.
UNKEPT_TEXT = ("concept", "sire", "sect", "player", "appearance", "background")
DERANGEMENTS = re.compile(r"[,;\n\r]")  # the one text field holds them all
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
        entry.update(_vampire(system, skipped))
    elif _clan(system):  # a ghoul's domitor's clan, or a mortal's: the sheet has no place
        text = _clan(system)
        skipped.append(Msg("import.foundry_field", field=Msg("import.foundry_bio.clan"), text=text))
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
    text = text_at(system, "derangement", multiline=True)  # a line each, or commas
    derangements = [clean_name(d) for d in DERANGEMENTS.split(text)]
    if any(derangements):
        entry["derangements"] = [d for d in derangements if d]
    notes = _notes(text_at(system, "notes", multiline=True))
    if notes:
        entry["notes"] = notes
    entry["disciplines"] = _rated(items, (DISCIPLINE, DISCIPLINE_PATH), "discipline", skipped)
    entry["backgrounds"] = _rated(items, (BACKGROUND,), "background", skipped)
    entry["xp"] = _experience(items, skipped)
    for group, listed in zip(("merits", "flaws"), merits_and_flaws(actor), strict=True):
        kept, left = _sheet_holds(listed)
        if kept:
            entry[group] = kept
        key = "import.foundry_merit" if group == "merits" else "import.foundry_flaw"
        skipped += [Msg(key, name=m["name"], points=m["points"]) for m in left]
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


def _sheet_holds(listed: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The Merits (or Flaws) the sheet can hold (1 to 7 points, V20; a name once), and the
    rest, said as not imported rather than stopping the import."""
    kept: list[dict[str, Any]] = []
    left: list[dict[str, Any]] = []
    seen: set[str] = set()
    for m in listed:
        name = clean_name(m["name"])
        fits = POINTS_MIN <= m["points"] <= POINTS_MAX and 0 < len(name) <= MAX_MERIT_NAME
        if fits and name.casefold() not in seen and len(kept) < MAX_MERITS:
            seen.add(name.casefold())
            kept.append({"name": name, "points": m["points"]})
        else:
            left.append(m)
    return kept, left


# --- the sheet's parts -------------------------------------------------------------------


def _vampire(system: Mapping[str, Any], skipped: list[Msg]) -> dict[str, Any]:
    """Generation (less the Diablerie or Background modifier, as the system counts it) and
    clan; a clan Elysium's table does not know is said: it gives no clan Disciplines."""
    out: dict[str, Any] = {}
    generation = whole(system, "generation", None, "system")
    if generation is not None:
        out["generation"] = generation - whole(system, "generationmod", 0, "system")
    clan = _clan(system)
    if clan:
        out["clan"] = clan
        if clan_key(clan) is None:
            skipped.append(Msg("import.foundry_clan", clan=clan))
    return out


def _clan(system: Mapping[str, Any]) -> str:
    """The clan by its name: the system's label (``wod.bio.vampire.brujah``) or its custom
    clan."""
    clan = text_at(system, "clan")
    if clan == "custom":
        return text_at(table(system, "custom"), "clan")
    if clan.startswith(CLAN_LABEL):
        key = clan.removeprefix(CLAN_LABEL)
        return CLANS.get(key, key.capitalize())
    return clan


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


def _rated(
    items: list[Mapping[str, Any]], kinds: tuple[str, ...], group: str, skipped: list[Msg]
) -> dict[str, int]:
    """The Disciplines (and paths) or Backgrounds the items rate. One trait named by two
    items (``Dominate`` and ``Доминирование``) keeps the higher rating, and the other is said."""
    out: dict[str, int] = {}
    for item in items:
        kind = item_type(item)
        if kind not in kinds:
            continue
        name = item_name(item)
        value = whole(item, "system.value", 0, name)
        if not value and group == "discipline":
            continue
        said = {"group": Msg(f"import.foundry_group.{group}"), "name": name, "value": value}
        key, near = _trait_key(name, kind == DISCIPLINE_PATH, group)
        if key == "background:generation":  # the sheet's generation already counts it
            skipped.append(Msg("import.foundry_generation_background", value=value))
            continue
        if near and value:  # a typo, taken for the one trait it is near or left for the two
            line = "import.foundry_near" if key else "import.foundry_near_doubt"
            skipped.append(Msg(line, **said, first=near[0], second=near[-1]))
        if key is None or not value:
            continue
        if key in out:
            out[key] = max(value, out[key])
            skipped.append(Msg("import.foundry_twice", **said, trait=key, kept=out[key]))
        else:
            out[key] = value
    return out


def path_key(name: str) -> str:
    """A Thaumaturgy or Necromancy path's key, in English whichever language names it
    (``Путь крови`` and ``The Path of Blood`` are ``path:path-of-blood``)."""
    key = normalise(name).removeprefix("path:").removeprefix("the-").replace("ё", "е")
    return f"path:{PATH_KEYS.get(key, key)}"


def _trait_key(name: str, path: bool, group: str) -> tuple[str | None, list[str]]:
    """A Discipline or Background by its name in English or Russian, a path by its name
    (from a path item, or a Discipline item that names one: not a Discipline at ×7), and
    the traits a typo is near: taken for the one, or None for two. Any other name is kept
    as a free-form trait of the group."""
    try:
        key = normalise(name)
    except RulesError:
        raise CommandError("import.foundry_item_name") from None
    known = V20_DISCIPLINES if group == "discipline" else V20_BACKGROUNDS
    if key in known and not path:
        return key, []
    if group == "discipline" and (
        path
        or key.startswith(("path-of-", "путь-", "path:"))
        or key.removeprefix("the-").replace("ё", "е") in PATH_KEYS
    ):
        return path_key(name), []
    close = near_misses(key, known)
    if len(close) > 1:
        return None, close
    return (close[0], close) if close else (f"{group}:{key}", [])


def _experience(items: list[Mapping[str, Any]], skipped: list[Msg]) -> int:
    """Unspent experience: what was gained less what was spent (the system's own sum); more
    spent than gained is taken as none, and said."""
    gained = spent = 0
    for item in items:
        if item.get("type") != "Experience":
            continue
        amount = whole(item, "system.amount", 0, item_name(item))
        if item_type(item) == XP_GAINED:
            gained += amount
        elif item_type(item) == XP_SPENT and table(item, "system").get("isspent", True):
            spent += amount
    if spent > gained:
        skipped.append(Msg("import.foundry_xp", gained=gained, spent=spent))
    return max(0, gained - spent)


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
    used = {DISCIPLINE, DISCIPLINE_PATH, BACKGROUND, MERIT, FLAW, XP_GAINED, XP_SPENT}
    powers = [item_name(i) for i in items if item_type(i) in POWERS]
    if powers:
        out.append(Msg("import.foundry_powers", names=powers))
    left: dict[str, list[str]] = {}
    for item in items:
        kind = item_type(item)
        if kind not in used and kind not in POWERS and item.get("type") != "Experience":
            label = str(item.get("type") or "?")[:SHOWN]
            left.setdefault(label, []).append(item_name(item))
    out += [Msg("import.foundry_items", type=k, names=v) for k, v in left.items()]
    return out
