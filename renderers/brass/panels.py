"""The Brass board's header and side panel (players, markets, legend, score sheet) and the
phone glance."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import ImageDraw

from engines.brass import components as C
from renderers import kit
from renderers.brass.layout import (
    INDUSTRY_STYLE,
    MAP_Y,
    PANEL_W,
    PANEL_X,
    SEATS,
    WIDTH,
    card_name,
    ink_for,
    roman,
)


def draw_header(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    title = "Brass: Birmingham"
    d.text((20, 12), title, font=kit.font(30, True), fill=(255, 236, 190))
    if view["over"]:
        status = "Game over — final scoring"
    else:
        status = f"Round {view['round']} of {view['rounds']} · canal era"
    d.text((20, 54), status, font=kit.font(20), fill=(240, 226, 200))
    x = 430
    if view["over"]:
        who = "The game is over."
    else:
        seat = view["to_act"][0] if view["to_act"] else view["current"]
        name = kit.player_name(view, seat)
        if view["phase"] == "shortfall":
            who = f"▶ {name} must remove tiles to pay income"
        elif view["phase"] == "sell":
            who = f"▶ {name} is selling (sell more or done)"
        else:
            n = view["actions_left"]
            who = f"▶ {name} to act · {n} action{'s' if n != 1 else ''} left"
        SEATS.mark(d, seat, x + 12, 28, 12)
        x += 32
    d.text(
        (x, 14),
        kit.fit_text(who, 22, WIDTH - x - 20, True),
        font=kit.font(22, True),
        fill=(255, 255, 255),
    )
    last = view["last"]
    if last["text"]:
        lt = f"Last: {kit.player_name(view, last['seat'])} — {last['text']}"
        d.text((430, 54), kit.fit_text(lt, 18, WIDTH - 450), font=kit.font(18), fill=kit.HIGHLIGHT)


def draw_panel(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x = PANEL_X
    y: float = MAP_Y
    x += 14
    y += 10
    d.text((x, y), "Players (turn order)", font=kit.font(20, True), fill=kit.INK)
    y += 32
    for seat in view["order"]:
        acting = seat in view["to_act"]
        box = (x - 6, y - 4, x + PANEL_W - 22, y + 104)
        d.rounded_rectangle(
            box,
            10,
            fill=(250, 244, 230),
            outline=kit.TO_ACT if acting else kit.MUTED,
            width=4 if acting else 1,
        )
        SEATS.mark(d, seat, x + 16, y + 16, 14)
        name = ("▶ " if acting else "") + kit.player_name(view, seat)
        d.text(
            (x + 38, y + 3),
            kit.fit_text(name, 20, 220, True),
            font=kit.font(20, True),
            fill=kit.INK,
        )
        final = view.get("final")
        score = f"{final['scores'][seat]} VP final" if final else f"{view['vp'][seat]} VP"
        if final and seat in final["winners"]:
            score = "★ " + score
        d.text((x + PANEL_W - 34, y + 3), score, font=kit.font(20, True), fill=kit.INK, anchor="ra")
        d.text(
            (x + 6, y + 34),
            f"£{view['money'][seat]}  ·  spent £{view['spent'][seat]}  ·  income {view['income_level'][seat]:+d}",
            font=kit.font(17),
            fill=kit.INK,
        )
        top = view["discard_top"][seat]
        d.text(
            (x + 6, y + 58),
            f"hand {view['hand_sizes'][seat]} · links {view['links_left'][seat]} · discard: {card_name(top) if top else '—'}",
            font=kit.font(16),
            fill=kit.INK,
        )
        mat = view["mats"][seat]
        nxt = "  ".join(
            f"{INDUSTRY_STYLE[i][1]}{roman(mat[i]['next_level'])}" for i in C.INDUSTRIES
        )
        d.text((x + 6, y + 80), f"next: {nxt}", font=kit.font(15), fill=kit.MUTED)
        y += 114
    y += 4
    # Markets.
    d.text((x, y), "Markets", font=kit.font(20, True), fill=kit.INK)
    y += 30
    for res, cube in (("coal", (30, 30, 30)), ("iron", (226, 120, 30))):
        mk = view["markets"][res]
        d.text(
            (x, y),
            f"{res.title()}: {mk['cubes']}/{mk['capacity']}, next £{mk['price']} (empty £{mk['price_when_empty']})",
            font=kit.font(16),
            fill=kit.INK,
        )
        y += 24
        prices = C.market(res).prices
        for i, price in enumerate(prices):
            filled = i >= mk["capacity"] - mk["cubes"]
            cx = x + i * 34
            d.rectangle(
                (cx, y, cx + 28, y + 28), fill=cube if filled else (250, 246, 232), outline=kit.INK
            )
            kit.text_centered(
                d,
                (cx + 14, y + 14),
                str(price),
                14,
                fill=(255, 255, 255) if filled else kit.MUTED,
                bold=True,
            )
        y += 38
    d.text(
        (x, y),
        f"Deck {view['deck']} cards · wild location {view['wild_location']} · wild industry {view['wild_industry']}",
        font=kit.font(16),
        fill=kit.INK,
    )
    y += 30
    if view.get("final"):
        y = score_sheet(d, view, x, y)
    # Legend.
    d.text((x, y), "Legend", font=kit.font(20, True), fill=kit.INK)
    y += 28
    col = 0
    for fill, code, name in INDUSTRY_STYLE.values():
        lx = x + col * 250
        d.rectangle((lx, y, lx + 30, y + 24), fill=fill, outline=kit.INK)
        kit.text_centered(d, (lx + 15, y + 12), code, 14, fill=ink_for(fill), bold=True)
        d.text((lx + 38, y + 2), name, font=kit.font(16), fill=kit.INK)
        col = 1 - col
        if col == 0:
            y += 30
    lines = [
        "Tile border + mark = owner; dark tile = flipped (VP in corner)",
        "Number disc on a tile: coal / iron / beer left on it",
        "Thick coloured line = canal link; blue = free canal",
        "Dotted grey = rail only (not used); B = merchant beer",
        "Yellow frame = last move; raspberry frame = to act",
    ]
    if view.get("final"):
        lines = lines[:1]  # room for the score sheet
    for text in lines:
        d.text((x, y), kit.fit_text(text, 15, PANEL_W - 30), font=kit.font(15), fill=kit.INK)
        y += 22
    if view.get("approximate", {}).get("board_positions"):
        d.text((x, y), "Map positions are approximate.", font=kit.font(15), fill=kit.MUTED)


SHEET_COLUMNS = (
    ("before", "Game"),
    ("links", "Links"),
    ("industries", "Tiles"),
    ("money", "£"),
    ("income", "Inc."),
    ("again", "Again"),
)


def score_sheet(d: ImageDraw.ImageDraw, view: dict[str, Any], x: float, y: float) -> float:
    """The final score sheet: players by place, one column per scoring step (B80) in the text
    sheet's order, and under each player the tie-break numbers (B82)."""
    final = view["final"]
    d.text((x, y), "Final scoring", font=kit.font(20, True), fill=kit.INK)
    y += 30
    col_w = 56
    name_w = PANEL_W - 30 - col_w * (len(SHEET_COLUMNS) + 1)
    for i, (_, label) in enumerate((*SHEET_COLUMNS, ("total", "Total"))):
        kit.text_centered(d, (x + name_w + col_w * i + col_w / 2, y + 9), label, 14, bold=True)
    y += 24
    for group in final["ranking"]:
        for seat in group:
            SEATS.mark(d, seat, x + 10, y + 11, 10)
            d.text(
                (x + 26, y),
                kit.fit_text(kit.player_name(view, seat), 16, name_w - 30),
                font=kit.font(16),
                fill=kit.INK,
            )
            sheet = final["breakdown"][seat]
            cells = [sheet[k] for k, _ in SHEET_COLUMNS] + [final["scores"][seat]]
            for i, value in enumerate(cells):
                kit.text_centered(
                    d,
                    (x + name_w + col_w * i + col_w / 2, y + 10),
                    str(value),
                    16,
                    bold=i == len(cells) - 1,
                )
            y += 26
            details = final.get("details") or []
            if seat < len(details):
                # The tie-breaks (B82), as on the text sheet: income level, then money.
                tie = details[seat]
                d.text(
                    (x + 26, y - 4),
                    f"tie-break: income level {tie['income_level']}, £{tie['money']}",
                    font=kit.font(13),
                    fill=kit.MUTED,
                )
                y += 16
    return y + 10


def render_glance(view: dict[str, Any], *, names: Sequence[str] | None = None) -> bytes:
    """The phone-sized summary shown beside the board: whose turn, what is asked, VP and money
    per seat (#10.5)."""
    view = kit.with_names(view, names)
    final = view.get("final")
    vp = final["scores"] if final else view["vp"]
    scores = [f"{v} VP · £{m}" for v, m in zip(vp, view["money"], strict=True)]
    era = "canal era" if view.get("era", "canal") == "canal" else "rail era"
    if view["over"]:
        round_text, asked = "Game over", "Final scoring"
    else:
        round_text = f"Round {view['round']} of {view['rounds']} · {era}"
        if view["phase"] == "shortfall":
            asked = "Remove tiles to pay income"
        elif view["phase"] == "sell":
            asked = "Selling: sell more or done"
        else:
            n = view["actions_left"]
            asked = f"{n} action{'s' if n != 1 else ''} left"
    last = view["last"]
    line = f"Last: {kit.player_name(view, last['seat'])} — {last['text']}" if last["text"] else ""
    glance = kit.Glance("Brass", round_text, asked, scores, line, bool(view["over"]))
    return kit.glance(view, SEATS, glance)
