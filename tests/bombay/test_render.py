"""The Bombay board image: size, file size, changes with a move, hidden money never drawn."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

from engines.bombay import ENGINE
from renderers import bombay as renderer
from renderers import get, kit
from renderers.bombay import layout, static
from tests.bombay.helpers import neighbour, new, play

NAMES = ["Ana", "Ben", "Chandra", "Dev", "Esha"]


def _view(state, seat=None):  # type: ignore[no-untyped-def]
    return replace(ENGINE.view(state, seat), names=tuple(NAMES[: state.players]))


def _size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def test_registry_finds_the_bombay_renderer() -> None:
    assert get("bombay") is renderer


def test_board_is_about_as_wide_as_a_phone_shows_it_and_under_300_kb() -> None:
    # Drawn near the 1080 px a phone shows at full screen, every label keeps its size there.
    png = renderer.render(_view(new(5)))
    w, h = _size(png)
    assert w == renderer.WIDTH and 1000 <= w <= kit.PHONE_WIDTH and 1500 < h < 2200
    assert len(png) < 300_000


def test_picture_changes_after_a_move() -> None:
    s = new(4)
    before = renderer.render(_view(s))
    s2, _ = play(s, 0, f"move {neighbour(s.sites[0], 'trading_post_site')}")
    assert renderer.render(_view(s2)) != before


def test_public_image_ignores_hidden_money_and_private_part() -> None:
    s = new(3)
    richer = replace(s, money=(99, 42, 7), clients=(5, 0, 0))
    assert renderer.render(_view(s)) == renderer.render(_view(richer))
    assert renderer.render(_view(s, 1)) == renderer.render(_view(s))


def test_private_image_for_a_seat_and_none_for_the_public_view() -> None:
    s = new(2)
    png = renderer.render_private(_view(s, 0))
    assert png is not None and _size(png)[0] >= 800
    assert renderer.render_private(_view(s)) is None
    richer = replace(s, money=(17, 2))
    assert renderer.render_private(_view(richer, 0)) != png


def test_final_board_shows_the_score_sheet() -> None:
    s = new(2)
    done = replace(s, set_no=s.sets)
    png = renderer.render(_view(done))
    assert _size(png)[0] == renderer.WIDTH and png != renderer.render(_view(s))


def test_unused_f_sites_are_drawn_as_empty_sites_with_two_or_three_players() -> None:
    from engines.bombay.components import board

    f_site = next(s for s in board().sites.values() if s.tp_group == "F")
    cx, cy = layout.xy(f_site.x, f_site.y)
    corner = (round(cx + layout.SITE_R["trading_post_site"] - 3), round(cy - 3))
    # a square's edge on the right of the site with 4 players; open map beside a circle with 2
    four = Image.open(io.BytesIO(renderer.render(_view(new(4))))).convert("RGB")
    two = Image.open(io.BytesIO(renderer.render(_view(new(2))))).convert("RGB")
    assert four.getpixel(corner) != two.getpixel(corner)


def test_a_demand_column_near_another_site_is_tied_to_its_city() -> None:
    # On the stand-in board Hyderabad's column sits nearly as close to g6 as to Hyderabad,
    # Nagpur's right beside its city: only the ambiguous one gets a dotted tie.
    from PIL import ImageDraw

    def drawn(city: str) -> bool:
        img = Image.new("RGB", (renderer.WIDTH, renderer.HEIGHT), (255, 255, 255))
        static.demand_tie(ImageDraw.Draw(img), layout.sites()[city])
        return bool(img.convert("L").getextrema()[0] < 255)  # any dark pixel

    assert drawn("hyderabad") and not drawn("nagpur")


def test_the_board_is_drawn_in_the_table_language_from_the_call_or_the_view() -> None:
    view = _view(new(3))
    japanese = renderer.render(view, lang="ja")
    assert japanese != renderer.render(view)
    assert renderer.render(replace(view, lang="ja")) == japanese
    assert renderer.render(replace(view, lang="ja"), lang="en") == renderer.render(view)
