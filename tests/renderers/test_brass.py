"""The Brass board (renderers/brass): phone-wide and legible (#10.5), every word from the catalog
in the table's language (#13.2), no internal ids (#12.4), the public image from the public view
only, the private screen with what each card allows."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

import engines
from engines.brass import components as C
from engines.brass.state import OVER, State, evolve
from engines.brass.view import BrassView, SecondLink, SecondLinkNeeds, SheetRow
from engines.randomplay import random_play
from engines.rng import Rng
from renderers import brass as R
from renderers import kit
from renderers.brass import words as W
from tests.brass.helpers import E, new, play, position

NAMES = ["Ana", "Bo", "Chen", "Dana"]
#: A phone shows a tapped image about this wide (kit.PHONE_WIDTH).
PHONE = kit.PHONE_WIDTH


def _png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


def _view(state: State, seat: int | None = None) -> BrassView:
    return replace(E.view(state, seat), names=tuple(NAMES[: state.players]))


def _random(players: int, moves: int, seed: int = 7) -> State:
    engine = engines.get("brass")
    start = engine.setup(players, engine.meta.validate_options({}), seed)
    state, _ = random_play(engine, start, Rng(seed), moves)
    return state


def _drawn(fn: Any, *args: Any, **kw: Any) -> tuple[bytes, kit.Layout]:
    with kit.recording() as log:
        data = fn(*args, **kw)
    return data, log


def test_the_board_is_one_phone_screen_wide_and_under_300_kb() -> None:
    s = position(
        4,
        tiles=[("birmingham", 1, 0, "cotton_mill", 1), ("dudley", 1, 1, "coal_mine", 1, False, 2)],
        links=[("birmingham-dudley", 2)],
    )
    data = R.render(_view(s))
    img = _png(data)
    assert img.width == PHONE and img.height > img.width
    assert len(data) < 300_000


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
@pytest.mark.parametrize("moves", [0, 40, 10_000])
def test_every_text_reads_on_a_phone(lang: str, moves: int) -> None:
    """#10.5: every font at least 14 px at the ~1080 px a phone shows a tapped image."""
    s = _random(4, moves)
    for fn, view in ((R.render, _view(s)), (R.render_private, _view(s, 0))):
        data, log = _drawn(fn, view, names=NAMES, lang=lang)
        assert log.texts
        assert kit.too_small(log, _png(data).width) == []


def test_the_private_screen_has_no_overlaps() -> None:
    for moves in (0, 40, 10_000):
        s = _random(3, moves)
        _, log = _drawn(R.render_private, _view(s, 1), names=NAMES[:3], lang="ja")
        assert log.overlaps() == [], moves


def _words_outside(labels: list[str], allowed: set[str]) -> set[str]:
    return {w for label in labels for w in re.findall(r"[A-Za-z]{2,}", label)} - allowed


def _printed() -> set[str]:
    """Words players see printed on the real board and cards: town and merchant names, tile
    levels (roman numerals), and the players' names here."""
    words = {w for loc in C.locations().values() for w in re.findall(r"[A-Za-z]{2,}", loc.name)}
    return words | {"II", "III", "IV", "VI", "VII", "VIII"} | set(NAMES)


@pytest.mark.parametrize("moves", [0, 40, 10_000])
def test_a_japanese_board_draws_no_english_word_but_printed_names(moves: int) -> None:
    """#13.2: every label, legend, header, caption and score-sheet heading from the catalog; town
    names keep their printed form (docs/games/brass.md says so)."""
    s = _random(4, moves)
    for fn, view in (
        (R.render, _view(s)),
        (R.render_private, _view(s, 2)),
        (R.render_glance, _view(s)),
    ):
        _, log = _drawn(fn, view, names=NAMES, lang="ja")
        labels = [label for _, label, _ in log.texts]
        assert _words_outside(labels, _printed()) == set(), fn.__name__


def test_the_board_shows_no_internal_ids() -> None:
    """#12.4: the last move and the discards in words, never ``coal_mine`` or ``card=``."""
    s = new(2)
    seat = s.current
    card = (
        next(c for c in s.hands[seat] if c not in C.locations())
        if any(c not in C.locations() for c in s.hands[seat])
        else s.hands[seat][0]
    )
    s2, _ = play(s, seat, f"pass card={card}")
    for lang in ("en", "ja", "es"):
        _, log = _drawn(R.render, _view(s2), lang=lang)
        for _, label, _ in log.texts:
            assert "_" not in label and "=" not in label, label


def test_the_last_move_is_said_in_words() -> None:
    assert W.move("develop coal_mine brewery card=wild_industry", "en") == (
        "Develop: Coal mine, Brewery (card: Wild industry)"
    )
    assert W.move("network birmingham-dudley card=dudley", "en") == (
        "Network: Birmingham–Dudley (card: Dudley)"
    )
    ja = W.move("build cotton_mill leek slot=1 card=leek", "ja")
    assert "紡績所" in ja and "リーク" in ja and "slot" not in ja


def test_picture_changes_after_a_move() -> None:
    s = new(2)
    seat = s.current
    before = _png(R.render(_view(s))).convert("RGB")
    s2, _ = play(s, seat, f"pass card={s.hands[seat][0]}")
    after = _png(R.render(_view(s2))).convert("RGB")
    assert before.tobytes() != after.tobytes()
    built = position(hands={0: ["leek"]})
    s3, _ = play(built, 0, "build cotton_mill leek slot=1 card=leek")
    assert _png(R.render(_view(built))).tobytes() != _png(R.render(_view(s3))).tobytes()


def test_public_image_is_built_from_the_public_view_only() -> None:
    s = new(3)
    public = _view(s)
    mine = _view(s, 0)
    # The private part is ignored by render(): the same picture either way.
    assert R.render(public) == R.render(mine)
    assert R.render_private(public) is None


def test_private_image_shows_a_seats_hand_phone_wide() -> None:
    s = new(3)
    a = R.render_private(_view(s, 0))
    b = R.render_private(_view(s, 1))
    assert a is not None and b is not None and a != b
    assert _png(a).width == PHONE


def test_each_card_says_what_it_builds_in_this_era() -> None:
    """B31–B36, B38: a town card builds the seat's next tiles of the town's industries, an
    industry card that industry in the network, only levels the era allows."""
    s = new(2)
    mat = _view(s, 0).mats[0]
    assert R.private.allows("wild_location", mat, "canal", "en") == "build in any town"
    assert R.private.allows("iron_works", mat, "canal", "en") == "build IR I in your network"
    # Leek's spaces take cotton mills, manufacturers and a coal mine.
    assert R.private.allows("leek", mat, "canal", "en") == "build here: CT I, MF I, CO I"
    # Brewery IV is rail-era only (B38): once it is the mat's next brewery, the card builds
    # nothing in the canal era.
    late = {**mat, "brewery": replace(mat["brewery"], next_level=4)}
    assert R.private.allows("brewery", late, "canal", "en") == "nothing to build this era"
    assert R.private.allows("brewery", late, "rail", "en") == "build BR IV in your network"
    assert R.private.allows("iron_works", mat, "canal", "ja") == "ネットワーク内に鉄 Iを建設"


def test_finished_game_renders_the_final_sheet() -> None:
    s = evolve(position(hands={0: (), 1: ()}, deck=()), phase=OVER)
    v = _view(s)
    assert v.final is not None and v.final.scores == (4, 4)
    data, log = _drawn(R.render, v)
    assert _png(data).width == PHONE
    labels = [label for _, label, _ in log.texts]
    assert "Final scoring" in labels and "Total" in labels


@pytest.mark.parametrize("lang", ["ja", "es"])
def test_no_label_covers_another_in_every_language(lang: str) -> None:
    """#12.8 in the languages whose words are longer or wider than English."""
    for players in (2, 4):
        for moves in (0, 40, 10_000):
            s = _random(players, moves, seed=players)
            _, log = _drawn(R.render, _view(s), names=NAMES[:players], lang=lang)
            assert log.overlaps() == [], (players, moves)


# -- the full game's board (#16.3), on the view fields engines/brass/view.py documents ------------
def _full_view(**changes: Any) -> BrassView:
    """A mid-game view with the full game's fields (era, link kinds, survivors, sheet)."""
    s = position(
        4,
        tiles=[("birmingham", 1, 0, "cotton_mill", 2), ("dudley", 1, 1, "coal_mine", 2, False, 2)],
        links=[("birmingham-dudley", 2), ("birmingham-coventry", 0)],
    )
    v = _view(s)
    sheet = tuple(
        SheetRow(
            in_play=10 + i,
            canal_links=3 * i,
            canal_industries=11,
            rail_links=0,
            rail_industries=0,
            total=21 + 4 * i,
        )
        for i in range(4)
    )
    full = {
        "mode": "full",
        "era": "rail",
        "round": 3,
        "rounds": 8,
        "pending_link": None,
        "links": tuple(replace(link, kind="rail") for link in v.links),
        "tiles": tuple(replace(t, survivor=False) for t in v.tiles),
        "sheet": sheet,
    }
    return replace(v, **{**full, **changes})


def _pixels(view: BrassView, box: tuple[int, int, int, int]) -> bytes:
    return _png(R.render(view)).convert("RGB").crop(box).tobytes()


def _link_box(line: str) -> tuple[int, int, int, int]:
    from renderers.brass.layout import board_data, pt

    raw = next(ln for ln in board_data()["links"] if ln["id"] == line)
    x, y = pt(raw["tile_x"], raw["tile_y"])
    return int(x) - 30, int(y) - 30, int(x) + 30, int(y) + 30


def test_the_header_says_the_era_and_the_round_within_it() -> None:
    """R2, F6: a position is (era, round); rounds restart in the rail era."""
    _, log = _drawn(R.render, _full_view())
    labels = [label for _, label, _ in log.texts]
    assert "Rail era · round 3 of 8" in labels
    _, log = _drawn(R.render, _full_view(), lang="ja")
    assert "鉄道の時代・第3ラウンド（全8）" in [label for _, label, _ in log.texts]


def test_a_rail_link_is_drawn_unlike_a_canal_link() -> None:
    """R2, R32: rails and canals never look alike (ties across a rail)."""
    rail = _full_view()
    canal = _full_view(links=tuple(replace(link, kind="canal") for link in rail.links))
    box = _link_box("birmingham-coventry")
    assert _pixels(rail, box) != _pixels(canal, box)


def test_a_survivor_of_the_canal_era_is_marked() -> None:
    """R41: level-2+ canal-era tiles stay into the rail era; the board shows which."""
    plain = _full_view()
    kept = _full_view(tiles=tuple(replace(t, survivor=True) for t in plain.tiles))
    from renderers.brass.layout import slot_xy

    x, y = slot_xy("birmingham", 0)
    box = (int(x) - 24, int(y) - 24, int(x) + 24, int(y) + 24)
    assert _pixels(plain, box) != _pixels(kept, box)


def test_the_score_sheet_shows_both_eras_with_totals() -> None:
    """R47, R49: canal links, canal industries, rail links, rail industries, in-play VP, total."""
    _, log = _drawn(R.render, _full_view())
    labels = [label for _, label, _ in log.texts]
    for heading in ("Score sheet", "In play", "Canals", "Canal tiles", "Rails", "Rail tiles"):
        assert heading in labels
    assert "Total" in labels
    assert {"21", "25", "29", "33"} <= set(labels)  # each seat's total


def test_a_waiting_double_link_shows_its_lines_and_what_it_takes() -> None:
    """R33–R37: the second link's £10, 1 coal and 1 beer, the lines it may take, the mines and
    breweries it would draw on."""
    waiting = _full_view(
        pending_link=SecondLink(
            seat=0,
            first="birmingham-coventry",
            first_coal=(),
            needs=SecondLinkNeeds(coal=1, beer=1, money=10),
            lines=("birmingham-walsall",),
            coal_from=("dudley.1", "market"),
            beer_from=(),
        )
    )
    data, log = _drawn(R.render, waiting)
    labels = [label for _, label, _ in log.texts]
    assert any("second rail link? +£10, 1 coal, 1 beer" in label for label in labels)
    box = _link_box("birmingham-walsall")
    assert _pixels(waiting, box) != _pixels(_full_view(), box)
    assert log.overlaps() == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_full_games_draw_both_eras_without_overlaps(players: int) -> None:
    """#16.3 on real full games: the rail era's board and the two-era sheet, every label clear."""
    engine = engines.get("brass")
    start = engine.setup(players, engine.meta.validate_options({"mode": "full"}), players)
    eras = set()
    for moves in (0, 60, 10_000):
        state, _ = random_play(engine, start, Rng(players), moves)
        view = engine.view(state, None)
        eras.add(view.era)
        for lang in ("en", "ja"):
            _, log = _drawn(R.render, view, names=NAMES[:players], lang=lang)
            assert log.overlaps() == [], (moves, lang)
        labels = [label for _, label, _ in _drawn(R.render, view, names=NAMES[:players])[1].texts]
        assert "Rail tiles" in labels and "Canal tiles" in labels
    assert eras == {"canal", "rail"}


def test_R24_the_private_screen_says_a_brewery_makes_two_beer_in_the_rail_era() -> None:
    assert "makes 1 beer" in R.private.next_tile_lines("brewery", 2, "canal", "en")
    assert "makes 2 beer" in R.private.next_tile_lines("brewery", 2, "rail", "en")
