"""Bombay's panels: the header, the merchants, the markets, the last move, the final score
sheet, and the phone-sized glance. Every word comes from the catalog in the table's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import ImageDraw

from engines.bombay.view import BombayView
from engines.catalog import CATALOG
from renderers import kit
from renderers.bombay.layout import COL_W, LAST_FILL, MARKET_FILL, SEATS, TITLE_LINE, WIDTH
from renderers.bombay.pieces import bale

MARKETS = ("left", "middle", "right")


def names_of(view: BombayView) -> list[str]:
    """The players' names by seat."""
    return [view.name(s) for s in range(view.players)]


def status(view: BombayView, lang: str) -> str:
    """Set and game turn, or the end (the engine's ``status`` message, from the view)."""
    if view.over:
        return CATALOG.text("bombay.status.over", {"sets": view.sets}, lang=lang)
    params = {
        "set": view.set,
        "sets": view.sets,
        "turn": view.game_turn,
        "turns": view.turns_per_set,
    }
    return CATALOG.text("bombay.status.turn", params, lang=lang)


def asked(view: BombayView, lang: str, name: str | None = None) -> str:
    """Who plays and the AP left (with the purchase made), or that the screens are open."""
    if view.over:
        return kit.say("bombay.board.game_over", lang)
    if name is None:
        line = kit.say("bombay.board.ap_left", lang, ap=view.ap)
    else:
        line = kit.say("bombay.board.to_play", lang, name=name, ap=view.ap)
    if view.bought:
        line += " · " + kit.say("bombay.board.bought", lang)
    return line


def header(draw: ImageDraw.ImageDraw, view: BombayView, lang: str) -> None:
    """Title, set and turn, and whose turn it is."""
    names = names_of(view)
    title = kit.say("bombay.name", lang)
    x = TITLE_LINE.draw(draw, (24, 14), title, status(view, lang), WIDTH - 24)
    cur = view.current
    name = names[cur] if cur is not None and cur < len(names) else "?"
    acting = [cur] if cur is not None and not view.over else []
    label = asked(view, lang, name)
    SEATS.who(draw, acting, x, 72, label, 22, r=11, gap=6, pad=4, bold=False, right=WIDTH - 24)


def players(draw: ImageDraw.ImageDraw, view: BombayView, x: float, y: float, lang: str) -> float:
    """One row per merchant: mark, name, site, palaces left, first player, bales carried."""
    names = names_of(view)
    h = 46 + 52 * len(names)
    yy = kit.panel(draw, (x, y, x + COL_W, y + h), kit.say("bombay.board.merchants", lang))
    yy = y + 44
    for seat in range(len(names)):
        if seat == view.current:
            draw.rounded_rectangle(
                (x + 6, yy - 4, x + COL_W - 6, yy + 44), 8, outline=kit.TO_ACT, width=4
            )
        SEATS.mark(draw, seat, x + 28, yy + 20, 15)
        bold = seat == view.current
        kit.text(draw, (x + 52, yy + 2), names[seat], 19, bold=bold, max_width=COL_W - 140)
        sub = kit.say(
            "bombay.board.merchant_line",
            lang,
            site=view.elephants[seat].site,
            left=view.palaces_left[seat],
        )
        if seat == view.first_player:
            sub += " · " + kit.say("bombay.board.first", lang)
        kit.text(draw, (x + 52, yy + 24), sub, 15, max_width=COL_W - 140)
        bx = x + COL_W - 70
        for j, colour in enumerate(view.elephants[seat].bales):
            bale(draw, colour, bx + j * 30, yy + 8, 26)
        yy += 52
    return y + h + 12


def scores(draw: ImageDraw.ImageDraw, view: BombayView, x: float, y: float, lang: str) -> float:
    """The final score sheet: the text sheet's order (places, then rupees, empire bonus, city
    bonus, total) and under each player the numbers behind the bonuses and the tie-break."""
    names = names_of(view)
    screens = view.screens or ()
    details: Sequence[Mapping[str, int]] = view.score_details or [{} for _ in screens]
    ranking = view.ranking or [(s,) for s in range(len(screens))]
    facts: dict[int, list[str]] = {}
    for seat in range(len(screens)):
        d = details[seat] if seat < len(details) else {}
        facts[seat] = [
            line
            for key in (("bombay.board.fact_empire", "bombay.board.fact_city") if d else ())
            for line in kit.wrap(kit.say(key, lang, **d), 14, COL_W - 56, 2)
        ]
    heights = {seat: 26 + 17 * len(lines) + 8 for seat, lines in facts.items()}
    h = 104 + sum(heights.values())
    kit.panel(draw, (x, y, x + COL_W, y + h), kit.say("bombay.board.final", lang))
    cols = [("rupees", 200), ("empire", 272), ("city", 344), ("total", 416)]
    for key, cx in cols:
        head = kit.say(f"bombay.board.col.{key}", lang)
        kit.text(draw, (x + cx, y + 40), head, 15, bold=True, max_width=70)
    winners = view.winners or ()
    yy = y + 66
    place = 1
    for group in ranking:
        for seat in group:
            sc = screens[seat]
            SEATS.mark(draw, seat, x + 26, yy + 12, 12)
            won = seat in winners
            label = f"{place}. " + ("★ " if won else "") + names[seat]
            kit.text(draw, (x + 46, yy), label, 17, bold=won, max_width=148)
            vals = [sc.money, sc.empire_bonus, sc.city_bonus, sc.total]
            for (_, cx), v in zip(cols, vals, strict=True):
                kit.text(draw, (x + cx, yy), str(v), 17, bold=won)
            for k, line in enumerate(facts[seat]):
                kit.text(draw, (x + 46, yy + 24 + 17 * k), line, 14)
            yy += heights[seat]
        place += len(group)
    note = kit.say("bombay.board.winner_note", lang)
    for k, line in enumerate(kit.wrap(note, 15, COL_W - 28, 2)):
        kit.text(draw, (x + 14, yy + 2 + 19 * k), line, 15)
    return y + h + 12


def markets(draw: ImageDraw.ImageDraw, view: BombayView, x: float, y: float, lang: str) -> float:
    """The three markets with their prices (Y49) and the bales in each, and the bag."""
    h = 178
    title = kit.say("bombay.board.markets", lang, count=view.bag)
    kit.panel(draw, (x, y, x + COL_W, y + h), title)
    col_w = (COL_W - 20) / 3
    costs = view.market_costs
    for i, name in enumerate(MARKETS):
        cx = x + 10 + i * col_w
        draw.rounded_rectangle(
            (cx + 4, y + 40, cx + col_w - 4, y + h - 10),
            8,
            fill=MARKET_FILL,
            outline=kit.INK,
            width=2,
        )
        rupees, ap = costs.get(name, (0, 0))
        mid = cx + col_w / 2
        word = kit.say("bombay.board.market", lang, market=name)
        kit.text(draw, (mid, y + 56), word, 17, bold=True, anchor="mm", max_width=col_w - 12)
        price = kit.say("bombay.board.market_cost", lang, rupees=rupees, ap=ap)
        kit.text(draw, (mid, y + 78), price, 15, anchor="mm", max_width=col_w - 12)
        yy = y + 94
        bales = view.markets.get(name, {})
        if not bales:
            empty = kit.say("bombay.board.empty", lang)
            kit.text(draw, (mid, yy + 22), empty, 15, fill=kit.MUTED, anchor="mm")
        for k, (colour, count) in enumerate(bales.items()):
            bx = cx + 14 + (k % 2) * 72
            by = yy + (k // 2) * 34
            bale(draw, colour, bx, by, 26)
            kit.text(draw, (bx + 31, by + 3), f"×{count}", 17, bold=True)
    return y + h + 12


def last_box(draw: ImageDraw.ImageDraw, view: BombayView, x: float, y: float, lang: str) -> float:
    """The last turn's commands, as typed (notation), under whose name."""
    last = view.last
    names = names_of(view)
    if last is not None:
        who = names[last.seat] if last.seat is not None and 0 <= last.seat < len(names) else "?"
        said = ", ".join(kit.turn_said(view, lang))
        lines = kit.wrap(f"{who}: " + said, 17, COL_W - 28, 4)
    else:
        lines = [kit.say("bombay.board.none_yet", lang)]
    h = 44 + 24 * len(lines)
    title = kit.say("bombay.board.last_title", lang)
    kit.panel(draw, (x, y, x + COL_W, y + h), title, size=18, fill=LAST_FILL, outline=kit.HIGHLIGHT)
    for i, line in enumerate(lines):
        kit.text(draw, (x + 14, y + 36 + i * 24), line, 17)
    return y + h + 12


# -- the glance (#10.5) ---------------------------------------------------------------------------


def glance_of(view: BombayView, lang: str) -> kit.Glance:
    """Bombay's glance: rupees are hidden (Y8), so seats show what the table sees — palaces left
    and bales carried — until the screens open at the end."""
    if view.over and view.screens:
        seat_lines = [
            kit.say("bombay.board.glance_rupees", lang, total=sc.total) for sc in view.screens
        ]
    else:
        seat_lines = [
            kit.say("bombay.board.glance_seat", lang, left=p, bales=len(e.bales))
            for p, e in zip(view.palaces_left, view.elephants, strict=True)
        ]
    return kit.Glance(
        kit.say("bombay.name", lang),
        status(view, lang),
        asked(view, lang),
        seat_lines,
        kit.last_line(view, lang),
        view.over,
        view.winners or (),
    )


def glance_text(
    view: BombayView, *, names: Sequence[str] | None = None, lang: str | None = None
) -> list[str]:
    """The glance's words as text lines, for a message that shows them beside the board."""
    view, lang = kit.prepare(view, names, lang)
    return kit.glance_lines(view, glance_of(view, lang))


def render_glance(
    view: BombayView, *, names: Sequence[str] | None = None, lang: str | None = None
) -> bytes:
    """The phone-sized summary shown beside the board: whose turn, AP left, each seat (#10.5)."""
    view, lang = kit.prepare(view, names, lang)
    return kit.glance(view, SEATS, glance_of(view, lang))
