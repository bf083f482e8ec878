"""Words for the move builder (``engines/builder.py``): action spaces and cities by name, dice by
colour and pips, and what a seat counts (coins, camels, goods, points) so a move says what it
costs and gives; what is left of a turn (the main action, or only free actions)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.marco_polo import tables as T
from engines.marco_polo.rewards import place_name
from engines.marco_polo.state import State

_DICE_VERBS = ("place", "coins3", "reroll", "adjust")
#: A die's words by the letter its notation starts with (a digit alone: the player's own die).
_DIE_KEYS = {"w": "marco_polo.builder.die_white", "b": "marco_polo.builder.die_black"}
_DIRECTION_KEYS = {"up": "marco_polo.builder.up", "down": "marco_polo.builder.down"}


def name(
    state: State, seat: int, before: Sequence[str], token: str
) -> str | tuple[str, Mapping[str, Any]] | None:
    """A space or city by name, a die by colour and pips ("white 3")."""
    verb = before[0]
    if before[-1] == "take=" and all(s.isdigit() for s in token.split("+")):
        return _slots(state, token)
    if before[-1].endswith("="):
        # A keyword's value (a column, a row, goods): the parameter's own words frame it.
        return place_name(token) if token in T.LOCATIONS else None
    if verb == "adjust" and token in _DIRECTION_KEYS:
        return (_DIRECTION_KEYS[token], {})
    if verb == "place" and len(before) == 1:
        return "space_" + token
    if token in T.LOCATIONS:
        return place_name(token)
    if token in T.CONTRACTS:
        contract = T.CONTRACTS[token]
        return (
            "marco_polo.builder.contract",
            {"cost": dict(contract["cost"]), "reward": dict(contract["reward"])},
        )
    if verb in _DICE_VERBS and len(token) <= 2 and token[-1:].isdigit():
        key = _DIE_KEYS.get(token[0], "marco_polo.builder.die_own")
        return (key, {"pips": int(token[-1])})
    return None


def _slots(state: State, token: str) -> tuple[str, Mapping[str, Any]] | None:
    """``take=2+3`` by the contracts lying in those slots of the display (public cards): what
    each costs and gives."""
    slots = [int(s) for s in token.split("+")]
    if not all(1 <= s <= len(state.display) for s in slots) or len(slots) > 2:
        return None
    cards = [T.CONTRACTS[state.display[s - 1]] for s in slots]
    if len(slots) == 1:
        params = {
            "slot": slots[0],
            "cost": dict(cards[0]["cost"]),
            "reward": dict(cards[0]["reward"]),
        }
        return ("marco_polo.builder.take_one", params)
    return (
        "marco_polo.builder.take_two",
        {
            "slot1": slots[0],
            "slot2": slots[1],
            "cost1": dict(cards[0]["cost"]),
            "reward1": dict(cards[0]["reward"]),
            "cost2": dict(cards[1]["cost"]),
            "reward2": dict(cards[1]["reward"]),
        },
    )


def purse(state: State, seat: int) -> dict[str, int]:
    """Coins, camels, goods and points of the seat."""
    p = state.players[seat]
    return {
        "coin": p.coin,
        "camel": p.camel,
        "pepper": p.pepper,
        "silk": p.silk,
        "gold": p.gold,
        "vp": p.vp,
    }


def left(state: State, seat: int) -> tuple[str, Mapping[str, Any]] | None:
    """Whether the turn's main action is still to come, or only free actions are left."""
    if state.current != seat or state.pending or state.phase != "play":
        return None
    p = state.players[seat]
    return ("marco_polo.builder.left_free" if p.main_done else "marco_polo.builder.left_main", {})


def essentials(state: State, seat: int) -> list[tuple[str, Mapping[str, Any]]]:
    """The seat's goal cards by their cities and points (what it needs to plan a journey)."""
    out: list[tuple[str, Mapping[str, Any]]] = []
    for gid in state.players[seat].goals:
        goal = T.GOALS[gid]
        cities = [place_name(c) for c in goal["cities"]]
        out.append(("marco_polo.builder.goal", {"cities": cities, "vp": goal["vp"]}))
    return out
