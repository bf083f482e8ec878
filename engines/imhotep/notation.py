"""The action notation: verbs, their parameters, and the parser (docs/games/imhotep.md).

Ships are numbered 1–4 in the order the round card lists them, positions 1..capacity from the bow,
sites are ``market pyramid temple burial obelisk``, cards are named by type (``statue``,
``paved_path``...). Every action is one line of lowercase tokens, e.g. ``load 2 1``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.base import IllegalAction, Param, Verb, tokens
from engines.imhotep import components as C

_SHIP = Param("ship", "ship number 1–4, as listed on this round's card")
_POS = Param("position", "position on the ship, 1 = bow (unloaded first)")
_SITE = Param("site", "market, pyramid, temple, burial or obelisk")

VERBS: tuple[Verb, ...] = (
    Verb(
        "quarry",
        "Take up to 3 stones from your quarry onto your sled (sled holds 5)",
        (),
        ("quarry",),
    ),
    Verb(
        "load",
        "Put 1 stone from your sled on a free position of an unsailed ship "
        "(also answers a Pyramid-B load bonus)",
        (_SHIP, _POS),
        ("load 2 1", "load 4 3"),
    ),
    Verb(
        "sail",
        "Sail a ship that has its minimum load to a free site; it unloads bow first",
        (_SHIP, _SITE),
        ("sail 1 pyramid", "sail 3 market"),
    ),
    Verb(
        "lever",
        "Play a Lever: sail a ship and choose its unloading order (positions, e.g. 3-1-2)",
        (_SHIP, _SITE, Param("order", "every loaded position once, first unloaded first: 3-1-2")),
        ("lever 1 market 3-1-2",),
    ),
    Verb(
        "hammer",
        "Play a Hammer: take up to 3 stones, then load 1 stone on a ship",
        (_SHIP, _POS),
        ("hammer 2 1",),
    ),
    Verb(
        "sailcard",
        "Play a Sail card: load 1 stone on a ship, then sail that ship to a free site",
        (_SHIP, _POS, _SITE),
        ("sailcard 2 3 temple",),
    ),
    Verb(
        "chisel",
        "Play a Chisel: load 2 stones (one ship or two ships)",
        (_SHIP, _POS, Param("ship2", "second ship"), Param("position2", "second position")),
        ("chisel 1 2 1 3", "chisel 1 1 3 2"),
    ),
    Verb(
        "take",
        "Market: take an offered card for your stone (pair = the face-down pair on side B)",
        (Param("card", "card type, e.g. statue, lever, paved_path, or pair"),),
        ("take statue", "take pair"),
    ),
    Verb(
        "keep",
        "Market B: keep one card of the face-down pair; the other is discarded face up",
        (Param("card", "card type of the pair card to keep"),),
        ("keep hammer",),
    ),
    Verb(
        "pyramid",
        "Pyramid B: choose which pyramid (1–3) receives your stone",
        (Param("number", "pyramid 1, 2 or 3"),),
        ("pyramid 2",),
    ),
    Verb(
        "bonus",
        "Temple B bonus: 1 point or up to 2 stones from quarry to sled",
        (Param("choice", "point or stones"),),
        ("bonus point", "bonus stones"),
    ),
)

_USAGE = {v.name: v.examples[0] for v in VERBS}
#: How each verb is written, e.g. ``load <ship> <position>`` (shown with the example on a typo).
_FORM = {v.name: " ".join([v.name, *(f"<{p.name}>" for p in v.params)]) for v in VERBS}
#: Ship and position tokens are single digits; their range is checked against the round's ships
#: when the action is applied, so that "load 7 1" gets "there is no ship 7", not a usage line.
_MAX_DIGIT = 9
_VERB_NAMES = ", ".join(v.name for v in VERBS)


@dataclass(frozen=True)
class Action:
    """A parsed action: the verb and its canonical argument tokens."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        # Kept once made: the listed actions are built once (turn._AT, turn._SAIL) and every
        # move writes its text twice (the log and the last-move highlight).
        text: str | None = self.__dict__.get("_text")
        if text is None:
            text = " ".join((self.verb, *self.args))
            object.__setattr__(self, "_text", text)
        return text


def _digit(tok: str, hi: int) -> bool:
    return len(tok) == 1 and "1" <= tok <= str(hi)


def _site(tok: str) -> str | None:
    if tok in C.SITE_WORDS:
        return tok
    if tok == "burial_chamber":
        return "burial"
    return None


def _order(tok: str) -> bool:
    parts = tok.split("-")
    return all(_digit(p, _MAX_DIGIT) for p in parts) and len(set(parts)) == len(parts)


def _usage(verb: str) -> IllegalAction:
    """How ``verb`` is written (built only when refused: the message is formatted at once)."""
    return IllegalAction("imhotep.usage", verb=verb, usage=_USAGE[verb], form=_FORM[verb])


def parse(text: str) -> Action:
    """Text → ``Action``; raises ``IllegalAction`` saying how the verb is written."""
    t = tokens(text)
    if not t:
        raise IllegalAction("core.empty_action", verbs=_VERB_NAMES)
    verb, args = t[0], t[1:]
    if verb not in _USAGE:
        raise IllegalAction("core.unknown_verb", verb=verb[:30], verbs=_VERB_NAMES)
    if verb == "quarry":
        if args:
            raise _usage(verb)
        return Action(verb)
    if verb in ("load", "hammer"):
        if len(args) != 2 or not (_digit(args[0], _MAX_DIGIT) and _digit(args[1], _MAX_DIGIT)):
            raise _usage(verb)
        return Action(verb, tuple(args))
    if verb in ("sail", "lever"):
        n = 2 if verb == "sail" else 3
        site = _site(args[1]) if len(args) == n else None
        if (
            site is None
            or not _digit(args[0], _MAX_DIGIT)
            or (verb == "lever" and not _order(args[2]))
        ):
            raise _usage(verb)
        return Action(verb, (args[0], site, *args[2:]))
    if verb == "sailcard":
        site = _site(args[2]) if len(args) == 3 else None
        if site is None or not (_digit(args[0], _MAX_DIGIT) and _digit(args[1], _MAX_DIGIT)):
            raise _usage(verb)
        return Action(verb, (args[0], args[1], site))
    if verb == "chisel":
        if len(args) != 4 or not all(_digit(a, _MAX_DIGIT) for a in args):
            raise _usage(verb)
        first, second = sorted([(args[0], args[1]), (args[2], args[3])])
        return Action(verb, (*first, *second))
    if verb in ("take", "keep"):
        known = set(C.card_types()) | ({"pair"} if verb == "take" else set())
        if len(args) != 1 or args[0] not in known:
            raise IllegalAction("imhotep.unknown_card", card=" ".join(args)[:30])
        return Action(verb, (args[0],))
    if verb == "pyramid":
        if len(args) != 1 or not _digit(args[0], _MAX_DIGIT):
            raise _usage(verb)
        return Action(verb, (args[0],))
    if len(args) != 1 or args[0] not in ("point", "stones"):  # bonus
        raise _usage(verb)
    return Action(verb, (args[0],))
