"""The five building sites of the Imhotep board, each drawn into its panel: the market's
cards, the pyramid, the temple, the burial chamber and the obelisks, with the dock label of
each site a ship can sail to."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engines.imhotep.view import ImhotepView, Pyramid
from renderers import kit
from renderers.imhotep.layout import (
    BODY,
    CONTENT_DY,
    DOCK,
    DOCK_W,
    HULL_DARK,
    LABEL,
    LEVEL_FILLS,
    PANELS,
    SAND,
    SEATS,
    SMALL,
    STONE_DARK,
    STONE_R,
    TOP_CELL,
    WARN,
    card_name,
    say,
)
from renderers.imhotep.pieces import card, stone, text


# -- sites ----------------------------------------------------------------------------------------
def dock_label(d: ImageDraw.ImageDraw, view: ImhotepView, word: str) -> None:
    """Which ship moored at a site this round, in the panel's top right box."""
    x0, y0, x1, _ = PANELS[word]
    centre = (x1 - 12 - (DOCK_W - 12) / 2, y0 + 29)
    room = DOCK_W - 24
    for ship in view.ships:
        if ship.docked == word:
            label = say(view, "ship_here", ship=ship.number)
            text(d, centre, label, SMALL, bold=True, anchor="mm", max_width=room)
            return
    text(d, centre, say(view, "no_ship"), SMALL, fill=kit.MUTED, anchor="mm", max_width=room)


def market(d: ImageDraw.ImageDraw, view: ImhotepView) -> None:
    """The round's offer (side B: three face up and the face-down pair), deck and discard."""
    x0, y0, x1, y1 = PANELS["market"]
    m = view.market
    cw, ch = (x1 - x0 - 48) // 2, 134
    spaces: list[tuple[str | None, bool]] = [(k, False) for k in m.offer]
    if view.sides["market"] == "B":
        spaces.append((None, True))
    while len(spaces) < 4:
        spaces.append((None, False))
    for i, (kind, back) in enumerate(spaces[:4]):
        cx = x0 + 16 + (i % 2) * (cw + 16)
        cy = y0 + CONTENT_DY + 6 + (i // 2) * (ch + 14)
        box = (cx, cy, cx + cw, cy + ch)
        if back and m.face_down:
            card(d, view, box, None, back=True)
            pair = say(view, "pair", count=m.face_down)
            text(
                d,
                (cx + cw / 2, cy + ch - 8),
                pair,
                SMALL,
                bold=True,
                fill=SAND,
                anchor="md",
                max_width=cw - 12,
            )
        else:
            card(d, view, box, kind)
    top = m.discard_top
    if top:
        line = say(view, "deck_top", deck=m.deck, discard=m.discard, card=card_name(view, top))
    else:
        line = say(view, "deck", deck=m.deck, discard=m.discard)
    text(d, (x0 + 16, y1 - 42), line, SMALL, max_width=x1 - x0 - 32)


def pyramid(d: ImageDraw.ImageDraw, view: ImhotepView) -> None:
    """Pyramid A: the three levels side by side with each space's points; Pyramid B: the three
    small pyramids with their bonus spaces."""
    x0, y0, x1, y1 = PANELS["pyramid"]
    p = view.pyramid
    if p.side == "A":
        _pyramid_a(d, view, p, x0, y0, x1)
    else:
        _pyramid_b(d, view, p, x0, y0, x1)
    _beside(d, view, p.stones[14:] if p.side == "A" else p.beside, x0 + 16, y1 - 40, x1)


def _pyramid_a(
    d: ImageDraw.ImageDraw, view: ImhotepView, p: Pyramid, x0: int, y0: int, x1: int
) -> None:
    # Levels side by side (level 1 3x3, level 2 2x2, top) so no stone hides another.
    cell = 60
    gy = y0 + CONTENT_DY + 40
    lefts = (x0 + 20, x0 + 20 + 3 * cell + 26, x0 + 20 + 5 * cell + 52)
    k = 0
    for level, n in enumerate((3, 2, 1)):
        top = gy + (3 - n) * cell / 2
        label = say(view, f"level.{level + 1}")
        text(
            d,
            (lefts[level] + n * cell / 2, top - 32),
            label,
            SMALL,
            bold=True,
            anchor="ma",
            max_width=n * cell + 20,
        )
        for c in range(n):
            for r in range(n):
                bx, by = lefts[level] + c * cell, top + r * cell
                d.rectangle(
                    (bx + 2, by + 2, bx + cell - 2, by + cell - 2),
                    fill=LEVEL_FILLS[level],
                    outline=HULL_DARK,
                    width=2,
                )
                cx, cy = bx + cell / 2, by + cell / 2
                if k < len(p.stones):
                    stone(d, p.stones[k], cx, cy)
                else:
                    pts = str(p.points[k])
                    text(d, (cx, cy), pts, LABEL, bold=True, fill=HULL_DARK, anchor="mm")
                k += 1
    placed = min(len(p.stones), 14)
    y = gy + 3 * cell + 12
    text(d, (x0 + 20, y), say(view, "pyramid_built", count=placed), SMALL, bold=True)
    for i, line in enumerate(kit.wrap(say(view, "pyramid_order"), SMALL, x1 - x0 - 40, 2)):
        text(d, (x0 + 20, y + 28 + 26 * i), line, SMALL, fill=kit.MUTED)


def _pyramid_b(
    d: ImageDraw.ImageDraw, view: ImhotepView, p: Pyramid, x0: int, y0: int, x1: int
) -> None:
    pw = (x1 - x0 - 32) // 3
    for i, stones in enumerate(p.pyramids):
        spaces = p.spaces_b[i]
        bx = x0 + 16 + i * pw
        label = say(view, "pyramid_n", number=i + 1)
        text(
            d,
            (bx + pw / 2, y0 + CONTENT_DY + 4),
            label,
            SMALL,
            bold=True,
            anchor="ma",
            max_width=pw - 6,
        )
        tiers: dict[int, list[int]] = {}
        for k in range(len(spaces)):
            tiers.setdefault(_tier_of(len(spaces), k), []).append(k)
        for tier, idxs in tiers.items():
            cy = y0 + 300 - tier * 56
            for j, k in enumerate(idxs):
                cx = bx + pw / 2 + (j - (len(idxs) - 1) / 2) * 52
                d.rectangle(
                    (cx - 25, cy - 25, cx + 25, cy + 25),
                    fill=LEVEL_FILLS[0],
                    outline=HULL_DARK,
                    width=2,
                )
                pts, bonus = spaces[k]
                if k < len(stones):
                    stone(d, stones[k], cx, cy)
                else:
                    mark = str(pts) + (f"+{bonus[0].upper()}" if bonus else "")
                    colour = WARN if bonus else HULL_DARK
                    text(d, (cx, cy), mark, SMALL, bold=True, fill=colour, anchor="mm")
    for i, line in enumerate(kit.wrap(say(view, "pyramid_b_bonus"), SMALL, x1 - x0 - 32, 2)):
        text(d, (x0 + 16, y0 + 334 + 26 * i), line, SMALL, fill=kit.MUTED)


def _tier_of(count: int, k: int) -> int:
    """Tier of the k-th space of a Pyramid-B pyramid with 3-2-1 tiers (6 spaces)."""
    widths, tier, start = [3, 2, 1], 0, 0
    while tier < len(widths) - 1 and k >= start + widths[tier]:
        start += widths[tier]
        tier += 1
    return tier


def _beside(
    d: ImageDraw.ImageDraw, view: ImhotepView, stones: Sequence[int], x: int, y: int, x1: int
) -> None:
    if not stones:
        text(d, (x, y), say(view, "beside_none"), SMALL, fill=kit.MUTED, max_width=x1 - x - 16)
        return
    box = text(d, (x, y), say(view, "beside"), SMALL, max_width=x1 - x - 140)
    cx = box[2] + 24
    for seat in range(view.players):
        n = stones.count(seat)
        if n and cx + 60 < x1:
            stone(d, seat, cx, y + 11)
            text(d, (cx + 24, y), f"×{n}", SMALL, bold=True)
            cx += 76


def temple(d: ImageDraw.ImageDraw, view: ImhotepView) -> None:
    """The temple's columns, the stone on top of each boxed (they score each round), and who
    holds the tops now."""
    x0, y0, x1, y1 = PANELS["temple"]
    t = view.temple
    width, stones = t.width, t.stones
    y = y0 + CONTENT_DY - 4
    if t.side == "B":
        for line in kit.wrap(say(view, "temple_b_legend"), SMALL, x1 - x0 - 32, 2):
            text(d, (x0 + 16, y), line, SMALL, fill=kit.MUTED)
            y += 26
    # who scores at round end: one point per stone on top
    tops = t.tops
    for line in kit.wrap(say(view, "temple_tops"), SMALL, x1 - x0 - 32, 2):
        text(d, (x0 + 16, y), line, SMALL)
        y += 26
    y += 4
    cx: float = x0 + 30
    for seat in range(view.players):
        stone(d, seat, cx, y + 20)
        text(d, (cx + 26, y + 8), f"×{tops.count(seat)}", BODY, bold=True)
        cx += 96
    top_y = y + 48  # the highest stone drawn stays below this
    layers = (len(stones) + width - 1) // width
    base = y1 - 58
    shown = max(1, min(6, int((base - top_y - 22) // 44) + 1))
    first = max(0, layers - shown)
    cw = (x1 - x0 - 40) // width
    bonus = {(lay, col): b for lay, col, b in t.bonus_cells}
    for col in range(width):
        cx = x0 + 20 + col * cw + cw / 2
        d.line((cx - cw / 2 + 4, base + 22, cx + cw / 2 - 4, base + 22), fill=HULL_DARK, width=3)
        for layer in range(first, max(layers, 1)):
            k = layer * width + col
            cy = base - (layer - first) * 44
            if k < len(stones):
                if tops[col] == stones[k] and k + width >= len(stones):
                    d.rounded_rectangle(
                        (cx - 25, cy - 22, cx + 25, cy + 22),
                        6,
                        outline=kit.INK,
                        width=3,
                        fill=TOP_CELL,
                    )
                stone(d, stones[k], cx, cy)
        if first:
            below = say(view, "below", count=first)
            text(d, (cx, base + 36), below, SMALL, fill=kit.MUTED, anchor="ma", max_width=cw - 4)
        if (0, col) in bonus and len(stones) <= col:
            mark = say(view, f"temple_bonus.{bonus[(0, col)]}")
            text(d, (cx, base), mark, SMALL, bold=True, fill=WARN, anchor="mm", max_width=cw - 4)


def burial(d: ImageDraw.ImageDraw, view: ImhotepView) -> None:
    """The chamber's grid filled column by column; side A joins a colour's neighbours (the
    groups that score), side B counts each row."""
    x0, y0, x1, y1 = PANELS["burial"]
    b = view.burial_chamber
    stones = b.stones
    cols = max(8, (len(stones) + 2) // 3 + 1)
    room = x1 - x0 - 40 - (300 if b.side == "B" else 0)
    cell = min(62, room // cols)
    gx, gy = x0 + 20, y0 + CONTENT_DY
    r = max(10, min(STONE_R, cell // 2 - 4))
    pos = {}
    for k in range(cols * 3):
        col, row = divmod(k, 3)
        cx, cy = gx + col * cell + cell / 2, gy + row * 62 + 31
        pos[k] = (cx, cy)
        d.rectangle(
            (cx - cell / 2 + 2, cy - 29, cx + cell / 2 - 2, cy + 29),
            fill=DOCK,
            outline=STONE_DARK,
        )
    if b.side == "A":  # join neighbours of one colour: the groups that score together
        for k, seat in enumerate(stones):
            for nb in (k + 3, k + 1 if k % 3 < 2 else -1):
                if 0 <= nb < len(stones) and stones[nb] == seat:
                    (ax, ay), (bx, by) = pos[k], pos[nb]
                    d.line((ax, ay, bx, by), fill=SEATS.colour(seat), width=10)
    for k, seat in enumerate(stones):
        stone(d, seat, *pos[k], r)
    if b.side == "B":
        for row in range(3):
            x = x1 - 290
            for s in range(view.players):
                count = sum(1 for k in range(row, len(stones), 3) if stones[k] == s)
                stone(d, s, x + 20, gy + row * 62 + 31)
                text(d, (x + 44, gy + row * 62 + 19), str(count), BODY, bold=True)
                x += 70
    caption = say(view, "burial_b" if b.side == "B" else "burial_a")
    text(d, (x0 + 16, y1 - 40), caption, SMALL, fill=kit.MUTED, max_width=x1 - x0 - 32)


def obelisk(d: ImageDraw.ImageDraw, view: ImhotepView) -> None:
    """Side A: each player's obelisk and its height; side B: waiting stones and the towers."""
    x0, y0, x1, y1 = PANELS["obelisk"]
    o = view.obelisk
    n = view.players
    if o.side == "A":
        colw = (x1 - x0 - 40) // n
        base = y1 - 40
        for seat in range(n):
            cx = x0 + 20 + seat * colw + colw / 2
            h = o.stones[seat]
            seg = min(16, 180 // max(h, 1))
            d.polygon(
                [(cx - 34, base), (cx + 34, base), (cx + 26, base - 8), (cx - 26, base - 8)],
                fill=STONE_DARK,
            )
            for i in range(h):
                y = base - 8 - (i + 1) * seg
                d.rectangle(
                    (cx - 22, y, cx + 22, y + seg - 1), fill=SEATS.colour(seat), outline=kit.INK
                )
            top = base - 8 - h * seg
            SEATS.mark(d, seat, cx, top - 26, STONE_R)
            text(d, (cx + 30, top - 40), str(h), LABEL, bold=True)
        return
    # side B: waiting spaces per colour, then the row of tower slots
    label = text(d, (x0 + 16, y0 + CONTENT_DY), say(view, "waiting"), BODY, bold=True)
    x = label[2] + 30
    y = y0 + CONTENT_DY
    if x + 100 * n > x1:
        x, y = x0 + 30, label[3] + 10
    for seat in range(n):
        SEATS.mark(d, seat, x + 4, y + 12, STONE_R)
        text(d, (x + 30, y), f"×{o.stones[seat]}", BODY, bold=True)
        x += 100
    slots = o.slots
    sw = (x1 - x0 - 40) // max(len(slots), 1)
    top = y + 44
    for i, pts in enumerate(slots):
        cx = x0 + 20 + i * sw + sw / 2
        d.rounded_rectangle(
            (cx - sw / 2 + 4, top, cx + sw / 2 - 4, y1 - 16),
            8,
            fill=DOCK,
            outline=STONE_DARK,
        )
        label_y = y1 - 44
        text(
            d,
            (cx, label_y),
            say(view, "slot_points", points=pts),
            SMALL,
            bold=True,
            anchor="ma",
            max_width=sw - 10,
        )
        if i < len(o.towers):
            seat = o.towers[i]
            d.polygon(
                [(cx - 14, label_y - 10), (cx + 14, label_y - 10), (cx, top + 12)],
                fill=SEATS.colour(seat),
                outline=kit.INK,
            )
            SEATS.mark(d, seat, cx, label_y - 34, STONE_R)
