"""Set-up, rounds and turns (M3-M21, M23).

``new_game`` lays out the board (M3-M13); ``start_round`` runs the round's phases up to the turns
(start player, contract refresh, income, dice return and roll, compensation decisions);
``settle`` passes the turn once the active player has no decision left and no dice, and ends the
round (or the game) when nobody has a die.
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.marco_polo import tables as T
from engines.marco_polo.draft import Board, Draft, Seats
from engines.marco_polo.rewards import can_pay, city_bonus, gain, own_small_cities, words
from engines.marco_polo.state import ROUND, Placed, Player, State
from engines.rng import Rng, seed_state


def _player(seat: int) -> Player:
    return Player(
        coin=int(T.START["coins_by_seat"][str(seat + 1)]),
        camel=int(T.START["camels"]),
        figures=(T.START["start_location"],),
    )


def neutral_dice(n: int) -> tuple[list[Placed], list[Placed]]:
    """Neutral blockers for 2-3 players (M12): (Khan row, 5-coins space)."""
    spec = T.BLOCKERS[n]
    value = int(spec.get("die_value", 1))
    khan: list[Placed] = [(-1, "n", value) for _ in spec["khan_spaces_blocked"]]
    coins5: list[Placed] = [(-1, "n", value)] if spec["five_coins_occupied"] else []
    return khan, coins5


def new_game(players: int, options: Mapping[str, str], seed: int) -> Draft:
    """A laid-out board (``Draft.freeze`` it); basic games are already in round 1, advanced ones
    in the draft."""
    rng = Rng(seed_state(seed))
    advanced = options.get("setup", "basic") == "advanced"
    blank = State(
        n=players,
        setup="advanced" if advanced else "basic",
        round=0,
        phase="draft" if advanced else "play",
        start=0,
        current=0,
        last_travel=None,
        players=tuple(_player(s) for s in range(players)),
        spaces={s: () for s in (*T.BAZAAR_ROWS, "contracts", "travel", "coins5", "coins3")},
        khan=(),
        cards={},
        used_cards={},
        first_post={},
        city_bonus={},
        beijing=(),
        display=(),
        pile=(),
        black_pool=T.BLACK_DICE[players],
        pending=(),
        draft_offer=(),
        draft_order=(),
        last_seat=None,
        last_text="",
        moves=0,
        rng=0,
    )
    d = Draft(blank)
    starting = list(T.STARTING_CONTRACTS)
    rng.shuffle(starting)  # M5
    for s in range(players):
        d.players[s].contracts = [starting[s]]
    pile = list(T.REGULAR_CONTRACTS)
    rng.shuffle(pile)  # M6
    d.display, d.pile = pile[: T.DISPLAY_SLOTS], pile[T.DISPLAY_SLOTS :]
    goals = list(T.GOALS)
    rng.shuffle(goals)  # M7
    per = 4 if advanced else 2
    for s in range(players):
        hand = sorted(goals[per * s : per * s + per])
        if advanced:
            d.players[s].goal_offer = hand
        else:
            d.players[s].goals = hand
    if advanced:  # M8
        tiles = list(T.CITY_BONUSES)
        rng.shuffle(tiles)
        d.city_bonus = dict(zip(T.SMALL_CITIES, tiles, strict=True))
    else:
        d.city_bonus = {c: T.FIXED_CITY_BONUS[c] for c in T.SMALL_CITIES}
    cards = list(T.CITY_CARDS)
    rng.shuffle(cards)  # M9
    d.cards = {space: cards[i] for i, space in enumerate(T.CITY_SPACES)}
    fp = list(T.FIRST_POST_TILES)
    rng.shuffle(fp)  # M10
    d.first_post = {c: fp[i] for i, c in enumerate(T.LARGE_CITIES)}
    khan, coins5 = neutral_dice(players)  # M12
    d.khan, d.spaces["coins5"] = khan, tuple(coins5)
    if advanced:  # M13: players + 1 characters, chosen from the last seat backwards
        chars = list(T.CHARACTERS)
        rng.shuffle(chars)
        d.draft_offer = sorted(chars[: players + 1])
        d.draft_order = list(range(players - 1, -1, -1))
    d.rng = rng.state
    if not advanced:
        for s in range(players):
            d.players[s].char = T.BASIC_CHARACTERS[s]
        character_setup(d)
        start_round(d)
    return d


def character_setup(d: Draft) -> None:
    """Characters' set-up effects (M52 Kubilai, M53 Niccolo und Marco, M56 Wilhelm)."""
    for seat, p in enumerate(d.players):
        if p.char == "kubilai":
            p.figures = ["beijing"]
            p.posts = ["beijing"]
            p.posts_placed = 1
            d.beijing.append(seat)
        elif p.char == "niccolo_marco":
            p.figures = [T.START["start_location"]] * 2


def seats_from(st: Board, first: int) -> list[int]:
    """All seats clockwise starting with ``first``."""
    n = st.n
    return [(first + i) % n for i in range(n)]


def start_round(d: Draft) -> None:
    """Phases M15-M20 of a new round; turns begin once every decision is made."""
    d.round += 1
    d.phase = "play"
    if d.round > 1:
        if d.last_travel is not None:  # M15
            d.start = d.last_travel
        d.pile.extend(d.display)  # M16, D7: leftovers under the pile
        d.display = d.pile[: T.DISPLAY_SLOTS]
        del d.pile[: T.DISPLAY_SLOTS]
    d.last_travel = None
    d.current = d.start
    # M18: dice return (black dice to the pool, blockers stay).
    khan, coins5 = neutral_dice(d.n)
    d.spaces = dict.fromkeys(d.spaces, ())
    d.khan, d.spaces["coins5"] = khan, tuple(coins5)
    d.used_cards = {}
    d.black_pool = T.BLACK_DICE[d.n]
    for p in d.players:
        p.dice = []
        p.main_done = False
        p.bought_black = False
    d.emit("marco_polo.round_started", round=d.round, seat=d.start)
    order = seats_from(d, d.start)
    for seat in order:  # M17: income
        income = dict(T.CHARACTERS[d.players[seat].char]["round_income"])
        income.pop("white_die", None)
        if income:
            gain(d, seat, income)
            d.emit("marco_polo.income", seat=seat, what=words(income))
        for city in own_small_cities(d, seat):
            city_bonus(d, seat, city)
    # M19-M20: the dice are rolled by nobody at the table (engines.marco_polo.chance), and
    # compensation follows from them.
    d.flush()  # the income's decisions (M17), answered before compensation (M20)
    d.wait_for_dice(ROUND)


def die_free_extra_actions(st: Board, seat: int) -> list[str]:
    """The extra actions ``seat`` could still take without an unused die (M23.1, M37).

    Fulfilling a contract (M32) and buying a black die (M36) need no die; 3 coins, re-roll and
    adjust (M33-M35) do.
    """
    p = st.players[seat]
    out = []
    if any(can_pay(st, seat, T.CONTRACTS[c]["cost"]) for c in p.contracts):
        out.append("fulfil")
    if not p.bought_black and st.black_pool > 0 and p.camel >= T.BLACK_CAMELS:
        out.append("black")
    return out


def settle(d: Draft) -> None:
    """Pass the turn by itself when the active player can do nothing more (M21, M23).

    A player without unused dice keeps the turn while a die-free extra action (M23.1: fulfil a
    contract, buy a black die) is still possible; they then end it with ``end``. Only when no
    such action is left does the turn pass without a command.
    """
    if turn_over(d):
        advance(d)


def turn_over(st: Board) -> bool:
    """Whether the turn passes by itself now (``settle``): in play, nothing pending, and the
    active player has no unused die and no die-free extra action left."""
    if st.phase != "play" or st.pending:
        return False
    seat = st.current
    players = st.players
    p = players.peek(seat) if isinstance(players, Seats) else players[seat]
    return not p.dice and not die_free_extra_actions(st, seat)


def advance(d: Draft) -> None:
    """The next player clockwise with dice takes a turn; nobody left ends the round (M21)."""
    cur = d.current
    players = d.players
    if players.peek(cur).main_done or players.peek(cur).bought_black:
        p = players[cur]
        p.main_done = False
        p.bought_black = False
    for i in range(1, d.n + 1):
        seat = (cur + i) % d.n
        if players.peek(seat).dice:
            d.current = seat
            if not d.display:  # M27.5: an empty display gets 2 new contracts
                d.display = d.pile[: T.MID_ROUND_REFILL]
                del d.pile[: T.MID_ROUND_REFILL]
                if d.display:
                    d.emit("marco_polo.display_refilled", reveals=True, contracts=list(d.display))
            d.emit("marco_polo.turn", seat=seat)
            return
    if d.round >= T.ROUNDS:  # M14
        d.phase = "over"
        d.emit("marco_polo.game_over")
        return
    start_round(d)
    if not d.pending:
        d.emit("marco_polo.turn", seat=d.current)
