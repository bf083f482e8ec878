"""Marco Polo board layout: sizes, colours and geometry in one place, and the small text helpers
(words measured once, wrapped, fitted; component names and bundles as the board prints them)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import ImageDraw

from engines.catalog import CATALOG
from engines.marco_polo import tables as T
from renderers import kit

#: Seat colours of this game (kit.SEAT_PALETTES), never a component colour here (#10.6).
SEATS = kit.Seats.of("marco_polo")


# -- layout constants (one place) -------------------------------------------------------------
W = kit.WIDTH


HEADER_H = 96


MAP_X, MAP_Y, MAP_SCALE = 24, HEADER_H + 10, 1.0


MAP_W, MAP_H = 1000, 700


SIDE_X = MAP_X + MAP_W + 24


SIDE_W = W - SIDE_X - 20


CARDS_Y = MAP_Y + MAP_H + 18


CARDS_H = 252


CARD_ROW = 42  # two lines of card text per card, never cut short


REF_Y = CARDS_Y + CARDS_H + 12


REF_H = 176


PLAYERS_Y = REF_Y + REF_H + 12


PANEL_W = (W - 60) // 2


PANEL_H = 300  # room for a third contract while a discard is pending, and the ability (2 lines)


LEGEND_H = 150


FONT = 16


SMALL = 14


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


RES_SHORT = {
    "coin": "coin",
    "camel": "camel",
    "pepper": "pepper",
    "silk": "silk",
    "gold": "gold",
    "vp": "VP",
    "any_good": "good of choice",
    "two_different_goods": "2 diff. goods",
    "travel": "step",
    "contract": "contract",
    "black_die": "black die",
    "own_city_bonus": "own city bonus",
    "other_city_bonus": "other city bonus",
}


PANEL_BG = (250, 245, 232)


MUTED = kit.MUTED


FINAL_COLUMNS = (
    ("during_game", "in game"),
    ("goal_cards", "goal cards"),
    ("goal_cities", "goal cities"),
    ("coins", "coins"),
    ("beijing_post", "Beijing"),
    ("beijing_goods", "Beijing goods"),
    ("most_contracts", "contracts"),
)


#: Text measuring is slow and the same strings recur on every board: measure each once.
width_of = kit.text_width


fit = lru_cache(maxsize=8192)(kit.fit_text)


def ability_text(word: str) -> str:
    """What a character does (M51-M58), from the catalog (``marco_polo.value.<word>``)."""
    return CATALOG.text(f"marco_polo.value.{word}")


def wrap_words(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines at most ``width`` wide (words are never cut)."""
    out: list[str] = []
    for word in text.split():
        if out and width_of(f"{out[-1]} {word}", size, bold) <= width:
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out


def draft_lines(view: dict[str, Any]) -> list[tuple[str, str]]:
    """(heading, ability line) per wrapped line of the draft offer, in offer order."""
    out: list[tuple[str, str]] = []
    for c in view["draft"]["offer"]:
        head = f"{T.CHARACTERS[c]['name']} (choose {c}): "
        body = wrap_words(
            ability_text(T.ability_word(c)), FONT, W - 100 - width_of(head, FONT, True)
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


def bundle(b: dict[str, int]) -> str:
    """``{"camel": 2, "silk": 1}`` as "2 camel + 1 silk"."""
    parts = []
    for k, n in b.items():
        if k == "two_different_goods":
            parts.append("2 different goods" if n == 1 else f"{n}x 2 different goods")
        elif k in ("own_city_bonus", "other_city_bonus") and n == 1:
            parts.append(RES_SHORT[k])
        elif n:
            parts.append(f"{n} {RES_SHORT.get(k, k)}")
    return " + ".join(parts) or "-"


def city_name(loc: str) -> str:
    return str(T.LOCATIONS[loc]["name"]).split(" (")[0]


def compact(b: dict[str, int]) -> str:
    """A reward in a table cell: ``2 pepper+1 coin``."""
    names = {"any_good": "good", "travel": "step", "vp": "VP"}
    return "+".join(f"{n} {names.get(k, k)}" for k, n in b.items() if n)


def short(text: str) -> str:
    """Map labels are short: the panels below spell things out."""
    return (
        text.replace("2 different goods", "2 diff. goods")
        .replace("1 good of choice", "1 any good")
        .replace("other city bonus", "other bonus")
    )


def split_words(text: str, size: int, width: float) -> tuple[str, str]:
    """The longest run of whole words that fits ``width``, and the rest."""
    words = text.split()
    for n in range(len(words), 0, -1):
        head = " ".join(words[:n])
        if width_of(head, size) <= width:
            return head, " ".join(words[n:])
    return "", text


def card_order(view: dict[str, Any]) -> list[str]:
    """City-card spaces in board order (a stored view's dict order is not guaranteed)."""
    return [space for space in T.CITY_SPACES if space in view["cards"]]


def whole_turn(last: dict[str, Any]) -> str:
    """The last player's whole turn (``turn``, every command of it, given by the service), else
    its last command (#12.3)."""
    return " · ".join(str(t) for t in last.get("turn") or [last["text"]])
