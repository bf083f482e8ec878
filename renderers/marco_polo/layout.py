"""Marco Polo board layout: sizes, colours and geometry in one place, and the small text helpers
(words measured once, wrapped, fitted; component names and bundles as the board prints them)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from PIL import ImageDraw

from engines.catalog import CATALOG
from engines.marco_polo import tables as T
from engines.marco_polo.view import MarcoPoloView
from renderers import kit

#: Seat colours of this game (#10.6), chosen by CIE76 distance under normal vision and simulated
#: protanopia and deuteranopia (tests/renderers/test_kit.py): far from each other and from every
#: colour in ``COMPONENT_COLOURS``. Names as players would say them.
SEATS = kit.Seats.of(
    (
        ("pink", (240, 130, 190)),
        ("violet", (90, 40, 160)),
        ("mint", (160, 230, 190)),
        ("rose", (220, 80, 120)),
    )
)


# -- layout constants (one place) -------------------------------------------------------------
# The board is as wide as a phone shows a tapped image (kit.PHONE_WIDTH, 1080 px), so every label
# at 14 px or more reads there (#10.5): the map across the width, everything else below it.
W = kit.PHONE_WIDTH


HEADER_H = 180  # title and round; who acts; what is asked (2 lines); the last turn
#: The header's first line: the title, and the round (or set-up step) beside it.
TITLE_LINE = kit.TitleLine(size=30, status_size=20, status_dy=9, gap=24)


MAP_X, MAP_Y, MAP_SCALE = 40, HEADER_H + 10, 1.0


MAP_W, MAP_H = 1000, 700


#: Under the map: the players' panels (what a player looks for first, #28.3), then the draft or
#: the score sheet when shown, then the action spaces (left) with the contract display (right),
#: the city cards, and the static reference tables last (``side_top`` and the functions below).
PLAYERS_Y = MAP_Y + MAP_H + 18


SIDE_X = 36


SIDE_W = 500


SIDE_H = 392


DISPLAY_X = SIDE_X + SIDE_W + 20


DISPLAY_W = W - 36 - DISPLAY_X


CARD_ROW = 42  # two lines of card text per card, never cut short


CARDS_H = 48 + 9 * CARD_ROW


REF_H = 300


PANEL_W = (W - 60) // 2


PANEL_H = 370  # resources on two lines, posts on two, three contracts, the ability on three


FONT = 16


SMALL = 14
#: The legend's symbols flow across the width; the board's highlights under the seats.
LEGEND = kit.Legend(size=FONT, indent=34, row=32, gap=26, label_dy=2, across=True)
MARKS_LEGEND = kit.Legend(size=SMALL, indent=32, row=32, gap=30, label_dy=2, across=True)


DIE = 15  # die half-size


SAND = (236, 222, 190)


SEA = (196, 214, 222)


ROUTE = (150, 120, 90)


CAMEL_BADGE = (156, 102, 48)


COIN_BADGE = (222, 178, 40)


LARGE = (178, 60, 50)


SMALL_CITY = (70, 110, 150)


POST = 12  # half the side of a trading post's square


OASIS = (120, 160, 90)


BEIJING = (160, 40, 120)


WHITE = (255, 255, 255)


BLACK = (25, 25, 25)


NEUTRAL = (150, 150, 150)


GOOD_COLOURS = {"pepper": (60, 130, 60), "silk": (70, 110, 190), "gold": (210, 160, 20)}


#: Colours of this game's components, which no seat colour may resemble (#10.6; tested).
COMPONENT_COLOURS: dict[str, tuple[int, int, int]] = {
    **GOOD_COLOURS,
    "camel cost": CAMEL_BADGE,
    "coin cost": COIN_BADGE,
    "large city": LARGE,
    "small city": SMALL_CITY,
    "oasis": OASIS,
    "Beijing": BEIJING,
    "black die": BLACK,
    "white die": WHITE,
}


PANEL_BG = (250, 245, 232)


MUTED = kit.MUTED


#: The score sheet's columns in the text sheet's order (headings: ``marco_polo.board.final_<key>``).
FINAL_COLUMNS = (
    "during_game",
    "goal_cards",
    "goal_cities",
    "coins",
    "beijing_post",
    "beijing_goods",
    "most_contracts",
)


#: Text measuring is slow and the same strings recur on every board: measure each once.
width_of = kit.text_width


fit = lru_cache(maxsize=8192)(kit.fit_text)


def say(key: str, lang: str, **params: Any) -> str:
    """A board label ``marco_polo.board.<key>`` in the table's language."""
    return kit.say(f"marco_polo.board.{key}", lang, **params)


def ability_text(word: str, lang: str) -> str:
    """What a character does (M51-M58), from the catalog (``marco_polo.value.<word>``)."""
    return CATALOG.text(f"marco_polo.value.{word}", lang=lang)


def wrap_words(
    text: str, size: int, width: float, lines: int = 99, bold: bool = False
) -> list[str]:
    """``text`` broken into at most ``lines`` lines ``width`` wide: at spaces, words never cut
    (a word wider than a line stands alone), except in a language written without spaces
    (Japanese), which breaks between characters (kit.wrap)."""
    if not text.isascii() and " " not in text.strip():
        return kit.wrap(text, size, width, lines, bold)
    out: list[str] = []
    for word in text.split():
        if out and width_of(f"{out[-1]} {word}", size, bold) <= width:
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    if len(out) > lines:
        out[lines - 1 :] = [fit(" ".join(out[lines - 1 :]), size, width, bold)]
    return out


def draft_lines(view: MarcoPoloView, lang: str) -> list[tuple[str, str]]:
    """(heading, ability line) per wrapped line of the draft offer, in offer order."""
    out: list[tuple[str, str]] = []
    for c in view.draft.offer:
        head = say("draft_head", lang, name=named(T.CHARACTERS[c]["name"], lang), id=c)
        body = wrap_words(
            ability_text(T.ability_word(c), lang), FONT, W - 100 - width_of(head, FONT, True)
        )
        for i, line in enumerate(body):
            out.append((head if i == 0 else "", line))
    return out


def put_text(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    bold: bool = False,
    fill: tuple[int, int, int] = kit.INK,
    anchor: str = "la",
) -> None:
    """Text at ``xy`` (top-left by default), through the kit."""
    kit.text(d, xy, text, size, bold=bold, fill=fill, anchor=anchor)


def put_centred(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    bold: bool = False,
    fill: tuple[int, int, int] = kit.INK,
) -> None:
    """Text centred on ``xy``."""
    put_text(d, xy, text, size, bold, fill, "mm")


def map_xy(loc: str) -> tuple[float, float]:
    rec = T.LOCATIONS[loc]
    return MAP_X + rec["x"] * MAP_SCALE, MAP_Y + rec["y"] * MAP_SCALE


def bundle(b: dict[str, int], lang: str) -> str:
    """``{"camel": 2, "silk": 1}`` as the language says it ("2 camels and 1 silk")."""
    return CATALOG.bundle("marco_polo", b, lang)


def named(printed: str, lang: str) -> str:
    """A printed name (city, character) as the table's language calls it in its messages
    (``marco_polo.value.<printed>``), else as printed: the board and the chat say the same."""
    key = f"marco_polo.value.{printed}"
    return CATALOG.text(key, lang=lang) if CATALOG.has(key, lang) else printed


def city_name(loc: str, lang: str = "") -> str:
    """A city's name: as printed on the board, or with ``lang`` as that language calls it."""
    printed = str(T.LOCATIONS[loc]["name"]).split(" (")[0]
    return named(printed, lang) if lang else printed


def short_one(k: str, n: int, lang: str) -> str:
    """One counted thing in a map tag or table cell (``marco_polo.board.short_<word>``)."""
    if k in ("coin", "camel") and n != 1:
        k += "s"
    if k == "two_different_goods" and n == 1:  # "1× 2 different goods" reads oddly
        k += "_one"
    return say(f"short_{k}", lang, n=n)


def compact(b: dict[str, int], lang: str) -> str:
    """A reward in a table cell or map tag: ``2 pepper+1 coin``."""
    return "+".join(short_one(k, n, lang) for k, n in b.items() if n) or "-"


def short(b: dict[str, int], lang: str) -> str:
    """A tile's reward on the map: ``3 camels + 1 coin``."""
    return " + ".join(short_one(k, n, lang) for k, n in b.items() if n) or "-"


def card_text(cid: str, lang: str) -> str:
    """What a city card does, from its data in the table's language (the printed card shows
    icons, so every language spells it from the same fields)."""
    card = T.CITY_CARDS[cid]
    kind = card["kind"]
    if kind == "per_pip":
        return say("card_per_pip", lang, gain=bundle(card["reward_per_pip"], lang))
    if kind == "per_count":
        key = "card_per_post" if card["count_of"] == "trading_posts_on_map" else "card_per_contract"
        return say(key, lang, gain=bundle(card["reward_per_unit"], lang))
    if kind == "threshold":
        parts: list[str] = []
        runs: list[tuple[int, int, dict[str, int]]] = []
        for v in range(1, 7):
            gain = card["table"][str(v)]
            if runs and runs[-1][2] == gain:
                runs[-1] = (runs[-1][0], v, gain)
            else:
                runs.append((v, v, gain))
        for lo, hi, gain in runs:
            key = "card_die" if lo == hi else "card_dice"
            parts.append(say(key, lang, lo=lo, hi=hi, gain=bundle(gain, lang)))
        return " ".join(parts)
    if kind == "exchange_choice":
        one, two = card["options"]
        return say(
            "card_choice",
            lang,
            cost=bundle(one["cost"], lang),
            gain=bundle(one["reward"], lang),
            cost2=bundle(two["cost"], lang),
            gain2=bundle(two["reward"], lang),
        )
    if kind == "exchange_two_way":
        return say(
            "card_two_way", lang, a=bundle(card["side_a"], lang), b=bundle(card["side_b"], lang)
        )
    key = "card_distinct" if card.get("distinct_cities") else "card_exchange"
    return say(key, lang, cost=bundle(card["cost"], lang), gain=bundle(card["reward"], lang))


def players_h(seats: int) -> int:
    """The height of the players' panels, two to a row."""
    return ((seats + 1) // 2) * (PANEL_H + 14)


def cards_y(side: float) -> float:
    """The top of the city cards under the action spaces that start at ``side``."""
    return side + SIDE_H + 12


def ref_y(side: float) -> float:
    """The top of the reference tables (bazaar, travel) under the city cards."""
    return cards_y(side) + CARDS_H + 12


def legend_y(side: float) -> float:
    """The top of the legend, under the reference tables."""
    return ref_y(side) + REF_H + 12


def card_xy(i: int, side: float) -> tuple[float, float]:
    """Where the ``i``-th city card's row starts (one card per row, across the width), under the
    action spaces that start at ``side``."""
    return 36, cards_y(side) + 44 + i * CARD_ROW


def card_city(space: str, lang: str) -> str:
    """The city of a city-card space as the table's language names it (モスクワ), drawn under
    the space's id (``moscow:``, what a player types: ``place moscow 4``); "" where that name
    is only the id spelt as a name (English "Lan-Zhou" for ``lan_zhou``)."""
    loc = T.CITY_SPACES[space][0]
    name = city_name(loc, lang)
    return "" if re.sub(r"[\W_]", "", name.casefold()) == re.sub(r"[\W_]", "", loc) else name


@lru_cache(maxsize=8)
def card_text_x(lang: str) -> float:
    """Where a city card's text starts in its row (after the widest space id or city name)."""
    labels = [
        w
        for space in T.CITY_SPACES
        for w in (
            width_of(f"{space}:", SMALL + 1, True),
            width_of(card_city(space, lang), SMALL),
        )
    ]
    return 36 + 34 + max(labels)


def card_lines(cid: str, lang: str) -> list[str]:
    """A city card's text in its two lines (cut with "…" only if it did not fit)."""
    return kit.wrap(card_text(cid, lang), SMALL, W - 40 - card_text_x(lang), 2)


def card_order(view: MarcoPoloView) -> list[str]:
    """City-card spaces in board order (a stored view's dict order is not guaranteed)."""
    return [space for space in T.CITY_SPACES if space in view.cards]
