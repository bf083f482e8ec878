"""The Voyages of Marco Polo (Hans im Glück 2015) as a Turnpost engine.

Modules: ``tables`` (component data), ``state`` (the frozen state), ``draft`` (the working copy
an action changes), ``notation`` (verbs and
parsing), ``flow`` (set-up, rounds, turns), ``placement`` (the main actions), ``movement``
(travel and trading posts), ``rewards`` (gains, contracts, bonuses), ``decisions`` (every other
command), ``scoring`` (end of game) and ``engine`` (the platform contract). Rules, with the ids
cited here: ``docs/rules/marco_polo.md``.

The notation at a glance (every verb is in ``notation``):

>>> from engines.marco_polo import ENGINE as marco_polo
>>> state = marco_polo.setup(2, {}, 3)
>>> marco_polo.complete(state, 0, "")  # a main action places dice; 3 coins is an extra action
['coins3', 'place']
>>> marco_polo.complete(state, 0, "place ")  # the action spaces
['camel', 'coins5', 'contracts', 'gold', 'khan', 'pepper', 'silk', 'travel']
>>> marco_polo.complete(state, 0, "place camel ")  # then the die, by the value it shows
['1', '2', '3', '4', '5', '6']
"""

from engines.marco_polo.engine import MarcoPolo

ENGINE = MarcoPolo()

__all__ = ["ENGINE", "MarcoPolo"]
