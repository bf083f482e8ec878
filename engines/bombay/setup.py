"""A new game of Bombay: placements, starting money and the first restock (Y16–Y25, Y31)."""

from __future__ import annotations

from collections.abc import Mapping

from engines.bombay.components import TRADING_POST_SITE, TURN_AP, board, rules
from engines.bombay.rules import restock
from engines.bombay.state import State
from engines.rng import Rng, seed_state


def _post_sites(uses_f: bool) -> list[str]:
    """Trading-post sites in use: E only with 2–3 players, E and F with 4–5 (Y22)."""
    b = board()
    groups = ("E", "F") if uses_f else ("E",)
    return [
        sid
        for sid in b.order
        if b.sites[sid].kind == TRADING_POST_SITE and b.sites[sid].tp_group in groups
    ]


def _palace_sites() -> list[str]:
    b = board()
    return [sid for sid in b.order if b.sites[sid].letter == "G"]


def new_game(players: int, options: Mapping[str, str], seed: int) -> State:
    """Setup for ``players`` seats; ``options`` are validated strings."""
    r = rules()
    b = board()
    pc = r.counts[players]
    rng = Rng(seed_state(seed))
    first_game = options.get("setup", "random") == "first_game"
    post_sites = _post_sites(pc.uses_f_sites)
    palace_sites = _palace_sites()
    if first_game:
        fg = r.first_game
        demand = tuple(tuple(fg["demand"][c]) for c in b.cities)
        placed = fg["trading_posts"] if pc.uses_f_sites else fg["trading_posts_2_3_players"]
        posts = tuple((s, placed[s]) for s in post_sites)
        tokens = tuple((s, fg["palace_tokens"][s]) for s in palace_sites)
    else:
        columns = list(r.demand_columns)
        rng.shuffle(columns)  # Y21: whole columns to cities; a column's order is kept
        demand = tuple(columns)
        per_colour = 2 if pc.uses_f_sites else 1
        colours = [c for c in r.colours for _ in range(per_colour)]
        rng.shuffle(colours)
        posts = tuple(zip(post_sites, colours, strict=True))
        palace_tokens = list(r.palace_tokens)
        rng.shuffle(palace_tokens)
        tokens = tuple(zip(palace_sites, palace_tokens, strict=True))
    money = pc.start_rupees
    if options.get("five_player_start_money", "printed") == "bga":
        money = pc.start_rupees_bga
    n_colours = len(r.colours)
    state = State(
        players=players,
        setup_mode=options.get("setup", "random"),
        start_money=options.get("five_player_start_money", "printed"),
        rounding=options.get("empire_split_rounding", "floor"),
        palace_on_hills=options.get("palace_on_hills", "true") == "true",
        clients_limited=options.get("client_tokens_limited", "false") == "true",
        rng=rng.state,
        set_no=0,
        game_turn=0,
        first=0,
        current=0,
        ap=TURN_AP,
        bought=False,
        demand=demand,
        posts=posts,
        tokens=tokens,
        palaces=(),
        market=(-1,) * n_colours,
        stock=(0,) * n_colours,
        bag=tuple(r.bales[c] for c in r.colours),
        sites=(b.start,) * players,
        loads=((),) * players,
        money=tuple(money),
        clients=(0,) * players,
        cities=((),) * players,
        kept=((),) * players,
        stacks=(pc.city_tokens_per_city,) * len(b.cities),
        moves=0,
        turn_seat=-1,
        turn_log=(),
        turn_path=(),
        last_from="",
        last_site="",
    )
    state, _ = restock(state)
    return state
