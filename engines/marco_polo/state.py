"""The game state: plain JSON data (dicts, lists, ints, strings) copied once per action.

A state is a dict; ``copy_state`` makes the private copy an action works on, so a caller's state
is never mutated. Keeping it JSON-shaped makes ``dump``/``load`` trivial and exact.

Layout (see ``flow.new_game``):

* ``players[seat]``: character, resources (``coin camel pepper silk gold vp``), ``dice`` (unused
  dice as ``[kind, value]`` with kind ``o`` own, ``b`` black, ``w`` white; value 0 means "not
  rolled", Raschid's dice), ``posts`` (cities in build order), ``posts_placed`` (for milestones),
  ``figures`` (locations), ``contracts`` (unfulfilled), ``fulfilled``, ``goals`` (secret),
  ``goal_offer`` (advanced set-up, secret), per-turn flags ``main_done`` and ``bought_black``.
* ``spaces[name]``: dice on each action space, oldest first, as ``[seat, kind, value]``; seat -1
  is a neutral blocker (M12). ``khan`` is the Khan's-favor row.
* ``cards``: city-card space -> card id; ``used_cards``: card id -> die placed there this round.
* ``pending``: decisions still to be made, first one next (goods to choose, a movement, a
  discard, compensation...). While one is pending nothing else may be done.
"""

from __future__ import annotations

import pickle
from typing import Any

State = dict[str, Any]
Player = dict[str, Any]


def copy_state(state: State) -> State:
    """A deep, independent copy (pickle round trip: several times faster than deepcopy)."""
    copied: State = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    return copied


def player(state: State, seat: int) -> Player:
    """The player record of ``seat``."""
    p: Player = state["players"][seat]
    return p


def char(state: State, seat: int) -> str:
    """The character id played by ``seat`` ("" before the draft)."""
    return str(state["players"][seat]["char"])


def goods_total(p: Player) -> int:
    """Pepper + silk + gold (camels and coins are never goods)."""
    return int(p["pepper"] + p["silk"] + p["gold"])


def die_token(kind: str, value: int) -> str:
    """Notation of a die: ``4`` (own colour), ``b4`` (black), ``w4`` (white)."""
    return f"{'' if kind == 'o' else kind}{value}"


def parse_die(token: str) -> tuple[str, int] | None:
    """(kind, value) of a die token, or ``None``."""
    kind = "o"
    if token[:1] in ("b", "w"):
        kind, token = token[0], token[1:]
    if len(token) == 1 and token in "123456":
        return kind, int(token)
    return None


DIE_ORDER = {"o": 0, "b": 1, "w": 2}


def die_key(token: str) -> tuple[int, int]:
    """Canonical order of die tokens in an action: own, black, white; then by value."""
    parsed = parse_die(token)
    assert parsed is not None
    return DIE_ORDER[parsed[0]], parsed[1]
