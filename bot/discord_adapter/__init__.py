"""Turnpost's Discord adapter: slash commands generated from the engines, autocomplete of legal
moves, board images, persistent buttons and the reminder loop, over the transport-agnostic service.

``run(config)`` is the blocking entry point used by ``turnpost run``.
"""

from __future__ import annotations

from bot.discord_adapter.client import TurnpostBot, configure_logging, run

__all__ = ["TurnpostBot", "configure_logging", "run"]
