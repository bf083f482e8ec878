"""Brass: Birmingham, introductory game (canal era only). ``ENGINE`` is the registered engine."""

from __future__ import annotations

from engines.brass.engine import Brass

ENGINE = Brass()

__all__ = ["ENGINE", "Brass"]
