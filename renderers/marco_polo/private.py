"""One seat's screen: its secret goal cards (or the four to choose from) and its character.

Drawn as wide as a phone shows it (``PRIVATE_W`` px), every word from the catalog in the table's
language (``marco_polo.board.private_*``); goal ids, city and character names keep their printed
form.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.catalog import CATALOG
from engines.marco_polo import tables as T
from engines.marco_polo.view import MarcoPoloView
from renderers import kit
from renderers.marco_polo.layout import MUTED, PANEL_BG, SEATS, city_name, named, put_text
from renderers.marco_polo.static import encode

#: The private screen's width: what a phone shows at full screen, so 16 px text reads.
PRIVATE_W = 1080
#: Its text sizes: body, headings, the title.
BODY, HEAD, TITLE = 18, 22, 26
LINE = 26


def _character_lines(view: MarcoPoloView, seat: int, lang: str) -> list[tuple[str, str]]:
    """(heading, text) lines: your character and what it does; during the draft, every character
    on offer and what it does (M13, M51-M58)."""
    seats = view.seats
    word = seats[seat].ability if seat < len(seats) else ""
    room = PRIVATE_W - 80
    out: list[tuple[str, str]] = []
    if word:
        out.append(
            (kit.say("marco_polo.board.private_character", lang, name=seats[seat].char_name), "")
        )
        text = CATALOG.text(f"marco_polo.value.{word}", lang=lang)
        out += [("", line) for line in kit.wrap(text, BODY, room - 24, 6)]
    elif view.phase == "draft":
        out.append((kit.say("marco_polo.board.private_offer", lang), ""))
        for c in view.draft.offer:
            name = named(T.CHARACTERS[c]["name"], lang)  # as the board and the chat name it
            out.append((kit.say("marco_polo.board.draft_head", lang, name=name, id=c).strip(), ""))
            text = CATALOG.text(f"marco_polo.value.{T.ability_word(c)}", lang=lang)
            out += [("", line) for line in kit.wrap(text, BODY, room - 24, 6)]
    return out


def render_private(
    view: MarcoPoloView, *, names: Sequence[str] | None = None, lang: str | None = None
) -> bytes | None:
    """One seat's secret goal cards (and goal choice in the advanced set-up), in the table's
    language."""
    view, lang = kit.prepare(view, names, lang)
    private = view.private
    if private is None:
        return None
    seat = private.seat
    goals = private.goals
    offer = private.goal_offer
    cards = goals or offer
    seats = view.seats
    char_lines = _character_lines(view, seat, lang)
    height = 200 + 130 * max(1, len(cards)) + (30 + LINE * len(char_lines) if char_lines else 0)
    img = kit.new_canvas(height, PRIVATE_W)
    d = kit.Pen(img)
    SEATS.mark(d, seat, 40, 40, 18)
    name = view.name(seat)
    key = "private_keep" if offer else "private_title"
    title = kit.say(f"marco_polo.board.{key}", lang, name=name)
    for i, line in enumerate(kit.wrap(title, TITLE, PRIVATE_W - 110, 2, True)):
        put_text(d, (70, 22 + i * 34), line, TITLE, True, kit.INK)
    posts = set(seats[seat].posts) if seat < len(seats) else set()
    y = 100
    for g in cards:
        rec = T.GOALS[g]
        d.rounded_rectangle(
            (30, y, PRIVATE_W - 30, y + 110), 14, fill=PANEL_BG, outline=kit.INK, width=2
        )
        goal = kit.say("marco_polo.board.private_goal", lang, goal=g, vp=rec["vp"])
        put_text(d, (50, y + 12), goal, HEAD, True, kit.INK)
        for i, city in enumerate(rec["cities"]):
            key = "private_post" if city in posts else "private_no_post"
            t = kit.say(f"marco_polo.board.{key}", lang, city=city_name(city))
            x = 50 + i * ((PRIVATE_W - 100) // 2)
            put_text(d, (x, y + 62), kit.fit_text(t, BODY, (PRIVATE_W - 120) / 2), BODY)
        y += 130
    if goals:
        done = sum(int(T.GOALS[g]["vp"]) for g in goals if set(T.GOALS[g]["cities"]) <= posts)
        cities = {c for g in goals for c in T.GOALS[g]["cities"]}
        reached = min(len(cities & posts), 4)
        now = kit.say(
            "marco_polo.board.private_now",
            lang,
            cards=done,
            cities=T.DISTINCT_GOAL_CITY_VP[reached],
            n=reached,
        )
        for line in kit.wrap(now, BODY, PRIVATE_W - 80, 2, True):
            put_text(d, (40, y + 4), line, BODY, True, kit.INK)
            y += LINE
        y += 8
    scale = kit.say("marco_polo.board.private_scale", lang)
    for line in kit.wrap(scale, BODY, PRIVATE_W - 80, 2):
        put_text(d, (40, y + 4), line, BODY, False, MUTED)
        y += LINE
    yy = y + 24
    for head, line in char_lines:
        if head:
            put_text(d, (40, yy), kit.fit_text(head, BODY, PRIVATE_W - 80, True), BODY, True)
        else:
            put_text(d, (64, yy), line, BODY)
        yy += LINE
    return encode(img)
