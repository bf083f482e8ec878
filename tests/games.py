"""What the shared tests know of a game, read from the game itself: no game is named here.

A shared test (the contract, the traces, turn order, the languages, the legibility of boards…)
runs for every game of ``engines.GAMES`` and asks this module what it needs:

- how many players to seat: :func:`players` (the engine's ``min_players``..``max_players``);
- which languages it is played in: :func:`languages` (the catalogs it ships,
  ``data/<id>/locales/<lang>.json``; English always);
- anything else a game says in its own tests package, ``tests/<id>/__init__.py``, each name
  optional (:func:`fact`), each read by the shared test named:

  ``TRACES``            the random games recorded (``tests/traces.py``; default: one game at the
                        fewest players);
  ``turn_holder``       ``turn_holder(state)``, whose turn it is (``test_turn_order.py``; default:
                        ``state.current`` while anyone acts);
  ``PRINTED_WORDS``     Latin words its Japanese and Spanish editions print as they are: its
                        title, abbreviations (``test_no_english.py``);
  ``QUOTED_NOTATION``   notation its translated help quotes without a random game playing it;
  ``JAPANESE_BOARD``    ``False`` when its Japanese board keeps printed Latin names
                        (``renderers/test_legibility.py``);
  ``PLAY_OPTIONS``      the options the shared random games play under, to meet the most of the
                        game (``bot/test_recap.py``, ``bot/test_service_chance.py``; default none);
  ``CHANCE_MOVES``, ``CHANCE_VERBS``, ``CHANCE_PRIVATE_EVENTS``, ``DRAWS_SHOWN_ELSEWHERE``
                        how long random play takes to meet several draws (default 80), the chance
                        verbs it must meet, the events a draw shows its drawer alone, and whether
                        a drawn thing is also shown publicly (``bot/test_service_chance.py``);
  ``PLACES_ON_BOARD``   its final board numbers the places (``test_score_sheets.py``);
  ``VIEW_POSITIONS``, ``VIEW_VARIANTS``
                        further positions its views' JSON records (``tests/views.py``);
  ``MORE_RULES``        reference files beside RULES.md with the regexes of their rule ids
                        (``tests/rule_coverage.py``);
  ``listed_form``       the listed move for a text naming one of identical moves
                        (``test_reading.py``);
  ``ARENA_SAMPLE``      games in the small arena sample (``ai/test_ai.py``; default 2);
  ``board_words``       ``board_words()``, the Latin words its Japanese board may print: typable
                        ids of its places, printed names (``renderers/test_legibility.py``);
  ``EARNED_OPTIONS``    the options ``test_earned.py``'s random games play under;
  ``LAST_MOVE_IN_WORDS`` its board says the last move in its own words (``test_earned.py``);
  ``RENDER_CORPUS``     the random games ``bench/render_corpus.py`` draws (default: one per
                        player count).

A game's recorded files are in the same folder: ``traces.jsonl`` (``python -m tests.traces
--write <id>``) and ``views.json`` (``python -m tests.views <id>``).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import Any

import engines
from engines.data import data_path

#: The languages a table may be set to (``TURNPOST_LANG``, ``/game new lang:``).
TABLE_LANGUAGES = ("en", "ja", "es")


def shipped() -> list[str]:
    """The shipped games present, in ``engines.GAMES`` order."""
    return engines.builtin_ids()


def players(game: str, wanted: int = 3) -> int:
    """``wanted`` players, or the nearest count ``game`` is played with."""
    meta = engines.get(game).meta
    return min(max(wanted, meta.min_players), meta.max_players)


def languages(game: str) -> tuple[str, ...]:
    """The table languages ``game`` has words in: English, and each language whose catalog
    holds a file for it (a missing key falls back to English, a missing file means the game is
    not offered in that language's shared tests)."""
    return tuple(
        lang
        for lang in TABLE_LANGUAGES
        if lang == "en" or data_path(game, "locales", f"{lang}.json").is_file()
    )


def fact(game: str, name: str, default: Any = None) -> Any:
    """``name`` as ``tests/<game>/__init__.py`` declares it, else ``default``."""
    if importlib.util.find_spec(f"tests.{game}") is None:
        return default
    return getattr(importlib.import_module(f"tests.{game}"), name, default)


def _current_while_anyone_acts(game: str) -> Callable[[Any], int | None]:
    engine = engines.get(game)
    return lambda state: state.current if engine.to_act(state) else None


def turn_holder(game: str) -> Callable[[Any], int | None]:
    """The function giving the seat whose turn it is in a state of ``game`` (``None`` between
    turns: the game over, a phase where every seat decides at once)."""
    holder: Callable[[Any], int | None] | None = fact(game, "turn_holder")
    return holder if holder is not None else _current_while_anyone_acts(game)
