"""One seat's screen (Y82): rupees, client tokens, city and palace tokens, the city count."""

from __future__ import annotations

from collections.abc import Sequence

from engines.bombay.view import BombayView
from renderers import kit
from renderers.bombay.layout import SEATS
from renderers.bombay.panels import status

PRIVATE_W = 1000


def render_private(
    view: BombayView, *, names: Sequence[str] | None = None, lang: str | None = None
) -> bytes | None:
    """PNG of one seat's screen, or ``None`` for a view without one (the public view)."""
    view, lang = kit.prepare(view, names, lang)
    private = view.private
    if private is None:
        return None
    seat = private.seat_number - 1
    img = kit.new_canvas(400, width=PRIVATE_W)
    draw = kit.Pen(img)
    SEATS.mark(draw, seat, 48, 50, 24)
    name = view.name(seat)
    title = kit.say("bombay.board.private_title", lang, name=name)
    kit.text(draw, (86, 30), title, 30, bold=True, max_width=880)
    only = kit.say("bombay.board.private_only", lang, status=status(view, lang))
    kit.text(draw, (86, 72), only, 18, fill=kit.MUTED, max_width=880)
    draw.rounded_rectangle((30, 116, 330, 370), 14, fill=kit.PANEL)
    kit.text_centered(draw, (180, 160), kit.say("bombay.private.rupees", lang), 24, bold=True)
    kit.text_centered(draw, (180, 250), str(private.rupees), 96, bold=True)
    cities = private.city_tokens

    def row(key: str, value: object) -> str:
        return kit.say("bombay.board.row", lang, label=kit.say(key, lang), value=value)

    listed = (
        kit.say("bombay.board.list", lang, items=list(cities))
        if cities
        else kit.say("bombay.board.none", lang)
    )
    rows = [
        row("bombay.private.client_tokens", private.client_tokens),
        row("bombay.private.client_palace_tokens", private.client_palace_tokens),
        row("bombay.private.city_tokens", listed),
        row("bombay.private.city_palace_tokens", private.city_palace_tokens),
        row("bombay.private.city_count", private.city_count),
    ]
    if 0 <= seat < len(view.elephants):
        bales = view.elephants[seat].bales
        site = view.elephants[seat].site
        if bales:
            rows.append(kit.say("bombay.board.elephant_at", lang, site=site, bales=list(bales)))
        else:
            rows.append(kit.say("bombay.board.elephant_empty", lang, site=site))
    for i, line in enumerate(rows):
        kit.text(draw, (360, 124 + i * 40), line, 22, max_width=620)
    return kit.encode_png(img)
