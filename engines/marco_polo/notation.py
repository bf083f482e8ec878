"""The command notation: verbs with their help, and parsing text into an ``Action``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engines.base import IllegalAction, Param, Verb, tokens
from engines.marco_polo.state import die_key, parse_die

VERBS: tuple[Verb, ...] = (
    Verb(
        "place",
        "Main action: put dice on an action space and take its action",
        (
            Param(
                "space",
                "camel, pepper, silk, gold, khan, contracts, travel, coins5, or a city card "
                "(moscow, sumatra1...)",
            ),
            Param("die1", "a die: 4 = your colour, b4 = black, w4 = white"),
            Param("die2", "second die (silk 2, gold 3, travel 2)", required=False),
            Param("die3", "third die (gold row)", required=False),
            Param("col", "bazaar column (up to the lowest die)", keyword=True, required=False),
            Param("good", "Khan's favor: pepper, silk or gold", keyword=True, required=False),
            Param("take", "contract slots, e.g. 2 or 2+5", keyword=True, required=False),
            Param(
                "bonus",
                "slot 5/6 bonus: coin or camel; slots 5 and 6 both: one each, e.g. camel+coin",
                keyword=True,
                required=False,
            ),
            Param("row", "travel row (up to the lowest die)", keyword=True, required=False),
            Param("option", "city card option 1 or 2", keyword=True, required=False),
            Param("times", "city card repetitions", keyword=True, required=False),
            Param(
                "ab", "two-way card: times left side -> right side", keyword=True, required=False
            ),
            Param(
                "ba", "two-way card: times right side -> left side", keyword=True, required=False
            ),
        ),
        (
            "place pepper 4 col=4",
            "place gold 3 5 6 col=3",
            "place khan 5 good=silk",
            "place contracts 6 take=2+6 bonus=camel",
            "place travel 4 b5 row=4",
            "place coins5 1",
            "place moscow 3 times=2",
        ),
    ),
    Verb(
        "fulfil",
        "Extra action: pay a contract's camels and goods and take its reward",
        (Param("contract", "contract id, e.g. c12 or s3"),),
        ("fulfil c12",),
    ),
    Verb(
        "coins3",
        "Extra action: put any one unused die on the 3-coins space for 3 coins",
        (Param("die", "the die, e.g. 2 or b2"),),
        ("coins3 1",),
    ),
    Verb(
        "reroll",
        "Extra action: pay 1 camel to re-roll one unused die",
        (Param("die", "the die, e.g. 2 or b2"),),
        ("reroll 1",),
    ),
    Verb(
        "adjust",
        "Extra action: pay 2 camels to turn one unused die up or down by 1",
        (Param("die", "the die, e.g. 5"), Param("direction", "up or down")),
        ("adjust 5 up",),
    ),
    Verb("black", "Extra action: pay 3 camels for a black die (once per turn)", (), ("black",)),
    Verb("end", "End your turn (after your main action)", (), ("end",)),
    Verb(
        "take",
        "Choose the good(s) you gain: pepper, silk, gold, or a pair like pepper+silk",
        (Param("goods", "pepper, silk, gold, or two different: gold+pepper..."),),
        ("take silk", "take gold+silk"),
    ),
    Verb(
        "give",
        "Choose the good(s) you pay",
        (Param("goods", "pepper, silk, gold, or two different: gold+pepper..."),),
        ("give pepper",),
    ),
    Verb(
        "discard",
        "Discard one of your earlier contracts (hand limit 2)",
        (Param("contract", "contract id"),),
        ("discard s2",),
    ),
    Verb(
        "move",
        "Move your figure one step (Niccolo und Marco: fig=1 or fig=2)",
        (
            Param("to", "the neighbouring location, e.g. oasis_a"),
            Param("fig", "which figure, 1 or 2 (two figures only)", keyword=True, required=False),
        ),
        ("move alexandria", "move oasis_e fig=2"),
    ),
    Verb(
        "stop",
        "Stop moving: after at least one step of a Travel action, or at once to decline a "
        "bonus movement",
        (),
        ("stop",),
    ),
    Verb(
        "bonus",
        "Choose which small city's bonus you collect",
        (Param("city", "small city, e.g. anxi"),),
        ("bonus anxi",),
    ),
    Verb(
        "relocate",
        "No trading post left: move one from another city here, or none",
        (Param("from", "city to take the post from, or none"),),
        ("relocate anxi", "relocate none"),
    ),
    Verb(
        "compensate",
        "Dice under 15: say how many of the units you take as camels (rest coins)",
        (Param("camels", "number of camels; the rest are coins"),),
        ("compensate 2",),
    ),
    Verb(
        "choose",
        "Advanced set-up: pick your character",
        (Param("character", "character id, e.g. kubilai"),),
        ("choose wilhelm",),
    ),
    Verb(
        "keep",
        "Advanced set-up: keep two of your four goal cards (secret)",
        (Param("goal1", "goal card id"), Param("goal2", "goal card id")),
        ("keep g03 g12",),
        secret=True,
    ),
)
VERB_NAMES: tuple[str, ...] = tuple(v.name for v in VERBS)
#: Choice tokens that say the default and are left out of the canonical text: a city card used
#: once (``times=1``), a two-way card's side not used (``ab=0``/``ba=0``).
DEFAULT_CHOICES = frozenset({"times=1", "ab=0", "ba=0"})
_TOKEN = re.compile(r"^[a-z0-9_+=]{1,24}$")


@dataclass(frozen=True)
class Action:
    """A command as its tokens; ``str`` is the canonical text stored in the log."""

    toks: tuple[str, ...]

    @property
    def verb(self) -> str:
        return self.toks[0]

    @property
    def args(self) -> tuple[str, ...]:
        return self.toks[1:]

    def __str__(self) -> str:
        return " ".join(self.toks)


def fast_tokens(text: str, *, strict: bool = True) -> list[str]:
    """``engines.base.tokens``, at once for plain printable ASCII (what completion, buttons and
    stored logs send): lower-cased and split is all ``normalise`` would do to it."""
    if text.isascii() and text.isprintable():
        return text.lower().split()
    return tokens(text, strict=strict)


#: ``parse``'s answers by text: an action is a pure function of its text, and the computer
#: players parse the same few hundred texts again and again.
_PARSED: dict[str, Action] = {}
_PARSED_MAX = 1 << 14


def parse(text: str) -> Action:
    """Check the syntax of ``text`` and put it in canonical form (dice and goals sorted)."""
    try:
        return _PARSED[text]
    except KeyError:
        pass
    action = _parse(text)
    if len(_PARSED) >= _PARSED_MAX:
        _PARSED.clear()
    _PARSED[text] = action
    return action


def _parse(text: str) -> Action:
    """``parse`` without the memory."""
    if len(text) > 200:
        raise IllegalAction("core.too_long", length=len(text), example="place pepper 4 col=4")
    toks = fast_tokens(text)
    if not toks:
        raise IllegalAction("core.empty_action", verbs=list(VERB_NAMES))
    if toks[0] not in VERB_NAMES:
        raise IllegalAction("core.unknown_verb", verb=toks[0][:30], verbs=list(VERB_NAMES))
    if len(toks) > 16 or not all(_TOKEN.match(t) for t in toks):
        raise IllegalAction("marco_polo.bad_syntax", text=text.strip()[:60])
    if toks[0] == "place" and len(toks) > 2:
        n = 2
        while n < len(toks) and parse_die(toks[n]) is not None:
            n += 1
        toks[2:n] = sorted(toks[2:n], key=die_key)
        # A choice at its default is left out (a card used once, a two-way side not used), so
        # the canonical text says only what was chosen; logs written with it still read.
        toks[n:] = [t for t in toks[n:] if t not in DEFAULT_CHOICES]
    if toks[0] == "keep":
        toks[1:] = sorted(toks[1:])
    return Action(tuple(toks))
