"""The active player's turn: the four actions and the blue cards (section 4, I72–I75), passing
when stuck (I28, E6), and the round's end (I18–I20)."""

from __future__ import annotations

from itertools import permutations

from engines.base import CHANCE, IllegalAction
from engines.imhotep import components as C
from engines.imhotep import market, tasks
from engines.imhotep.notation import Action
from engines.imhotep.scoring import temple_round_points
from engines.imhotep.state import EMPTY, Board, Draft


# -- facts about ships ---------------------------------------------------------------------------
def load_count(state: Board, ship: int) -> int:
    """Stones aboard a ship."""
    slots = state.ships[ship]
    return len(slots) - slots.count(EMPTY)


def ship_minimum(state: Board, ship: int) -> int:
    """Minimum load of a ship (I5)."""
    return C.min_load(len(state.ships[ship]))


def can_sail(state: Board, ship: int) -> bool:
    """Unsailed and loaded to its minimum (I24, E4)."""
    return not state.docked[ship] and load_count(state, ship) >= ship_minimum(state, ship)


def free_sites(state: Board) -> list[str]:
    """Sites no ship has docked at this round (I25)."""
    return [s for s in C.SITES if s not in state.docked]


def holds(state: Board, seat: int, card_type: str) -> bool:
    """Whether the seat's display has a card of this type."""
    return any(c.split("#", 1)[0] == card_type for c in state.cards[seat])


def occupied(state: Board, ship: int) -> list[int]:
    """1-based positions of a ship that carry a stone, bow first."""
    return [p + 1 for p, o in enumerate(state.ships[ship]) if o != EMPTY]


# -- legal actions --------------------------------------------------------------------------------
#: Ship and position numbers as notation tokens (1-based), so listing moves formats nothing.
_N = tuple(str(n) for n in range(10))
#: The actions that name one ship position or one ship and a site, built once: listing the legal
#: moves is the hot loop of self-play (issue #15) and these are most of every list.
_MAX = 4  # ships per round and positions per ship (I6)
_AT = {
    verb: tuple(
        tuple(Action(verb, (_N[s + 1], _N[p + 1])) for p in range(_MAX)) for s in range(_MAX)
    )
    for verb in ("load", "hammer")
}
_SAIL = tuple({w: Action("sail", (_N[s + 1], w)) for w in C.SITE_WORDS} for s in range(_MAX))


_BLUE = frozenset({"lever", "hammer", "sail", "chisel"})
#: The physical blue cards (``lever#1``...), so a display without one is told at a glance.
_BLUE_CARDS = frozenset(c for c in C.market_deck() if c.split("#", 1)[0] in _BLUE)
_QUARRY = Action("quarry")

#: Per ship number, per load pattern (owner per position, EMPTY where free): the ship's load
#: actions and whether it has its minimum (I23, I24). Filled as patterns are met (at most 5^4
#: per ship): a pattern repeats across moves and games, and looking it up is cheaper than
#: reading the ship again on every move (issue #15: listing moves is the hot loop of self-play).
_SHIP_MOVES: tuple[dict[tuple[int, ...], tuple[tuple[Action, ...], bool]], ...] = tuple(
    {} for _ in range(_MAX)
)
#: Per docked pattern (the site of each ship, "" in the harbour): per ship number, its sail
#: actions to the sites still free (I25), in site order. Filled as patterns are met.
_SAIL_MOVES: dict[tuple[str, ...], tuple[tuple[Action, ...], ...]] = {}


def _ship_moves(ship: int, slots: tuple[int, ...]) -> tuple[tuple[Action, ...], bool]:
    """A ship's load actions and whether it can sail, for one load pattern (cached)."""
    load = _AT["load"][ship]
    moves = tuple(load[p] for p, owner in enumerate(slots) if owner == EMPTY)
    entry = moves, len(slots) - slots.count(EMPTY) >= C.min_load(len(slots))
    _SHIP_MOVES[ship][slots] = entry
    return entry


def _sail_moves(docked: tuple[str, ...]) -> tuple[tuple[Action, ...], ...]:
    """Per ship, its sail actions to the free sites, for one docked pattern (cached)."""
    words = [C.SITE_WORD[x] for x in C.SITES if x not in docked]
    entry = tuple(tuple(_SAIL[s][w] for w in words) for s in range(len(docked)))
    _SAIL_MOVES[docked] = entry
    return entry


def legal_actions(state: Board, seat: int) -> list[Action]:
    """Every legal turn action of the active player, in canonical form and a fixed order (I29):
    quarry, the loads (ship by ship, bow first), the sails, then the blue cards'."""
    sled = state.sled[seat]
    out = [_QUARRY] if sled < C.SLED_LIMIT and state.quarry[seat] > 0 else []
    docked = tuple(state.docked)
    sailable: list[int] = []
    for s, slots in enumerate(state.ships):
        if docked[s]:
            continue
        slots = tuple(slots)  # a draft's ships are lists
        loads, can = _SHIP_MOVES[s].get(slots) or _ship_moves(s, slots)
        if sled and loads:
            out += loads
        if can:
            sailable.append(s)
    if sailable:
        sails = _SAIL_MOVES.get(docked) or _sail_moves(docked)
        for s in sailable:
            out += sails[s]
    cards = state.cards[seat]
    if not _BLUE_CARDS.intersection(cards):
        return out  # no blue card to play (the common case)
    free = tasks.free_positions(state)
    sites_free = [C.SITE_WORD[x] for x in C.SITES if x not in state.docked]
    held = {c.split("#", 1)[0] for c in cards}
    if "lever" in held:
        for s in sailable:
            for order in permutations(occupied(state, s)):
                code = "-".join(map(str, order))
                out.extend([Action("lever", (_N[s + 1], site, code)) for site in sites_free])
    if "hammer" in held and sled + tasks.stones_take(state, seat, 3) >= 1:
        hammer = _AT["hammer"]
        out.extend([hammer[s][p] for s, p in free])
    if "sail" in held and sled >= 1:
        for s, p in free:
            if load_count(state, s) + 1 >= ship_minimum(state, s):
                ship, pos = _N[s + 1], _N[p + 1]
                out.extend([Action("sailcard", (ship, pos, site)) for site in sites_free])
    if "chisel" in held and sled >= 2:
        for i, (s1, p1) in enumerate(free):
            out.extend(
                [
                    Action("chisel", (_N[s1 + 1], _N[p1 + 1], _N[s2 + 1], _N[p2 + 1]))
                    for s2, p2 in free[i + 1 :]
                ]
            )
    return out


def has_action(state: Board, seat: int) -> bool:
    """Whether the seat has any legal turn action (I29); cheaper than listing them."""
    sled = state.sled[seat]
    if sled < C.SLED_LIMIT and state.quarry[seat] > 0:
        return True
    if sled >= 1 and any(
        EMPTY in slots for s, slots in enumerate(state.ships) if not state.docked[s]
    ):
        return True
    # Blue cards need a free position and a sled stone (covered above) or a sailable ship;
    # a Hammer with an empty sled needs a non-empty quarry, which makes the quarry legal too.
    return any(can_sail(state, s) for s in range(len(state.ships)))


# -- checks with reasons --------------------------------------------------------------------------
def _ship(state: Board, token: str) -> int:
    ship = int(token) - 1
    if ship >= len(state.ships):
        raise IllegalAction("imhotep.no_such_ship", ship=token, ships=len(state.ships))
    return ship


def _unsailed(state: Board, ship: int) -> None:
    if state.docked[ship]:
        raise IllegalAction(
            "imhotep.ship_sailed", ship=ship + 1, site=C.SITE_WORD[state.docked[ship]]
        )


def _free_position(state: Board, ship: int, token: str) -> int:
    _unsailed(state, ship)
    pos = int(token) - 1
    cap = len(state.ships[ship])
    if pos >= cap:
        raise IllegalAction("imhotep.no_such_position", ship=ship + 1, position=token, capacity=cap)
    if state.ships[ship][pos] != EMPTY:
        raise IllegalAction("imhotep.position_taken", ship=ship + 1, position=pos + 1)
    return pos


def _sled_has(state: Board, seat: int, need: int) -> None:
    if state.sled[seat] < need:
        raise IllegalAction("imhotep.sled_short", sled=state.sled[seat], need=need)


def _site_free(state: Board, word: str) -> str:
    site = C.SITE_WORDS[word]
    if site in state.docked:
        raise IllegalAction("imhotep.site_taken", site=word, ship=state.docked.index(site) + 1)
    return site


def _sailable(state: Board, ship: int, extra: int = 0) -> None:
    _unsailed(state, ship)
    stones, need = load_count(state, ship) + extra, ship_minimum(state, ship)
    if stones < need:
        # A Sail card counts the stone it loads first (I74): say so, or the numbers look wrong.
        key = "imhotep.below_minimum_with_stone" if extra else "imhotep.below_minimum"
        raise IllegalAction(key, ship=ship + 1, stones=stones, need=need)


def _card(state: Board, seat: int, card_type: str) -> None:
    if not holds(state, seat, card_type):
        raise IllegalAction("imhotep.no_card", card=C.card_types()[card_type].name)


def load_position(state: Board, seat: int, args: tuple[str, ...]) -> tuple[int, int]:
    """Check a load of 1 sled stone onto ship/position; returns 0-based (ship, position)."""
    _sled_has(state, seat, 1)
    ship = _ship(state, args[0])
    return ship, _free_position(state, ship, args[1])


# -- doing it: one check and one effect per verb (the RULES table in engine.py) --------------------
def _play_card(state: Draft, seat: int, card_type: str) -> None:
    """Discard one blue card of this type from the display (I71)."""
    card = next(c for c in state.cards[seat] if c.split("#", 1)[0] == card_type)
    state.cards[seat].remove(card)
    state.discard.append(card)


def sail(state: Draft, seat: int, ship: int, site: str, order: list[int]) -> None:
    """Dock a ship and queue its stones, in unloading ``order`` (1-based positions) (I24–I26)."""
    owners = [state.ships[ship][p - 1] for p in order]
    state.docked[ship] = site
    state.ships[ship] = [EMPTY] * len(state.ships[ship])
    state.unloading = site
    state.emit("imhotep.sailed", seat=seat, ship=ship + 1, site=C.SITE_WORD[site])
    kind = "pick" if site == "market" else "deliver"
    state.tasks.extend((kind, owner, site) for owner in owners)
    tasks.run(state)


def _loaded(state: Draft, seat: int, ship: int, pos: int) -> None:
    tasks.load_stone(state, seat, ship, pos)
    state.emit("imhotep.loaded", seat=seat, ship=ship + 1, position=pos + 1)


def check_quarry(state: Board, seat: int, action: Action) -> None:
    """I22: room on the sled and a stone in the quarry."""
    if state.sled[seat] >= C.SLED_LIMIT:
        raise IllegalAction("imhotep.sled_full", limit=C.SLED_LIMIT)
    if state.quarry[seat] == 0:
        raise IllegalAction("imhotep.quarry_empty")


def do_quarry(state: Draft, seat: int, action: Action) -> None:
    """I22: up to 3 stones from quarry to sled."""
    tasks.move_to_sled(state, seat, tasks.stones_take(state, seat, C.QUARRY_TAKE))


def check_load(state: Board, seat: int, action: Action) -> None:
    """I23: a sled stone onto a free position of an unsailed ship."""
    load_position(state, seat, action.args)


def do_load(state: Draft, seat: int, action: Action) -> None:
    """I23."""
    _loaded(state, seat, int(action.args[0]) - 1, int(action.args[1]) - 1)


def check_sail(state: Board, seat: int, action: Action) -> None:
    """I24, I25 (and I73 for a Lever: the card, and every loaded position once)."""
    if action.verb == "lever":
        _card(state, seat, "lever")
    ship = _ship(state, action.args[0])
    _sailable(state, ship)
    _site_free(state, action.args[1])
    if action.verb == "lever":
        order = occupied(state, ship)
        if sorted(int(p) for p in action.args[2].split("-")) != order:
            raise IllegalAction(
                "imhotep.bad_order", ship=ship + 1, positions="-".join(map(str, order))
            )


def do_sail(state: Draft, seat: int, action: Action) -> None:
    """I24–I26; a Lever (I73) chooses the unloading order."""
    ship, site = int(action.args[0]) - 1, C.SITE_WORDS[action.args[1]]
    order = occupied(state, ship)
    if action.verb == "lever":
        _play_card(state, seat, "lever")
        state.emit("imhotep.played_card", seat=seat, card="Lever")
        order = [int(p) for p in action.args[2].split("-")]
    sail(state, seat, ship, site, order)


def check_hammer(state: Board, seat: int, action: Action) -> None:
    """I72: the card, a stone to load after taking up to 3, a free position."""
    _card(state, seat, "hammer")
    if state.sled[seat] + tasks.stones_take(state, seat, C.QUARRY_TAKE) == 0:
        raise IllegalAction("imhotep.hammer_no_stone")
    _free_position(state, _ship(state, action.args[0]), action.args[1])


def do_hammer(state: Draft, seat: int, action: Action) -> None:
    """I72: take up to 3 stones, then load one."""
    take = tasks.stones_take(state, seat, C.QUARRY_TAKE)
    _play_card(state, seat, "hammer")
    state.emit("imhotep.played_card", seat=seat, card="Hammer")
    tasks.move_to_sled(state, seat, take)
    _loaded(state, seat, int(action.args[0]) - 1, int(action.args[1]) - 1)


def check_sailcard(state: Board, seat: int, action: Action) -> None:
    """I74: the card, a load, and then the ship's minimum and a free site (both must hold)."""
    _card(state, seat, "sail")
    ship, _ = load_position(state, seat, action.args)
    _sailable(state, ship, extra=1)
    _site_free(state, action.args[2])


def do_sailcard(state: Draft, seat: int, action: Action) -> None:
    """I74: load one stone, then sail that ship."""
    ship, pos = int(action.args[0]) - 1, int(action.args[1]) - 1
    _play_card(state, seat, "sail")
    state.emit("imhotep.played_card", seat=seat, card="Sail")
    _loaded(state, seat, ship, pos)
    sail(state, seat, ship, C.SITE_WORDS[action.args[2]], occupied(state, ship))


def check_chisel(state: Board, seat: int, action: Action) -> None:
    """I75: the card, two sled stones, two different free positions."""
    _card(state, seat, "chisel")
    _sled_has(state, seat, 2)
    first = load_position(state, seat, action.args[:2])
    second = load_position(state, seat, action.args[2:])
    if first == second:
        raise IllegalAction("imhotep.same_position")


def do_chisel(state: Draft, seat: int, action: Action) -> None:
    """I75: load two stones."""
    _play_card(state, seat, "chisel")
    state.emit("imhotep.played_card", seat=seat, card="Chisel")
    a = [int(t) - 1 for t in action.args]
    _loaded(state, seat, a[0], a[1])
    _loaded(state, seat, a[2], a[3])


# -- end of turn and round --------------------------------------------------------------------
def start_round(state: Draft) -> None:
    """A new round (I16) waits for its deal: a chance node (``engines.imhotep.chance``)."""
    state.tasks.insert(0, ("deal", CHANCE, ""))


def waiting_for_deal(state: Draft) -> bool:
    """Whether a round's deal (a chance node) must come before anyone acts."""
    return bool(state.tasks) and state.tasks[0][1] == CHANCE


def reveal_round(state: Draft) -> None:
    """Reveal the next round card, launch its empty ships, deal the market (I16)."""
    state.round += 1
    state.round_card = state.round_deck.pop(0)
    caps = C.round_cards(state.players)[state.round_card]
    state.ships = [[EMPTY] * cap for cap in caps]
    state.docked = [""] * len(caps)
    state.emit(
        "imhotep.round_started",
        reveals=True,
        round=state.round,
        ships=C.round_card_label(state.round_card),
    )
    market.deal_offer(state)


def end_round(state: Draft, deadlock: bool = False) -> None:
    """I19: temple scoring, ships home, market cleared; then the next round or the end (I21)."""
    if deadlock:  # E6: stones on ships that can never sail go back to their owners
        for slots in state.ships:
            for owner in slots:
                if owner != EMPTY:
                    state.quarry[owner] += 1
        state.emit("imhotep.round_deadlock", round=state.round)
    for seat, points in enumerate(temple_round_points(state)):
        state.add_points(seat, "temple", points)
        if points:
            state.emit("imhotep.temple_scored", seat=seat, points=points)
    state.ships = [[] for _ in state.ships]
    state.docked = ["" for _ in state.docked]
    market.clear_offer(state)
    state.emit("imhotep.round_over", round=state.round)
    if state.round >= C.ROUNDS:
        state.over = True
        state.emit("imhotep.game_over")
    else:
        start_round(state)


def end_turn(state: Draft) -> None:
    """After the turn's action is fully resolved: end the round if the 4th ship has unloaded
    (I18), then pass the turn clockwise (I17, I20), skipping players with nothing legal (I28)."""
    if all(state.docked):
        end_round(state)
    pass_turn(state)


def pass_turn(state: Draft) -> None:
    """Pass the turn clockwise from the current player to the next who can act (I17, I20),
    skipping players with nothing legal (I28); not before a new round is dealt."""
    while not state.over and not waiting_for_deal(state):
        for step in range(1, state.players + 1):
            seat = (state.current + step) % state.players
            if has_action(state, seat):
                state.current = seat
                return
            state.emit("imhotep.passed", seat=seat)
        # Nobody can act: the round can never finish by play (E6).
        end_round(state, deadlock=True)
