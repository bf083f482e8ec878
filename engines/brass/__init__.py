"""Brass: Birmingham: the full game (canal era, then rail era; option ``mode=full``, the default)
and the introductory game (``mode=intro``, canal era only). ``ENGINE`` is the registered engine.

Rules, with the ids cited here: ``docs/rules/brass.md``. Options without a ``mode`` (games stored
before the full game existed) set up an introductory game. The notation at a glance (every verb
is in ``notation``):

>>> from engines.brass import ENGINE as brass
>>> state = brass.setup(2, {}, 3)
>>> brass.to_act(state)  # the first turn order is drawn at setup (B13)
[1]
>>> brass.complete(state, 1, "")
['build', 'develop', 'loan', 'network', 'pass', 'scout']
>>> brass.complete(state, 1, "loan ")  # every action discards a card from the hand (B17)
['card=birmingham', 'card=brewery', 'card=coal_mine', 'card=iron_works', 'card=kidderminster']
"""

from __future__ import annotations

from engines.brass.engine import Brass

ENGINE = Brass()

__all__ = ["ENGINE", "Brass"]
