"""Right-to-left display names and bold Japanese on every board (#13.3).

The expected glyph sequences are written out by hand below (visual order, Arabic presentation
forms from the Unicode charts), never computed with the code under test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont, features

import engines
import renderers
from engines.randomplay import random_play
from engines.rng import Rng
from renderers import kit

DEJAVU = "DejaVuSans.ttf"
LRO, PDF = "\u202d", "\u202c"  # left-to-right override: draw exactly this order

#: (logical text as typed, the same in drawing order as a reader sees it, left to right)
HEBREW = ("שלום", "םולש")
#: meem initial FEE3, reh final FEAE, hah initial FEA3, beh medial FE92, alef final FE8E.
ARABIC = ("مرحبا", "\ufe8e\ufe92\ufea3\ufeae\ufee3")
#: seen initial FEB3, lam-alef ligature final FEFC, meem isolated FEE1.
LAM_ALEF = ("سلام", "\ufee1\ufefc\ufeb3")
#: A name with a number inside and one at its end: a number keeps its own digit order.
NUMBERS = ("שחקן 2 טוב", "בוט 2 ןקחש")
#: ain initial FECB, lam medial FEE0, yeh final FEF2; Arabic-Indic digits ١٢ stay in order.
ARABIC_DIGITS = ("علي ١٢", "١٢ \ufef2\ufee0\ufecb")


def test_pillow_here_lays_out_with_raqm() -> None:
    """The tests and production draw with raqm: Pillow's wheel loads libfribidi at run time
    (installed by the Dockerfile; on a test machine: apt-get install libfribidi0)."""
    assert features.check("raqm")
    assert kit.RAQM


@pytest.fixture
def layout(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[bool]:
    """Draw with raqm (``True``) or with the python-bidi + arabic-reshaper fallback."""
    monkeypatch.setattr(kit, "RAQM", request.param)
    yield request.param


def visual(text: str, bold: bool = False) -> str:
    """What the fallback draws, its pieces joined left to right."""
    return "".join(t for t, _, _ in kit.glyph_runs(text, bold, raqm=False))


@pytest.mark.parametrize("case", [HEBREW, ARABIC, LAM_ALEF], ids=["hebrew", "arabic", "lam-alef"])
def test_without_raqm_a_right_to_left_name_is_drawn_reversed_and_joined(
    case: tuple[str, str],
) -> None:
    logical, expected = case
    assert kit.glyph_runs(logical, raqm=False) == ((expected, DEJAVU, "visual"),)


def test_a_latin_and_hebrew_name_keeps_the_latin_word_first() -> None:
    assert visual("Ana דנה") == "Ana הנד"
    assert visual("דנה Ana") == "הנד Ana"  # a left-to-right label: the Hebrew word leads


@pytest.mark.parametrize("case", [NUMBERS, ARABIC_DIGITS], ids=["hebrew", "arabic"])
def test_numbers_inside_a_right_to_left_name_keep_their_digit_order(
    case: tuple[str, str],
) -> None:
    logical, expected = case
    assert visual(kit.isolate(logical)) == expected
    assert visual(kit.isolate("דנה 12")) == "12 הנד"


def test_an_isolated_name_reads_in_its_own_direction_and_the_label_keeps_its_order() -> None:
    """'▶ name' keeps its arrow on the left; names listed with commas keep the list's order."""
    assert visual("▶ " + kit.isolate("דנה 2")) == "▶ 2 הנד"
    listed = ", ".join(kit.isolate(n) for n in ["דנה", "Ana", "مرحبا"])
    assert visual(listed) == "הנד, Ana, " + ARABIC[1]
    assert kit.isolate("Ana") == "Ana" and kit.isolate("山田") == "山田"


def test_a_label_mixing_japanese_and_arabic_orders_both_fonts_pieces() -> None:
    runs = kit.glyph_runs("花子 と " + kit.isolate(ARABIC[0]), raqm=True)
    assert runs == (
        ("花子", "NotoSansJP-Turnpost.otf", "visual"),
        (" ", DEJAVU, "visual"),
        ("と", "NotoSansJP-Turnpost.otf", "visual"),
        (" " + ARABIC[1], DEJAVU, "visual"),
    )


def test_left_to_right_text_is_left_as_it_is() -> None:
    assert kit.glyph_runs("Ana 花子", raqm=True) == (
        ("Ana ", DEJAVU, "plain"),
        ("花子", "NotoSansJP-Turnpost.otf", "plain"),
    )


@pytest.mark.parametrize(
    "case",
    [HEBREW, ARABIC, LAM_ALEF, ("Ana דנה", "Ana הנד"), (kit.isolate(NUMBERS[0]), NUMBERS[1])],
    ids=["hebrew", "arabic", "lam-alef", "mixed", "numbers"],
)
def test_with_raqm_a_name_draws_the_glyphs_of_its_visual_order(case: tuple[str, str]) -> None:
    """raqm gets the name in logical order and must draw what the hand-written visual sequence
    draws when forced left to right (an override: no reordering, no shaping left to do)."""
    logical, expected = case
    assert features.check("raqm"), "install libfribidi0 so Pillow can lay out with raqm"
    assert kit.glyph_runs(logical, raqm=True) == ((logical, DEJAVU, "raqm"),)
    mask, _, _ = kit._mask(logical, 40, False, "ls", True)
    face = ImageFont.truetype(str(kit.DATA_DIR / "fonts" / DEJAVU), 40)
    oracle = Image.new("L", (900, 100), 0)
    ImageDraw.Draw(oracle).text(
        (10, 70), LRO + expected + PDF, font=face, fill=255, anchor="ls", direction="ltr"
    )
    oracle = oracle.crop(oracle.getbbox())
    assert mask.size == oracle.size
    assert ImageChops.difference(mask, oracle).getbbox() is None


NAMES = ["דנה 2", "مرحبا", "山田花子", "Ana"]


@pytest.mark.parametrize(
    "layout", [False, True], indirect=True, ids=lambda r: "raqm" if r else "bidi"
)
@pytest.mark.parametrize("game", sorted(g.id for g in engines.GAMES))
def test_every_board_draws_hebrew_and_arabic_names_right_to_left(game: str, layout: bool) -> None:
    engine = engines.get(game)
    players = min(engine.meta.max_players, len(NAMES))
    state = engine.setup(players, engine.meta.validate_options({}), 3)
    state, _ = random_play(engine, state, Rng(3), 20)
    with kit.recording() as log:
        renderers.get(game).render(engine.view(state, None), names=NAMES[:players], lang="ja")
    drawn = {label: runs for label, runs in log.shaped.items() if "דנה" in label}
    assert drawn, f"{game}: the Hebrew name was not drawn"
    arabic = {label: runs for label, runs in log.shaped.items() if ARABIC[0] in label}
    assert arabic, f"{game}: the Arabic name was not drawn"
    for label, runs in {**drawn, **arabic}.items():
        kinds = {r[2] for r in runs}
        if kinds == {"raqm"}:
            # raqm lays out a label one font draws whole, in logical order.
            assert layout and [r[0] for r in runs] == [label], (game, label, runs)
        else:
            # A label mixing fonts (or no raqm): drawn in visual order, the names reversed.
            assert kinds == {"visual"}, (game, label, runs)
            shown = "".join(r[0] for r in runs)
            assert "2 הנד" in shown or ARABIC[1] in shown, (game, label, shown)
            assert "דנה" not in shown and ARABIC[0] not in shown, (game, label, shown)
    for ch, name in log.glyphs:
        assert ord(ch) in kit.coverage(name), (game, ch, name)


# -- bold Japanese --------------------------------------------------------------------------------
def ink(mask: Image.Image) -> int:
    return sum(mask.histogram()[v] * v for v in range(256))


def test_a_bold_japanese_heading_is_heavier_than_the_regular_one() -> None:
    """The Japanese subset has one weight: bold is stroked, so it must come out heavier."""
    heading = "得点表・山田花子の番"
    regular, _, _ = kit._mask(heading, 30, False, "la", kit.RAQM)
    bold, _, _ = kit._mask(heading, 30, True, "la", kit.RAQM)
    assert ImageChops.difference(regular.crop((0, 0, *bold.size)), bold).getbbox() is not None
    assert ink(bold) > ink(regular) * 1.15
    for t, name, _ in kit.glyph_runs(heading, bold=True):
        assert name in kit.SINGLE_WEIGHT
        assert all(ord(ch) in kit.coverage(name) for ch in t), t


def test_bold_latin_keeps_its_own_bold_face_unstroked() -> None:
    assert kit.FONT_FILES[True][0] not in kit.SINGLE_WEIGHT
    assert {"NotoSansJP-Turnpost.otf"} == kit.SINGLE_WEIGHT
