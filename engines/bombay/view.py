"""What a renderer may see: the public table (Y83) and one seat's screen (Y82).

Rupees, client tokens, city tokens and kept palace tokens stay out of the public view until the
game is over (Y85); then every screen is open.
"""

from __future__ import annotations

from typing import Any

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


def screen(state: State, seat: int) -> dict[str, Any]:
    """What lies behind one seat's screen (and which seat it is, counted from 1)."""
    names = board().city_names
    kept = state.kept[seat]
    return {
        "seat_number": seat + 1,
        "rupees": state.money[seat],
        "client_tokens": state.clients[seat],
        "client_palace_tokens": kept.count("client"),
        "city_tokens": [names[c] for c in state.cities[seat]],
        "city_palace_tokens": kept.count("city"),
        # what the city bonus is counted on (Y90), so nobody has to add it up
        "city_count": len(state.cities[seat]) + kept.count("city"),
    }


def public_view(state: State, to_act: list[int]) -> dict[str, Any]:
    """The public table."""
    r = rules()
    b = board()
    markets: dict[str, dict[str, int]] = {m: {} for m in MARKETS}
    for i, c in enumerate(r.colours):
        if state.market[i] >= 0 and state.stock[i] > 0:
            markets[MARKETS[state.market[i]]][c] = state.stock[i]
    view: dict[str, Any] = {
        "game": "bombay",
        "players": state.players,
        "approximate": {
            "board": b.status == "stand-in",
            "demand_columns": True,
            "palace_token_split": True,
            "first_game_placements": state.setup_mode == "first_game",
        },
        "options": {
            "setup": state.setup_mode,
            "five_player_start_money": state.start_money,
            "empire_split_rounding": state.rounding,
            "palace_on_hills": "true" if state.palace_on_hills else "false",
            "client_tokens_limited": "true" if state.clients_limited else "false",
        },
        "round": round_text(state),
        "set": min(state.set_no + 1, state.sets),
        "sets": state.sets,
        "game_turn": state.game_turn + 1,
        "turns_per_set": state.turns_per_set,
        "first_player": state.first,
        "current": None if state.over else state.current,
        "ap": 0 if state.over else state.ap,
        "bought": state.bought,
        "to_act": to_act,
        "over": state.over,
        "elephants": [
            {"site": state.sites[s], "bales": list(state.loads[s])} for s in range(state.players)
        ],
        "palaces": {site: seat for site, seat in state.palaces},
        "palaces_left": [state.palaces_left(s) for s in range(state.players)],
        "palace_tokens": {site: token for site, token in state.tokens},
        # after the last set every token was turned open again (Y80) and stays so
        "trading_posts": {
            site: {"colour": c, "open": state.over or state.is_open(c)} for site, c in state.posts
        },
        "markets": markets,
        "market_costs": {m: list(r.market_cost[m]) for m in MARKETS},
        "bag": sum(state.bag),
        "demand": {c: list(state.demand[i]) for i, c in enumerate(b.cities)},
        "city_stacks": {c: state.stacks[i] for i, c in enumerate(b.cities)},
        "last": None,
        "moves": state.moves,
    }
    if state.turn_log:
        view["last"] = {
            "seat": state.turn_seat,
            "action": state.turn_log[-1],
            "turn": list(state.turn_log),
            "path": list(state.turn_path),
            "from": state.last_from or None,
            "site": state.last_site or None,
        }
    if state.over:
        rows = sheets(state)
        view["screens"] = [
            {
                "money": state.money[s],
                "clients": state.clients[s],
                "city_tokens": [b.city_names[c] for c in state.cities[s]],
                "palace_tokens": list(state.kept[s]),
                "empire_score": rows[s].empire_score,
                "empire_bonus": fraction_text(rows[s].empire_bonus),
                "city_bonus": rows[s].city_bonus,
                "total": fraction_text(rows[s].total),
            }
            for s in range(state.players)
        ]
        final = result(state)
        view["winners"] = list(final.winners)
        view["ranking"] = [list(g) for g in final.ranking]
        # The numbers behind the bonuses, as on the text sheet (same keys, same order).
        view["score_details"] = [dict(d) for d in final.details]
    return view
