"""What a seat (or the public) sees of a Marco Polo game: frozen dataclasses in the game's words
(#14), built by ``make_view``. ``engines.kit.plain`` turns one into the JSON the views had as
dicts (stored marks, exports, the view fixtures), key for key.

Nothing secret is public (M65): a seat's goal cards (and the four offered in the advanced set-up)
are only in that seat's ``private`` part, until the game is over and every ``Traveller`` shows
its ``goals``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from engines.kit import Mark, View, optional
from engines.marco_polo import tables as T
from engines.marco_polo.rewards import posts_left
from engines.marco_polo.rules import to_act
from engines.marco_polo.scoring import breakdown
from engines.marco_polo.scoring import result as final_result
from engines.marco_polo.state import Pending, Placed, Player, State, die_token


@dataclass(frozen=True, kw_only=True)
class MarcoPoloMark(Mark):
    """The last move: who played it and its text as typed (``seat`` ``None`` and ``text`` empty
    before the first move; both keys are always in the JSON)."""

    seat: int | None = None
    text: str = ""


@dataclass(frozen=True, kw_only=True)
class Traveller:
    """One seat's pieces on the table: character, resources, unused dice, trading posts, figures,
    contracts. ``dice`` are notation tokens (``4``, ``b4``, ``w?`` for one not rolled yet);
    ``goals`` are shown only once the game is over (M65), ``goal_count`` always."""

    seat: int
    char: str
    char_name: str
    #: The catalog word (``marco_polo.value.<word>``) of what the character does.
    ability: str
    coin: int
    camel: int
    pepper: int
    silk: int
    gold: int
    vp: int
    dice: tuple[str, ...]
    posts: tuple[str, ...]
    posts_left: int
    figures: tuple[str, ...]
    contracts: tuple[str, ...]
    fulfilled: tuple[str, ...]
    goal_count: int
    main_done: bool
    goals: tuple[str, ...] | None = optional()

    def amount(self, resource: str) -> int:
        """How many of ``resource`` (``coin``, ``camel``, a good or ``vp``) the seat holds."""
        value: int = getattr(self, resource)
        return value


@dataclass(frozen=True, kw_only=True)
class CityCard:
    """The city card on one city-card space (M35): its id, its city, its text, and the die placed
    on it this round (``None`` while free)."""

    card: str
    city: str
    text: str
    used: Placed | None


@dataclass(frozen=True, kw_only=True)
class Question:
    """What is asked, as a catalog key and parameters, for boards drawn in any language."""

    key: str
    params: Mapping[str, Any]


@dataclass(frozen=True, kw_only=True)
class Decision:
    """The pending decision everyone waits for (M48-M49): its kind (``good``, ``move``,
    ``discard``...), who decides, an English line (``what``) and the same as a ``Question``."""

    kind: str
    seat: int
    what: str
    asked: Question


@dataclass(frozen=True, kw_only=True)
class CharacterDraft:
    """The advanced set-up's character draft (M13): the characters on offer, the order seats
    choose in, and the catalog word of what each offered character does."""

    offer: tuple[str, ...]
    order: tuple[int, ...]
    abilities: Mapping[str, str]


@dataclass(frozen=True, kw_only=True)
class FinalScores:
    """The score sheet of a finished game: each seat's points by category (M59-M60), the totals
    and the ranking (groups of tied seats, first place first, after the camels tie-break M61)."""

    breakdown: tuple[Mapping[str, int], ...]
    scores: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, kw_only=True)
class GoalCards:
    """One seat's secret: its goal cards, or the four to keep two of in the advanced set-up."""

    seat: int
    goals: tuple[str, ...]
    goal_offer: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class MarcoPoloView(View[MarcoPoloMark, GoalCards]):
    """The table: round and phase, the travellers, the action spaces with their dice (oldest
    first; seat -1 a neutral blocker, M12), Khan's favor, the city cards, the bonus tiles, the
    contract display, the pending decision, the draft and, at the end, the score sheet."""

    mark = MarcoPoloMark

    game: str = "marco_polo"
    setup: str
    round: int
    rounds: int
    phase: str
    start: int
    current: int
    moves: int
    seats: tuple[Traveller, ...]
    spaces: Mapping[str, tuple[Placed, ...]]
    khan: tuple[Placed, ...]
    cards: Mapping[str, CityCard]
    first_post: Mapping[str, str | None]
    city_bonus: Mapping[str, str]
    beijing: tuple[int | None, ...]
    display: tuple[str, ...]
    pile: int
    black_pool: int
    pending: Decision | None
    draft: CharacterDraft
    round_info: str
    approximate: Mapping[str, str]
    final: FinalScores | None = optional()


def make_view(state: State, seat: int | None, round_info: str) -> MarcoPoloView:
    """What ``seat`` (``None``: the public) may see of ``state``; ``round_info`` is the engine's
    status line in English."""
    over = state.phase == "over"
    travellers = tuple(
        _traveller(s, p, posts_left(state, s), over) for s, p in enumerate(state.players)
    )
    final = None
    if over:
        res = final_result(state)
        final = FinalScores(
            breakdown=tuple(breakdown(state)), scores=res.scores, ranking=res.ranking
        )
    private = None
    if seat is not None:
        p = state.players[seat]
        private = GoalCards(seat=seat, goals=p.goals, goal_offer=p.goal_offer)
    return MarcoPoloView(
        seat=seat,
        last=MarcoPoloMark(seat=state.last_seat, text=state.last_text),
        private=private,
        players=state.n,
        setup=state.setup,
        round=state.round,
        rounds=T.ROUNDS,
        phase=state.phase,
        start=state.start,
        current=state.current,
        to_act=tuple(to_act(state)),
        moves=state.moves,
        seats=travellers,
        spaces=MappingProxyType(state.spaces),
        khan=state.khan,
        cards=MappingProxyType(
            {
                space: _city_card(space, cid, state.used_cards.get(cid))
                for space, cid in state.cards.items()
            }
        ),
        first_post=MappingProxyType(state.first_post),
        city_bonus=MappingProxyType(state.city_bonus),
        beijing=state.beijing,
        display=state.display,
        pile=len(state.pile),
        black_pool=state.black_pool,
        pending=decision(state.pending[0]) if state.pending else None,
        draft=_draft(state.draft_offer, state.draft_order),
        round_info=round_info,
        approximate=APPROXIMATE,
        final=final,
    )


#: What the board draws only approximately.
APPROXIMATE: Mapping[str, str] = MappingProxyType({"map": "stylised positions, not true geography"})

# Most parts of a view are the same from one move to the next (a seat nobody moved, a city card,
# the draft), so each is made once and shared by every view that shows it (they are read-only):
# a typed view then costs about what the dict view did.


@lru_cache(maxsize=4096)
def _traveller(seat: int, p: Player, left: int, over: bool) -> Traveller:
    return Traveller(
        seat=seat,
        char=p.char,
        char_name=T.CHARACTERS[p.char]["name"] if p.char else "",
        ability=T.ability_word(p.char) if p.char else "",
        coin=p.coin,
        camel=p.camel,
        pepper=p.pepper,
        silk=p.silk,
        gold=p.gold,
        vp=p.vp,
        dice=tuple(die_token(k, v) if v else f"{'' if k == 'o' else k}?" for k, v in p.dice),
        posts=p.posts,
        posts_left=left,
        figures=p.figures,
        contracts=p.contracts,
        fulfilled=p.fulfilled,
        goal_count=len(p.goals) or len(p.goal_offer),
        main_done=p.main_done,
        goals=p.goals if over else None,
    )


@lru_cache(maxsize=1024)
def _city_card(space: str, cid: str, used: Placed | None) -> CityCard:
    return CityCard(
        card=cid, city=T.CITY_SPACES[space][0], text=T.CITY_CARDS[cid]["text"], used=used
    )


@lru_cache(maxsize=256)
def _draft(offer: tuple[str, ...], order: tuple[int, ...]) -> CharacterDraft:
    return CharacterDraft(
        offer=offer,
        order=order,
        abilities=MappingProxyType({c: T.ability_word(c) for c in offer}),
    )


_WHAT = {
    "good": "choose goods (take)",
    "pair": "choose two different goods (take)",
    "give": "choose goods to pay (give)",
    "give_pair": "choose two different goods to pay (give)",
    "discard": "discard contracts (discard)",
    "move": "finish your movement (move/stop)",
    "own_bonus": "choose a small-city bonus (bonus)",
    "other_bonus": "choose another city's bonus (bonus)",
    "relocate": "place or skip a trading post (relocate)",
    "comp": "choose your compensation (compensate)",
    "roll": "roll the dice",
    "die": "roll a die",
}


def decision(head: Pending) -> Decision:
    """The public description of the decision everyone is waiting for."""
    what = _WHAT[head.k]
    if head.k == "move":
        left = head.steps - head.taken
        steps = f"{left} {'step' if left == 1 else 'steps'}"
        if not head.travel and not head.taken:
            # A reward movement (M41) may be declined: say so before the first step.
            what = f"a bonus movement of up to {steps}: move, or stop to decline"
        elif not head.taken:
            what = f"travel: take 1 to {left} {'step' if left == 1 else 'steps'} (move)"
        else:
            what = f"finish your movement: up to {steps} more (move/stop)"
    elif head.k == "comp":
        n = head.n
        units = f"{n} coins or camels" if n != 1 else "1 coin or camel"
        what = f"low dice: take {units} in any mix (compensate <camels>)"
    elif head.k == "discard":
        earlier = ", ".join(head.offered)
        what = f"hand limit 2: discard {head.n} of the earlier contracts {earlier} (discard)"
    elif head.k == "relocate":
        city = T.LOCATIONS[head.city]["name"].split(" (")[0]
        what = f"no trading post left for {city}: move one there, or not (relocate <city>|none)"
    elif head.n > 1:
        what = f"{what} x{head.n}"
    ev = head.asked()
    return Decision(
        kind=head.k,
        seat=head.owner,
        what=what,
        asked=Question(
            key=ev.key,
            params=MappingProxyType(
                {k: tuple(v) if isinstance(v, list) else v for k, v in ev.params.items()}
            ),
        ),
    )
