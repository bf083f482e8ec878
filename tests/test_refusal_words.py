"""#28.2: every refusal a player can meet speaks the table's language, naming cards, towns,
colours and spaces by their names, never by English ids or pre-joined English lists.

Several seeded random games of each game are played; at positions along each, the seat to act
types what a player might get wrong: a move legal elsewhere in the game (a build it cannot
afford, a space already taken), a legal move with one word swapped for another word of the
game, cut short or lengthened, another verb with the same words, a verb with random words, and
a seat that is not to act, an empty line, a paste far too long, a move after the end. Each
refusal is said in Japanese and Spanish (``ServiceError``, as the players read it) and checked
for English words outside what the player typed and backticks (``tests/test_no_english.py``).

Positions random play rarely makes (a buy short of money, a pyramid already full) are built on
purpose by ``tests/<game>/test_refusals_ja.py``: its ``placed()`` gives each position with what
its seat types there (``Placed``), and those are tried here too, so what they meet counts.

Every refusal key an engine raises (``IllegalAction("<game>.…")``, or Brass's ``refuse``, in
``engines/<game>/``) must be met this way, or be listed in ``NEVER_TYPED`` (``NEVER_TYPED_KEYS``)
with why no player's typing can meet it, or in ``NOT_YET_MET``: refusals nothing here reaches
yet. A refusal added later is checked as soon as it exists; one listed here and met, or gone,
fails until the list says so. Every refusal, met or not, is checked at its source: no parameter
joined into English words before the catalog.
"""

from __future__ import annotations

import ast
import importlib
import random
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import pytest

import engines
from bot.service import ServiceError
from engines.base import CHANCE, IllegalAction
from engines.randomplay import random_play
from engines.reading import legal_texts
from engines.rng import Rng
from tests import games
from tests.test_japanese_table_words import PEOPLE, printed, verbs
from tests.test_no_english import english_in

ROOT = Path(__file__).resolve().parent.parent
GAMES = [g for g in games.shipped() if {"ja", "es"} <= set(games.languages(g))]
SEEDS = (1, 2, 3)
#: Positions tried along each game, and inputs typed at each.
POSITIONS = 30
TRIES = 40
#: A refusal raised where it is written: ``IllegalAction("…")``, or through a game's helper that
#: builds one (Brass's ``refuse("brass.…")``, which adds readable names first).
KEY = re.compile(r'\b(?:IllegalAction|refuse)\(\s*f?"([a-z_]+\.[a-z_.{}]+)"', re.S)

#: Refusals no typing reaches, each with why: a chance outcome is applied by the service alone
#: (never typed by a seat), so its refusals guard the engine against a bad log, not players.
NEVER_TYPED = re.compile(r"^[a-z_]+\.chance_")
#: Single refusals no typing reaches, each with why (the engine guards a case its callers, or
#: an earlier step of its own, already rule out).
NEVER_TYPED_KEYS: dict[str, str] = {
    "imhotep.waiting_for": "the service refuses a seat that is not deciding (E12) with "
    "service.not_your_turn before the engine reads what it typed (bot/service/play.py)",
    "imhotep.no_stones_to_take": "the Temple-B bonus (I56) is asked only while both answers "
    "are possible: tasks.run decides a one-answer step itself, so 'bonus stones' always can",
    "bombay.move_needs_ap": "every site but a hill costs 1 AP to enter (Y45), a sale 1 (Y55), "
    "and the turn ends by itself at 0 AP (Y42): the seat to act always has the 1 AP (a hill "
    "short of AP is hill_needs_ap)",
    "marco_polo.choice_needed": "a verb typed without its argument ('move') fits a move per "
    "argument (M39): the reader asks which (core.ambiguous), or fills in the only one, before "
    "the engine sees it; no verb but place drops a typed token, so the engine never meets a "
    "bare verb the reader did not",
}

#: Refusals no mistake above reaches yet, per game (see the module docstring). Each is still
#: checked at its source (``test_no_refusal_passes_a_list_joined_in_english``).
NOT_YET_MET = {
    "imhotep": set(),
    "brass": set(),
}


class Placed(NamedTuple):
    """A position built on purpose and what its seat types there, with the refusal it meets."""

    key: str
    state: Any
    seat: int
    typed: str


def placed(game: str) -> list[Placed]:
    """The positions ``tests/<game>/test_refusals_ja.py`` builds on purpose (none without it)."""
    name = f"tests.{game}.test_refusals_ja"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return []
    return list(module.placed())


def english_said(game: str, typed: str, exc: IllegalAction, lang: str) -> dict[str, str]:
    """English words a refusal of ``typed`` says in ``lang`` as the players read it, outside
    what was typed, each with the line."""
    names = [p.name for p in PEOPLE[: games.players(game)]]
    said = ServiceError.from_illegal(exc, names).text(lang)
    # What the player typed may come back (「stoe」は…), whole or cut short.
    echo = typed.lower()
    english = english_in([said], printed(game) | verbs(game), lang)
    return {word: line for word, line in english.items() if word.lower() not in echo}


def refused_in_the_table_language(game: str, position: Placed) -> IllegalAction:
    """Assert what ``position``'s seat types is refused with its key, the position unchanged,
    and the refusal says no English outside what was typed in Japanese or Spanish."""
    engine = engines.get(game)
    before = engine.dumps(position.state)
    with pytest.raises(IllegalAction) as info:
        engine.read(position.state, position.seat, position.typed)
    assert info.value.key == position.key, str(info.value)
    assert engine.dumps(position.state) == before
    for lang in ("ja", "es"):
        english = english_said(game, position.typed, info.value, lang)
        assert not english, f"{lang}: {english}"
    return info.value


@cache
def all_refusal_keys(game: str) -> frozenset[str]:
    """Every refusal key the game's engine raises (an f-string's ``{…}`` expanded from the
    catalog: ``imhotep.decide_{kind}`` is every ``imhotep.decide_…`` message)."""
    found: set[str] = set()
    for path in (ROOT / "engines" / game).rglob("*.py"):
        found |= set(KEY.findall(path.read_text(encoding="utf-8")))
    keys: set[str] = set()
    from engines.catalog import CATALOG

    for key in found:
        if "{" in key:
            shape = re.compile(re.sub(r"\\\{[^}]*\\\}", "[a-z_]+", re.escape(key)))
            keys |= {k for k in CATALOG.messages("en") if shape.fullmatch(k)}
        else:
            keys.add(key)
    return frozenset(k for k in keys if k.startswith(f"{game}."))


@cache
def refusal_keys(game: str) -> frozenset[str]:
    """The refusal keys a player's typing can meet (``all_refusal_keys`` but ``NEVER_TYPED``)."""
    return frozenset(
        k for k in all_refusal_keys(game) if not NEVER_TYPED.match(k) and k not in NEVER_TYPED_KEYS
    )


def mistakes(
    engine: Any, state: Any, seat: int, words: list[str], pool: list[str], rng: random.Random
) -> list[str]:
    """What a player might type wrong at this position (see the module docstring)."""
    legal = legal_texts(engine, state, seat, limit=300)
    names = [v.name for v in engine.meta.verbs]
    out: list[str] = []
    for _ in range(TRIES):
        kind = rng.randrange(7)
        if kind >= 5:  # a move legal somewhere in this game
            out.append(rng.choice(pool))
            continue
        move = (rng.choice(legal) if legal else rng.choice(names)).split()
        if kind == 0 and len(move) > 1:
            move[rng.randrange(1, len(move))] = rng.choice(words)
        elif kind == 1 and len(move) > 1:
            move = move[:-1]
        elif kind == 2:
            move = [*move, rng.choice(words)]
        elif kind == 3:
            move = [rng.choice(names), *move[1:]]
        else:
            move = [rng.choice(names)] + [rng.choice(words) for _ in range(rng.randrange(1, 4))]
        out.append(" ".join(move))
    return out


@cache
def refusals(game: str) -> tuple[tuple[str, str, IllegalAction], ...]:
    """(typed, key, refusal) for every mistake tried along the seeded games."""
    engine = engines.get(game)
    out: list[tuple[str, str, IllegalAction]] = []

    def attempt(state: Any, seat: int, text: str) -> None:
        try:
            engine.read(state, seat, text)
        except IllegalAction as exc:
            out.append((text, exc.key, exc))

    # Games under the default options, and under those that meet the most of the game
    # (Imhotep's B sides, Marco Polo's character draft, Brass's rail era).
    played = [(seed, {}) for seed in SEEDS]
    if games.fact(game, "PLAY_OPTIONS", {}):
        played += [(seed, games.fact(game, "PLAY_OPTIONS", {})) for seed in SEEDS[:2]]
    for seed, options in played:
        start = engine.setup(games.players(game), engine.meta.validate_options(options), seed)
        end, steps = random_play(engine, start, Rng(seed))
        seated = [(s, seat) for s, seat, _ in steps if seat != CHANCE]
        # Positions along the game, and as many where a decision waits (one verb open: a
        # market card to take, a pyramid to choose), where other refusals are met.
        asked = [(s, seat) for s, seat in seated if len(set(engine.complete(s, seat, ""))) == 1]
        picks = seated[:: max(1, len(seated) // POSITIONS)]
        picks += asked[:: max(1, len(asked) // POSITIONS)]
        pool = sorted({t for s, seat in picks for t in legal_texts(engine, s, seat, limit=300)})
        words = sorted({w for t in pool for w in t.split()[1:]})
        rng = random.Random(seed)
        state, seat = picks[len(picks) // 2]
        attempt(state, (seat + 1) % engine.meta.max_players, pool[0])  # not this seat's turn
        attempt(state, seat, "")
        attempt(state, seat, "x" * 400)
        attempt(end, 0, pool[0])  # the game is over
        for state, seat in picks:
            for text in mistakes(engine, state, seat, words, pool, rng):
                attempt(state, seat, text)
    for position in placed(game):
        attempt(position.state, position.seat, position.typed)
    return tuple(out)


@pytest.mark.parametrize("lang", ["ja", "es"])
@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_names_things_in_the_table_language(game: str, lang: str) -> None:
    found: dict[str, str] = {}
    for typed, key, exc in refusals(game):
        for word, line in english_said(game, typed, exc, lang).items():
            found.setdefault(f"{key}: {word}", f"{typed!r} -> {line}")
    assert not found, f"{len(found)} English words in refusals, e.g. {list(found.items())[:6]}"


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_key_of_the_engine_is_met_by_some_mistake(game: str) -> None:
    met = Counter(key for _, key, _ in refusals(game))
    listed = NOT_YET_MET.get(game, set())
    unmet = sorted(refusal_keys(game) - set(met) - listed)
    assert not unmet, (
        f"{game}: refusals no mistake of tests/test_refusal_words.py met: {unmet}; make one "
        "of its mistakes reach each (or say in NEVER_TYPED why no typing can)"
    )
    stale = sorted((listed & set(met)) | (listed - refusal_keys(game)))
    assert not stale, f"{game}: NOT_YET_MET lists refusals now met or gone: {stale}"
    never = {k for k in NEVER_TYPED_KEYS if k.startswith(f"{game}.")}
    wrong = sorted((never & set(met)) | (never - all_refusal_keys(game)))
    assert not wrong, f"{game}: NEVER_TYPED_KEYS lists refusals met or gone: {wrong}"


def _joined_for_reading(value: ast.expr) -> bool:
    """``", ".join(…)``, ``" or ".join(…)``: words joined the English way before the catalog
    could name each and join them in the reader's language. A notation token built of parts
    (``"-".join`` of positions, ``",".join`` of cards) is one token, as typed."""
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)):
        return False
    sep = value.func.value
    return (
        value.func.attr == "join"
        and isinstance(sep, ast.Constant)
        and isinstance(sep.value, str)
        and any(c in sep.value for c in " |;")
    )


def test_no_refusal_passes_a_list_joined_in_english() -> None:
    """Every refusal of every engine, met by a mistake above or not: its parameters are lists
    and ids, which the catalog names and joins in the table's language (Bombay's neighbours,
    Marco Polo's spaces and verbs were joined with ", " and read in English at a Japanese
    table)."""
    found = []
    for path in sorted((ROOT / "engines").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name not in ("IllegalAction", "refuse"):
                continue
            found += [
                f"{path.relative_to(ROOT)}:{node.lineno} {kw.arg}="
                for kw in node.keywords
                if _joined_for_reading(kw.value)
            ]
    assert not found, f"refusal parameters joined before the catalog: {found}"
