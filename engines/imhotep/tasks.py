"""The steps that follow a sail or a card: unloading, market picks, red cards, bonuses.

A turn that needs decisions from several players (E12) keeps a queue of steps in the state (the
kit's pending ``Decision`` stack; the rules handle each as ``(kind, seat, argument)``). Automatic
steps run at once; a *decision* step stops the queue and ``to_act`` names its seat until they
answer with the verb in ``DECISION_VERBS``. A decision with only one possible answer is taken
automatically so nobody is pinged for nothing.

Step kinds:
``deliver`` a stone (off the ship or out of the quarry) to a building site;
``pick`` (decision) the stone's owner takes a market card, then the stone goes home (I30–I32);
``keep`` (decision) keep one card of the face-down pair (I48);
``pyramid`` (decision) choose a Pyramid-B pyramid for a stone (I50);
``temple_choice`` (decision) Temple-B bonus: 1 point or up to 2 stones (I56);
``bonus_load`` (decision) Pyramid-B bonus: load a stone (I51);
``gain`` a card (red ones resolve at once, I31/I65);
``draw`` (a chance step, owned by ``CHANCE``: ``engines.imhotep.chance``) the top card, gained by
the seat in its argument (I51, I56); the steps wait for it;
``red`` move a stone from the quarry to a site (I65, I66); ``quarry_bonus`` take stones (I51).
"""

from __future__ import annotations

from engines.base import CHANCE
from engines.imhotep import components as C
from engines.imhotep import market, sites
from engines.imhotep.state import DECISION_VERBS, EMPTY, Board, Draft, Task

__all__ = ["CARRIES_STONE", "DECISION_VERBS", "decide", "options", "run", "step"]

#: Steps that carry a stone in transit (for stone conservation, E15).
CARRIES_STONE = ("deliver", "pick", "pyramid")


def free_positions(state: Board) -> list[tuple[int, int]]:
    """(ship, position) pairs, 0-based, of empty positions on unsailed ships (I23)."""
    return [
        (s, p)
        for s, slots in enumerate(state.ships)
        if not state.docked[s]
        for p, owner in enumerate(slots)
        if owner == EMPTY
    ]


def stones_take(state: Board, seat: int, limit: int) -> int:
    """How many stones a take moves: up to ``limit``, sled limit 5, what the quarry has (I22)."""
    return max(0, min(limit, C.SLED_LIMIT - state.sled[seat], state.quarry[seat]))


def options(state: Board, task: Task) -> list[str]:
    """The possible answers to a decision step, as the tokens after its verb."""
    kind, seat, _ = task
    if kind == "pick":
        return market.offer_types(state)
    if kind == "keep":
        return sorted({C.card_type(c).id for c in state.pair_hand})
    if kind == "pyramid":
        return [str(p + 1) for p in sites.pyramid_b_open(state)]
    if kind == "temple_choice":
        take = stones_take(state, seat, int(C.sites()["temple"]["B"]["point_or_stones"]["stones"]))
        return ["point", "stones"] if take else ["point"]
    if kind == "bonus_load":
        if state.sled[seat] == 0:
            return []
        return [f"{s + 1} {p + 1}" for s, p in free_positions(state)]
    return []


def run(state: Draft) -> None:
    """Run queued steps until a decision with a real choice is at the front, or none are left."""
    while state.tasks:
        task = state.tasks[0]
        if task[1] == CHANCE:
            return  # a card is drawn first (a chance step), then the steps go on
        kind = task[0]
        if kind in DECISION_VERBS:
            answers = options(state, task)
            if len(answers) > 1:
                return
            state.tasks.pop(0)
            if answers:
                decide(state, task, answers[0].split(), auto=True)
            else:
                lapse(state, task)
            continue
        state.tasks.pop(0)
        step(state, task)
    state.unloading = ""


def lapse(state: Draft, task: Task) -> None:
    """A decision with no possible answer: what happens instead."""
    kind, seat, _ = task
    if kind == "pick":  # E7: nothing left on the market; the stone still goes home (I32)
        state.quarry[seat] += 1
        state.emit("imhotep.market_empty", seat=seat)
    elif kind == "pyramid":  # all three pyramids complete (I53)
        sites.place_pyramid_b(state, seat, None)
    elif kind == "bonus_load":  # I51: an impossible bonus action is lost
        state.emit("imhotep.bonus_lost", seat=seat)
    elif kind == "keep":  # pragma: no cover - a pair always holds a card
        pass


def decide(state: Draft, task: Task, args: list[str], auto: bool) -> None:
    """Carry out a decision step (already removed from the queue) with a valid answer."""
    kind, seat, _ = task
    if kind == "pick":
        take_from_market(state, seat, args[0])
    elif kind == "keep":
        keep = next(c for c in state.pair_hand if C.card_type(c).id == args[0])
        other = [c for c in state.pair_hand if c != keep]
        state.pair_hand = []
        state.discard.extend(other)  # I48: the other card is discarded face up
        state.emit(
            "imhotep.kept_card",
            reveals=True,
            seat=seat,
            card=C.card_type(keep).name,
            discarded=[C.card_type(c).name for c in other],
        )
        sites.push_front(state, ("gain", seat, keep))
    elif kind == "pyramid":
        sites.place_pyramid_b(state, seat, int(args[0]) - 1)
    elif kind == "temple_choice":
        if args[0] == "point":
            points = int(C.sites()["temple"]["B"]["point_or_stones"]["points"])
            state.add_points(seat, "temple", points)
            state.emit("imhotep.bonus_points", seat=seat, points=points)
        else:
            limit = int(C.sites()["temple"]["B"]["point_or_stones"]["stones"])
            move_to_sled(state, seat, stones_take(state, seat, limit))
    elif kind == "bonus_load":
        ship, pos = int(args[0]) - 1, int(args[1]) - 1
        load_stone(state, seat, ship, pos)
        state.emit("imhotep.bonus_loaded", seat=seat, ship=ship + 1, position=pos + 1)


def take_from_market(state: Draft, seat: int, kind: str) -> None:
    """The owner of a market stone takes an offered card; the stone goes home (I30–I32, I48)."""
    state.quarry[seat] += 1  # I32: the stone returns to its owner's quarry
    if kind == "pair":
        state.pair_hand = list(state.pair)
        state.pair = []
        state.emit("imhotep.took_pair", seat=seat)
        state.emit(
            "imhotep.pair_seen",
            reveals=True,
            visible_to=(seat,),
            cards=[C.card_type(c).name for c in state.pair_hand],
        )
        sites.push_front(state, ("keep", seat, ""))
        return
    index = next(i for i, c in enumerate(state.offer) if c and C.card_type(c).id == kind)
    card = state.offer[index]
    state.offer[index] = ""
    state.emit("imhotep.took_card", seat=seat, card=C.card_type(card).name)
    sites.push_front(state, ("gain", seat, card))


def step(state: Draft, task: Task) -> None:
    """Carry out an automatic step."""
    kind, seat, arg = task
    if kind == "deliver":
        sites.place(state, seat, arg)
    elif kind == "gain":
        gain(state, seat, arg)
    elif kind == "red":
        if state.quarry[seat] == 0:  # I66: no stone, no effect
            state.emit("imhotep.red_no_stone", seat=seat)
        else:
            state.quarry[seat] -= 1
            sites.push_front(state, ("deliver", seat, arg))
    elif kind == "quarry_bonus":
        move_to_sled(state, seat, stones_take(state, seat, int(arg)))
    else:  # pragma: no cover
        raise ValueError(kind)


def gain(state: Draft, seat: int, card: str) -> None:
    """A card reaches a player: red is used at once then discarded (I31, I65); others go face up
    into the display (I31)."""
    ctype = C.card_type(card)
    if ctype.colour == "red":
        state.discard.append(card)
        state.emit("imhotep.red_card", seat=seat, card=ctype.name, site=C.SITE_WORD[ctype.site])
        sites.push_front(state, ("red", seat, ctype.site))
    else:
        state.cards[seat].append(card)


def move_to_sled(state: Draft, seat: int, count: int) -> None:
    """Move ``count`` stones from quarry to sled."""
    state.quarry[seat] -= count
    state.sled[seat] += count
    if count:
        state.emit("imhotep.took_stones", seat=seat, count=count)
    else:  # a Hammer, bonus or Temple-B choice with nothing to take (E1, E2)
        state.emit("imhotep.took_no_stones", seat=seat)


def load_stone(state: Draft, seat: int, ship: int, pos: int) -> None:
    """One stone from the sled onto a ship position (I23); legality checked by the caller."""
    state.sled[seat] -= 1
    state.ships[ship][pos] = seat
