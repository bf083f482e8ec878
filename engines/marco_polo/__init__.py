"""The Voyages of Marco Polo (Hans im Glück 2015) as a Turnpost engine.

Modules: ``tables`` (component data), ``state`` (the plain-data state), ``notation`` (verbs and
parsing), ``flow`` (set-up, rounds, turns), ``placement`` (the main actions), ``movement``
(travel and trading posts), ``rewards`` (gains, contracts, bonuses), ``decisions`` (every other
command), ``scoring`` (end of game) and ``engine`` (the platform contract).
"""

from engines.marco_polo.engine import MarcoPolo

ENGINE = MarcoPolo()

__all__ = ["ENGINE", "MarcoPolo"]
