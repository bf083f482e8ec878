"""The Brass board's header and the panel under the map (players, markets, legend, score sheet),
and the phone glance. Every word comes from the catalog in the table's language (``words``)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from PIL import ImageDraw

from engines.brass import components as C
from engines.brass.view import BrassView
from renderers import kit
from renderers.brass import words as W
from renderers.brass.layout import (
    CARD_GROUND,
    CARD_H,
    CARD_W,
    COAL,
    INDUSTRY_FILL,
    INDUSTRY_LEGEND,
    IRON,
    LEGEND_W,
    LEGEND_X,
    MARKETS_H,
    MARKS_LEGEND,
    PANEL_W,
    PANEL_X,
    PANEL_Y,
    PLAYERS_TOP,
    SEATS,
    SHEET_HEAD,
    SHEET_ROW,
    SHEET_TIE,
    SLOT_GROUND,
    TITLE_LINE,
    WIDTH,
    height,
    ink_for,
    roman,
)

#: The introductory game's final sheet: one column per scoring step (B80), in the text sheet's order.
INTRO_COLUMNS = ("before", "links", "industries", "money", "income", "again")
#: The full game's sheet (R47, R49): in-play VP, both eras' link and industry scoring.
FULL_COLUMNS = ("in_play", "canal_links", "canal_industries", "rail_links", "rail_industries")
LEGEND_LINES = ("owner", "cubes", "lines", "links", "beer")
#: The legend's frames (``kit.move_marks``, who acts): colour, line width, ``kit.MARK_KEYS`` key.
FRAMES = (
    (kit.HIGHLIGHT, 5, "last"),
    (kit.EARLIER, kit.EARLIER_WIDTH, "earlier"),
    (kit.TO_ACT, 5, "to_act"),
)
#: Market boxes: side and step.
BOX, BOX_STEP = 30, 35


def _cards_bottom(players: int) -> float:
    rows = (players + 1) // 2
    return PANEL_Y + PLAYERS_TOP + rows * (CARD_H + 10)


def card_box(index: int) -> kit.Box:
    """The player card of the ``index``-th seat in turn order: two cards per row."""
    col, row = index % 2, index // 2
    x = PANEL_X + 10 + col * (CARD_W + 10)
    y = PANEL_Y + PLAYERS_TOP + row * (CARD_H + 10)
    return (x, y, x + CARD_W, y + CARD_H)


def panel_grounds(
    d: ImageDraw.ImageDraw, lang: str, players: int, full: bool, sheet: bool, ties: bool
) -> None:
    """What the panel shows on every board of a game: its ground, headings, the market boxes'
    prices, the legend and the score sheet's column headings (part of the cached base layer)."""
    x = PANEL_X
    bottom = height(players, sheet, ties) - 10
    kit.panel(d, (x, PANEL_Y, x + PANEL_W, bottom), W.say("players", lang), size=22)
    for i in range(players):
        d.rounded_rectangle(card_box(i), 10, fill=CARD_GROUND)
    y = _cards_bottom(players)
    # Markets (left column): the printed prices; filled boxes are drawn over them.
    kit.text(d, (x + 14, y + 4), W.say("markets", lang), 22, bold=True)
    for k, res in enumerate(("coal", "iron")):
        by = y + 66 + k * 80
        for i, price in enumerate(C.market(res).prices):
            bx = x + 14 + i * BOX_STEP
            d.rectangle((bx, by, bx + BOX, by + BOX), fill=SLOT_GROUND, outline=kit.INK)
            kit.text_centered(d, (bx + BOX / 2, by + BOX / 2), str(price), 15, fill=kit.MUTED)
    # Legend (right column).
    lx, lw = LEGEND_X, LEGEND_W
    kit.text(d, (lx, y + 4), W.say("legend", lang), 22, bold=True)
    signs = [
        (partial(_industry_sign, ind=ind, lang=lang), W.industry(ind, lang)) for ind in C.INDUSTRIES
    ]
    INDUSTRY_LEGEND.draw(d, signs, lx, y + 40, lx + lw)
    ly = y + 136
    lines = [*LEGEND_LINES[:4], *(("survivor",) if full else ()), *LEGEND_LINES[4:]]
    for key in lines:
        kit.text(d, (lx, ly), W.say("legend." + key, lang), 15, max_width=lw)
        ly += 22
    frames = [
        (partial(_frame_sign, colour=colour, width=width), kit.say(kit.MARK_KEYS[key], lang))
        for colour, width, key in FRAMES
    ]
    MARKS_LEGEND.draw(d, frames, lx, ly, lx + lw)
    kit.text(d, (x + 14, y + MARKETS_H - 34), W.say("legend.approximate", lang), 15, fill=kit.MUTED)
    if sheet:
        _sheet_heads(d, lang, players, full, y + MARKETS_H)


def _frame_sign(
    d: ImageDraw.ImageDraw, x: float, y: float, *, colour: tuple[int, int, int], width: int
) -> None:
    """A small frame as the map draws round a move's places (or round who acts)."""
    d.rounded_rectangle((x, y - 1, x + 30, y + 19), 5, outline=colour, width=width)


def _industry_sign(d: ImageDraw.ImageDraw, x: float, y: float, *, ind: str, lang: str) -> None:
    """An industry's code on its colour, as its slots show it."""
    fill = INDUSTRY_FILL[ind]
    d.rectangle((x, y, x + 34, y + 24), fill=fill, outline=kit.INK)
    kit.text_centered(d, (x + 17, y + 12), W.code(ind, lang), 14, fill=ink_for(fill), bold=True)


def _sheet_geometry(full: bool) -> tuple[float, float, int]:
    """The score sheet's name column width, column width and column count (with the total)."""
    cols = len(FULL_COLUMNS if full else INTRO_COLUMNS) + 1
    col_w = 104 if full else 84
    name_w = PANEL_W - 28 - col_w * cols
    return name_w, col_w, cols


def _sheet_heads(d: ImageDraw.ImageDraw, lang: str, players: int, full: bool, y: float) -> None:
    x = PANEL_X + 14
    name_w, col_w, _ = _sheet_geometry(full)
    columns = (*(FULL_COLUMNS if full else INTRO_COLUMNS), "total")
    for i, key in enumerate(columns):
        cx = x + name_w + col_w * i + col_w / 2
        label = kit.fit_text(W.say("col." + key, lang), 15, col_w - 6, True)
        kit.text_centered(d, (cx, y + 58), label, 15, bold=True)


def draw_header(d: ImageDraw.ImageDraw, view: BrassView, lang: str) -> None:
    """The band over the map: the era and round, who acts and what they are asked, the last move."""
    era = W.say("era." + view.era, lang)
    if view.over:
        status = W.say("over", lang)
    else:
        status = W.say("era_round", lang, era=era, round=view.round, rounds=view.rounds)
    title = W.say("title", lang)
    TITLE_LINE.draw(d, (20, 12), title, status, WIDTH - 20)
    acting: list[int] = []
    final = view.final
    if view.over and final:
        names = ", ".join(view.name(s) for s in final.winners)
        who = W.say("won", lang, names=names)
    elif view.over:
        who = W.say("game_over", lang)
    else:
        seat = view.to_act[0] if view.to_act else view.current
        assert seat is not None  # a game not over has a current player
        who = "▶ " + W.say("who", lang, name=view.name(seat), asked=asked(view, lang))
        acting = [seat]
    SEATS.who(d, acting, 20, 80, who, 26, r=14, fill=kit.WHITE, right=WIDTH - 20)
    line = last_line(view, lang)
    if line:
        kit.text(d, (20, 124), line, 20, fill=kit.HIGHLIGHT, anchor="lm", max_width=WIDTH - 40)


def last_line(view: BrassView, lang: str) -> str:
    """ "Last: <name> — <the last turn in words>" (both actions of a Brass turn, #12.3), or ""
    before the first move."""
    return kit.last_line(view, lang, lambda text: W.move(text, lang))


def asked(view: BrassView, lang: str) -> str:
    """What the seat to act is asked, in a few words."""
    pending = view.pending_link
    if pending:
        return W.say("asked.second_link", lang, money=pending.needs.money)
    if view.phase == "shortfall":
        return W.say("asked.shortfall", lang)
    if view.phase == "sell":
        return W.say("asked.selling", lang)
    return W.say("asked.actions", lang, count=view.actions_left)


def draw_panel(d: ImageDraw.ImageDraw, view: BrassView, lang: str, sheet: bool) -> None:
    """The numbers of the panel: each player's card, the markets, the score sheet."""
    # VP are scored at an era's end: each card also says what it would have if the era ended
    # now (#28.3), as the glance does.
    ended = view.if_era_ended() if view.final is None else None
    for i, seat in enumerate(view.order):
        _player_card(d, view, seat, card_box(i), lang, ended)
    y = _cards_bottom(len(view.order))
    x = PANEL_X + 14
    for k, (res, cube) in enumerate((("coal", COAL), ("iron", IRON))):
        mk = view.markets.coal if res == "coal" else view.markets.iron
        line = W.say(
            "market_line",
            lang,
            resource=W.say("resource." + res, lang),
            cubes=mk.cubes,
            capacity=mk.capacity,
            price=mk.price,
            empty=mk.price_when_empty,
        )
        kit.text(d, (x, y + 40 + k * 80), line, 18, max_width=PANEL_W // 2 - 20)
        by = y + 66 + k * 80
        prices = C.market(res).prices
        for i, price in enumerate(prices):
            if i < mk.capacity - mk.cubes:
                continue
            bx = x + i * BOX_STEP
            d.rectangle((bx, by, bx + BOX, by + BOX), fill=cube, outline=kit.INK)
            kit.piece((bx, by, bx + BOX, by + BOX))
            kit.text_centered(
                d, (bx + BOX / 2, by + BOX / 2), str(price), 15, fill=(255, 255, 255), bold=True
            )
    deck = W.say(
        "deck_line",
        lang,
        deck=view.deck,
        location=view.wild_location,
        industry=view.wild_industry,
    )
    kit.text(d, (x, y + 206), deck, 17, max_width=PANEL_W // 2 - 20)
    if sheet:
        _sheet(d, view, lang, y + MARKETS_H)


def _player_card(
    d: ImageDraw.ImageDraw,
    view: BrassView,
    seat: int,
    box: kit.Box,
    lang: str,
    ended: tuple[int, ...] | None,
) -> None:
    x0, y0, x1, _ = box
    acting = seat in view.to_act and not view.over
    if acting:
        d.rounded_rectangle(box, 10, outline=kit.TO_ACT, width=4)
    final = view.final
    vp = final.scores[seat] if final else view.vp[seat]
    score = W.say("vp", lang, vp=vp)
    if final and seat in final.winners:
        score = "★ " + score
    score_w = kit.text_width(score, 22, True)
    kit.text(d, (x1 - 12, y0 + 8), score, 22, bold=True, anchor="ra")
    name = ("▶ " if acting else "") + view.name(seat)
    SEATS.who(d, [seat], x0 + 8, y0 + 22, name, 22, r=14, right=x1 - 26 - score_w)
    money = W.say(
        "money_line",
        lang,
        money=view.money[seat],
        spent=view.spent[seat],
        income=f"{view.income_level[seat]:+d}",
    )
    width = x1 - x0 - 24
    room = width
    if ended is not None:
        now = W.say(f"card_if_ended.{view.mode}.{view.era}", lang, vp=ended[seat])
        box_now = kit.text(d, (x1 - 12, y0 + 44), now, 18, fill=kit.MUTED, anchor="ra")
        room = width - (box_now[2] - box_now[0]) - 16
    kit.text(d, (x0 + 12, y0 + 44), money, 18, max_width=room)
    top = view.discard_top[seat]
    hand = W.say(
        "hand_line",
        lang,
        hand=view.hand_sizes[seat],
        links=view.links_left[seat],
        discard=W.card(top, lang) if top else "—",
    )
    kit.text(d, (x0 + 12, y0 + 72), hand, 18, max_width=width)
    next_tiles(d, view, seat, (x0 + 12, y0 + 100), width, lang)


def next_tiles(
    d: ImageDraw.ImageDraw,
    view: BrassView,
    seat: int,
    at: tuple[float, float],
    width: float,
    lang: str,
) -> None:
    """The seat's next tile of each industry (``next: CT I  MF II …``), a level that may not be
    built in this era struck through (#28.3: level-I cotton mills and manufacturers in the rail
    era, R23), as the hand screen says "not in this era"."""
    mat = view.mats[seat]
    x, y = at
    size = 17
    head = W.say("next_tiles", lang)
    kit.text(d, (x, y), head, size, fill=kit.MUTED)
    x += kit.text_width(head + " ", size)
    gap = kit.text_width("   ", size)
    for ind in C.INDUSTRIES:
        level = mat[ind].next_level
        entry = f"{W.code(ind, lang)} {roman(level)}"
        if x + kit.text_width(entry, size) > at[0] + width:
            break
        box = kit.text(d, (x, y), entry, size, fill=kit.MUTED)
        if level and not C.level(ind, level).buildable_in(view.era):
            mid = (box[1] + box[3]) / 2
            d.line((box[0] - 2, mid, box[2] + 2, mid), fill=kit.INK, width=2)
        x += kit.text_width(entry, size) + gap


def _sheet(d: ImageDraw.ImageDraw, view: BrassView, lang: str, y: float) -> None:
    """The score sheet: the full game's both eras (R47, R49) on every board, or the introductory
    game's final scoring (B80); players by place once the game is over, with the tie-break
    numbers (B82) under each."""
    final = view.final
    full = view.sheet is not None
    x = PANEL_X + 14
    heading = W.say("sheet_final" if final else "sheet", lang)
    kit.text(d, (x, y + 4), heading, 22, bold=True)
    name_w, col_w, _ = _sheet_geometry(full)
    order = [s for group in final.ranking for s in group] if final else list(view.order)
    y += SHEET_HEAD
    for seat in order:
        SEATS.mark(d, seat, x + 10, y + 12, 10)
        name = view.name(seat)
        if final and seat in final.winners:
            name = W.say("winner", lang, name=name)
        kit.text(d, (x + 26, y), name, 18, max_width=name_w - 34)
        cells: list[int] = []
        if view.sheet is not None:
            row = view.sheet[seat]
            cells = [getattr(row, k) for k in FULL_COLUMNS]
            cells.append(final.scores[seat] if final else row.total)
        elif final:
            points = final.breakdown[seat]
            cells = [points[k] for k in INTRO_COLUMNS] + [final.scores[seat]]
        for i, value in enumerate(cells):
            cx = x + name_w + col_w * i + col_w / 2
            kit.text_centered(d, (cx, y + 11), str(value), 18, bold=i == len(cells) - 1)
        y += SHEET_ROW
        details = final.details if final else ()
        if seat < len(details):
            tie = details[seat]
            line = W.say("tie_break", lang, level=tie["income_level"], money=tie["money"])
            kit.text(d, (x + 26, y - 8), line, 15, fill=kit.MUTED)
        if final:
            y += SHEET_TIE


def render_glance(
    view: BrassView, *, names: Sequence[str] | None = None, lang: str | None = None
) -> bytes:
    """The phone-sized summary shown beside the board: whose turn, what is asked, VP and money
    per seat (#10.5)."""
    view, lang = kit.prepare(view, names, lang)
    return kit.glance(view, SEATS, glance_of(view, lang))


def glance_text(
    view: BrassView, *, names: Sequence[str] | None = None, lang: str | None = None
) -> list[str]:
    """The glance's words as text lines, for a message that shows them beside the board."""
    view, lang = kit.prepare(view, names, lang)
    return kit.glance_lines(view, glance_of(view, lang))


def glance_of(view: BrassView, lang: str) -> kit.Glance:
    """The glance's words, every one from the catalog in ``lang``."""
    final = view.final
    # VP are scored at an era's end, so while one runs every seat shows the VP it would have
    # if the era ended now, and says so (#28.3); once over, the final scores.
    vp = final.scores if final else view.if_era_ended()
    note = "" if final else W.say(f"glance.if_ended.{view.mode}.{view.era}", lang)
    scores = [
        W.say("glance.scores", lang, vp=v, money=m) for v, m in zip(vp, view.money, strict=True)
    ]
    era = W.say("era." + view.era, lang)
    if view.over:
        round_text, what = W.say("game_over", lang), W.say("sheet_final", lang)
    else:
        round_text = W.say("era_round", lang, era=era, round=view.round, rounds=view.rounds)
        what = asked(view, lang)
        what = what[:1].upper() + what[1:]
    return kit.Glance(
        W.say("glance_title", lang),
        round_text,
        what,
        scores,
        last_line(view, lang),
        view.over,
        final.winners if final else (),
        note,
    )
