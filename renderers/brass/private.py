"""One seat's private screen: the hand, what each card allows in the current era, and the player
mat (what the next tile of each industry costs and gives). Phone-wide, like the board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.brass import components as C
from engines.brass.view import BrassView, MatIndustry
from renderers import kit
from renderers.brass import words as W
from renderers.brass.layout import (
    BAND,
    CREAM,
    INDUSTRY_FILL,
    SEATS,
    WIDTH,
    board_data,
    hex_rgb,
    ink_for,
    roman,
)
from renderers.brass.static import encode

#: Cards: four per row.
CARD_W, CARD_H, CARD_GAP = 252, 196, 12
TOP = 76
#: Mat entries: three per row.
MAT_W, MAT_H = 340, 222
WILD = (120, 60, 140)
INDUSTRY_CARD = (70, 90, 70)
CARD_PAPER = (252, 248, 236)


def buildable(level: C.Level, era: str) -> bool:
    """Whether a tile of this level may be built in ``era`` (B38; R23 in the rail era)."""
    check = getattr(level, "buildable_in", None)
    if check is not None:
        return bool(check(era))
    return level.canal_era if era == "canal" else True


#: A player's mat by industry.
Mat = Mapping[str, MatIndustry]


def _next_tile(mat: Mat, ind: str, era: str, lang: str) -> str:
    """ "CT II" for the seat's next ``ind`` tile when it may be built in ``era``, else ""."""
    level = mat[ind].next_level
    if not level or not buildable(C.level(ind, level), era):
        return ""
    return f"{W.code(ind, lang)} {roman(level)}"


def allows(card: str, mat: Mat, era: str, lang: str) -> str:
    """What ``card`` lets its holder build now (B31–B36): a town card its spaces' industries, an
    industry card that industry in the network, a wild card anything of its kind; only the
    seat's next tiles that the era allows count."""
    if card == "wild_location":
        return W.say("allows.any_town", lang)
    if card == "wild_industry":
        return W.say("allows.any_industry", lang)
    if card in C.locations():
        inds = dict.fromkeys(i for s in C.locations()[card].slots for i in s.industries)
        tiles = [t for t in (_next_tile(mat, i, era, lang) for i in inds) if t]
        key = "allows.town"
    else:
        builds = C.industry_card_builds().get(card, ())
        tiles = [t for t in (_next_tile(mat, i, era, lang) for i in builds) if t]
        key = "allows.network"
    if not tiles:
        return W.say("allows.none", lang)
    return W.say(key, lang, tiles=", ".join(tiles))


def next_tile_lines(industry: str, level: int, era: str, lang: str) -> list[str]:
    """Cost and yield of the next tile of ``industry``, as printed on the mat."""
    if not level:
        return [W.say("none_left", lang)]
    lv = C.level(industry, level)
    cost = [f"£{lv.money}"]
    if lv.coal:
        cost.append(W.say("cost_coal", lang, count=lv.coal))
    if lv.iron:
        cost.append(W.say("cost_iron", lang, count=lv.iron))
    head = W.say("next_cost", lang, level=lv.roman, cost=" + ".join(cost))
    if not buildable(lv, era):
        head = W.say("not_in_era", lang, level=lv.roman)
    lines = [head, W.say("vp_income", lang, vp=lv.vp, income=lv.income_spaces)]
    if lv.beer_to_sell:
        lines.append(W.say("sells_with", lang, count=lv.beer_to_sell))
    # A brewery makes 2 beer in the rail era (R24): the era decides, not the canal figure.
    made = lv.coal_out or lv.iron_out or lv.beer_out_in(era)
    if made:
        res = "coal" if lv.coal_out else "iron" if lv.iron_out else "beer"
        lines.append(W.say("makes", lang, count=made, resource=W.say("word." + res, lang)))
    if not lv.can_develop:
        lines.append(W.say("no_develop", lang))
    return lines


def render_private(
    view: BrassView, *, names: Sequence[str] | None = None, lang: str | None = None
) -> bytes | None:
    """One seat's hand and player mat as PNG bytes, from a view made for that seat."""
    view, lang = kit.prepare(view, names, lang)
    private = view.private
    if private is None:
        return None
    seat = private.seat
    hand = private.hand
    era = view.era
    mat = view.mats[seat]
    card_rows = max(1, (len(hand) + 3) // 4)
    mat_top = TOP + card_rows * (CARD_H + CARD_GAP) + 10
    img = kit.new_canvas(mat_top + 44 + 2 * (MAT_H + 10) + 10, WIDTH)
    d = kit.Pen(img)
    d.rectangle((0, 0, WIDTH, 62), fill=BAND)
    SEATS.mark(d, seat, 32, 31, 16)
    title = W.say("private.title", lang, name=view.name(seat), count=len(hand))
    kit.text(d, (58, 31), title, 26, bold=True, fill=CREAM, anchor="lm", max_width=WIDTH - 320)
    kit.text(
        d,
        (WIDTH - 20, 31),
        W.say("era." + era, lang),
        22,
        bold=True,
        fill=CREAM,
        anchor="rm",
        max_width=240,
    )
    for i, card in enumerate(hand):
        x = 14 + (i % 4) * (CARD_W + CARD_GAP)
        y = TOP + (i // 4) * (CARD_H + CARD_GAP)
        _card(d, card, mat, era, lang, x, y)
    # The player mat: what is left of each industry, lowest first.
    y = mat_top
    kit.text(d, (20, y), W.say("mat", lang), 22, bold=True)
    y += 40
    for k, ind in enumerate(C.INDUSTRIES):
        x = 14 + (k % 3) * (MAT_W + 12)
        top = y + (k // 3) * (MAT_H + 10)
        fill = INDUSTRY_FILL[ind]
        d.rectangle((x, top, x + 44, top + 44), fill=fill, outline=kit.INK, width=2)
        kit.piece((x, top, x + 44, top + 44))
        kit.text_centered(
            d, (x + 22, top + 22), W.code(ind, lang), 16, fill=ink_for(fill), bold=True
        )
        kit.text(d, (x + 54, top), W.industry(ind, lang), 18, bold=True, max_width=MAT_W - 60)
        kit.text(d, (x + 54, top + 24), W.say("left", lang, count=mat[ind].left), 16)
        parts = [f"{roman(i + 1)}×{n}" for i, n in enumerate(mat[ind].counts) if n]
        counts = kit.wrap("  ".join(parts), 16, MAT_W - 10, 2)
        for j, line in enumerate(counts):
            kit.text(d, (x, top + 52 + j * 21), line, 16, fill=kit.MUTED)
        below = top + 56 + 21 * max(1, len(counts))
        lines = next_tile_lines(ind, mat[ind].next_level, era, lang)
        for j, line in enumerate(lines[:5]):
            kit.text(d, (x, below + j * 22), line, 16, bold=j == 0, max_width=MAT_W - 10)
    return encode(img)


def _card(d: kit.Pen, card: str, mat: Mat, era: str, lang: str, x: float, y: float) -> None:
    """One card of the hand: its kind, its name, what it allows now."""
    if card in C.locations():
        group = C.locations()[card].colour_group or ""
        colour = hex_rgb(board_data()["colour_groups"][group]["hex"]) if group else kit.MUTED
        kind = "location"
    elif card.startswith("wild"):
        colour, kind = WILD, "wild"
    else:
        colour, kind = INDUSTRY_CARD, "industry"
    d.rounded_rectangle(
        (x, y, x + CARD_W, y + CARD_H), 12, fill=CARD_PAPER, outline=colour, width=6
    )
    d.rectangle((x + 6, y + 6, x + CARD_W - 6, y + 38), fill=colour)
    kit.text_centered(
        d,
        (x + CARD_W / 2, y + 22),
        W.say("card." + kind, lang),
        16,
        fill=(255, 255, 255),
        bold=True,
    )
    for j, line in enumerate(kit.wrap(W.card(card, lang), 20, CARD_W - 20, 2, True)):
        kit.text_centered(d, (x + CARD_W / 2, y + 60 + j * 26), line, 20, bold=True)
    for j, line in enumerate(kit.wrap(allows(card, mat, era, lang), 16, CARD_W - 20, 2)):
        kit.text_centered(d, (x + CARD_W / 2, y + 124 + j * 21), line, 16)
    kit.text_centered(
        d,
        (x + CARD_W / 2, y + CARD_H - 18),
        kit.fit_text(W.say("allows.discard", lang), 15, CARD_W - 16),
        15,
        fill=kit.MUTED,
    )
