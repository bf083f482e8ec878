"""Bombay's behaviour metrics (#24.3): how a seat spent its turns, read from the events.

One dict per seat, over one game:

- ``turns``: turns the seat took (a turn starts on its first command with all 3 AP, Y40);
- ``fortune_turns``, ``fortune_share``: turns that were ``fortune`` alone (Y79) and their share;
- ``ap_unused``, ``ap_unused_share``: action points left when a turn passed, and their share of
  every turn's 3 AP (a fortune turn spends all three, Y79);
- ``turns_with_unused``: turns that passed with AP left;
- ``bought``, ``silk_bonus``, ``sold``: bales bought (Y49), taken from a silk palace token (Y72),
  sold (Y55);
- ``rupees_per_sale``: the rupees a sale paid on average (Y56, Y57; 0 when the seat sold none);
- ``sale_rupees``: rupees from sales in all;
- ``palaces``: palaces built (Y65);
- ``final_rupees``: the final score (rupees plus both bonuses, Y86) and ``won`` (1 for a sole
  or shared first place).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.base import Engine, Result

#: Action points a turn gives (Y40).
TURN_AP = 3

NAMES = (
    "turns",
    "fortune_turns",
    "fortune_share",
    "ap_unused",
    "ap_unused_share",
    "turns_with_unused",
    "bought",
    "silk_bonus",
    "sold",
    "sale_rupees",
    "rupees_per_sale",
    "palaces",
    "final_rupees",
    "won",
)


def metrics(
    engine: Engine[Any, Any], steps: Sequence[Any], result: Result
) -> list[dict[str, float]]:
    """Per seat, the numbers above, from the events of ``steps`` (``engines.ai.behaviour.Step``)."""
    players = len(result.scores)
    out = [dict.fromkeys(NAMES, 0.0) for _ in range(players)]
    spent = [0] * players  # AP spent in the seat's turn under way
    for step in steps:
        if step.seat is None or step.seat < 0:
            continue
        seat: int = step.seat
        row = out[seat]
        if step.before.ap == TURN_AP and step.before.current == seat:
            row["turns"] += 1
            spent[seat] = 0
        passed = False
        for event in step.events:
            key, params = event.key, event.params
            if key == "bombay.fortune":
                row["fortune_turns"] += 1
                spent[seat] = TURN_AP
            elif key == "bombay.moved" and params["seat"] == seat:
                spent[seat] += int(params["ap"])
            elif key == "bombay.bought":
                row["bought"] += 1
                spent[seat] += int(params["ap"])
            elif key == "bombay.sold":
                row["sold"] += 1
                row["sale_rupees"] += int(params["rupees"])
                spent[seat] += 1
            elif key == "bombay.built":
                row["palaces"] += 1
                spent[seat] += 1
            elif key == "bombay.token_silk":
                row["silk_bonus"] += 1
            elif key in ("bombay.ended", "bombay.turn_over"):
                passed = True
        if passed or step.before.current != step.after.current or step.after.over:
            unused = max(0, TURN_AP - spent[seat])
            row["ap_unused"] += unused
            row["turns_with_unused"] += 1 if unused else 0
            spent[seat] = 0
    winners = set(result.winners)
    for seat, row in enumerate(out):
        turns = row["turns"] or 1.0
        row["fortune_share"] = row["fortune_turns"] / turns
        row["ap_unused_share"] = row["ap_unused"] / (TURN_AP * turns)
        row["rupees_per_sale"] = row["sale_rupees"] / row["sold"] if row["sold"] else 0.0
        row["final_rupees"] = float(result.scores[seat])
        row["won"] = 1.0 if seat in winners else 0.0
    return out
