"""Imhotep's behaviour metrics (#24.3): where a seat's stones went and what it took, from the
events.

One dict per seat, over one game: ``stones_<site>`` (stones placed at the pyramid, temple,
burial chamber and obelisk; the pyramid counts stones beside it too, I68), ``stones_delivered``
(all four), ``loaded`` (stones loaded onto ships), ``sailed`` (ships this seat sailed),
``cards_taken`` (market cards taken, a pair counted once), ``cards_played``, ``final_points``
and ``won``; and ``points_<category>``, the final score sheet's parts (``scoring.CATEGORIES``:
pyramid, temple, burial chamber, obelisk, decorations, statues, blue cards, wrath), so a table
shows where the winners' points came from beside where their stones went.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.base import Engine, Result
from engines.imhotep.scoring import CATEGORIES, final_breakdown

#: The event that placed a stone, by the site it counts for.
SITE_OF = {
    "imhotep.placed_pyramid": "pyramid",
    "imhotep.placed_beside": "pyramid",
    "imhotep.placed_pyramid_b": "pyramid",
    "imhotep.placed_temple": "temple",
    "imhotep.placed_burial": "burial",
    "imhotep.placed_obelisk": "obelisk",
    "imhotep.placed_waiting": "obelisk",
    "imhotep.tower_built": "obelisk",
}
SITES = ("pyramid", "temple", "burial", "obelisk")
COUNTED = {
    "imhotep.loaded": "loaded",
    "imhotep.sailed": "sailed",
    "imhotep.took_card": "cards_taken",
    "imhotep.took_pair": "cards_taken",
    "imhotep.played_card": "cards_played",
}


def metrics(
    engine: Engine[Any, Any], steps: Sequence[Any], result: Result
) -> list[dict[str, float]]:
    """Per seat, the numbers above, from the events of ``steps`` (``engines.ai.behaviour.Step``)."""
    players = len(result.scores)
    names = [f"stones_{s}" for s in SITES] + [
        "stones_delivered",
        "loaded",
        "sailed",
        "cards_taken",
        "cards_played",
        "final_points",
        "won",
    ]
    out = [dict.fromkeys(names, 0.0) for _ in range(players)]
    for step in steps:
        for event in step.events:
            seat = event.params.get("seat")
            if not isinstance(seat, int) or not 0 <= seat < players:
                continue
            site = SITE_OF.get(event.key)
            if site is not None:
                out[seat][f"stones_{site}"] += 1
                out[seat]["stones_delivered"] += 1
            counted = COUNTED.get(event.key)
            if counted is not None:
                out[seat][counted] += 1
    if steps:
        # The last position is the finished game: its score sheet as the result scored it.
        for row, sheet in zip(out, final_breakdown(steps[-1].after), strict=True):
            row.update({f"points_{c}": float(sheet[c]) for c in CATEGORIES})
    winners = set(result.winners)
    for seat, row in enumerate(out):
        row["final_points"] = float(result.scores[seat])
        row["won"] = 1.0 if seat in winners else 0.0
    return out
