"""Words for the move builder (``engines/builder.py``): sites by their printed labels, colours
by name, and what a seat counts (rupees, clients, bales) so a move says what it costs and gives."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from engines.bombay.state import State
from engines.data import load_json

COLOURS = ("yellow", "blue", "purple", "orange")


@cache
def _labels() -> dict[str, str]:
    return {s["id"]: str(s["label"]) for s in load_json("bombay", "board.json")["sites"]}


#: The hills by catalog key: their printed labels are words ("Hill A (start)"), which a Japanese
#: or Spanish table reads in its own language.
_HILLS = {"a": "bombay.builder.hill_a", "b": "bombay.builder.hill_b"}


def name(
    state: State, seat: int, before: Sequence[str], token: str
) -> str | tuple[str, Mapping[str, Any]] | None:
    """A site's printed label ("E1", "Indora"), a hill by its name in the reader's language; a
    colour stays a word the catalog translates."""
    if token in _HILLS:
        return (_HILLS[token], {})
    return _labels().get(token)


def purse(state: State, seat: int) -> dict[str, int]:
    """Action points left (while it is the seat's turn), rupees, clients and bales on the seat's
    elephant (its own: the builder is private)."""
    loads = state.loads[seat]
    return {
        "ap": state.ap if state.current == seat else 0,
        "rupee": state.money[seat],
        "client": state.clients[seat],
        **{c: sum(1 for b in loads if b == c) for c in COLOURS},
    }
