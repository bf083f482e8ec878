"""The Brass renderer: size, weight, changes after a move, public image from the public view."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from engines.brass.state import State
from renderers import brass as R
from tests.brass.helpers import E, new, play, position

NAMES = ["Ana", "Bo", "Chen", "Dana"]


def _png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


def _view(state: State, seat: int | None = None) -> dict[str, Any]:
    v = E.view(state, seat)
    v["names"] = NAMES[: state.players]
    return v


def test_board_is_about_1600_wide_and_under_300_kb() -> None:
    s = position(
        4,
        tiles=[("birmingham", 1, 0, "cotton_mill", 1), ("dudley", 1, 1, "coal_mine", 1, False, 2)],
        links=[("birmingham-dudley", 2)],
    )
    data = R.render(_view(s))
    img = _png(data)
    assert img.width == 1600 and 1000 < img.height < 1400
    assert len(data) < 300_000


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


def test_private_image_shows_a_seats_hand() -> None:
    s = new(3)
    a = R.render_private(_view(s, 0))
    b = R.render_private(_view(s, 1))
    assert a is not None and b is not None and a != b
    assert _png(a).width == 1600


def test_finished_game_renders_final_scores() -> None:
    from engines.brass.state import OVER, evolve

    s = evolve(position(hands={0: (), 1: ()}, deck=()), phase=OVER)
    v = _view(s)
    assert v["final"]["scores"] == [4, 4]
    assert _png(R.render(v)).width == 1600
