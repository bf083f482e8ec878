"""#28.3: the last-move box says what a move earned ("sell yellow (+4 rupees)", "fulfil c08
(+8 VP)"), read from the move's own public events (``Engine.earned``), in every game; a seat other
than the mover is named (a palace's owner, a stone's); nothing hidden and no round's end counts."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import engines
from engines.base import Engine, Event
from engines.kit import gains, last_mark, with_earned, with_recent
from engines.randomplay import random_play
from engines.rng import Rng
from renderers import kit
from tests import games

NAMES = ["Ana", "Ben", "Cid", "Dee"]


def _moves(
    game: str, players: int = 3, seeds: range = range(4)
) -> Iterator[tuple[Any, int, str, list[Event]]]:
    """(state after, seat, move, events) of every move of seeded random games."""
    engine = engines.get(game)
    for seed in seeds:
        # The game's EARNED_OPTIONS (tests/<id>/__init__.py; Marco Polo's advanced set-up).
        options = games.fact(game, "EARNED_OPTIONS", {})
        state = engine.setup(players, engine.meta.validate_options(options), seed)
        _, steps = random_play(engine, state, Rng(seed))
        for before, seat, move in steps:
            after, events = engine.play(before, seat, move)
            yield after, seat, move, events


def test_a_bombay_sale_earns_its_rupees_and_a_palace_pays_its_owner() -> None:
    engine = engines.get("bombay")
    sales = tolls = 0
    for _, seat, move, events in _moves("bombay"):
        got = engine.earned(events)
        for e in events:
            if e.key == "bombay.sold" and e.params["rupees"]:
                sales += 1
                assert (seat, "bombay.count.rupee", e.params["rupees"]) in got, move
            if e.key == "bombay.palace_income":
                tolls += 1
                owner = e.params["owner_seat"]
                assert any(s == owner and t == "bombay.count.rupee" for s, t, _ in got)
    assert sales and tolls


def test_a_marco_polo_contract_earns_its_vp() -> None:
    engine = engines.get("marco_polo")
    fulfilled = 0
    for _, seat, _move, events in _moves("marco_polo"):
        for e in events:
            if e.key == "marco_polo.fulfilled":
                fulfilled += 1
                assert (seat, "marco_polo.count.vp", e.params["vp"]) in engine.earned(events)
    assert fulfilled


def test_an_imhotep_pyramid_pays_the_stones_owners_not_the_sailor() -> None:
    engine = engines.get("imhotep")
    others = 0
    for _, seat, move, events in _moves("imhotep"):
        if move.startswith("sail") and "pyramid" in move:
            points = {}
            for e in events:
                if e.key in ("imhotep.placed_pyramid", "imhotep.placed_beside"):
                    owner = e.params["seat"]
                    points[owner] = points.get(owner, 0) + e.params["points"]
            got = {s: n for s, t, n in engine.earned(events) if t == "imhotep.count.point"}
            assert got == points, move
            others += any(s != seat for s in got)
    assert others


def test_a_brass_loan_earns_30_pounds() -> None:
    engine = engines.get("brass")
    loans = 0
    for _, seat, move, events in _moves("brass"):
        if move.startswith("loan"):
            loans += 1
            assert (seat, "brass.count.money", 30) in engine.earned(events)
    assert loans


def test_nothing_hidden_and_no_rounds_end_is_counted() -> None:
    def paid(e: Event) -> list[tuple[int, str, int]]:
        return [(int(e.params["seat"]), "x.count.coin", int(e.params["n"]))]

    events = [
        Event("x.got", {"seat": 0, "n": 2}),
        Event("x.secret", {"seat": 0, "n": 5}, visible_to=(0,)),
        Event("x.got", {"seat": 1, "n": 1}),
        Event("x.round_over", {"seat": 0, "n": 0}),
        Event("x.income", {"seat": 0, "n": 9}),
    ]
    assert gains(events, frozenset({"x.round_over"}), paid) == (
        (0, "x.count.coin", 2),
        (1, "x.count.coin", 1),
    )


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_last_move_box_says_what_each_command_earned(lang: str) -> None:
    """Marks logged with what their moves earned (as the service logs them) make every board's
    and glance's last line say it, beside the command that earned it."""
    for game in games.shipped():
        engine = engines.get(game)
        shown = 0
        for after, _, _, events in _moves(game, games.players(game), range(1)):
            got = engine.earned(events)
            mark = with_earned(last_mark(engine.view(after, None)), got)
            view = with_recent(engine.view(after, None), [mark])
            line = kit.last_line(view, lang)
            if view.last is None or not view.last.text:
                continue
            if got:
                assert kit.earned_text(view, got, lang) in line, (game, line)
                shown += 1
            else:
                who = kit.player_name(view, view.last.seat or 0)
                # In words in the table's language (#28.2), as typed in English.
                plain = " · ".join(kit.in_words(view, lang, t) for t in kit.turn_texts(view.last))
                if games.fact(game, "LAST_MOVE_IN_WORDS", False):
                    continue  # it says its moves in words (Brass: renderers.brass.words)
                assert line == kit.say("core.board.last", lang, name=who, said=plain), line
        # A game that says what its moves earn (Engine.earned) has said some.
        assert shown or type(engine).earned is Engine.earned, game
