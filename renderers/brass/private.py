"""One seat's private screen: the hand and the player mat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.brass import components as C
from renderers import kit
from renderers.brass.layout import (
    INDUSTRY_STYLE,
    SEATS,
    WIDTH,
    board_data,
    card_name,
    hex_rgb,
    ink_for,
    roman,
)
from renderers.brass.static import (
    encode,
)


def next_tile_lines(industry: str, level: int) -> list[str]:
    """Cost and yield of the next tile of ``industry`` (two short lines for the player mat)."""
    if not level:
        return ["none left"]
    lv = C.level(industry, level)
    cost = [f"£{lv.money}"] + [f"{n} {r}" for n, r in ((lv.coal, "coal"), (lv.iron, "iron")) if n]
    head = f"next {lv.roman}: " + " + ".join(cost)
    if not lv.canal_era:
        head = f"next {lv.roman}: not in canal era"
    lines = [head, f"{lv.vp} VP · income +{lv.income_spaces}"]
    extra = []
    if lv.beer_to_sell:
        extra.append(f"sells with {lv.beer_to_sell} beer")
    made = lv.coal_out or lv.iron_out or lv.beer_out
    if made:
        extra.append(
            f"makes {made} " + ("coal" if lv.coal_out else "iron" if lv.iron_out else "beer")
        )
    if not lv.can_develop:
        extra.append("no develop")
    if extra:
        lines.append(" · ".join(extra))
    return lines


def wrap(text: str, size: int, width: float) -> list[str]:
    """Greedy word wrap to ``width`` pixels."""
    lines: list[str] = []
    for word in text.split():
        if lines and kit.text_width(lines[-1] + " " + word, size, True) <= width:
            lines[-1] += " " + word
        else:
            lines.append(kit.fit_text(word, size, width, True))
    return lines


def render_private(view: dict[str, Any], *, names: Sequence[str] | None = None) -> bytes | None:
    """One seat's hand and player mat as PNG bytes, from a view made for that seat."""
    view = kit.with_names(view, names)
    private = view.get("private")
    if not private:
        return None
    seat = private["seat"]
    hand = private["hand"]
    img = kit.new_canvas(500)
    d = kit.Pen(img)
    d.rectangle((0, 0, WIDTH, 64), fill=(60, 44, 34))
    SEATS.mark(d, seat, 34, 32, 16)
    d.text(
        (60, 14),
        f"{kit.player_name(view, seat)} — your hand ({len(hand)} cards)",
        font=kit.font(28, True),
        fill=(255, 236, 190),
    )
    cw, ch = 180, 150
    for i, card in enumerate(hand):
        x = 20 + i * (cw + 12)
        y = 84
        if card in C.locations():
            group = C.locations()[card].colour_group or ""
            colour = hex_rgb(board_data()["colour_groups"][group]["hex"]) if group else kit.MUTED
            kind = "location"
        elif card.startswith("wild"):
            colour, kind = (120, 60, 140), "wild"
        else:
            colour, kind = (70, 90, 70), "industry"
        d.rounded_rectangle(
            (x, y, x + cw, y + ch), 12, fill=(252, 248, 236), outline=colour, width=6
        )
        d.rectangle((x + 6, y + 6, x + cw - 6, y + 40), fill=colour)
        kit.text_centered(
            d, (x + cw / 2, y + 23), kind.upper(), 15, fill=(255, 255, 255), bold=True
        )
        for j, line in enumerate(wrap(card_name(card), 18, cw - 16)[:3]):
            kit.text_centered(d, (x + cw / 2, y + 62 + j * 24), line, 18, bold=True)
        builds = C.industry_card_builds().get(card)
        if builds:
            codes = " / ".join(INDUSTRY_STYLE[b][1] for b in builds)
            kit.text_centered(d, (x + cw / 2, y + ch - 18), codes, 15, fill=kit.MUTED, bold=True)
    # The player mat: what is left of each industry, lowest first.
    y = 260
    d.text(
        (20, y), "Your mat (tiles left, lowest level first)", font=kit.font(20, True), fill=kit.INK
    )
    y += 34
    mat = view["mats"][seat]
    for k, ind in enumerate(C.INDUSTRIES):
        fill, code, name = INDUSTRY_STYLE[ind]
        x = 20 + k * 262
        d.rectangle((x, y, x + 40, y + 40), fill=fill, outline=kit.INK, width=2)
        kit.text_centered(d, (x + 20, y + 20), code, 15, fill=ink_for(fill), bold=True)
        d.text((x + 48, y), name, font=kit.font(16, True), fill=kit.INK)
        d.text((x + 48, y + 22), f"{mat[ind]['left']} left", font=kit.font(15), fill=kit.INK)
        parts = [f"{roman(i + 1)}×{n}" for i, n in enumerate(mat[ind]["counts"]) if n]
        for j in range(0, len(parts), 3):
            d.text(
                (x, y + 50 + j * 8), "  ".join(parts[j : j + 3]), font=kit.font(15), fill=kit.MUTED
            )
        # What the next tile costs and gives, as printed on the mat (needed to plan a build).
        for j, line in enumerate(next_tile_lines(ind, mat[ind]["next_level"])):
            d.text(
                (x, y + 124 + j * 20),
                kit.fit_text(line, 15, 250, j == 0),
                font=kit.font(15, j == 0),
                fill=kit.INK,
            )
    return encode(img)
