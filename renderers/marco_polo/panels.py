"""The Marco Polo board's panels: header, action spaces, city cards, players, draft, score sheet,
legend, and the phone-sized glance."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from PIL import ImageDraw

from engines.catalog import CATALOG
from engines.marco_polo import tables as T
from engines.marco_polo.view import MarcoPoloView
from renderers import kit
from renderers.marco_polo.layout import (
    CAMEL_BADGE,
    CARDS_H,
    COIN_BADGE,
    DISPLAY_W,
    DISPLAY_X,
    FINAL_COLUMNS,
    FONT,
    GOOD_COLOURS,
    HEADER_H,
    LARGE,
    LEGEND,
    MARKS_LEGEND,
    MUTED,
    OASIS,
    PANEL_BG,
    PANEL_H,
    PANEL_W,
    PLAYERS_Y,
    SEATS,
    SIDE_H,
    SIDE_W,
    SIDE_X,
    SMALL,
    SMALL_CITY,
    TITLE_LINE,
    W,
    ability_text,
    card_city,
    card_lines,
    card_order,
    card_text_x,
    card_xy,
    cards_y,
    city_name,
    compact,
    draft_lines,
    fit,
    legend_y,
    named,
    players_h,
    put_centred,
    put_text,
    say,
    short,
    width_of,
    wrap_words,
)
from renderers.marco_polo.pieces import dice_row, die


def status_line(view: MarcoPoloView, lang: str) -> str:
    """Where the game is (round, set-up step, or over), in ``lang``."""
    phase = view.phase
    if view.final:
        return kit.say("core.status.over", lang)
    if phase in ("draft", "goals"):
        return kit.say(f"marco_polo.status.{phase}", lang)
    return kit.say("core.status.round", lang, round=view.round, rounds=view.rounds)


def asked_line(view: MarcoPoloView, lang: str) -> str:
    """What the player(s) to act are asked, in ``lang``."""
    pending = view.pending
    phase = view.phase
    if view.final:
        return say("glance_over", lang)
    if pending:
        return CATALOG.text(pending.asked.key, pending.asked.params, lang=lang)
    if phase == "draft":
        return say("glance_draft", lang)
    if phase == "goals":
        return say("glance_goals", lang)
    return say("glance_turn", lang)


def draw_header(d: ImageDraw.ImageDraw, view: MarcoPoloView, lang: str) -> None:
    """Title and round; who acts; what they are asked (up to 2 lines); the last turn."""
    d.rectangle((0, 0, W, HEADER_H - 6), fill=kit.PANEL)
    TITLE_LINE.draw(d, (24, 12), kit.say("marco_polo.name", lang), status_line(view, lang), W - 24)
    who = view.to_act
    if who:
        names = ", ".join(view.name(s) for s in who)
        label = say("to_act", lang, names=names)
        SEATS.who(d, who, 24, 66, label, 20, r=12, gap=6, pad=6, right=W - 24)
    # At the end the status line already says the game is over; the score sheet is below.
    asked = "" if view.final else asked_line(view, lang)
    if view.phase == "draft" and not view.pending:
        offer = ", ".join(named(T.CHARACTERS[c]["name"], lang) for c in view.draft.offer)
        asked = say("draft_note", lang, offer=offer)
    for i, line in enumerate(kit.wrap(asked, 18, W - 48, 2)):
        put_text(d, (24, 86 + 24 * i), line, 18, False, kit.INK)
    txt = kit.last_line(view, lang)
    if txt:
        txt = fit(txt, 18, W - 76, True)
        tw = width_of(txt, 18, True)
        d.rounded_rectangle((16, 138, 16 + tw + 28, 168), 8, fill=kit.HIGHLIGHT, outline=kit.INK)
        put_text(d, (30, 142), txt, 18, True, kit.INK)


def side_top(view: MarcoPoloView, lang: str) -> float:
    """Where the action spaces start: under the players' panels and the draft or score sheet."""
    return PLAYERS_Y + players_h(len(view.seats)) + extra_h(view, lang)


def extra_h(view: MarcoPoloView, lang: str) -> int:
    """The height of the draft and the score sheet when they are shown."""
    extra = 122 + 28 * len(view.seats) if view.final else 0
    if view.phase == "draft":
        extra += 64 + 24 * len(draft_lines(view, lang))
    return extra


def draw_side(
    d: ImageDraw.ImageDraw, view: MarcoPoloView, lang: str, top: float
) -> dict[str, float]:
    """The action spaces with their dice and Khan's favor (left), the contract display (right),
    from ``top``. Returns the y of each space's row (for the last-move ring)."""
    x0, y = SIDE_X, top
    d.rounded_rectangle((20, y, W - 20, y + SIDE_H), 14, fill=PANEL_BG, outline=kit.INK)
    y += 10
    put_text(d, (x0 + 4, y), fit(say("spaces", lang), 20, SIDE_W - 8, True), 20, True, kit.INK)
    y += 32
    rows = ("camel", "pepper", "silk", "gold", "travel", "coins5", "coins3", "contracts")
    where: dict[str, float] = {}
    for key in rows:
        where[key] = y
        put_text(d, (x0 + 4, y), fit(say(f"space_{key}", lang), FONT, 250), FONT, False, kit.INK)
        dice = view.spaces.get(key, ())
        if key == "coins3" and len(dice) > 6:
            put_text(d, (x0 + 266, y), say("dice_count", lang, n=len(dice)), FONT, True, kit.INK)
        else:
            dice_row(d, dice[-7:], x0 + 276, y + 10, 32)
        y += 34
    where["khan"] = y
    put_text(d, (x0 + 4, y), fit(say("khan", lang), FONT, SIDE_W - 8), FONT, False, kit.INK)
    y += 26
    for i in range(T.KHAN_SPACES):
        cx = x0 + 30 + i * 48
        d.rounded_rectangle((cx - 19, y - 4, cx + 19, y + 34), 6, outline=MUTED, width=2)
        if i < len(view.khan):
            seat, kind, value = view.khan[i]
            die(d, seat, kind, value, cx, y + 15)
    black = fit(say("black_left", lang, n=view.black_pool), FONT, SIDE_W - 230, True)
    put_text(d, (x0 + 220, y + 4), black, FONT, True, kit.INK)
    x0, y = DISPLAY_X, top + 10
    d.line((x0 - 12, y + 4, x0 - 12, top + SIDE_H - 14), fill=MUTED, width=2)
    title = fit(say("display", lang, n=view.pile), 18, DISPLAY_W, True)
    put_text(d, (x0, y), title, 18, True, kit.INK)
    y += 34
    tx = 16 + max(width_of(say("slot", lang, n=6, cid="c00"), SMALL, True), 60)
    for i, cid in enumerate(view.display):
        c = T.CONTRACTS[cid]
        d.rounded_rectangle((x0, y - 2, x0 + DISPLAY_W, y + 48), 6, outline=MUTED)
        put_text(d, (x0 + 6, y + 2), say("slot", lang, n=i + 1, cid=cid), SMALL, True, kit.INK)
        room = DISPLAY_W - tx - 6
        pay = fit(say("pay", lang, what=short(c["cost"], lang)), SMALL, room)
        put_text(d, (x0 + tx, y + 2), pay, SMALL, False, kit.INK)
        get = fit(say("get", lang, what=short(c["reward"], lang)), SMALL, room, True)
        put_text(d, (x0 + tx, y + 24), get, SMALL, True, kit.INK)
        y += 58
    return where


def draw_cards(d: ImageDraw.ImageDraw, view: MarcoPoloView, lang: str, side: float) -> None:
    """The 9 city cards, one per row across the width, under the action spaces that start at
    ``side``; a used card shows the die on it."""
    y0 = cards_y(side)
    d.rounded_rectangle((20, y0, W - 20, y0 + CARDS_H), 14, fill=PANEL_BG, outline=kit.INK)
    for i, line in enumerate(kit.wrap(say("cards_title", lang), 18, W - 72, 1, True)):
        put_text(d, (36, y0 + 8 + 24 * i), line, 18, True, kit.INK)
    for i, space in enumerate(card_order(view)):
        card = view.cards[space]
        x, y = card_xy(i, side)
        if card.used:
            seat, kind, value = card.used
            die(d, seat, kind, value, x + 12, y + 10)
        else:
            d.ellipse((x + 4, y + 4, x + 20, y + 20), outline=MUTED, width=2)
        put_text(d, (x + 30, y), f"{space}:", SMALL + 1, True, kit.INK)
        city = card_city(space, lang)
        if city:  # the city as this table's language names it, under its id
            put_text(d, (x + 30, y + 20), city, SMALL, False, MUTED)
        for j, line in enumerate(card_lines(card.card, lang)):
            put_text(d, (card_text_x(lang), y + 1 + 19 * j), line, SMALL, False, kit.INK)


def draw_players(d: ImageDraw.ImageDraw, view: MarcoPoloView, lang: str) -> None:
    """A panel per player, two per row: resources, dice, posts, contracts, ability, goals."""
    to_act = view.to_act
    for s, seat in enumerate(view.seats):
        col, row = s % 2, s // 2
        x = 20 + col * (PANEL_W + 20)
        y = PLAYERS_Y + row * (PANEL_H + 14)
        border = kit.TO_ACT if s in to_act else kit.INK
        d.rounded_rectangle(
            (x, y, x + PANEL_W, y + PANEL_H),
            14,
            fill=PANEL_BG,
            outline=border,
            width=5 if s in to_act else 2,
        )
        name = ("▶ " if s in to_act else "") + view.name(s)
        SEATS.who(d, [s], x + 10, y + 26, name, 20, r=16, right=x + PANEL_W - 16)
        char = named(seat.char_name, lang) if seat.char_name else say("no_character", lang)
        if view.start == s:
            char += "  " + say("start_player", lang)
        put_text(d, (x + 16, y + 46), fit(char, FONT, PANEL_W - 30), FONT, False, kit.INK)
        y2 = y + 74
        xx: float = x + 16
        for word in ("vp", "coin", "camel"):
            t = CATALOG.text(f"marco_polo.count.{word}", {"count": seat.amount(word)}, lang=lang)
            put_text(d, (xx, y2), t, 18, True, kit.INK)
            xx += width_of(t, 18, True) + 22
        y2 += 30
        xx = x + 16
        for g in ("pepper", "silk", "gold"):
            d.rectangle((xx, y2 + 2, xx + 16, y2 + 18), fill=GOOD_COLOURS[g], outline=kit.INK)
            t = CATALOG.text(f"marco_polo.count.{g}", {"count": seat.amount(g)}, lang=lang)
            put_text(d, (xx + 22, y2), t, 18, False, kit.INK)
            xx += width_of(t, 18) + 40
        y2 += 32
        label = say("dice", lang)
        put_text(d, (x + 16, y2), label, FONT, False, kit.INK)
        xx = x + 32 + width_of(label, FONT) + 14
        for tok in seat.dice:
            kind = "o"
            if tok[0] in "bw":
                kind, tok = tok[0], tok[1:]
            die(d, s, kind, int(tok) if tok.isdigit() else 0, xx, y2 + 10)
            xx += 36
        if not seat.dice:
            put_text(d, (xx - 16, y2), say("no_dice", lang), FONT, False, MUTED)
        y2 += 34
        posts = ", ".join(city_name(c, lang) for c in seat.posts) or say("none", lang)
        text = say("posts", lang, left=seat.posts_left, posts=posts)
        for line in kit.wrap(text, FONT, PANEL_W - 30, 2):
            put_text(d, (x + 16, y2), line, FONT, False, kit.INK)
            y2 += 22
        y2 += 4
        put_text(
            d,
            (x + 16, y2),
            fit(say("contracts", lang, n=len(seat.fulfilled)), FONT, PANEL_W - 30, True),
            FONT,
            True,
            kit.INK,
        )
        y2 += 24
        for cid in seat.contracts:
            c = T.CONTRACTS[cid]
            line = f"{cid}: {compact(c['cost'], lang)} → {compact(c['reward'], lang)}"
            put_text(d, (x + 24, y2), fit(line, SMALL, PANEL_W - 36), SMALL, False, kit.INK)
            y2 += 20
        if not seat.contracts:
            put_text(d, (x + 24, y2), say("none", lang), FONT, False, MUTED)
        if seat.ability:
            ability = kit.wrap(ability_text(seat.ability, lang), SMALL, PANEL_W - 30, 3)
            for i, line in enumerate(ability):
                yy = y + PANEL_H - 26 - 18 * (len(ability) - i)
                put_text(d, (x + 16, yy), line, SMALL, False, kit.INK)
        goals = seat.goals
        gtext = (
            say(
                "goals",
                lang,
                goals=", ".join(
                    f"{g} ({'+'.join(city_name(c, lang) for c in T.GOALS[g]['cities'])})"
                    for g in goals
                ),
            )
            if goals is not None
            else say("secret_goals", lang, n=seat.goal_count)
        )
        put_text(
            d,
            (x + 16, y + PANEL_H - 24),
            fit(gtext, SMALL, PANEL_W - 30),
            SMALL,
            False,
            MUTED,
        )


LEGEND_ITEMS = (
    ("large", "legend_large"),
    ("small", "legend_small"),
    ("oasis", "legend_oasis"),
    ("camel", "legend_camel"),
    ("coin", "legend_coin"),
    ("black", "legend_black"),
    ("white", "legend_white"),
)
#: The board's highlights, explained under the seats (catalog keys ``legend_<kind>``; the
#: earlier moves' mark in the words every board uses, ``kit.MARK_KEYS``).
MARKS = ("last", "earlier", "to_act")


def _mark_label(kind: str, lang: str) -> str:
    return kit.say(kit.MARK_KEYS[kind], lang) if kind == "earlier" else say(f"legend_{kind}", lang)


def legend_height(view: MarcoPoloView, lang: str) -> int:
    """The legend's height: its symbols flow over as many lines as the language needs."""
    labels = [say(key, lang) for _, key in LEGEND_ITEMS]
    rows = LEGEND.height(labels, 40, W - 40) // LEGEND.row
    marks = MARKS_LEGEND.height([_mark_label(kind, lang) for kind in MARKS], 40, W - 40)
    return int(14 + 32 * rows + 4 + 28 * len(view.seats) + 6 + marks + 24 + 16)


def _legend_sign(d: ImageDraw.ImageDraw, x: float, y: float, *, kind: str) -> None:
    if kind == "large":
        d.ellipse((x, y, x + 24, y + 24), fill=LARGE, outline=kit.INK)
    elif kind == "small":
        d.rectangle((x, y, x + 22, y + 22), fill=SMALL_CITY, outline=kit.INK)
    elif kind == "oasis":
        d.polygon(kit.polygon(x + 12, y + 12, 13, 4), fill=OASIS, outline=kit.INK)
    elif kind == "camel":
        d.rectangle((x, y, x + 22, y + 22), fill=CAMEL_BADGE, outline=kit.INK)
    elif kind == "coin":
        d.ellipse((x, y, x + 24, y + 24), fill=COIN_BADGE, outline=kit.INK)
    elif kind in ("last", "earlier"):
        # as the map rings them: the earlier moves paler and thinner than the last
        colour, width = (kit.HIGHLIGHT, 6) if kind == "last" else (kit.EARLIER, kit.EARLIER_WIDTH)
        d.ellipse((x, y, x + 24, y + 24), outline=colour, width=width)
    elif kind == "to_act":
        d.rounded_rectangle((x, y, x + 24, y + 24), 4, outline=kit.TO_ACT, width=4)
    else:
        die(d, -1, kind[0], 4, x + 14, y + 12)


def draw_legend(d: ImageDraw.ImageDraw, view: MarcoPoloView, y: float, lang: str) -> None:
    """What the shapes and colours mean, flowing across the width; one line per seat."""
    h = legend_height(view, lang)
    d.rounded_rectangle((20, y, W - 20, y + h - 10), 12, fill=PANEL_BG, outline=kit.INK)
    signs = [(partial(_legend_sign, kind=kind), say(key, lang)) for kind, key in LEGEND_ITEMS]
    yy = LEGEND.draw(d, signs, 40, y + 14, W - 40) + 4
    x = 40
    for s in range(len(view.seats)):
        SEATS.mark(d, s, x + 12, yy + 12, 12)
        name = view.name(s)
        t = say("legend_seat", lang, letter=kit.seat_letter(s), name=name)
        put_text(d, (x + 30, yy + 2), fit(t, FONT, W - 110), FONT, False, kit.INK)
        yy += 28
    yy += 6
    marks = [(partial(_legend_sign, kind=kind), _mark_label(kind, lang)) for kind in MARKS]
    yy = MARKS_LEGEND.draw(d, marks, 40, yy, W - 40)
    note = fit(say("legend_map", lang), SMALL, W - 80)
    put_text(d, (40, yy), note, SMALL, False, MUTED)


def draw_final(d: ImageDraw.ImageDraw, view: MarcoPoloView, y: float, lang: str) -> float:
    """The score sheet: players by place, one column per scoring category in the text sheet's
    order, the total, then the tie-break (camels, M61)."""
    final = view.final
    if not final:
        return y
    n = len(view.seats)
    d.rounded_rectangle(
        (20, y, W - 20, y + 112 + 28 * n), 12, fill=(255, 240, 200), outline=kit.INK, width=3
    )
    col0, step = 250, 88
    total_x = col0 + len(FINAL_COLUMNS) * step
    put_text(d, (40, y + 12), fit(say("final_title", lang), 18, W - 80, True), 18, True)
    y += 28
    heads = [say(f"final_{key}", lang) for key in FINAL_COLUMNS]
    heads += [say("final_total", lang), say("final_camels", lang)]
    for i, label in enumerate(heads):
        for j, line in enumerate(wrap_words(label, SMALL, step - 4, 2, True)):
            put_centred(d, (col0 + i * step, y + 22 + 18 * j), line, SMALL, True, kit.INK)
    ranking = final.ranking or tuple((s,) for s in range(n))
    winners = ranking[0] if ranking else []
    row, place = 0, 1
    for group in ranking:
        for s in group:
            sheet = final.breakdown[s]
            yy = y + 76 + 28 * row
            SEATS.mark(d, s, 52, yy, 11)
            star = "★ " if s in winners else ""
            name = f"{place}. {star}" + view.name(s)
            put_text(d, (72, yy - 10), fit(name, FONT, col0 - 72 - 44, True), FONT, True, kit.INK)
            for i, key in enumerate(FINAL_COLUMNS):
                put_centred(d, (col0 + i * step, yy), str(sheet[key]), FONT, False, kit.INK)
            put_centred(d, (total_x, yy), str(final.scores[s]), FONT, True, kit.INK)
            put_centred(d, (total_x + step, yy), str(view.seats[s].camel), FONT, False, kit.INK)
            row += 1
        place += len(group)
    return y + 94 + 28 * n  # y moved down 28 for the title


def board_height(view: MarcoPoloView, lang: str) -> int:
    """The board's height: the fixed parts, a row of panels per two players, the draft or the
    score sheet when shown, the legend."""
    return int(legend_y(side_top(view, lang))) + legend_height(view, lang) + 10


def draw_draft(d: ImageDraw.ImageDraw, view: MarcoPoloView, y: float, lang: str) -> float:
    """During the advanced draft: every character on offer and what it does (M13, M51-M58)."""
    if view.phase != "draft":
        return y
    lines = draft_lines(view, lang)
    h = 50 + 24 * len(lines)
    d.rounded_rectangle((20, y, W - 20, y + h), 12, fill=(255, 240, 200), outline=kit.INK, width=3)
    put_text(d, (40, y + 12), say("draft_title", lang), 18, True)
    yy = y + 44
    for head, line in lines:
        x = 40
        if head:
            put_text(d, (x, yy), head, FONT, True)
        put_text(d, (x + width_of(head, FONT, True) if head else x + 24, yy), line, FONT)
        yy += 24
    return y + h + 14


def render_glance(
    view: MarcoPoloView, *, names: Sequence[str] | None = None, lang: str | None = None
) -> bytes:
    """The phone-sized summary shown beside the board, in the table's language: whose turn,
    what is asked, VP and coins per seat (#10.5, #13.2)."""
    view, lang = kit.prepare(view, names, lang)
    return kit.glance(view, SEATS, glance_of(view, lang))


def glance_text(
    view: MarcoPoloView, *, names: Sequence[str] | None = None, lang: str | None = None
) -> list[str]:
    """The glance's words as text lines, for a message that shows them beside the board."""
    view, lang = kit.prepare(view, names, lang)
    return kit.glance_lines(view, glance_of(view, lang))


def glance_of(view: MarcoPoloView, lang: str) -> kit.Glance:
    """The glance's words, every one from the catalog in ``lang``."""
    final = view.final
    seats = view.seats
    vp = final.scores if final else tuple(s.vp for s in seats)
    scores = [
        kit.say("marco_polo.board.glance_seat", lang, vp=v, coins=s.coin)
        for v, s in zip(vp, seats, strict=True)
    ]
    title = kit.say("marco_polo.board.glance_title", lang)
    return kit.Glance(
        title,
        status_line(view, lang),
        asked_line(view, lang),
        scores,
        kit.last_line(view, lang),
        bool(final),
        (final.ranking or ((),))[0] if final else (),
    )
