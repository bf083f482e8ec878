"""Computer players: seats that choose their own moves, and hints for human ones.

A computer seat may know only what a person in that seat knows. Every game therefore provides a
:class:`~engines.ai.knowledge.Knowledge` (``engines/<game>/ai.py``): ``determinize`` samples a full
state that the seat cannot tell apart from the real one (other hands, decks and face-down cards
shuffled back, future dice and draws re-seeded), and ``scores`` (or ``values``) estimates, from a
full state, how well each seat stands; ``policy`` and ``turns`` say which moves and whole turns are
worth trying. The search (:mod:`engines.ai.search`) only ever plays on sampled states, so what it
decides depends on the seat's information and nothing else. docs/ai.md describes it.

Levels:

* ``random``: a uniformly random legal move (a baseline for measuring the others);
* ``easy``: greedy, one move deep: the move whose result the evaluation likes best;
* ``normal``: information-set Monte Carlo tree search over whole turns within a time budget.

The frozen reference ``v1`` (:mod:`engines.ai.v1`, today's ``normal`` before issue #24) is a
seat kind of the arena only.

Nothing here does I/O; ``turnpost arena`` (``bot/cli.py``) plays seats against each other.
"""

from __future__ import annotations

from engines.ai.knowledge import Knowledge, knowledge_for
from engines.ai.seats import LEVELS, Choice, choose, hints

__all__ = ["LEVELS", "Choice", "Knowledge", "choose", "hints", "knowledge_for"]
