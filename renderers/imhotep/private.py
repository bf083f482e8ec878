"""One seat's private image: the Market-B face-down pair it is choosing from (the only hidden
thing a seat ever holds in Imhotep, I8)."""

from __future__ import annotations

from collections.abc import Sequence

from engines.imhotep.view import ImhotepView
from renderers import kit
from renderers.imhotep.layout import SAND, M, prepare, say
from renderers.imhotep.pieces import card, text
from renderers.imhotep.static import encode


def render_private(
    view: ImhotepView, *, names: Sequence[str] | None = None, lang: str | None = None
) -> bytes | None:
    """The face-down pair a seat is choosing from (Market B), or ``None`` when it holds nothing
    hidden. Phone-sized like the glance (#10.5, #12.8)."""
    view = prepare(view, names, lang)
    pair = view.private.face_down_pair if view.private is not None else None
    if not pair:
        return None
    pw = kit.GLANCE_W
    title = kit.wrap(say(view, "private_title"), 30, pw - 2 * M, 2, True)
    choices = ", ".join(f"keep {k}" for k in pair)
    hint = kit.wrap(say(view, "private_hint", choices=choices), 26, pw - 2 * M, 3)
    top = 24 + 42 * len(title) + 36 * len(hint) + 16
    card_w, card_h = (pw - 2 * M - 24) // 2, 230
    img = kit.new_canvas(top + card_h + 30, pw, SAND)
    d = kit.Pen(img)
    y = 24
    for line in title:
        text(d, (M, y), line, 30, bold=True)
        y += 42
    for line in hint:
        text(d, (M, y), line, 26)
        y += 36
    for i, kind in enumerate(pair):
        x = M + i * (card_w + 24)
        card(d, view, (x, top, x + card_w, top + card_h), kind, k=1.9)
    return encode(img)
