"""The board picture: size, file size, change after a move, public data only, private goals."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

from engines.marco_polo import tables as T
from engines.marco_polo.state import State
from engines.marco_polo.view import MarcoPoloView
from engines.randomplay import random_action, random_play
from engines.rng import Rng
from renderers import kit
from renderers import marco_polo as R
from renderers.marco_polo import layout as L
from renderers.marco_polo.panels import side_top
from tests.marco_polo.helpers import E, game, play, ready
from tests.test_no_english import ALLOWED, english_in, notation_words

NAMES = ["Ana", "Bo", "Chen", "Dara"]


def _view(st: State, seat: int | None = None) -> MarcoPoloView:
    return replace(E.view(st, seat), names=tuple(NAMES[: st.n]))


def _midgame(players: int = 4, setup: str = "advanced", steps: int = 150) -> State:
    st = game(players, setup, seed=8)
    rng = Rng(3)
    for _ in range(steps):
        who = E.to_act(st)
        if not who:
            break
        text = random_action(E, st, who[0], rng)
        assert text is not None
        st, _ = E.play(st, who[0], text)
    return st


def test_board_is_as_wide_as_a_phone_shows_it_and_small() -> None:
    """#10.5: 1080 px wide (kit.PHONE_WIDTH), the map across it and the panels below."""
    for players in (2, 3, 4):
        png = R.render(_view(_midgame(players)))
        img = Image.open(io.BytesIO(png))
        # player panels carry each character's ability (issue 12.9), two panels per row
        assert img.width == kit.PHONE_WIDTH and 2000 < img.height < 3600
        assert len(png) < 300_000


def test_picture_changes_after_a_move() -> None:
    st = ready(4, s0="matteo")
    before = R.render(_view(st))
    st, _ = play(st, 0, "place pepper 3 col=3")
    assert R.render(_view(st)) != before


def test_public_board_ignores_private_information() -> None:
    st = _midgame(3)
    public = R.render(_view(st))
    mine = _view(st, 1)
    assert R.render(mine) == public  # the private part is never drawn on the shared board


def test_private_image_shows_a_seats_goals() -> None:
    st = _midgame(4, "basic", 20)
    png = R.render_private(_view(st, 2))
    assert png is not None and Image.open(io.BytesIO(png)).width == 1080  # a phone's width
    assert R.render_private(_view(st)) is None
    other = R.render_private(_view(st, 3))
    assert other != png


def test_final_board_shows_the_score_sheet() -> None:
    st = _midgame(2, "basic", 5000)
    assert st.phase == "over"
    png = R.render(_view(st))
    during = R.render(_view(ready(2, s0="matteo")))
    heights = [Image.open(io.BytesIO(b)).height for b in (png, during)]
    assert heights[0] > heights[1]  # the score sheet adds a section
    assert len(png) < 300_000


def test_city_cards_keep_board_order_whatever_the_stored_order() -> None:
    # A view read back from storage may list the cards in another order: the board must not move.
    st = ready(4, s0="matteo")
    view = _view(st)
    shuffled = dict(reversed(list(view.cards.items())))
    assert R.render(replace(view, cards=shuffled)) == R.render(view)


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_every_city_card_text_fits_its_two_lines_uncut(lang: str) -> None:
    for cid in T.CITY_CARDS:
        lines = L.card_lines(cid, lang)
        assert lines and not any(line.endswith(kit.ELLIPSIS) for line in lines), (cid, lines)
        assert "".join(lines).replace(" ", "") == L.card_text(cid, lang).replace(" ", "")


def test_M51_M58_board_and_private_view_show_each_characters_ability() -> None:
    """Issue 12.9: during the draft the board and the private image list every character on
    offer with what it does; afterwards each panel and the player's private image show it."""
    from engines.catalog import CATALOG
    from renderers import kit

    def drawn(render: Any) -> str:
        with kit.recording() as log:
            render()
        return " ".join(t[1] for t in log.texts)  # (box, string, size, order)

    st = game(3, "advanced", seed=5)
    offer = st.draft_offer
    first_words = {c: CATALOG.text(f"marco_polo.value.ability_{c}").split()[:4] for c in offer}
    board = drawn(lambda: R.render(_view(st)))
    mine = drawn(lambda: R.render_private(E.view(st, 2), names=["a", "b", "c"]))
    for c, words in first_words.items():
        assert " ".join(words) in board and " ".join(words) in mine, c
    for seat in (2, 1, 0):
        st, _ = E.play(st, seat, "choose " + E.complete(st, seat, "choose")[0])
    board = drawn(lambda: R.render(_view(st)))
    for p in st.players:
        words = CATALOG.text(f"marco_polo.value.ability_{p.char}").split()[:4]
        assert " ".join(words) in board
    mine = drawn(lambda: R.render_private(E.view(st, 0), names=["a", "b", "c"]))
    assert "Your character:" in mine


@pytest.mark.parametrize("lang", ["ja", "es"])
def test_the_glance_and_private_screen_speak_the_tables_language_at_phone_size(lang: str) -> None:
    """#13.2, #10.5: the phone-sized glance and a seat's private screen draw every word from the
    catalog in the table's language (what is asked included), each text at least
    ``kit.min_size`` of the image's width; notation and names stay as typed."""
    said: list[str] = []
    played: list[str] = []
    drawn = 0
    for players, moves in ((2, 0), (3, 1), (3, 7), (4, 60), (2, 10_000)):
        st = E.setup(players, E.meta.validate_options({"setup": "advanced"}), 4)
        st, _ = random_play(E, st, Rng(4), moves)
        view = E.view(st, None)
        for draw, shown in (
            (R.render_glance, view),
            (R.render_private, E.view(st, players - 1)),
            (R.render_private, E.view(st, 0)),
        ):
            with kit.recording() as log:
                png = draw(shown, names=NAMES[:players], lang=lang)
            if png is None:
                continue
            drawn += 1
            width = Image.open(io.BytesIO(png)).size[0]
            assert kit.too_small(log, width) == []
            said += [label for _, label, _ in log.texts]
        last = view.last
        assert last is not None
        played += list(last.turn or [last.text])
        played += [f"choose {c}" for c in st.draft_offer]
    assert drawn >= 12
    allowed = ALLOWED | notation_words("marco_polo", played)
    allowed |= {w[:n] for name in NAMES for w in name.split() for n in range(2, len(w) + 1)}
    # Printed names keep their printed form: characters (M51-M58) and cities.
    allowed |= {w for c in T.CHARACTERS.values() for w in str(c["name"]).split()}
    allowed |= {w for loc in T.LOCATIONS.values() for w in str(loc["name"]).split()}
    assert not english_in(said, allowed, lang), english_in(said, allowed, lang)


def test_a_japanese_board_names_cities_and_characters_as_the_chat_does() -> None:
    """#13.2: the map, the panels and the messages name a place alike (the catalog's names)."""
    st = _midgame(3)
    with kit.recording() as log:
        R.render(_view(st), lang="ja")
    drawn = [label for _, label, _ in log.texts]
    assert "モスクワ" in drawn and "北京" in drawn and "Moscow" not in drawn
    printed = _view(st).seats[0].char_name
    assert L.named(printed, "ja") != printed
    assert any(L.named(printed, "ja") in label for label in drawn)


@pytest.mark.parametrize("lang", ["ja", "es"])
def test_no_label_covers_another_in_japanese_or_spanish(lang: str) -> None:
    """#12.8 in every language: longer or wider words (Japanese city names, Spanish phrases)
    still cover no other label or piece, from the draft to the score sheet."""
    for setup, steps in (("advanced", 2), ("basic", 60), ("basic", 10_000)):
        st = game(4, setup, seed=12)
        st, _ = random_play(E, st, Rng(12), steps)
        with kit.recording() as log:
            R.render(_view(st), lang=lang)
        assert log.texts and log.overlaps() == [], (setup, steps)


@pytest.mark.parametrize(("lang", "city"), [("ja", "モスクワ"), ("es", "Moscú")])
def test_a_city_card_names_its_city_in_the_tables_language_under_its_id(
    lang: str, city: str
) -> None:
    """The city-card panel labels each card by the id a player types (``place moscow 4``) and,
    under it, the city as the table's language names it; in English the id is the name."""

    def cards_panel(lang: str) -> list[str]:
        view = _view(_midgame(3))
        top = L.cards_y(side_top(view, lang))
        with kit.recording() as log:
            R.render(view, lang=lang)
        return [t for box, t, _ in log.texts if top < box[1] < top + L.CARDS_H]

    shown = cards_panel(lang)
    assert "moscow:" in shown and city in shown
    english = cards_panel("en")
    assert "moscow:" in english and "Moscow" not in english


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("moves", [0, 60, 10_000])
def test_the_players_panels_come_right_under_the_map_and_the_reference_tables_last(
    players: int, moves: int
) -> None:
    """#28.3: the players' panels were 2.5 phone screens below the header, under the city cards
    and the bazaar and travel tables. Now: map, players (then the draft or the score sheet),
    action spaces, city cards, the reference tables, the legend, top to bottom."""
    state = game(players, seed=5)
    state, _ = random_play(E, state, Rng(5), moves)
    with kit.recording() as log:
        R.render(E.view(state, None), names=[f"Seat{i}" for i in range(players)], lang="en")
    tops: dict[str, float] = {}
    for box, label, _ in log.texts:
        tops.setdefault(label, box[1])
    map_bottom = L.MAP_Y + L.MAP_H
    # The players' names on their panels (the header above the map names the one to act too).
    names = [
        y for label, y in tops.items() if label.lstrip("▶ ").startswith("Seat") and y > map_bottom
    ]
    order = [
        min(names),
        tops[kit.say("marco_polo.board.spaces", "en")],
        tops[kit.say("marco_polo.board.cards_title", "en")],
        tops[kit.say("marco_polo.board.ref_bazaar", "en")],
    ]
    assert order[0] < map_bottom + 60
    assert order == sorted(order)
    assert max(names) < order[1]
