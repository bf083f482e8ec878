"""Imhotep (Kosmos 2016): build Egypt's monuments by shipping stones, for 2–4 players.

Rules: ``shared/reference/imhotep/RULES.md`` (ids I1–I81, E1–E15); data: ``data/imhotep/``.
"""

from __future__ import annotations

from engines.imhotep.engine import META, Imhotep

ENGINE = Imhotep()

__all__ = ["ENGINE", "META", "Imhotep"]
