"""Imhotep (Kosmos 2016): build Egypt's monuments by shipping stones, for 2–4 players.

Rules: ``docs/rules/imhotep.md`` (ids I1–I81, E1–E15); data: ``data/imhotep/``.

The notation at a glance (every verb is in ``notation``):

>>> from engines.imhotep import ENGINE as imhotep
>>> state = imhotep.setup(2, {}, 3)
>>> imhotep.complete(state, 0, "")  # take stones from the quarry, or load one on a ship
['load', 'quarry']
>>> imhotep.complete(state, 0, "load ")  # the ship...
['1', '2', '3', '4']
>>> imhotep.complete(state, 0, "load 2 ")  # ...and a free position on it, 1 being the bow
['1', '2', '3']
>>> str(imhotep.parse(state, 0, "LOAD 2 1"))  # the canonical text the game log stores
'load 2 1'
"""

from __future__ import annotations

from engines.imhotep.engine import META, Imhotep

ENGINE = Imhotep()

__all__ = ["ENGINE", "META", "Imhotep"]
