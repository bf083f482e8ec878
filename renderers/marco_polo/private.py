"""One seat's screen: its secret goal cards (or the four to choose from) and its character."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.marco_polo import tables as T
from renderers import kit
from renderers.marco_polo.layout import (
    FONT,
    MUTED,
    PANEL_BG,
    SEATS,
    W,
    ability_text,
    city_name,
    draft_lines,
    put_text,
    width_of,
    wrap_words,
)
from renderers.marco_polo.static import encode


def render_private(view: dict[str, Any], *, names: Sequence[str] | None = None) -> bytes | None:
    """One seat's secret goal cards (and goal choice in the advanced set-up)."""
    view = kit.with_names(view, names)
    private = view.get("private")
    if not private:
        return None
    seat = int(private["seat"])
    goals = list(private.get("goals") or [])
    offer = list(private.get("goal_offer") or [])
    cards = goals or offer
    seats = view.get("seats") or []
    # Your character and what it does; while the draft runs, what each one on offer does.
    char_lines: list[tuple[str, str]] = []
    word = seats[seat].get("ability", "") if seat < len(seats) else ""
    if word:
        head = f"Your character: {seats[seat]['char_name']} — "
        body = wrap_words(ability_text(word), FONT, W - 100 - width_of(head, FONT, True))
        char_lines = [(head if i == 0 else "", line) for i, line in enumerate(body)]
    elif view.get("phase") == "draft":
        char_lines = [("Characters on offer: ", "")] + draft_lines(view)
    height = 190 + 110 * max(1, len(cards)) + (20 + 24 * len(char_lines) if char_lines else 0)
    img = kit.new_canvas(height)
    d = kit.Pen(img)
    SEATS.mark(d, seat, 40, 40, 18)
    title = f"{kit.player_name(view, seat)} — your goal cards (secret)"
    if offer:
        title = f"{kit.player_name(view, seat)} — keep 2 of these 4 goal cards (secret)"
    put_text(d, (70, 24), title, 28, True, kit.INK)
    posts = set(seats[seat]["posts"]) if seat < len(seats) else set()
    y = 90
    for g in cards:
        rec = T.GOALS[g]
        d.rounded_rectangle((40, y, W - 40, y + 90), 14, fill=PANEL_BG, outline=kit.INK, width=2)
        put_text(d, (60, y + 12), f"{g}: {rec['vp']} VP", 24, True, kit.INK)
        xx: float = 60
        for city in rec["cities"]:
            mark = "✔ post" if city in posts else "✘ no post yet"
            t = f"{city_name(city)} ({mark})"
            put_text(d, (xx, y + 50), t, 20, False, kit.INK)
            xx += width_of(t, 20) + 60
        y += 110
    if goals:
        done = sum(int(T.GOALS[g]["vp"]) for g in goals if set(T.GOALS[g]["cities"]) <= posts)
        cities = {c for g in goals for c in T.GOALS[g]["cities"]}
        reached = min(len(cities & posts), 4)
        now = f"If the game ended now: {done} VP from cards + "
        now += f"{T.DISTINCT_GOAL_CITY_VP[reached]} VP for {reached} goal cities reached."
        put_text(d, (40, y + 4), now, 20, True, kit.INK)
        y += 34
    put_text(
        d,
        (40, y + 4),
        "Distinct goal cities with your post: 1/3/6/10 VP for 1/2/3/4 cities.",
        18,
        False,
        MUTED,
    )
    yy = y + 44
    for head, line in char_lines:
        if head:
            put_text(d, (40, yy), head, FONT, True)
        put_text(d, (40 + width_of(head, FONT, True) if head else 64, yy), line, FONT)
        yy += 24
    return encode(img)
