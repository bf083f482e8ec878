"""Brass's link-owner marks stay off the towns (#28.3): an A disc sat on Wolverhampton's plate and
on Dudley's tile corner. Computed from the layout for every line of the board."""

from __future__ import annotations

import pytest

from renderers.brass import layout, pieces

#: The mark's radius (``link_mark``) and its 2 px outline.
MARK = 12


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """How far two boxes reach into each other (0 if they do not meet)."""
    return min(min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1]))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_link_owner_mark_sits_on_a_town_plate_a_merchant_or_a_tile(lang: str) -> None:
    """Every line's owner mark misses every town's and farm's plate, merchant frame and tile
    (with the room its badges take) by at least the anti-aliasing pixel."""
    covered = []
    for line in layout.board_data()["links"]:
        x, y = pieces.link_spot(line["id"], lang)
        mark = (x - MARK, y - MARK, x + MARK, y + MARK)
        for place, box in (*layout.place_boxes(), *layout.slot_boxes()):
            if overlap(mark, box) > 1:
                covered.append((line["id"], place))
    assert covered == []


def test_plates_cover_every_town_farm_and_merchant() -> None:
    """The boxes the marks keep off are one per place of the board."""
    ids = [loc for loc, _ in layout.place_boxes()]
    assert sorted(ids) == sorted(r["id"] for r in layout.board_data()["locations"])
