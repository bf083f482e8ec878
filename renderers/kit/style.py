"""The house style every board shares: the standard width and smallest text, the paper and ink
colours, the marks of the last move, of earlier moves and of who is to act, and the default seat
colours and shapes (a game's own seat colours live in its renderer's ``layout.py``)."""

from __future__ import annotations

WIDTH = 1600
MIN_TEXT = 14

PAPER = (245, 238, 222)
INK = (40, 34, 30)
WHITE = (255, 255, 255)
MUTED = (120, 110, 100)
PANEL = (232, 222, 200)
#: Gold marks the last move on every board; a raspberry frame (and ▶) marks who is to act, so the
#: two never share a look (#12.8).
HIGHLIGHT = (255, 196, 0)
#: The marks of earlier moves since the acting player's last turn (``earlier_marks``): lighter than
#: the last move's and drawn thinner, so width tells them apart as well as colour.
EARLIER = (255, 208, 60)
EARLIER_WIDTH = 4
TO_ACT = (190, 20, 110)
#: What each of the move marks means, in every board's legend (the same words on every board;
#: the sign beside each draws the mark as that board does): the last move, the earlier moves
#: (``move_marks``), who is to act.
MARK_KEYS = {
    "last": "core.board.legend.last",
    "earlier": "core.board.legend.earlier",
    "to_act": "core.board.legend.to_act",
}

#: The default seat colours (Okabe–Ito), for boards without a palette of their own; each colour is
#: paired with a shape and a letter, so colour is never the only cue.
PLAYER_COLOURS: tuple[tuple[int, int, int], ...] = (
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermillion
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (230, 159, 0),  # orange
)
PLAYER_SHAPES = ("circle", "square", "triangle", "diamond", "hexagon")
