"""The Marco Polo board's panels: header, action spaces, city cards, players, draft, score sheet,
legend, and the phone-sized glance."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import ImageDraw

from engines.catalog import CATALOG
from engines.marco_polo import tables as T
from renderers import kit
from renderers.marco_polo.layout import (
    CAMEL_BADGE,
    CARD_ROW,
    CARDS_H,
    CARDS_Y,
    COIN_BADGE,
    FINAL_COLUMNS,
    FONT,
    GOOD_COLOURS,
    HEADER_H,
    LARGE,
    LEGEND_H,
    MAP_H,
    MAP_Y,
    MUTED,
    OASIS,
    PANEL_BG,
    PANEL_H,
    PANEL_W,
    PLAYERS_Y,
    SEATS,
    SIDE_W,
    SIDE_X,
    SMALL,
    SMALL_CITY,
    W,
    ability_text,
    bundle,
    card_order,
    card_text,
    city_name,
    draft_lines,
    fit,
    put_centred,
    put_text,
    say,
    split_words,
    whole_turn,
    width_of,
    wrap_words,
)
from renderers.marco_polo.pieces import dice_row, die


def status_line(view: dict[str, Any], lang: str) -> str:
    """Where the game is (round, set-up step, or over), in ``lang``."""
    phase = view.get("phase")
    if view.get("final"):
        return kit.say("core.status.over", lang)
    if phase in ("draft", "goals"):
        return kit.say(f"marco_polo.status.{phase}", lang)
    return kit.say("core.status.round", lang, round=view["round"], rounds=view["rounds"])


def asked_line(view: dict[str, Any], lang: str) -> str:
    """What the player(s) to act are asked, in ``lang``."""
    pending = view.get("pending")
    phase = view.get("phase")
    if view.get("final"):
        return say("glance_over", lang)
    if pending and pending.get("asked"):
        return CATALOG.text(pending["asked"]["key"], pending["asked"]["params"], lang=lang)
    if pending:
        return str(pending["what"])
    if phase == "draft":
        return say("glance_draft", lang)
    if phase == "goals":
        return say("glance_goals", lang)
    return say("glance_turn", lang)


def last_line(view: dict[str, Any], lang: str) -> str:
    """The last turn as it was typed, after who played it ("" before the first move)."""
    last = view.get("last") or {}
    if not last.get("text"):
        return ""
    seat = last.get("seat")
    who = kit.player_name(view, seat) if seat is not None else ""
    return say("last_line", lang, name=who, said=whole_turn(last))


def draw_header(d: ImageDraw.ImageDraw, view: dict[str, Any], lang: str) -> None:
    d.rectangle((0, 0, W, HEADER_H - 6), fill=kit.PANEL)
    put_text(d, (24, 14), kit.say("marco_polo.name", lang), 30, True, kit.INK)
    info = status_line(view, lang)
    put_text(d, (24, 56), info, 20, True, kit.INK)
    who = view.get("to_act") or []
    pending = view.get("pending")
    if who:
        names = ", ".join(kit.player_name(view, s) for s in who)
        text = say("to_act", lang, names=names)
        if pending:
            text += f"  ({asked_line(view, lang)})"
        x = 24 + width_of(info, 20, True) + 40
        for s in who:
            SEATS.mark(d, s, x + 12, 68, 12)
            x += 30
        # The set-up note shares this line on the right; otherwise the line is free to the edge.
        room = 560 if view.get("phase") in ("draft", "goals") else W - x - 30
        put_text(d, (x + 6, 56), fit(text, 20, room), 20, True, kit.INK)
    txt = last_line(view, lang)
    if txt:
        txt = fit(txt, 18, 620)
        tw = width_of(txt, 18, True)
        d.rounded_rectangle((W - tw - 44, 16, W - 16, 48), 8, fill=kit.HIGHLIGHT, outline=kit.INK)
        put_text(d, (W - tw - 30, 21), txt, 18, True, kit.INK)
    phase = view.get("phase")
    note = ""
    if phase == "draft":
        offer = ", ".join(T.CHARACTERS[c]["name"] for c in view["draft"]["offer"])
        note = say("draft_note", lang, offer=offer)
    elif phase == "goals":
        note = say("glance_goals", lang)
    if note:
        note = fit(note, 18, 900)
        tw = width_of(note, 18, True)
        d.rounded_rectangle((W - tw - 44, 54, W - 16, 86), 8, fill=kit.HIGHLIGHT, outline=kit.INK)
        put_text(d, (W - tw - 30, 59), note, 18, True, kit.INK)


def draw_side(d: ImageDraw.ImageDraw, view: dict[str, Any], lang: str) -> dict[str, float]:
    x0, y = SIDE_X, MAP_Y - 8
    d.rounded_rectangle(
        (x0 - 8, y, x0 + SIDE_W, MAP_Y + MAP_H + 8), 14, fill=PANEL_BG, outline=kit.INK
    )
    y += 10
    put_text(d, (x0 + 4, y), say("spaces", lang), 20, True, kit.INK)
    y += 32
    rows = ("camel", "pepper", "silk", "gold", "travel", "coins5", "coins3", "contracts")
    where: dict[str, float] = {}
    for key in rows:
        where[key] = y
        put_text(d, (x0 + 4, y), fit(say(f"space_{key}", lang), FONT, 240), FONT, False, kit.INK)
        dice = view["spaces"].get(key, [])
        if key == "coins3" and len(dice) > 6:
            put_text(d, (x0 + 250, y), say("dice_count", lang, n=len(dice)), FONT, True, kit.INK)
        else:
            dice_row(d, dice[-7:], x0 + 262, y + 10, 32)
        y += 34
    where["khan"] = y
    put_text(d, (x0 + 4, y), say("khan", lang), FONT, False, kit.INK)
    y += 26
    for i in range(T.KHAN_SPACES):
        cx = x0 + 30 + i * 48
        d.rounded_rectangle((cx - 19, y - 4, cx + 19, y + 34), 6, outline=MUTED, width=2)
        if i < len(view["khan"]):
            seat, kind, value = view["khan"][i]
            die(d, seat, kind, value, cx, y + 15)
    put_text(
        d,
        (x0 + 230, y + 4),
        fit(say("black_left", lang, n=view["black_pool"]), FONT, SIDE_W - 240),
        FONT,
        True,
        kit.INK,
    )
    y += 50
    put_text(d, (x0 + 4, y), say("display", lang, n=view["pile"]), 18, True, kit.INK)
    y += 28
    for i, cid in enumerate(view["display"]):
        c = T.CONTRACTS[cid]
        d.rounded_rectangle((x0, y - 2, x0 + SIDE_W - 16, y + 42), 6, outline=MUTED)
        put_text(d, (x0 + 6, y), say("slot", lang, n=i + 1, cid=cid), SMALL, True, kit.INK)
        put_text(
            d,
            (x0 + 120, y),
            fit(say("pay", lang, what=bundle(c["cost"], lang)), SMALL, SIDE_W - 140),
            SMALL,
            False,
            kit.INK,
        )
        put_text(
            d,
            (x0 + 120, y + 21),
            fit(say("get", lang, what=bundle(c["reward"], lang)), SMALL, SIDE_W - 140),
            SMALL,
            True,
            kit.INK,
        )
        y += 47
    return where


def draw_cards(d: ImageDraw.ImageDraw, view: dict[str, Any], lang: str) -> None:
    """The 9 city cards under the map; a used card shows the die on it."""
    y0 = CARDS_Y
    d.rounded_rectangle((20, y0, W - 20, y0 + CARDS_H), 14, fill=PANEL_BG, outline=kit.INK)
    put_text(
        d,
        (36, y0 + 8),
        say("cards_title", lang),
        18,
        True,
        kit.INK,
    )
    col_w = (W - 60) // 2
    for i, space in enumerate(card_order(view)):
        card = view["cards"][space]
        x = 36 + (i // 5) * col_w
        y = y0 + 38 + (i % 5) * CARD_ROW
        if card["used"]:
            seat, kind, value = card["used"]
            die(d, seat, kind, value, x + 12, y + 10)
        else:
            d.ellipse((x + 4, y + 4, x + 20, y + 20), outline=MUTED, width=2)
        put_text(d, (x + 30, y), f"{space}:", SMALL + 1, True, kit.INK)
        tx = x + 34 + width_of(f"{space}:", SMALL + 1, True)
        first, rest = split_words(card_text(card["card"], lang), SMALL, col_w - (tx - x) - 20)
        put_text(d, (tx, y + 1), first, SMALL, False, kit.INK)
        if rest:
            put_text(d, (x + 30, y + 19), fit(rest, SMALL, col_w - 50), SMALL, False, kit.INK)


def draw_players(d: ImageDraw.ImageDraw, view: dict[str, Any], lang: str) -> None:
    to_act = view.get("to_act") or []
    for s, seat in enumerate(view["seats"]):
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
        SEATS.mark(d, s, x + 26, y + 26, 16)
        name = kit.player_name(view, s)
        arrow = "▶ " if s in to_act else ""
        start = "  " + say("start_player", lang) if view.get("start") == s else ""
        put_text(
            d,
            (x + 50, y + 12),
            fit(
                f"{arrow}{name} — {seat['char_name'] or say('no_character', lang)}{start}",
                20,
                PANEL_W - 70,
                True,
            ),
            20,
            True,
            kit.INK,
        )
        y2 = y + 48
        xx: float = x + 16
        for word in ("vp", "coin", "camel"):
            t = CATALOG.text(f"marco_polo.count.{word}", {"count": seat[word]}, lang=lang)
            put_text(d, (xx, y2), t, 18, True, kit.INK)
            xx += width_of(t, 18, True) + 22
        for g in ("pepper", "silk", "gold"):
            d.rectangle((xx, y2 + 2, xx + 16, y2 + 18), fill=GOOD_COLOURS[g], outline=kit.INK)
            t = CATALOG.text(f"marco_polo.count.{g}", {"count": seat[g]}, lang=lang)
            put_text(d, (xx + 22, y2), t, 18, False, kit.INK)
            xx += width_of(t, 18) + 40
        y2 += 34
        put_text(d, (x + 16, y2), say("dice", lang), FONT, False, kit.INK)
        xx = x + 80
        for tok in seat["dice"]:
            kind = "o"
            if tok[0] in "bw":
                kind, tok = tok[0], tok[1:]
            die(d, s, kind, int(tok) if tok.isdigit() else 0, xx, y2 + 10)
            xx += 36
        if not seat["dice"]:
            put_text(d, (xx, y2), say("no_dice", lang), FONT, False, MUTED)
        y2 += 34
        posts = ", ".join(city_name(c) for c in seat["posts"]) or say("none", lang)
        put_text(
            d,
            (x + 16, y2),
            fit(say("posts", lang, left=seat["posts_left"], posts=posts), FONT, PANEL_W - 30),
            FONT,
            False,
            kit.INK,
        )
        y2 += 26
        put_text(
            d,
            (x + 16, y2),
            say("contracts", lang, n=len(seat["fulfilled"])),
            FONT,
            True,
            kit.INK,
        )
        y2 += 24
        for cid in seat["contracts"]:
            c = T.CONTRACTS[cid]
            line = f"{cid}: {bundle(c['cost'], lang)} → {bundle(c['reward'], lang)}"
            put_text(d, (x + 28, y2), fit(line, FONT, PANEL_W - 44), FONT, False, kit.INK)
            y2 += 22
        if not seat["contracts"]:
            put_text(d, (x + 28, y2), say("none", lang), FONT, False, MUTED)
        if seat.get("ability"):
            ability = wrap_words(ability_text(seat["ability"], lang), SMALL, PANEL_W - 30)[:2]
            for i, line in enumerate(ability):
                yy = y + PANEL_H - 26 - 18 * (len(ability) - i)
                put_text(d, (x + 16, yy), line, SMALL, False, kit.INK)
        goals = seat.get("goals")
        gtext = (
            say(
                "goals",
                lang,
                goals=", ".join(
                    f"{g} ({'+'.join(city_name(c) for c in T.GOALS[g]['cities'])})" for g in goals
                ),
            )
            if goals is not None
            else say("secret_goals", lang, n=seat["goal_count"])
        )
        put_text(
            d,
            (x + 16, y + PANEL_H - 24),
            fit(gtext, SMALL, PANEL_W - 30),
            SMALL,
            False,
            MUTED,
        )


def draw_legend(d: ImageDraw.ImageDraw, view: dict[str, Any], y: float, lang: str) -> None:
    d.rounded_rectangle((20, y, W - 20, y + LEGEND_H - 10), 12, fill=PANEL_BG, outline=kit.INK)
    x = 40
    yy = y + 14
    d.ellipse((x, yy, x + 24, yy + 24), fill=LARGE, outline=kit.INK)
    put_text(d, (x + 32, yy + 2), say("legend_large", lang), FONT, False, kit.INK)
    x += 230
    d.rectangle((x, yy, x + 22, yy + 22), fill=SMALL_CITY, outline=kit.INK)
    put_text(d, (x + 30, yy + 2), say("legend_small", lang), FONT, False, kit.INK)
    x += 200
    d.polygon(kit.polygon(x + 12, yy + 12, 13, 4), fill=OASIS, outline=kit.INK)
    put_text(d, (x + 30, yy + 2), say("legend_oasis", lang), FONT, False, kit.INK)
    x += 100
    d.rectangle((x, yy, x + 22, yy + 22), fill=CAMEL_BADGE, outline=kit.INK)
    put_text(d, (x + 30, yy + 2), say("legend_camel", lang), FONT, False, kit.INK)
    x += 200
    d.ellipse((x, yy, x + 24, yy + 24), fill=COIN_BADGE, outline=kit.INK)
    put_text(d, (x + 32, yy + 2), say("legend_coin", lang), FONT, False, kit.INK)
    x += 190
    die(d, -1, "b", 4, x + 14, yy + 12)
    put_text(d, (x + 34, yy + 2), say("legend_black", lang), FONT, False, kit.INK)
    x += 130
    die(d, -1, "w", 4, x + 14, yy + 12)
    put_text(d, (x + 34, yy + 2), say("legend_white", lang), FONT, False, kit.INK)
    yy += 40
    x = 40
    for s in range(len(view["seats"])):
        SEATS.mark(d, s, x + 12, yy + 12, 12)
        name = kit.player_name(view, s)
        t = say("legend_seat", lang, letter=kit.seat_letter(s), name=name)
        put_text(d, (x + 30, yy + 2), fit(t, FONT, 700), FONT, False, kit.INK)
        if s % 2 == 0:
            x = 40 + 760
        else:
            x = 40
            yy += 28
    d.ellipse((40, y + LEGEND_H - 38, 64, y + LEGEND_H - 14), outline=kit.HIGHLIGHT, width=4)
    put_text(d, (72, y + LEGEND_H - 36), say("legend_last", lang), SMALL, False, kit.INK)
    d.rounded_rectangle(
        (240, y + LEGEND_H - 38, 264, y + LEGEND_H - 14), 4, outline=kit.TO_ACT, width=4
    )
    put_text(d, (272, y + LEGEND_H - 36), say("legend_to_act", lang), SMALL, False, kit.INK)
    note = say("legend_map", lang)
    put_text(d, (W - 40 - width_of(note, SMALL), y + LEGEND_H - 34), note, SMALL, False, MUTED)


def draw_final(d: ImageDraw.ImageDraw, view: dict[str, Any], y: float, lang: str) -> float:
    """The score sheet: players by place, one column per scoring category in the text sheet's
    order, the total, then the tie-break (camels, M61)."""
    final = view.get("final")
    if not final:
        return y
    n = len(view["seats"])
    d.rounded_rectangle(
        (20, y, W - 20, y + 60 + 28 * n), 12, fill=(255, 240, 200), outline=kit.INK, width=3
    )
    col0, step = 310, 132
    total_x = col0 + len(FINAL_COLUMNS) * step
    put_text(d, (40, y + 12), say("final_title", lang), 18, True, kit.INK)
    for i, key in enumerate(FINAL_COLUMNS):
        label = fit(say(f"final_{key}", lang), SMALL, step - 8, True)
        put_centred(d, (col0 + i * step, y + 22), label, SMALL, True, kit.INK)
    put_centred(d, (total_x, y + 22), say("final_total", lang), SMALL, True, kit.INK)
    put_centred(
        d,
        (total_x + step, y + 22),
        fit(say("final_camels", lang), SMALL, step - 8, True),
        SMALL,
        True,
        kit.INK,
    )
    ranking = final.get("ranking") or [[s] for s in range(n)]
    winners = ranking[0] if ranking else []
    row, place = 0, 1
    for group in ranking:
        for s in group:
            sheet = final["breakdown"][s]
            yy = y + 52 + 28 * row
            SEATS.mark(d, s, 52, yy, 11)
            star = "★ " if s in winners else ""
            name = f"{place}. {star}" + kit.player_name(view, s)
            put_text(d, (72, yy - 10), fit(name, FONT, col0 - 72 - 40, True), FONT, True, kit.INK)
            for i, key in enumerate(FINAL_COLUMNS):
                put_centred(d, (col0 + i * step, yy), str(sheet[key]), FONT, False, kit.INK)
            put_centred(d, (total_x, yy), str(final["scores"][s]), FONT, True, kit.INK)
            put_centred(
                d, (total_x + step, yy), str(view["seats"][s]["camel"]), FONT, False, kit.INK
            )
            row += 1
        place += len(group)
    return y + 70 + 28 * n


def board_height(view: dict[str, Any], lang: str) -> int:
    rows = (len(view["seats"]) + 1) // 2
    extra = 70 + 28 * len(view["seats"]) if view.get("final") else 0
    if view.get("phase") == "draft":
        extra += 64 + 24 * len(draft_lines(view, lang))
    return PLAYERS_Y + rows * (PANEL_H + 14) + LEGEND_H + extra + 10


def draw_draft(d: ImageDraw.ImageDraw, view: dict[str, Any], y: float, lang: str) -> float:
    """During the advanced draft: every character on offer and what it does (M13, M51-M58)."""
    if view.get("phase") != "draft":
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
    view: dict[str, Any], *, names: Sequence[str] | None = None, lang: str | None = None
) -> bytes:
    """The phone-sized summary shown beside the board, in the table's language: whose turn,
    what is asked, VP and coins per seat (#10.5, #13.2)."""
    view = kit.with_names(view, names)
    return kit.glance(view, SEATS, glance_of(view, kit.language(view, lang)))


def glance_of(view: dict[str, Any], lang: str) -> kit.Glance:
    """The glance's words, every one from the catalog in ``lang``."""
    final = view.get("final")
    seats = view["seats"]
    vp = final["scores"] if final else [s["vp"] for s in seats]
    scores = [
        kit.say("marco_polo.board.glance_seat", lang, vp=v, coins=s["coin"])
        for v, s in zip(vp, seats, strict=True)
    ]
    title = kit.say("marco_polo.board.glance_title", lang)
    return kit.Glance(
        title,
        status_line(view, lang),
        asked_line(view, lang),
        scores,
        last_line(view, lang),
        bool(final),
    )
