"""What a renderer may see: the public table (Y83) and one seat's screen (Y82).

Rupees, client tokens, city tokens and kept palace tokens stay out of the public view until the
game is over (Y85); then every screen is open. The view is a ``BombayView``; ``kit.plain`` gives
its JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from engines import kit
from engines.base import Event
from engines.bombay.components import MARKETS, board, rules
from engines.bombay.scoring import fraction_text, result, sheets
from engines.bombay.state import State
from engines.catalog import CATALOG


def status(state: State) -> Event:
    """Where the game stands: set and game turn (or over after how many sets)."""
    if state.over:
        return Event("bombay.status.over", {"sets": state.sets})
    return Event(
        "bombay.status.turn",
        {
            "set": state.set_no + 1,
            "sets": state.sets,
            "turn": state.game_turn + 1,
            "turns": state.turns_per_set,
        },
    )


def round_text(state: State) -> str:
    """The status line in English, e.g. "Set 2 of 4 · game turn 3 of 4" (for the board)."""
    ev = status(state)
    return CATALOG.text(ev.key, ev.params)


@dataclass(frozen=True, kw_only=True)
class BombayMark(kit.Mark):
    """The last turn on the board: its seat, last command (``action`` in the JSON), every
    command of the turn, the sites walked, and the step it ended with (``from_`` → ``site``)."""

    text: str | None = kit.keyed("action")
    turn: tuple[str, ...] | None = ()
    path: tuple[str, ...] = ()
    from_: str | None = None
    site: str | None = None


@dataclass(frozen=True)
class Screen:
    """What lies behind one seat's screen (Y82), and which seat it is, counted from 1."""

    seat_number: int
    rupees: int
    client_tokens: int
    client_palace_tokens: int
    city_tokens: tuple[str, ...]
    city_palace_tokens: int
    #: what the city bonus is counted on (Y90), so nobody has to add it up
    city_count: int


@dataclass(frozen=True)
class OpenScreen:
    """A screen opened after the last set (Y85), with its score-sheet row."""

    money: int
    clients: int
    city_tokens: tuple[str, ...]
    palace_tokens: tuple[str, ...]
    empire_score: int
    empire_bonus: str
    city_bonus: int
    total: str


@dataclass(frozen=True)
class Approximate:
    """Which parts of the game are played from a stand-in rather than the printed game."""

    board: bool
    demand_columns: bool
    palace_token_split: bool
    first_game_placements: bool


@dataclass(frozen=True)
class Options:
    """The game's options as chosen in the lobby."""

    setup: str
    five_player_start_money: str
    empire_split_rounding: str
    palace_on_hills: str
    client_tokens_limited: str


@dataclass(frozen=True)
class Elephant:
    """A merchant's elephant: where it stands and the bales it carries."""

    site: str
    bales: tuple[str, ...]


@dataclass(frozen=True)
class TradingPost:
    """A trading-post token on the board; a closed one buys nothing this set (Y36)."""

    colour: str
    open: bool


@dataclass(frozen=True, kw_only=True)
class BombayView(kit.View[BombayMark, Screen]):
    """The public table (Y83), plus one seat's ``Screen`` as ``private`` in that seat's view."""

    mark = BombayMark

    game: str = "bombay"
    approximate: Approximate
    options: Options
    round: str
    set: int
    sets: int
    game_turn: int
    turns_per_set: int
    first_player: int
    current: int | None
    ap: int
    bought: bool
    over: bool
    elephants: tuple[Elephant, ...]
    #: site → the seat whose palace stands there
    palaces: Mapping[str, int]
    palaces_left: tuple[int, ...]
    #: site → the palace token lying there
    palace_tokens: Mapping[str, str]
    trading_posts: Mapping[str, TradingPost]
    #: market → colour → bales on offer
    markets: Mapping[str, Mapping[str, int]]
    market_costs: Mapping[str, tuple[int, ...]]
    bag: int
    #: city → demand colours, top first (Y2, Y59)
    demand: Mapping[str, tuple[str, ...]]
    city_stacks: Mapping[str, int]
    moves: int
    # Once the game is over (Y85):
    screens: tuple[OpenScreen, ...] | None = kit.optional()
    winners: tuple[int, ...] | None = kit.optional()
    ranking: tuple[tuple[int, ...], ...] | None = kit.optional()
    #: the numbers behind the bonuses, as on the text sheet (same keys, same order)
    score_details: tuple[Mapping[str, int], ...] | None = kit.optional()


# A view shares the parts that repeat from move to move (frozen, so sharing is safe): building them
# was most of the cost of a view, and there are few different ones.
@cache
def _post(colour: str, open_: bool) -> TradingPost:
    return TradingPost(colour=colour, open=open_)


@cache
def _elephant(site: str, bales: tuple[str, ...]) -> Elephant:
    return Elephant(site=site, bales=bales)


def screen(state: State, seat: int) -> Screen:
    """What lies behind one seat's screen (and which seat it is, counted from 1)."""
    names = board().city_names
    kept = state.kept[seat]
    return Screen(
        seat_number=seat + 1,
        rupees=state.money[seat],
        client_tokens=state.clients[seat],
        client_palace_tokens=kept.count("client"),
        city_tokens=tuple(names[c] for c in state.cities[seat]),
        city_palace_tokens=kept.count("city"),
        city_count=len(state.cities[seat]) + kept.count("city"),
    )


def make_view(state: State, to_act: list[int], seat: int | None) -> BombayView:
    """The table as ``seat`` sees it: the public table (Y83), and for a seat its own screen
    (Y82) as ``private``; ``None`` is the public."""
    r = rules()
    b = board()
    markets: dict[str, dict[str, int]] = {m: {} for m in MARKETS}
    for i, c in enumerate(r.colours):
        if state.market[i] >= 0 and state.stock[i] > 0:
            markets[MARKETS[state.market[i]]][c] = state.stock[i]
    last = None
    if state.turn_log:
        last = BombayMark(
            seat=state.turn_seat,
            text=state.turn_log[-1],
            turn=tuple(state.turn_log),
            path=tuple(state.turn_path),
            from_=state.last_from or None,
            site=state.last_site or None,
        )
    screens: tuple[OpenScreen, ...] | None = None
    final = result(state) if state.over else None
    if state.over:
        rows = sheets(state)
        screens = tuple(
            OpenScreen(
                money=state.money[s],
                clients=state.clients[s],
                city_tokens=tuple(b.city_names[c] for c in state.cities[s]),
                palace_tokens=tuple(state.kept[s]),
                empire_score=rows[s].empire_score,
                empire_bonus=fraction_text(rows[s].empire_bonus),
                city_bonus=rows[s].city_bonus,
                total=fraction_text(rows[s].total),
            )
            for s in range(state.players)
        )
    return BombayView(
        seat=seat,
        last=last,
        private=None if seat is None else screen(state, seat),
        players=state.players,
        approximate=Approximate(
            board=b.status == "stand-in",
            demand_columns=True,
            palace_token_split=True,
            first_game_placements=state.setup_mode == "first_game",
        ),
        options=Options(
            setup=state.setup_mode,
            five_player_start_money=state.start_money,
            empire_split_rounding=state.rounding,
            palace_on_hills="true" if state.palace_on_hills else "false",
            client_tokens_limited="true" if state.clients_limited else "false",
        ),
        round=round_text(state),
        set=min(state.set_no + 1, state.sets),
        sets=state.sets,
        game_turn=state.game_turn + 1,
        turns_per_set=state.turns_per_set,
        first_player=state.first,
        current=None if state.over else state.current,
        ap=0 if state.over else state.ap,
        bought=state.bought,
        to_act=tuple(to_act),
        over=state.over,
        elephants=tuple(
            _elephant(state.sites[s], tuple(state.loads[s])) for s in range(state.players)
        ),
        palaces={site: seat for site, seat in state.palaces},
        palaces_left=tuple(state.palaces_left(s) for s in range(state.players)),
        palace_tokens={site: token for site, token in state.tokens},
        # after the last set every token was turned open again (Y80) and stays so
        trading_posts={site: _post(c, state.over or state.is_open(c)) for site, c in state.posts},
        markets=markets,
        market_costs={m: tuple(r.market_cost[m]) for m in MARKETS},
        bag=sum(state.bag),
        demand={c: tuple(state.demand[i]) for i, c in enumerate(b.cities)},
        city_stacks={c: state.stacks[i] for i, c in enumerate(b.cities)},
        moves=state.moves,
        screens=screens,
        winners=tuple(final.winners) if final else None,
        ranking=final.ranking if final else None,
        score_details=tuple(dict(d) for d in final.details) if final else None,
    )
