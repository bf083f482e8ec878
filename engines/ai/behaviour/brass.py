"""Brass's behaviour metrics (#24.3): what each seat did over a whole game.

Read from the recorded steps (the move, its events, the state before and after) and the result:

* ``loans``: Loan actions taken (B67);
* ``developments``: tiles removed from the mat by Develop actions (B55; the Gloucester bonus's free
  tile is ``bonus_develops``, B62);
* ``built`` / ``built_canal`` / ``built_rail``: industry tiles built (B38–B51), overbuilds included;
* ``breweries_canal``: breweries built in the canal era;
* ``flipped``: the seat's tiles that flipped, sold or emptied by anyone (B72);
* ``sold``: tiles the seat sold (B59–B63); ``sell_actions``: Sell actions (a card each);
* ``links_canal`` / ``links_rail``: links placed in each era (B52, R33);
* ``passes``: Pass actions (B71);
* ``money_end``: money held at the end (worth nothing in the full game, R46);
* ``income_level``: the income level at the end (B74);
* ``vp``: the final score, and ``vp_<part>`` per part of the score sheet (full game R49:
  ``in_play``, ``canal_links``, ``canal_industries``, ``rail_links``, ``rail_industries``; the
  introductory game's B83 parts); ``won``: 1 for a winner (shared or not).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.base import Engine, Result
from engines.brass import components as C
from engines.brass.state import State, income_level

#: Counters kept per seat, in the order they are reported.
COUNTS = (
    "loans",
    "developments",
    "bonus_develops",
    "built",
    "built_canal",
    "built_rail",
    "breweries_canal",
    "flipped",
    "sold",
    "sell_actions",
    "links_canal",
    "links_rail",
    "passes",
)


def metrics(
    engine: Engine[Any, Any], steps: Sequence[Any], result: Result
) -> list[dict[str, float]]:
    """One dict of named numbers per seat (see the module docstring)."""
    if not steps:
        raise ValueError("no steps: a game is needed to measure")
    final: State = steps[-1].after
    n = final.players
    counts = [dict.fromkeys(COUNTS, 0) for _ in range(n)]
    for step in steps:
        before: State = step.before
        seat = step.seat
        era = before.era
        mover = seat is not None and 0 <= seat < n
        verb = step.move.split(" ", 1)[0] if mover else ""
        if verb == "loan":
            counts[seat]["loans"] += 1
        elif verb == "pass":
            counts[seat]["passes"] += 1
        elif verb == "sell" and "card=" in step.move:
            counts[seat]["sell_actions"] += 1
        for event in step.events:
            key = event.key
            p = event.params
            if key == "brass.developed" and mover:
                counts[seat]["developments"] += 1
            elif key == "brass.bonus_develop":
                counts[p["seat"]]["bonus_develops"] += 1
            elif key == "brass.built":
                c = counts[p["seat"]]
                c["built"] += 1
                c["built_canal" if era == C.CANAL else "built_rail"] += 1
                if era == C.CANAL and p["industry"] == "brewery":
                    c["breweries_canal"] += 1
            elif key == "brass.flipped":
                counts[p["owner_seat"]]["flipped"] += 1
            elif key == "brass.sold":
                counts[p["seat"]]["sold"] += 1
            elif key in ("brass.linked", "brass.linked_rail", "brass.linked_rail_double"):
                counts[p["seat"]]["links_canal" if era == C.CANAL else "links_rail"] += 1
    out = []
    for s in range(n):
        row = {k: float(v) for k, v in counts[s].items()}
        row["money_end"] = float(final.money[s])
        row["income_level"] = float(income_level(final.income[s]))
        row["vp"] = float(result.scores[s])
        for part, points in result.breakdown[s].items():
            row[f"vp_{part}"] = float(points)
        row["won"] = 1.0 if s in result.winners else 0.0
        out.append(row)
    return out
