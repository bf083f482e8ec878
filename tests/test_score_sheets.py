"""One final score sheet per game, in a fixed category order, with the numbers to check it
(issue 12.7): every built-in game, played to its end at random."""

from __future__ import annotations

import pytest

import engines
from engines.catalog import CATALOG
from engines.randomplay import random_play
from engines.rng import Rng
from tests import games


@pytest.mark.parametrize("game", games.shipped())
def test_every_game_ends_with_a_labelled_ordered_sheet_and_its_check_numbers(game: str) -> None:
    engine = engines.get(game)
    players = games.players(game)
    state = engine.setup(players, engine.meta.validate_options({}), 11)
    state, _ = random_play(engine, state, Rng(11))
    result = engine.result(state)
    assert result is not None, f"{game}: the random game did not end"
    data = result.to_json()
    # the category order survives storage (objects are stored with sorted keys)
    assert data["categories"] == list(result.breakdown[0])
    assert all(list(b) == data["categories"] for b in result.breakdown)
    # every seat has the same check numbers, in the same order, each labelled in every language
    # the game is played in
    assert len(result.details) == players
    assert data["detail_keys"] and all(list(d) == data["detail_keys"] for d in result.details)
    for lang in games.languages(game):
        for cat in data["categories"]:
            assert f"{game}.score.{cat}" in CATALOG.messages(lang), (lang, cat)
        for fact in data["detail_keys"]:
            assert f"{game}.detail.{fact}" in CATALOG.messages(lang), (lang, fact)


#: The games whose final board numbers the places ("1. Ann …"): ``PLACES_ON_BOARD`` in
#: ``tests/<id>/__init__.py``.
NUMBERED = [game for game in games.shipped() if games.fact(game, "PLACES_ON_BOARD", False)]


@pytest.mark.parametrize("game", NUMBERED)
def test_the_board_sheet_lists_players_by_place_as_the_text_does(game: str) -> None:
    import renderers
    from renderers import kit

    engine = engines.get(game)
    players = games.players(game)
    state = engine.setup(players, engine.meta.validate_options({}), 11)
    state, _ = random_play(engine, state, Rng(11))
    result = engine.result(state)
    assert result is not None
    names = ["Ann", "Ben", "Cat", "Dan", "Eve"][:players]
    view = engine.view(state, None)
    with kit.recording() as log:
        renderers.get(game).render(view, names=names)
    rows = sorted(
        (box[1], text) for box, text, _ in log.texts if text[:1].isdigit() and ". " in text
    )
    shown = [
        next(n for n in names if n in text) for _, text in rows if any(n in text for n in names)
    ]
    assert shown == [names[s] for group in result.ranking for s in group]
