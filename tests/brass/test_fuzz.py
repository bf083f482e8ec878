"""Near-miss input built from the game's own words never crashes: it is applied or refused with a
reason, and a refused action changes nothing."""

from __future__ import annotations

from typing import Any

from engines.base import IllegalAction
from engines.brass import components as C
from engines.brass.notation import VERBS
from engines.catalog import CATALOG
from engines.rng import Rng
from tests.brass.helpers import E, listed_form
from tests.brass.test_selfplay import random_text

WORDS = (
    [v.name for v in VERBS]
    + list(C.INDUSTRIES)
    + list(C.locations())
    + list(C.canal_lines())[:8]
    + ["stone-uttoxeter", "burton_on_trent-walsall", "cannock-walsall"]
    + [
        "birmingham-nuneaton",
        "gloucester.1",
        "gloucester.2",
        "dudley.1",
        "merchant",
        "none",
        "9",
        "0",
    ]
)
KEYS = ["card", "slot", "coal", "iron", "beer", "develop", "discard"]
VALUES = [
    "leek",
    "wild_location",
    "wild_industry",
    "brewery",
    "1",
    "2",
    "3",
    "merchant",
    "none",
    "dudley.1",
    "leek,stone",
    "coal_mine",
]


def _noise(rng: Rng, hand: tuple[str, ...]) -> str:
    """Mostly verb-shaped text (right parameters, random values), sometimes shapeless."""
    verb = rng.choice(list(VERBS))
    toks = [verb.name]
    if rng.below(4):
        for p in verb.params:
            if not p.required and rng.below(2):
                continue
            value = rng.choice(WORDS + VALUES + list(hand or ("leek",)))
            if p.name == "card" and hand and rng.below(5):
                value = rng.choice(hand)
            toks.append(f"{p.name}={value}" if p.keyword else value)
        return " ".join(toks)
    for _ in range(rng.randint(0, 5)):
        if rng.below(2):
            toks.append(rng.choice(WORDS))
        else:
            value = rng.choice(VALUES + list(hand or ("leek",)))
            toks.append(f"{rng.choice(KEYS)}={value}")
    return " ".join(toks)


def probe_near_misses(s: Any, seat: int, rng: Rng, tries: int) -> None:
    """``tries`` near-miss commands for ``seat``: each is refused with a catalog reason or is
    exactly a move the engine lists, and none changes the state."""
    before = E.dumps(s)
    for _ in range(tries):
        text = _noise(rng, s.hands[seat])
        try:
            E.play(s, seat, text)
        except IllegalAction as exc:
            assert CATALOG.has(exc.key), exc.key
        else:
            # Whatever is accepted is exactly something the engine lists.
            # (or the listed move on an identical free space, B41).
            got = str(E.parse(s, seat, text))
            assert listed_form(s, seat, got) in E.legal_texts(s, seat), text
        assert E.dumps(s) == before


def test_near_miss_actions_never_crash() -> None:
    rng = Rng(2024)
    for players in (2, 3, 4):
        s = E.setup(players, {}, players + 40)
        step = 0
        while E.to_act(s):
            seat = E.to_act(s)[0]
            if step % 4 == 0:
                probe_near_misses(s, seat, rng, 60)
            s, _ = E.play(s, seat, random_text(s, seat, rng, 2))
            step += 1
