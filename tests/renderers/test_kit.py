"""The drawing kit: seat palettes under colour-vision deficiency (#10.6), the font stack and
per-character fallback for any display name (#13.3)."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest
from PIL import Image

import engines
import renderers
from engines.randomplay import random_play
from engines.rng import Rng
from renderers import kit
from tests import games

# -- colour-vision simulation (Machado, Oliveira & Fernandes 2009, severity 1.0, linear RGB) ------
PROTANOPIA = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
VISIONS = {"normal": None, "protanopia": PROTANOPIA, "deuteranopia": DEUTERANOPIA}
#: Minimum CIE76 ΔE between two seats, and between a seat and a component, in every vision.
SEAT_SEAT = 20.0
SEAT_COMPONENT = 15.0


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb: tuple[int, int, int], matrix: Any) -> tuple[float, float, float]:
    lin = [_linear(v) for v in rgb]
    if matrix is not None:
        lin = [
            min(1.0, max(0.0, sum(m * v for m, v in zip(row, lin, strict=True)))) for row in matrix
        ]
    r, g, b = lin
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: tuple[int, int, int], b: tuple[int, int, int], vision: str) -> float:
    """CIE76 colour difference of ``a`` and ``b`` as seen with ``vision``."""
    return math.dist(_lab(a, VISIONS[vision]), _lab(b, VISIONS[vision]))


GAMES = sorted(g.id for g in engines.GAMES)


def test_simulation_sees_the_classic_confusion() -> None:
    """Sanity check of the simulation itself: a red and a dark green, or a red and an olive, that
    differ plainly in normal vision come close under protanopia or deuteranopia respectively."""
    red, dark_green = (200, 30, 40), (20, 90, 40)
    assert delta_e(red, dark_green, "normal") > 90
    assert delta_e(red, dark_green, "protanopia") < 5
    light_red, olive = (220, 50, 50), (120, 120, 30)
    assert delta_e(light_red, olive, "normal") > 70
    assert delta_e(light_red, olive, "deuteranopia") < 8


@pytest.mark.parametrize("game", GAMES)
def test_every_pair_of_seats_stays_apart_in_every_vision(game: str) -> None:
    palette = renderers.get(game).SEATS.palette()
    assert len(palette) >= engines.get(game).meta.max_players
    for (na, a), (nb, b) in itertools.combinations(palette, 2):
        for vision in VISIONS:
            assert delta_e(a, b, vision) >= SEAT_SEAT, (game, na, nb, vision)


@pytest.mark.parametrize("game", GAMES)
def test_no_seat_looks_like_a_component_of_its_game(game: str) -> None:
    renderer = renderers.get(game)
    components = renderer.COMPONENT_COLOURS
    for (seat, a), (part, b) in itertools.product(renderer.SEATS.palette(), components.items()):
        for vision in VISIONS:
            assert delta_e(a, b, vision) >= SEAT_COMPONENT, (game, seat, part, vision)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_names_its_own_seat_colours(game: str) -> None:
    """A game's palette lives with the game (its renderer's ``SEATS``), every colour named and
    none the kit's default."""
    seats = renderers.get(game).SEATS
    assert len(seats.names) == len(seats.colours) and all(seats.names)
    assert seats.colours != kit.DEFAULT_SEATS.colours


# -- fonts ----------------------------------------------------------------------------------------
NAMES = {
    "japanese": "山田花子",
    "kana": "たろう・カタカナ",
    "spanish": "José Ñúñez-Güell",
    "emoji": "Ana 🎲🐫",
    "zwj family": "👨\u200d👩\u200d👧 fam",
    "hebrew": "שלום",
    "arabic": "مرحبا",
    "long": "Bartholomew Featherstonehaugh III",  # 33 characters
}


def test_the_japanese_subset_covers_kana_and_jis_kanji() -> None:
    jp = kit.coverage("NotoSansJP-Turnpost.otf")
    for ch in "あいうえおアイウエオ山田花子東京都愛媛鬱々「」ー・ＡＢ１２":
        assert ord(ch) in jp, ch


@pytest.mark.parametrize("case", sorted(NAMES))
def test_any_display_name_draws_every_character_with_a_font_that_has_it(case: str) -> None:
    img = kit.new_canvas(60, 600)
    with kit.recording() as log:
        box = kit.text(kit.Pen(img), (10, 10), NAMES[case], 24, max_width=300)
    assert box[2] - 10 <= 300 + 1, "the name overflows its room"
    assert img.crop(box).getextrema() != ((245, 245), (238, 238), (222, 222)), "nothing drawn"
    assert log.glyphs, "nothing recorded"
    for ch, name in log.glyphs:
        assert ord(ch) in kit.coverage(name), (case, ch, name)


def test_an_emoji_becomes_one_placeholder_never_a_missing_glyph_box() -> None:
    assert kit.runs("a 🎲") == (("a " + kit.PLACEHOLDER, "DejaVuSans.ttf"),)
    # A family joined by zero-width joiners is one cluster, so one placeholder.
    assert kit.runs("👨\u200d👩\u200d👧") == ((kit.PLACEHOLDER, "DejaVuSans.ttf"),)


def test_a_japanese_name_falls_back_to_the_japanese_font_per_character() -> None:
    assert kit.runs("Ana 花子") == (("Ana ", "DejaVuSans.ttf"), ("花子", "NotoSansJP-Turnpost.otf"))


def test_a_long_name_is_cut_with_an_ellipsis_to_its_room() -> None:
    name = "x" * 32
    cut = kit.fit_text(name, 20, 120)
    assert cut.endswith(kit.ELLIPSIS) and kit.text_width(cut, 20) <= 120
    assert kit.fit_text("Ana", 20, 120) == "Ana"


JA_NAMES = ["山田花子", "たろう", "José Ñúñez", "Ana 🎲", "שלום"]


@pytest.mark.parametrize("game", GAMES)
def test_every_board_with_japanese_names_draws_each_character_with_a_font_that_has_it(
    game: str,
) -> None:
    engine = engines.get(game)
    players = engine.meta.max_players
    state = engine.setup(players, engine.meta.validate_options({}), 5)
    state, _ = random_play(engine, state, Rng(5), 60)
    names = (JA_NAMES * 2)[:players]
    with kit.recording() as log:
        png = renderers.get(game).render(engine.view(state, None), names=names)
    assert png.startswith(b"\x89PNG")
    drawn = {ch for ch, _ in log.glyphs}
    assert "花" in drawn or "た" in drawn, "the Japanese names were not drawn"
    for ch, name in log.glyphs:
        assert ord(ch) in kit.coverage(name), (game, ch, name)


def test_bold_and_regular_share_the_same_stack() -> None:
    assert kit.FONT_FILES[True][1:] == kit.FONT_FILES[False][1:]
    assert isinstance(Image.new("L", (1, 1)), Image.Image)


# -- what every board draws the same way (#14) ---------------------------------------------------


def test_move_marks_draw_the_earlier_moves_lighter_and_thinner_then_the_last_in_gold() -> None:
    from engines.kit import Mark, View

    dudley, walsall = Mark(seat=0, text="build dudley"), Mark(seat=1, text="build walsall")
    view = View[Mark, None](players=2, to_act=(0,), last=walsall, recent=(dudley, walsall))
    assert kit.move_marks(view, 6) == [
        (dudley, kit.EARLIER, kit.EARLIER_WIDTH),
        (walsall, kit.HIGHLIGHT, 6),
    ]
    assert kit.move_marks(View[Mark, None](players=2, to_act=(0,))) == []


def test_marks_row_puts_each_seat_mark_beside_the_last_and_returns_where_text_goes() -> None:
    img = Image.new("RGB", (200, 40), kit.PAPER)
    with kit.recording() as log:
        end = kit.DEFAULT_SEATS.marks_row(kit.Pen(img), [2, 0], 10, 20, 12, 6)
    assert end == 10 + 2 * (24 + 6)
    assert [box for box, _ in log.pieces] == [(10, 8, 34, 32), (40, 8, 64, 32)]


def test_last_line_names_the_mover_and_every_command_of_their_turn() -> None:
    from engines.kit import Mark, View

    turn = ("place travel 3 4", "move moscow")
    view = View[Mark, None](
        players=2,
        to_act=(1,),
        last=Mark(seat=0, text="move moscow", turn=turn),
        names=("Ana", "Ben"),
    )
    assert kit.last_line(view, "en") == "Last: Ana — place travel 3 4 · move moscow"
    assert kit.last_line(view, "ja") == "直前：Ana — place travel 3 4 · move moscow"
    assert kit.last_line(view, "en", str.upper) == "Last: Ana — PLACE TRAVEL 3 4 · MOVE MOSCOW"
    assert kit.last_line(View[Mark, None](players=2, to_act=(0,)), "en") == ""


@pytest.mark.parametrize("game", GAMES)
def test_every_glance_says_the_last_move_in_one_shape(game: str) -> None:
    engine = engines.get(game)
    state = engine.setup(2, engine.meta.validate_options({}), 5)
    state, _ = random_play(engine, state, Rng(5), 12)
    view = engine.view(state, None)
    assert view.last is not None and view.last.seat is not None
    mover = ("Ana", "Ben")[view.last.seat]
    with kit.recording() as log:
        renderers.get(game).render_glance(view, names=["Ana", "Ben"], lang="en")
    assert any(label.startswith(f"Last: {mover} — ") for _, label, _ in log.texts)


def _dot(draw: Any, x: float, y: float) -> None:
    draw.ellipse((x, y, x + 20, y + 20), fill=kit.INK)
    kit.piece((x, y, x + 20, y + 20))


def test_a_legend_across_moves_an_entry_that_would_pass_the_edge_to_the_next_row() -> None:
    legend = kit.Legend(size=16, indent=30, row=32, gap=20, across=True)
    labels = ["hill", "city", "trading post", "palace token"]
    first = 30 + kit.text_width("hill", 16) + 20
    right = 10 + first + 30 + kit.text_width("city", 16) + 5  # room for two entries only
    spots = legend.spots(labels, 10, 100, right)
    assert [(x, y) for x, y, _, _ in spots] == [(10, 100), (10 + first, 100), (10, 132), (10, 164)]
    img = Image.new("RGB", (400, 300), kit.PAPER)
    with kit.recording() as log:
        bottom = legend.draw(kit.Pen(img), [(_dot, label) for label in labels], 10, 100, right)
    assert bottom == 100 + legend.height(labels, 10, right) == 196
    assert [label for _, label, _ in log.texts] == labels
    assert log.overlaps() == []


def test_a_legend_down_wraps_a_long_label_and_puts_the_next_entry_under_it() -> None:
    legend = kit.Legend(size=16, indent=30, row=22, gap=10, lines=3)
    long = "a silk bale of each colour the markets sell, in the bag until a restock"
    spots = legend.spots([long, "hill"], 0, 0, 260)
    (_, _, lines, room), (_, y, _, _) = spots
    assert len(lines) > 1 and all(kit.text_width(line, 16) <= room for line in lines)
    assert y == 22 * len(lines) + 10


def test_title_line_puts_the_status_beside_the_title_or_against_the_right_edge() -> None:
    img = Image.new("RGB", (600, 80), kit.PAPER)
    beside = kit.TitleLine(size=40, status_size=24, gap=16)
    with kit.recording() as log:
        after = beside.draw(kit.Pen(img), (20, 10), "Bombay", "Set 3 of 4", 600)
    (title, _, _), (status, _, _) = log.texts
    assert after == 20 + kit.text_width("Bombay", 40, True) + 16
    assert title[2] < status[0] <= after + 2
    flush = kit.TitleLine(size=30, status_size=24, flush_right=True)
    with kit.recording() as log:
        flush.draw(kit.Pen(img), (20, 10), "Brass", "Canal era · round 2 of 10", 580)
    (_, _, _), (status, label, _) = log.texts
    assert abs(status[2] - 580) <= 2 and label == "Canal era · round 2 of 10"


def test_who_is_to_act_follows_their_marks_and_is_cut_at_the_right_edge() -> None:
    img = Image.new("RGB", (400, 60), kit.PAPER)
    long = "▶ Ana to play: quarry, load, sail or a blue card, and then some more"
    with kit.recording() as log:
        kit.DEFAULT_SEATS.who(kit.Pen(img), [0, 1], 10, 30, long, 20, r=12, pad=6, right=390)
    marks = [box for box, _ in log.pieces]
    (box, label, _) = log.texts[-1]
    assert len(marks) == 2 and box[0] >= marks[-1][2] + 6
    assert label.endswith(kit.ELLIPSIS) and box[2] <= 391


@pytest.mark.parametrize("game", GAMES)
def test_every_header_puts_the_mark_of_who_acts_before_their_name(game: str) -> None:
    engine = engines.get(game)
    players = games.players(game)
    state = engine.setup(players, engine.meta.validate_options({}), 8)
    state, _ = random_play(engine, state, Rng(8), 9)
    view = engine.view(state, None)
    names = ["Ana", "Ben", "Cid", "Dee", "Eve", "Fay"][:players]
    with kit.recording() as log:
        renderers.get(game).render(view, names=names, lang="en")
    acting = names[view.to_act[0]]
    header = [box for box, label, _ in log.texts if box[1] < 190 and acting in label]
    marks = [box for box, _ in log.pieces if box[3] < 190]
    assert any(
        0 <= text[0] - mark[2] <= 20 and mark[1] < text[3] and text[1] < mark[3]
        for text in header
        for mark in marks
    ), (header, marks)
