"""Bombay (Ystari Games, 2009) for 2–5 players: the rules engine.

Modules: ``components`` (data files), ``state`` (the frozen state and its JSON form), ``notation``
(verbs, options, parsing), ``rules`` (the five actions, restock, end of turn and set), ``setup``,
``scoring`` and ``view``; ``engine`` ties them to the platform contract.
"""

from engines.bombay.engine import Bombay

ENGINE = Bombay()

__all__ = ["ENGINE", "Bombay"]
