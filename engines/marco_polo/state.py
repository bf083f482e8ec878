"""The game state: frozen dataclasses, changed only through a ``Draft`` (``engines.marco_polo.draft``).

Layout (see ``flow.new_game``):

* ``State.players[seat]`` (``Player``): character, resources (``coin camel pepper silk gold vp``),
  ``dice`` (unused dice as ``(kind, value)`` with kind ``o`` own, ``b`` black, ``w`` white; value
  0 means "not rolled", Raschid's dice), ``posts`` (cities in build order), ``posts_placed`` (for
  milestones), ``figures`` (locations), ``contracts`` (unfulfilled), ``fulfilled``, ``goals``
  (secret), ``goal_offer`` (advanced set-up, secret), per-turn flags ``main_done`` and
  ``bought_black``.
* ``spaces[name]``: dice on each action space, oldest first, as ``(seat, kind, value)``; seat -1
  is a neutral blocker (M12). ``khan`` is the Khan's-favor row.
* ``cards``: city-card space -> card id; ``used_cards``: card id -> die placed there this round.
* ``pending``: the stack of decisions still to be made, first one next (goods to choose, a
  movement, a discard, compensation...). While one is pending nothing else may be done.

``to_json``/``from_json`` keep the stored JSON exactly as it was when the state was a plain dict
(format 1), so every stored game loads and dumps back unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.base import CHANCE, Event
from engines.kit import Decision, builder, evolve
from engines.marco_polo import tables as T

#: An unused die: (kind, value); kind ``o`` own colour, ``b`` black, ``w`` white; value 0 unrolled.
Die = tuple[str, int]
#: A die on the board: (seat, kind, value); seat -1 and kind ``n`` for a neutral blocker (M12).
Placed = tuple[int, str, int]

RESOURCES = ("coin", "camel", "pepper", "silk", "gold", "vp")


@dataclass(frozen=True, slots=True)
class Player:
    """One seat's pieces, resources and secret cards."""

    char: str = ""
    coin: int = 0
    camel: int = 0
    pepper: int = 0
    silk: int = 0
    gold: int = 0
    vp: int = 0
    dice: tuple[Die, ...] = ()
    posts: tuple[str, ...] = ()
    posts_placed: int = 0
    figures: tuple[str, ...] = ()
    contracts: tuple[str, ...] = ()
    fulfilled: tuple[str, ...] = ()
    goals: tuple[str, ...] = ()
    goal_offer: tuple[str, ...] = ()
    main_done: bool = False
    bought_black: bool = False

    def amount(self, resource: str) -> int:
        """How many of ``resource`` (``coin``, ``camel``, a good or ``vp``) the seat holds."""
        value: int = getattr(self, resource)
        return value

    def with_dice(self, dice: tuple[Die, ...]) -> Player:
        """The same player holding ``dice`` (a roll, M19-M20, M34, M38)."""
        return evolve(self, dice=dice)

    def with_goals(self, goals: tuple[str, ...], goal_offer: tuple[str, ...]) -> Player:
        """The same player holding goal cards ``goals`` and offered ``goal_offer`` (a sample
        of what another seat cannot see, ``ai.determinize``; built at once, not evolved: the
        search deals every sample's goal cards)."""
        return _PLAYER(
            self.char,
            self.coin,
            self.camel,
            self.pepper,
            self.silk,
            self.gold,
            self.vp,
            self.dice,
            self.posts,
            self.posts_placed,
            self.figures,
            self.contracts,
            self.fulfilled,
            goals,
            goal_offer,
            self.main_done,
            self.bought_black,
        )

    def to_json(self) -> dict[str, Any]:
        """The stored form (format 1: lists, dice as ``[kind, value]``)."""
        return {
            "char": self.char,
            **{r: getattr(self, r) for r in RESOURCES},
            "dice": [list(d) for d in self.dice],
            "posts": list(self.posts),
            "posts_placed": self.posts_placed,
            "figures": list(self.figures),
            "contracts": list(self.contracts),
            "fulfilled": list(self.fulfilled),
            "goals": list(self.goals),
            "goal_offer": list(self.goal_offer),
            "main_done": self.main_done,
            "bought_black": self.bought_black,
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Player:
        """Inverse of ``to_json``."""
        return Player(
            char=str(data["char"]),
            **{r: int(data[r]) for r in RESOURCES},
            dice=tuple((str(k), int(v)) for k, v in data["dice"]),
            posts=tuple(data["posts"]),
            posts_placed=int(data["posts_placed"]),
            figures=tuple(data["figures"]),
            contracts=tuple(data["contracts"]),
            fulfilled=tuple(data["fulfilled"]),
            goals=tuple(data["goals"]),
            goal_offer=tuple(data["goal_offer"]),
            main_done=bool(data["main_done"]),
            bought_black=bool(data["bought_black"]),
        )


#: The chance verbs (engines.marco_polo.chance): a round's roll (M19-M20) and one die (a re-roll
#: M34, a black die M38).
ROLL = "roll"
DIE = "die"

#: The stored fields of each kind of pending decision (format 1), besides ``k`` and ``seat``.
_PENDING_FIELDS: dict[str, tuple[str, ...]] = {
    "good": ("n",),
    "pair": ("n",),
    "give": ("n",),
    "give_pair": ("n",),
    "comp": ("n",),
    "discard": ("n", "from"),
    "move": ("steps", "taken", "travel", "moved", "built", "wanted"),
    "own_bonus": ("n", "used"),
    "other_bonus": (),
    "relocate": ("city",),
    ROLL: (),
    DIE: ("for_seat", "die", "was"),
}


#: The command that answers each kind of decision (``move`` decisions also take ``stop``).
ANSWER = {
    "good": "take",
    "pair": "take",
    "give": "give",
    "give_pair": "give",
    "discard": "discard",
    "move": "move",
    "own_bonus": "bonus",
    "other_bonus": "bonus",
    "relocate": "relocate",
    "comp": "compensate",
    ROLL: ROLL,
    DIE: DIE,
}


@dataclass(frozen=True)
class Pending(Decision):
    """A decision ``owner`` must make before play goes on (M48-M49): the kit's pending
    decision with what Marco Polo needs to remember while it is open.

    ``k`` is the kind: ``good``/``pair`` (goods to take), ``give``/``give_pair`` (goods to pay),
    ``discard`` (contracts over the hand limit, from ``offered``), ``move`` (a movement of up to
    ``steps``; ``taken`` so far, ``travel`` for the Travel action, figures ``moved``, posts
    ``built`` on the way and cities ``wanted`` without a post left), ``own_bonus`` (``n`` small
    city bonuses, ``used`` already), ``other_bonus``, ``relocate`` (a post to ``city``) and
    ``comp`` (``n`` units of compensation). The answers depend on the position as it changes,
    so ``options`` stays empty and the rules check each answer.
    """

    k: str = ""
    n: int = 1
    steps: int = 0
    taken: int = 0
    travel: bool = False
    moved: tuple[int, ...] = ()
    built: tuple[str, ...] = ()
    wanted: tuple[str, ...] = ()
    offered: tuple[str, ...] = ()
    used: tuple[str, ...] = ()
    city: str = ""
    #: a ``die`` chance node's seat, the die's kind and the die it re-rolls ("" for a black one)
    for_seat: int = -1
    die: str = ""
    was: str = ""

    @staticmethod
    def of(k: str, seat: int, n: int = 1, **fields: Any) -> Pending:
        """A decision of kind ``k`` for ``seat``."""
        return Pending(seat, ANSWER[k], k=k, n=n, **fields)

    def asked(self) -> Event:
        """What is asked, as a catalog key and parameters (``marco_polo.asked.<kind>``)."""
        k = self.k
        params: dict[str, Any] = {"n": self.n}
        if k == "move":
            left = self.steps - self.taken
            params = {"steps": {"step": left} if left else {}, "n": left}
            if not self.travel and not self.taken:
                k = "bonus_move"  # a reward movement (M41) may be declined
            elif not self.taken:
                k = "travel"
            else:
                k = "move_more"
        elif k == "discard":
            params["contracts"] = list(self.offered)
        elif k == "relocate":
            params = {"city_name": str(T.LOCATIONS[self.city]["name"]).split(" (")[0]}
        return Event(f"marco_polo.asked.{k}", params)

    def to_json(self) -> dict[str, Any]:
        """The stored form (format 1: only the kind's own keys; ``offered`` is ``from``)."""
        out: dict[str, Any] = {"k": self.k, "seat": self.owner}
        for name in _PENDING_FIELDS[self.k]:
            value = getattr(self, "offered" if name == "from" else name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Pending:
        """Inverse of ``to_json`` (a movement stored without ``wanted`` has none)."""
        return Pending.of(
            str(data["k"]),
            int(data["seat"]),
            n=int(data.get("n", 1)),
            steps=int(data.get("steps", 0)),
            taken=int(data.get("taken", 0)),
            travel=bool(data.get("travel", False)),
            moved=tuple(int(f) for f in data.get("moved", ())),
            built=tuple(data.get("built", ())),
            wanted=tuple(data.get("wanted", ())),
            offered=tuple(data.get("from", ())),
            used=tuple(data.get("used", ())),
            city=str(data.get("city", "")),
            for_seat=int(data.get("for_seat", -1)),
            die=str(data.get("die", "")),
            was=str(data.get("was", "")),
        )


#: The chance node a round's start leaves (M19-M20): every player's dice to roll.
ROUND = Pending(CHANCE, ROLL, k=ROLL)


def one_die(seat: int, kind: str, was: str = "") -> Pending:
    """The chance node of one die of ``kind`` for ``seat``: a black one taken (M38), or the die
    ``was`` re-rolled (M34). Made once per (seat, kind, die): the record is frozen, and a
    frozen dataclass with sixteen fields is slow to build (a search buys black dice often)."""
    key = (seat, kind, was)
    found = _ONE_DIE.get(key)
    if found is None:
        found = _ONE_DIE[key] = Pending(CHANCE, DIE, k=DIE, for_seat=seat, die=kind, was=was)
    return found


#: ``one_die``'s chance nodes made so far (at most seats x 3 kinds x 19 dice).
_ONE_DIE: dict[tuple[int, str, str], Pending] = {}


@dataclass(frozen=True, slots=True)
class State:
    """The whole game. Mappings are never changed once a ``Draft`` has frozen them."""

    n: int
    setup: str
    round: int
    phase: str
    start: int
    current: int
    last_travel: int | None
    players: tuple[Player, ...]
    spaces: Mapping[str, tuple[Placed, ...]]
    khan: tuple[Placed, ...]
    cards: Mapping[str, str]
    used_cards: Mapping[str, Placed]
    first_post: Mapping[str, str | None]
    city_bonus: Mapping[str, str]
    beijing: tuple[int | None, ...]
    display: tuple[str, ...]
    pile: tuple[str, ...]
    black_pool: int
    pending: tuple[Pending, ...]
    draft_offer: tuple[str, ...]
    draft_order: tuple[int, ...]
    last_seat: int | None
    last_text: str
    moves: int
    rng: int

    def to_json(self) -> dict[str, Any]:
        """The stored form, key for key the plain dict of format 1 (without ``format``)."""
        return {
            "n": self.n,
            "setup": self.setup,
            "round": self.round,
            "phase": self.phase,
            "start": self.start,
            "current": self.current,
            "last_travel": self.last_travel,
            "players": [p.to_json() for p in self.players],
            "spaces": {k: [list(d) for d in v] for k, v in self.spaces.items()},
            "khan": [list(d) for d in self.khan],
            "cards": dict(self.cards),
            "used_cards": {k: list(d) for k, d in self.used_cards.items()},
            "first_post": dict(self.first_post),
            "city_bonus": dict(self.city_bonus),
            "beijing": list(self.beijing),
            "display": list(self.display),
            "pile": list(self.pile),
            "black_pool": self.black_pool,
            "pending": [item.to_json() for item in self.pending],
            "draft": {"offer": list(self.draft_offer), "order": list(self.draft_order)},
            "last": {"seat": self.last_seat, "text": self.last_text},
            "moves": self.moves,
            "rng": self.rng,
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> State:
        """Inverse of ``to_json``; ``format`` (checked by the engine) is ignored."""

        def placed(d: Any) -> Placed:
            return int(d[0]), str(d[1]), int(d[2])

        return State(
            n=int(data["n"]),
            setup=str(data["setup"]),
            round=int(data["round"]),
            phase=str(data["phase"]),
            start=int(data["start"]),
            current=int(data["current"]),
            last_travel=None if data["last_travel"] is None else int(data["last_travel"]),
            players=tuple(Player.from_json(p) for p in data["players"]),
            spaces={k: tuple(placed(d) for d in v) for k, v in data["spaces"].items()},
            khan=tuple(placed(d) for d in data["khan"]),
            cards=dict(data["cards"]),
            used_cards={k: placed(d) for k, d in data["used_cards"].items()},
            first_post=dict(data["first_post"]),
            city_bonus=dict(data["city_bonus"]),
            beijing=tuple(data["beijing"]),
            display=tuple(data["display"]),
            pile=tuple(data["pile"]),
            black_pool=int(data["black_pool"]),
            pending=tuple(Pending.from_json(item) for item in data["pending"]),
            draft_offer=tuple(data["draft"]["offer"]),
            draft_order=tuple(int(s) for s in data["draft"]["order"]),
            last_seat=data["last"]["seat"],
            last_text=str(data["last"]["text"]),
            moves=int(data["moves"]),
            rng=int(data["rng"]),
        )


@dataclass(slots=True)
class PlayerDraft:
    """A ``Player`` being changed inside a ``Draft``: the same fields, lists instead of tuples."""

    char: str
    coin: int
    camel: int
    pepper: int
    silk: int
    gold: int
    vp: int
    dice: list[Die]
    posts: list[str]
    posts_placed: int
    figures: list[str]
    contracts: list[str]
    fulfilled: list[str]
    #: replaced whole, never changed in place: kept as the player's tuples until replaced
    goals: Sequence[str]
    goal_offer: Sequence[str]
    main_done: bool
    bought_black: bool

    @staticmethod
    def of(p: Player) -> PlayerDraft:
        """A working copy of ``p``."""
        return PlayerDraft(
            p.char,
            p.coin,
            p.camel,
            p.pepper,
            p.silk,
            p.gold,
            p.vp,
            list(p.dice),
            list(p.posts),
            p.posts_placed,
            list(p.figures),
            list(p.contracts),
            list(p.fulfilled),
            p.goals,
            p.goal_offer,
            p.main_done,
            p.bought_black,
        )

    def freeze(self) -> Player:
        """The frozen player."""
        return _PLAYER(
            self.char,
            self.coin,
            self.camel,
            self.pepper,
            self.silk,
            self.gold,
            self.vp,
            tuple(self.dice),
            tuple(self.posts),
            self.posts_placed,
            tuple(self.figures),
            tuple(self.contracts),
            tuple(self.fulfilled),
            tuple(self.goals),
            tuple(self.goal_offer),
            self.main_done,
            self.bought_black,
        )

    def amount(self, resource: str) -> int:
        """How many of ``resource`` the seat holds."""
        value: int = getattr(self, resource)
        return value

    def add(self, resource: str, n: int) -> None:
        """Gain (or, negative, pay) ``n`` of ``resource``."""
        setattr(self, resource, getattr(self, resource) + n)


#: ``Player``'s constructor without its frozen ``__init__`` (``kit.builder``).
_PLAYER = builder(Player)

#: A player record to read: frozen, or being changed inside a ``Draft``.
AnyPlayer = Player | PlayerDraft


def goods_total(p: AnyPlayer) -> int:
    """Pepper + silk + gold (camels and coins are never goods)."""
    return int(p.pepper + p.silk + p.gold)


def die_token(kind: str, value: int) -> str:
    """Notation of a die: ``4`` (own colour), ``b4`` (black), ``w4`` (white)."""
    return f"{'' if kind == 'o' else kind}{value}"


_DICE: dict[str, tuple[str, int]] = {
    die_token(kind, value): (kind, value) for kind in "obw" for value in range(1, 7)
}


def parse_die(token: str) -> tuple[str, int] | None:
    """(kind, value) of a die token, or ``None``."""
    return _DICE.get(token)


DIE_ORDER = {"o": 0, "b": 1, "w": 2}


def die_key(token: str) -> tuple[int, int]:
    """Canonical order of die tokens in an action: own, black, white; then by value."""
    parsed = parse_die(token)
    assert parsed is not None
    return DIE_ORDER[parsed[0]], parsed[1]
