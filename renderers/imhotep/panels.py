"""What changes on the Imhotep board: the header, the players' panels, the five sites, the
harbour, the final score sheet, and the phone-sized glance."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import ImageDraw

from engines.imhotep.scoring import CATEGORIES
from engines.imhotep.view import ImhotepView, Pyramid
from renderers import kit
from renderers.imhotep.layout import (
    BIG,
    BODY,
    CARD_COLOURS,
    CARD_PAPER,
    CONTENT_DY,
    DOCK,
    DOCK_W,
    GAP,
    HARBOUR_H,
    HARBOUR_INK,
    HARBOUR_Y,
    HEADER_MARK,
    HULL,
    HULL_DARK,
    LABEL,
    LEVEL_FILLS,
    PANELS,
    PLAYERS_H,
    PLAYERS_Y,
    PROMPT,
    SAILED_HULL,
    SAND,
    SEATS,
    SHEET,
    SLOT_FILL,
    SMALL,
    STONE_DARK,
    STONE_R,
    TITLE,
    TITLE_LINE,
    TOP_CELL,
    WARN,
    M,
    W,
    card_colour,
    card_name,
    lang_of,
    prepare,
    say,
)
from renderers.imhotep.pieces import card, highlight, stone, text


# -- header ---------------------------------------------------------------------------------------
def header(d: ImageDraw.ImageDraw, view: ImhotepView) -> None:
    """Game and round on the first line; who acts and the last move on the second."""
    title = say(view, "imhotep.name")
    parts = [say(view, "core.status.round", round=view.round, rounds=view.rounds)]
    if view.round_card:
        parts.append(say(view, "ships", ships=view.round_card))
    parts.append(say(view, "round_cards_left", count=view.round_cards_left))
    if view.wrath:
        parts.append(say(view, "wrath"))
    status = "   ·   ".join(parts)
    TITLE_LINE.draw(d, (M, 14), title, status, W - M)
    line = kit.last_line(view, lang_of(view))
    last_w = 0.0
    if line:
        box = text(d, (W - M, 72), line, SMALL, fill=SAND, anchor="ra", max_width=500)
        last_w = box[2] - box[0] + 30
    acting = [] if view.over else list(view.to_act)
    right = W - M - last_w
    room = right - M - len(acting) * (2 * HEADER_MARK + 6) - 4  # after the marks of who acts
    prompt = _prompt(view, room)
    SEATS.who(
        d, acting, M, 90, prompt, LABEL, r=HEADER_MARK, gap=6, pad=4, fill=PROMPT, right=right
    )


def _prompt(view: ImhotepView, room: float) -> str:
    """Who acts and what: a decision's commands as typed, as many whole ones as fit ``room``."""
    if view.over:
        return say(view, "game_over")
    seat = view.to_act[0] if view.to_act else view.current
    dec = view.decision
    if dec is None:
        return say(view, "to_play", seat=seat)
    what = say(view, f"decision.{dec.kind}")
    commands = [f"{dec.verb} {o}" for o in dec.options]
    line = say(view, "decides", seat=seat, what=what)
    for i in range(len(commands), 0, -1):
        shown = ", ".join(commands[:i]) + (", …" if i < len(commands) else "")
        full = say(view, "decides", seat=seat, what=f"{what}: {shown}")
        if kit.text_width(full, LABEL, True) <= room:
            return full
    return line


# -- players --------------------------------------------------------------------------------------
def players(d: ImageDraw.ImageDraw, view: ImhotepView) -> None:
    """One panel per player: name, score, sled, quarry and the cards in their display."""
    n = view.players
    w = (W - 2 * M - (n - 1) * GAP) // n
    result = view.result
    for seat in range(n):
        x0 = M + seat * (w + GAP)
        y0 = PLAYERS_Y + 10
        box = (x0, y0, x0 + w, y0 + PLAYERS_H - 20)
        info = view.player[seat]
        acting = seat in view.to_act
        d.rounded_rectangle(box, 12, fill=CARD_PAPER, outline=kit.INK, width=2)
        if acting:
            d.rounded_rectangle(box, 12, outline=kit.TO_ACT, width=6)
        score = result.scores[seat] if result else info.score
        sb = text(d, (x0 + w - 14, y0 + 8), str(score), BIG, bold=True, anchor="ra")
        label = say(view, "final" if result else "points")
        lb = text(d, (x0 + w - 14, y0 + 58), label, SMALL, fill=kit.MUTED, anchor="ra")
        right = min(sb[0], lb[0]) - 12
        name = ("▶ " if acting else "") + kit.player_name(view, seat)
        SEATS.who(d, [seat], x0 + 10, y0 + 32, name, TITLE, r=STONE_R, gap=10, right=right)
        sled = text(d, (x0 + 14, y0 + 90), say(view, "sled"), BODY, bold=True)
        for i in range(5):
            cx = sled[2] + 32 + i * 46
            stone(d, seat if i < info.sled else None, cx, y0 + 102)
        text(d, (x0 + 14, y0 + 128), say(view, "quarry", count=info.quarry), BODY, bold=True)
        _chips(d, view, info.cards, x0 + 14, y0 + 164, x0 + w - 10)


def _chips(
    d: ImageDraw.ImageDraw, view: ImhotepView, cards: Mapping[str, int], x0: int, y0: int, x1: int
) -> None:
    """The display's cards as coloured chips with their names, in two rows at most."""
    if not cards:
        text(d, (x0, y0 + 2), say(view, "no_cards"), SMALL, fill=kit.MUTED)
        return
    kinds = sorted(cards)
    x, row = float(x0), 0
    for i, kind in enumerate(kinds):
        count = cards[kind]
        label = card_name(view, kind) + (f" ×{count}" if count > 1 else "")
        tw = kit.text_width(label, SMALL, True) + 16
        if x + tw > x1:
            row, x = row + 1, float(x0)
        rest = len(kinds) - i
        more = say(view, "more_cards", count=rest)
        if row > 1 or (row == 1 and rest > 1 and x + tw + kit.text_width(more, SMALL) + 16 > x1):
            text(d, (x, y0 + 36 + 4), more, SMALL, fill=kit.MUTED, max_width=x1 - x)
            return
        y = y0 + row * 36
        d.rounded_rectangle((x, y, x + tw, y + 30), 6, fill=CARD_COLOURS[card_colour(kind)])
        kit.piece((x, y, x + tw, y + 30))
        text(d, (x + 8, y + 3), label, SMALL, bold=True, fill=kit.WHITE, max_width=tw - 12)
        x += tw + 8


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


# -- the harbour ----------------------------------------------------------------------------------
def harbour(d: ImageDraw.ImageDraw, view: ImhotepView) -> None:
    """This round's ships, bow first; the stones still waiting to unload stay drawn on the ship
    that is unloading, in unloading order."""
    ships = view.ships
    last = view.last
    touched = set(last.positions or ()) if last is not None else set()
    # Stones placed since the acting player's last turn, before the last move.
    placed = {p for m in kit.earlier_marks(view) for p in m.positions or ()}
    unloading = view.unloading
    waiting = [s.seat for s in view.waiting_stones]
    sw = (W - 2 * M) // 4
    for i, ship in enumerate(ships):
        x0 = M + i * sw + 10
        y0 = HARBOUR_Y + 56
        cap = ship.capacity
        slot = 60
        length = cap * slot + 70
        docked = ship.docked
        hull = [
            (x0, y0 + 70),
            (x0 + 40, y0 + 134),
            (x0 + length, y0 + 134),
            (x0 + length + 20, y0 + 70),
        ]
        d.polygon(hull, fill=HULL if not docked else SAILED_HULL, outline=HULL_DARK)
        name = text(
            d,
            (x0 + 4, y0 - 4),
            say(view, "ship", number=ship.number),
            LABEL,
            bold=True,
            fill=kit.WHITE,
        )
        needs = say(view, "ship_needs", min=ship.min_load, capacity=cap)
        text(
            d, (name[2] + 14, y0), needs, SMALL, fill=kit.WHITE, max_width=sw - (name[2] - x0) - 30
        )
        aboard: list[int | None] = list(ship.slots)
        if docked:
            here = docked == unloading and waiting
            key = "docked_unloading" if here else "docked_at"
            line = say(view, key, site=docked)
            text(d, (x0 + 4, y0 + 32), line, BODY, bold=True, fill=HARBOUR_INK, max_width=sw - 20)
            if here:
                aboard = [*waiting, *([None] * cap)][:cap]
        else:
            text(d, (x0 + 4, y0 + 34), say(view, "bow"), SMALL, bold=True, fill=kit.WHITE)
        for p in range(cap):
            cx = x0 + 60 + p * slot
            cy = y0 + 102
            d.rectangle((cx - 24, cy - 24, cx + 24, cy + 24), fill=SLOT_FILL, outline=HULL_DARK)
            owner = aboard[p] if p < len(aboard) else None
            if owner is None:
                if not docked:
                    text(d, (cx, cy), str(p + 1), BODY, bold=True, fill=HULL_DARK, anchor="mm")
            else:
                stone(d, owner, cx, cy)
            if (ship.number, p + 1) in touched:
                highlight(d, (cx - 24, cy - 24, cx + 24, cy + 24), 4)
            elif (ship.number, p + 1) in placed:
                box = (cx - 24, cy - 24, cx + 24, cy + 24)
                highlight(d, box, kit.EARLIER_WIDTH, kit.EARLIER)
        if last is not None and last.ship == ship.number and not touched:
            highlight(d, (x0, y0 - 6, x0 + length + 20, y0 + 136))


def results(d: ImageDraw.ImageDraw, view: ImhotepView) -> None:
    """The final score sheet over the (empty) harbour: the engine's categories in order, with
    their catalog names, the total and the sled tie-break (I76–I81)."""
    res = view.result
    if res is None:
        return
    # Over the whole harbour, its title included (an opaque piece hides what it covers whole).
    x0, y0, x1, y1 = M - 10, HARBOUR_Y, W - M + 10, HARBOUR_Y + HARBOUR_H - 4
    d.rounded_rectangle((x0, y0, x1, y1), 12, fill=SHEET, outline=kit.INK, width=3)
    kit.piece((x0, y0, x1, y1))
    name_w = 200
    for i, line in enumerate(kit.wrap(say(view, "final_scores"), LABEL, name_w - 20, 2, True)):
        text(d, (x0 + 16, y0 + 10 + 30 * i), line, LABEL, bold=True)
    heads = [say(view, f"sheet.{c}") for c in CATEGORIES]
    heads += [say(view, "total"), say(view, "sled_tie")]
    colw = (x1 - x0 - 32 - name_w) / len(heads)
    centres = [x0 + 16 + name_w + colw * (j + 0.5) for j in range(len(heads))]
    for j, head in enumerate(heads):
        for i, line in enumerate(kit.wrap(head, SMALL, colw - 6, 3)):
            text(d, (centres[j], y0 + 8 + 23 * i), line, SMALL, anchor="ma")
    winners = set(res.winners)
    # Players by place, as in the text sheet (tied seats share a place).
    ranking = res.ranking or tuple((s,) for s in range(len(res.breakdown)))
    places = [sum(len(h) for h in ranking[:i]) + 1 for i in range(len(ranking))]
    rows = [(seat, place) for group, place in zip(ranking, places, strict=True) for seat in group]
    for row, (seat, place) in enumerate(rows):
        sheet = res.breakdown[seat]
        y = y0 + 80 + row * 30
        SEATS.mark(d, seat, x0 + 30, y + 13, 12, letter=False)  # the name says who
        name = f"{place}. " + ("★ " if seat in winners else "") + kit.player_name(view, seat)
        text(d, (x0 + 52, y), name, BODY, bold=True, max_width=name_w - 40)
        values = [sheet.get(c, 0) for c in CATEGORIES]
        values += [res.scores[seat], view.player[seat].sled]
        for j, value in enumerate(values):
            bold = j == len(CATEGORIES)
            text(d, (centres[j], y), str(value), BODY, bold=bold, anchor="ma")
    # I77 tie-break and I64: the score sheet says which sides were played from stand-in numbers.
    note = say(view, "tie_note")
    if view.approximate:
        sites = ", ".join(say(view, f"site.{w}") for w in view.approximate)
        note += " " + say(view, "approx_note", sites=sites)
    text(d, (x0 + 16, y1 - 32), note, SMALL, fill=kit.MUTED, max_width=x1 - x0 - 32)


# -- the glance -----------------------------------------------------------------------------------
def render_glance(
    view: ImhotepView,
    *,
    names: Sequence[str] | None = None,
    lang: str | None = None,
) -> bytes:
    """The phone-sized summary shown beside the board: whose turn, what is asked, points per seat
    (#10.5), in the table's language."""
    view = prepare(view, names, lang)
    result = view.result
    points = result.scores if result else view.scores
    scores = [say(view, "glance_points", points=p) for p in points]
    if view.over:
        asked = say(view, "game_over")
    elif view.decision is not None:
        dec = view.decision
        opts = list(dec.options[:6])
        what = say(view, f"decision.{dec.kind}")
        asked = say(view, "glance_asked", what=what, options=", ".join(opts)) if opts else what
    else:
        asked = say(view, "glance_play")
    line = kit.last_line(view, lang_of(view))
    round_text = say(view, "core.status.round", round=view.round, rounds=view.rounds)
    title = say(view, "imhotep.name")
    glance = kit.Glance(title, round_text, asked, scores, line, view.over)
    return kit.glance(view, SEATS, glance)
