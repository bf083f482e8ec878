"""What changes on the Imhotep board around the sites (``sites``): the header, the players'
panels, the harbour, the final score sheet, and the phone-sized glance."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import ImageDraw

from engines import wording
from engines.imhotep.scoring import CATEGORIES
from engines.imhotep.view import ImhotepView
from renderers import kit
from renderers.imhotep.layout import (
    BIG,
    BODY,
    CARD_COLOURS,
    CARD_PAPER,
    GAP,
    HARBOUR_H,
    HARBOUR_INK,
    HARBOUR_Y,
    HEADER_MARK,
    HULL,
    HULL_DARK,
    LABEL,
    PLAYERS_H,
    PLAYERS_Y,
    PROMPT,
    SAILED_HULL,
    SAND,
    SEATS,
    SHEET,
    SLOT_FILL,
    SMALL,
    STONE_R,
    TITLE,
    TITLE_LINE,
    M,
    W,
    card_colour,
    card_name,
    lang_of,
    prepare,
    say,
)
from renderers.imhotep.pieces import highlight, stone, text


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
    acting = [] if view.over else list(view.to_act)
    marks = len(acting) * (2 * HEADER_MARK + 6) + 4
    last_w = 0.0
    if line:
        # The last move (with what it earned, #28.3) gets the room the whole prompt leaves,
        # never less than 500 px.
        prompt_w = kit.text_width(_prompt(view, float("inf")), LABEL, True)
        room = max(500.0, W - 2 * M - marks - prompt_w - 30)
        box = text(d, (W - M, 72), line, SMALL, fill=SAND, anchor="ra", max_width=room)
        last_w = box[2] - box[0] + 30
    right = W - M - last_w
    room = right - M - marks  # after the marks of who acts
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
    # At a table that does not speak English, each card by its printed name (#28.2).
    commands = [wording.choice("imhotep", dec.verb, o, lang_of(view)) for o in dec.options]
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
    heads = [say(view, f"sheet.{c}") for c in CATEGORIES]
    heads += [say(view, "total"), say(view, "sled_tie")]
    winners = set(res.winners)
    # Players by place, as in the text sheet (tied seats share a place).
    ranking = res.ranking or tuple((s,) for s in range(len(res.breakdown)))
    places = [sum(len(h) for h in ranking[:i]) + 1 for i in range(len(ranking))]
    rows = [(seat, place) for group, place in zip(ranking, places, strict=True) for seat in group]
    names = [
        f"{place}. " + ("★ " if seat in winners else "") + kit.player_name(view, seat)
        for seat, place in rows
    ]
    name_w, colws, head_lines = sheet_columns(heads, names, x1 - x0 - 32)
    for i, line in enumerate(kit.wrap(say(view, "final_scores"), LABEL, name_w - 20, 2, True)):
        text(d, (x0 + 16, y0 + 10 + 30 * i), line, LABEL, bold=True)
    lefts = [x0 + 16 + name_w + sum(colws[:j]) for j in range(len(colws))]
    centres = [left + w / 2 for left, w in zip(lefts, colws, strict=True)]
    for j, lines in enumerate(head_lines):
        for i, line in enumerate(lines):
            text(d, (centres[j], y0 + 8 + 23 * i), line, SMALL, anchor="ma")
    for row, ((seat, _), name) in enumerate(zip(rows, names, strict=True)):
        sheet = res.breakdown[seat]
        y = y0 + 80 + row * 30
        SEATS.mark(d, seat, x0 + 30, y + 13, 12, letter=False)  # the name says who
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


def sheet_columns(
    heads: Sequence[str], names: Sequence[str], width: float
) -> tuple[float, list[float], list[list[str]]]:
    """The final sheet's columns in ``width`` px: the names' column, each category's width and its
    heading's lines. A heading is never broken inside a word (#28.3: ``ファラオの怒り`` wrapped
    as ``ファラオの怒 / り``): each column is as wide as its heading on one line, or, when the
    longest name would not fit beside that, as its longest word with the heading broken between
    words; the names get what the columns leave (at least ``SHEET_NAME_MIN``, a longer name cut
    with an ellipsis) and the columns share any room beyond the longest name."""
    pad = 14
    value_w = kit.text_width("888", BODY, True)
    single = [max(kit.text_width(h, SMALL), value_w) + pad for h in heads]
    by_word = [max([kit.text_width(w, SMALL) for w in h.split()] + [value_w]) + pad for h in heads]
    name_need = max([kit.text_width(n, BODY, True) for n in names] + [0.0]) + 52
    colws = single if width - sum(single) >= name_need else by_word
    name_w = max(SHEET_NAME_MIN, min(name_need, width - sum(colws)))
    spare = max(0.0, width - name_w - sum(colws))
    colws = [w + spare / len(colws) for w in colws]
    return name_w, colws, [by_words(h, w - pad) for h, w in zip(heads, colws, strict=True)]


def by_words(label: str, width: float) -> list[str]:
    """``label`` in lines of at most ``width`` px broken only at spaces (``kit.wrap`` breaks a
    word with a letter outside ASCII, ``faraón``, as it breaks Japanese)."""
    lines: list[str] = []
    for word in label.split():
        if lines and kit.text_width(f"{lines[-1]} {word}", SMALL) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


#: The narrowest the final sheet's names column gets (a long name is cut with an ellipsis).
SHEET_NAME_MIN = 200


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
    return kit.glance(view, SEATS, glance_of(view))


def glance_text(
    view: ImhotepView, *, names: Sequence[str] | None = None, lang: str | None = None
) -> list[str]:
    """The glance's words as text lines, for a message that shows them beside the board."""
    view = prepare(view, names, lang)
    return kit.glance_lines(view, glance_of(view))


def glance_of(view: ImhotepView) -> kit.Glance:
    """The glance's words, in the view's language."""
    result = view.result
    points = result.scores if result else view.scores
    scores = [say(view, "glance_points", points=p) for p in points]
    if view.over:
        asked = say(view, "game_over")
    elif view.decision is not None:
        dec = view.decision
        opts = [wording.choice("imhotep", "", o, lang_of(view)) for o in dec.options[:6]]
        what = say(view, f"decision.{dec.kind}")
        asked = say(view, "glance_asked", what=what, options=", ".join(opts)) if opts else what
    else:
        asked = say(view, "glance_play")
    line = kit.last_line(view, lang_of(view))
    round_text = say(view, "core.status.round", round=view.round, rounds=view.rounds)
    title = say(view, "imhotep.name")
    winners = result.winners if result else ()
    return kit.Glance(title, round_text, asked, scores, line, view.over, winners)
