"""The Bombay game state: one frozen record of tuples, copied with ``dataclasses.replace``.

Per-seat facts are tuples indexed by seat; per-colour facts are tuples in ``colour_order``;
per-city facts follow the board's city order. Everything behind a player's screen (Y82) is here
too; ``view`` decides what anyone may see.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cache
from typing import Any

from engines.bombay.components import MARKETS, PALACES, board, rules
from engines.kit import Decision


@dataclass(frozen=True)
class State:
    """Everything about one game of Bombay."""

    players: int
    # options (validated strings turned into the values the rules use)
    setup_mode: str
    start_money: str
    rounding: str
    palace_on_hills: bool
    clients_limited: bool
    #: the seeded generator's whole state (engines.rng)
    rng: int
    #: 0-based set; equals the number of sets once the game is over (Y26, Y29)
    set_no: int
    #: 0-based game turn inside the set (Y27, Y28)
    game_turn: int
    first: int
    current: int
    ap: int
    bought: bool
    #: per city (board order): demand colours, top first (Y2, Y59)
    demand: tuple[tuple[str, ...], ...]
    #: (site, colour) of each trading-post token on the board (Y22)
    posts: tuple[tuple[str, str], ...]
    #: (site, token type) of palace tokens still on the board (Y23, Y68)
    tokens: tuple[tuple[str, str], ...]
    #: (site, seat) of every palace, sorted by site (Y66)
    palaces: tuple[tuple[str, int], ...]
    #: per colour: index into MARKETS of the market holding it this set, or -1 (Y32, Y33)
    market: tuple[int, ...]
    #: per colour: bales in the markets (Y32)
    stock: tuple[int, ...]
    #: per colour: bales in the bag (Y18, Y38)
    bag: tuple[int, ...]
    #: per seat: the elephant's site (Y17)
    sites: tuple[str, ...]
    #: per seat: carried bales in colour order, at most 2 (Y3)
    loads: tuple[tuple[str, ...], ...]
    #: per seat, behind the screen (Y82): rupees, client tokens, city tokens, kept palace tokens
    money: tuple[int, ...]
    clients: tuple[int, ...]
    cities: tuple[tuple[str, ...], ...]
    kept: tuple[tuple[str, ...], ...]
    #: per city (board order): city tokens left in its stack (Y20)
    stacks: tuple[int, ...]
    #: actions applied so far
    moves: int
    #: the seat whose turn was played last, its commands this turn, and the last action's sites
    turn_seat: int
    turn_log: tuple[str, ...]
    #: sites the elephant of ``turn_seat`` stood on during that turn, in order (for the drawing)
    turn_path: tuple[str, ...]
    last_from: str
    last_site: str
    #: decisions waiting before play goes on, first = next: only the restock's chance node
    #: (``engines.bombay.chance``), between a set's last command and its draw
    pending: tuple[Decision, ...] = ()

    # -- derived facts --------------------------------------------------------------------
    @property
    def sets(self) -> int:
        """Number of sets in this player count (Y25)."""
        return rules().counts[self.players].sets

    @property
    def turns_per_set(self) -> int:
        """Game turns per set (Y25)."""
        return rules().counts[self.players].turns_per_set

    @property
    def over(self) -> bool:
        """The last set is finished (Y29)."""
        return self.set_no >= _sets(self.players)

    def palace_at(self, site: str) -> int | None:
        """The seat owning the palace on ``site``, if any."""
        for s, seat in self.palaces:
            if s == site:
                return seat
        return None

    def post_at(self, site: str) -> str | None:
        """The colour of the trading-post token on ``site``, if any."""
        for s, colour in self.posts:
            if s == site:
                return colour
        return None

    def token_at(self, site: str) -> str | None:
        """The palace token lying on ``site``, if any."""
        for s, token in self.tokens:
            if s == site:
                return token
        return None

    def is_open(self, colour: str) -> bool:
        """A colour's trading posts are open while a bale of it lies in a market (Y36)."""
        return self.stock[rules().colours.index(colour)] > 0

    def silk_choices(self, site: str) -> list[str]:
        """Colours a silk palace token on ``site`` may take: those in the leftmost non-empty
        market (Y72); empty when there is no silk token or every market is empty."""
        if self.token_at(site) != "silk":
            return []
        for m in range(len(MARKETS)):
            found = [
                c for i, c in enumerate(rules().colours) if self.market[i] == m and self.stock[i]
            ]
            if found:
                return found
        return []

    def palaces_left(self, seat: int) -> int:
        """Palaces a seat has not built yet (Y3)."""
        return PALACES - [s for _, s in self.palaces].count(seat)

    def city_index(self, site: str) -> int:
        """Index of a city site in the board's city order."""
        return board().cities.index(site)

    def clients_in_bank(self) -> int:
        """Client tokens left in a limited bank (Y7)."""
        return rules().client_tokens - sum(self.clients)


@cache
def _sets(players: int) -> int:
    # ``over`` is asked several times a move: one lookup instead of three.
    return rules().counts[players].sets


_NESTED = {"demand", "loads", "cities", "kept"}
_PAIRS = {"posts", "tokens", "palaces"}
_FLAT = {"market", "stock", "bag", "sites", "money", "clients", "stacks", "turn_log", "turn_path"}


def dump_state(state: State) -> dict[str, Any]:
    """JSON-compatible data for ``state`` (tuples become lists)."""
    out: dict[str, Any] = {}
    for f in fields(State):
        value = getattr(state, f.name)
        if f.name == "pending":
            # Only a state waiting for a draw has one, and stored games never stop there (the
            # service draws at once): dumps of every other state are the format-1 dumps.
            if value:
                out["pending"] = [p.to_json() for p in value]
        elif f.name in _NESTED or f.name in _PAIRS:
            out[f.name] = [list(v) for v in value]
        elif f.name in _FLAT:
            out[f.name] = list(value)
        else:
            out[f.name] = value
    return out


def load_state(data: Mapping[str, Any]) -> State:
    """Inverse of ``dump_state``."""
    kw: dict[str, Any] = {}
    for f in fields(State):
        if f.name == "pending":
            kw["pending"] = tuple(Decision.from_json(p) for p in data.get("pending", ()))
            continue
        value = data[f.name]
        if f.name in _NESTED or f.name in _PAIRS:
            kw[f.name] = tuple(tuple(v) for v in value)
        elif f.name in _FLAT:
            kw[f.name] = tuple(value)
        else:
            kw[f.name] = value
    return State(**kw)
