"""One way to write a game's rules: a working copy, a rules table, a stack of pending decisions.

Every engine implements the contract of ``engines.base.Engine``; this module is how the inside of
one is written, so that a reader who knows one game can read them all (as every OpenSpiel game
reads like ``kuhn_poker.py``). Four small pieces:

``Draft``
    A working copy of a frozen-dataclass state used inside ``apply``. Rules read ``draft.state``
    (the state as changed so far), record changes with ``draft.set(field=value)``, say what
    happened with ``draft.emit(...)`` and stop an illegal action with ``draft.refuse(...)``;
    ``draft.freeze()`` is the new frozen state. The input state is never touched.

``Rule`` and a ``RULES`` table
    Per verb, ``why_not(state, seat, action)`` returns an *unraised* ``IllegalAction`` (or
    ``None`` when legal) and ``do(draft, seat, action)`` performs it; ``candidates(state, seat)``
    proposes the actions worth asking about. ``why_not``/``perform``/``legal`` below run any
    such table, so "is it legal", "why not" and "do it" are one code path (boardgame.io's
    ``moves`` map, with Bombay's ``why_not_*``/``do_*`` pairs as the pattern).

``Decision`` and the pending stack
    What someone must decide before play goes on (a task, a sale to finish, a bonus to take),
    kept in the state as a tuple, first = next. ``to_act``/``push``/``pop`` and
    ``complete_decision`` give every game the same ``to_act`` and ``complete`` for them. A
    decision owned by ``CHANCE`` is a chance node (see "Chance" in ``docs/architecture.md``).

``complete_from_texts``
    The one copy of the completion loop: from whole legal action texts and a typed prefix, the
    legal next tokens.

Chance (dice, draws, restocks) is an explicit step: a chance node is a ``Decision`` owned by
``CHANCE`` on the state's pending stack (``to_act`` says ``[CHANCE]`` there), the engine's
``sample_chance`` draws an outcome with the state's generator and ``apply(state, CHANCE,
outcome)`` plays it; ``Engine.settle`` runs them, the service logs each as a row of its own.
``ChanceRules`` is that protocol, ``sample`` draws from a listed distribution,
``chance_node`` tells an engine's ``apply`` which node it stands at and ``drawn_once`` spares
drawing twice (for the outcome, then for the generator after it). ``docs/architecture.md``
("Chance as an explicit step") says how the service applies and logs them, and why old games
still replay.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from functools import cache
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NoReturn, Protocol, TypeVar

from engines.base import CHANCE, END, Event, IllegalAction, Result, tokens
from engines.rng import Rng

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = [
    "CHANCE",
    "ChanceRules",
    "chance_node",
    "Decision",
    "Draft",
    "Mark",
    "Rule",
    "View",
    "complete_decision",
    "complete_from_texts",
    "drawing",
    "drawn_once",
    "evolve",
    "from_plain",
    "gains",
    "keyed",
    "last_mark",
    "legal",
    "optional",
    "perform",
    "plain",
    "pop",
    "private_fields",
    "push",
    "sample",
    "to_act",
    "turn_of",
    "with_earned",
    "why_not",
    "with_recent",
]

S = TypeVar("S", bound="DataclassInstance")
A = TypeVar("A", bound="HasVerb")


class HasVerb(Protocol):
    """What the runner needs of an action: its verb (the first token of its notation)."""

    @property
    def verb(self) -> str: ...


def evolve(state: S, **changes: Any) -> S:
    """A copy of the frozen dataclass ``state`` with some fields replaced.

    Like ``dataclasses.replace``, but it copies the instance dictionary instead of calling
    ``__init__`` again, which is several times faster on a state of thirty fields; states are
    plain records (no ``__post_init__``), so nothing is skipped. Unknown field names are refused.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Pile:
    ...     cards: tuple[str, ...]
    ...     turn: int
    >>> p = Pile(("a",), 1)
    >>> evolve(p, turn=2), p
    (Pile(cards=('a',), turn=2), Pile(cards=('a',), turn=1))
    >>> evolve(p, turns=2)
    Traceback (most recent call last):
    TypeError: Pile has no field 'turns'
    """
    return _evolved(state, changes) if changes else state


def _evolved(state: S, changes: Mapping[str, Any]) -> S:
    """``evolve`` with the changes as one mapping (``Draft.state`` hands its own over)."""
    try:
        old = state.__dict__
    except AttributeError:  # a slotted dataclass: its values in field order, a few replaced
        return _evolved_slotted(state, changes)
    new = object.__new__(type(state))
    fields = new.__dict__
    fields.update(old)
    fields.update(changes)
    if len(fields) != len(old):
        # A name that is no field added a key (counted, not compared key by key: this is the
        # copy every move makes).
        unknown = sorted(changes.keys() - old.keys())
        raise TypeError(f"{type(state).__name__} has no field {unknown[0]!r}")
    return new


@cache
def _field_order(cls: type) -> tuple[Callable[[Any], tuple[Any, ...]], Mapping[str, int]] | None:
    """How to read a slotted dataclass's fields in one call, and each field's place; ``None``
    when a field is left out of ``__init__`` (then only ``dataclasses.replace`` is right)."""
    names = [f.name for f in fields(cls)]
    if len(names) < 2 or not all(f.init for f in fields(cls)):
        return None
    return attrgetter(*names), {name: i for i, name in enumerate(names)}


def builder(cls: type[S]) -> Callable[..., S]:
    """A constructor of the frozen slotted dataclass ``cls``: every field's value, in field
    order or by name, set straight into its slot. A frozen class's own ``__init__`` sets each
    field through ``object.__setattr__``, about twice as slow, and a search builds hundreds of
    thousands of states. The instance is the one ``cls(...)`` would make for a plain record
    (no ``__post_init__``, every field in ``__init__``: ``_field_order`` says which classes
    are). The function is generated, as ``dataclasses`` generates ``__init__``; for a record
    of one class, by a plain twin class (``_shadow_builder``)."""
    found: Callable[..., S] | None = _BUILDERS.get(cls)
    if found is None:
        found = _BUILDERS[cls] = _builder(cls)
    return found


#: ``builder`` per class.
_BUILDERS: dict[type, Callable[..., Any]] = {}


def _builder(cls: type[S]) -> Callable[..., S]:
    """``builder`` made."""
    if hasattr(cls, "__post_init__"):
        return cls  # not a plain record: its own __init__ does more
    names = [f.name for f in fields(cls)]
    shadowed = _shadow_builder(cls, names)
    if shadowed is not None:
        return shadowed
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    for i, name in enumerate(names):
        scope[f"_set{i}"] = getattr(cls, name).__set__
    body = "".join(f"    _set{i}(_obj, {name})\n" for i, name in enumerate(names))
    exec(f"def build({', '.join(names)}):\n    _obj = _new(_cls)\n{body}    return _obj\n", scope)
    built: Callable[..., S] = scope["build"]
    return built


def _shadow_builder(cls: type[S], names: list[str]) -> Callable[..., S] | None:
    """``builder`` by a plain (not frozen) twin of ``cls`` with the same slots: its
    ``__init__`` stores each field as any class does, and the instance then becomes a ``cls``
    (``__class__`` may be set between classes of the same layout). About three times as fast
    as setting each slot through its descriptor (a Marco Polo state of 25 fields: 0.35 against
    0.99 µs), and every move of a search builds a state and a player or two. ``None`` where the
    layouts differ (``cls`` has a base with slots, or a slot that is no field)."""
    if cls.__bases__ != (object,) or tuple(cls.__dict__.get("__slots__", ())) != tuple(names):
        return None
    args = ", ".join(names)
    body = "".join(f"        self.{name} = {name}\n" for name in names)
    scope: dict[str, Any] = {}
    exec(
        f"class Twin:\n    __slots__ = {tuple(names)!r}\n"
        f"    def __init__(self, {args}):\n{body}\n"
        f"def build(_twin, _cls):\n"
        f"    def build({args}):\n"
        f"        _obj = _twin({args})\n        _obj.__class__ = _cls\n        return _obj\n"
        f"    return build\n",
        scope,
    )
    built: Callable[..., S] = scope["build"](scope["Twin"], cls)
    try:
        built(*[None] * len(names))
    except TypeError:  # the layouts differ after all: ``__class__`` refused
        return None
    return built


def _evolved_slotted(state: S, changes: Mapping[str, Any]) -> S:
    """``evolve`` for a slotted dataclass (no instance dictionary to copy): the values read at
    once and the new instance built from them in order, nearly twice as fast as ``replace``."""
    order = _field_order(type(state))
    if order is None:
        return replace(state, **changes)
    read, place = order
    values = list(read(state))
    for name, value in changes.items():
        if name not in place:
            raise TypeError(f"{type(state).__name__} has no field {name!r}")
        values[place[name]] = value
    return builder(type(state))(*values)


class Draft(Generic[S]):
    """A working copy of a frozen state inside ``apply``: read, change, emit, refuse, freeze.

    ``state`` is the state with every change so far; ``set`` records changes (fields of the
    state's dataclass); ``emit`` appends an ``Event``; ``refuse`` raises ``IllegalAction``;
    ``freeze`` returns the new frozen state. A game whose rules change lists in many small steps
    subclasses it to keep mutable copies of those fields and hands them back in ``freeze``
    (``super().freeze()`` after ``self.set(field=tuple(self.field))``).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Purse:
    ...     coins: int
    >>> d = Draft(Purse(3))
    >>> d.set(coins=d.state.coins - 1)
    >>> d.emit("tally.played", seat=0, coins=1)
    >>> d.freeze(), [e.key for e in d.events]
    (Purse(coins=2), ['tally.played'])
    """

    def __init__(self, state: S) -> None:
        #: The state ``apply`` was given (never changed).
        self.base = state
        self._state = state
        self._changes: dict[str, Any] = {}
        #: What happened, in order.
        self.events: list[Event] = []

    @property
    def state(self) -> S:
        """The state as changed so far (one copy per read after a change, not per change)."""
        if self._changes:
            self._state = _evolved(self._state, self._changes)
            self._changes = {}
        return self._state

    def get(self, name: str) -> Any:
        """One field's value as changed so far, without the copy ``state`` makes after a change
        (for a hot path that needs a single field; ``state`` is the typed way)."""
        changes = self._changes
        return changes[name] if name in changes else getattr(self._state, name)

    def set(self, **changes: Any) -> None:
        """Record new values of some fields of the state."""
        self._changes.update(changes)

    def emit(
        self,
        key: str,
        *,
        reveals: bool = False,
        visible_to: tuple[int, ...] | None = None,
        **params: Any,
    ) -> None:
        """Record an event: a catalog key and its parameters (see ``engines.base.Event``).

        ``reveals`` marks an event that showed hidden information (an undo barrier);
        ``visible_to`` limits it to some seats."""
        # Event's own __init__ sets its four frozen fields one by one through object.__setattr__;
        # filling the instance dictionary at once is twice as fast, and a move emits several.
        event = object.__new__(Event)
        event.__dict__.update(key=key, params=params, reveals=reveals, visible_to=visible_to)
        self.events.append(event)

    def refuse(self, key: str, **params: Any) -> NoReturn:
        """Stop: the action is illegal, for the reason the catalog's ``key`` says."""
        raise IllegalAction(key, **params)

    def freeze(self) -> S:
        """The new frozen state."""
        return self.state


@dataclass(frozen=True)
class Rule(Generic[S, A]):
    """One verb's rule: why it may not be taken, what it does, and which actions to ask about.

    ``why_not(state, seat, action)`` returns ``None`` when legal, else an ``IllegalAction`` it
    does not raise (cheap: the message is only formatted when someone reads it). ``do(draft,
    seat, action)`` performs a legal action on a ``Draft``. ``candidates(state, seat)`` lists
    the actions of this verb worth checking for ``legal`` (it may include illegal ones;
    ``why_not`` filters them); ``None`` for a verb whose actions are too many to list (the
    engine completes them another way). ``ids`` are the rule ids the rule implements, so
    ``grep`` finds the code from the rules document.
    """

    why_not: Callable[[S, int, A], IllegalAction | None]
    do: Callable[[Draft[S], int, A], None]
    candidates: Callable[[S, int], Iterable[A]] | None = None
    ids: tuple[str, ...] = ()


def why_not(
    rules: Mapping[str, Rule[S, A]], state: S, seat: int, action: A
) -> IllegalAction | None:
    """Why ``action`` may not be taken by ``seat`` now, or ``None``: the verb's ``why_not``.

    A verb the table does not know is refused with ``core.unknown_verb``.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Purse:
    ...     coins: int
    >>> @dataclass(frozen=True)
    ... class Pay:
    ...     amount: int
    ...     verb: str = "pay"
    >>> def why_not_pay(s: Purse, seat: int, a: Pay) -> IllegalAction | None:
    ...     return IllegalAction("tally.hand_full") if a.amount > s.coins else None
    >>> def do_pay(d: Draft[Purse], seat: int, a: Pay) -> None:
    ...     d.set(coins=d.state.coins - a.amount)
    >>> RULES = {"pay": Rule(why_not_pay, do_pay, lambda s, seat: [Pay(1), Pay(5)])}
    >>> why_not(RULES, Purse(3), 0, Pay(5)).key
    'tally.hand_full'
    >>> legal(RULES, Purse(3), 0)
    [Pay(amount=1, verb='pay')]
    >>> d = Draft(Purse(3)); perform(RULES, d, 0, Pay(2)); d.freeze()
    Purse(coins=1)
    """
    rule = rules.get(action.verb)
    if rule is None:
        return IllegalAction("core.unknown_verb", verb=action.verb[:30], verbs=list(rules))
    return rule.why_not(state, seat, action)


def perform(rules: Mapping[str, Rule[S, A]], draft: Draft[S], seat: int, action: A) -> None:
    """Check ``action`` against the draft's current state and do it; raises the reason if it is
    illegal (then the draft must be thrown away, as ``apply`` does)."""
    reason = why_not(rules, draft.state, seat, action)
    if reason is not None:
        raise reason
    rules[action.verb].do(draft, seat, action)


def legal(rules: Mapping[str, Rule[S, A]], state: S, seat: int) -> list[A]:
    """Every legal action of ``seat``: each verb's candidates that its ``why_not`` lets pass,
    in the table's verb order (verbs without ``candidates`` are skipped)."""
    out: list[A] = []
    for rule in rules.values():
        if rule.candidates is None:
            continue
        check = rule.why_not
        for action in rule.candidates(state, seat):
            if check(state, seat, action) is None:
                out.append(action)
    return out


def complete_from_texts(texts: Iterable[str], prefix: str) -> list[str]:
    """The legal next tokens after ``prefix``, given every legal action as canonical text, sorted.

    ``END`` ("") in the result means the prefix is itself a whole legal action. The prefix is
    read like typed text (``engines.base.tokens``, never raising).

    >>> complete_from_texts(["move e3", "move e4", "end"], "move")
    ['e3', 'e4']
    >>> complete_from_texts(["move e3", "move e3 fast"], "MOVE e3")
    ['', 'fast']
    """
    done = tokens(prefix, strict=False)
    n = len(done)
    nxt: set[str] = set()
    for text in texts:
        t = text.split()
        if t[:n] == done:
            nxt.add(t[n] if len(t) > n else END)
    return sorted(nxt)


# -- pending decisions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Decision:
    """Something ``owner`` must decide before play goes on, answered with ``verb``.

    ``options`` are the answers' argument texts when the rules list them (``("2", "3")`` for
    "place on site 2 or 3"), empty when the game's rules check the answer; ``key`` and
    ``params`` name a catalog message saying what is asked (for ``Engine.asked``). ``owner`` is
    a seat, or ``CHANCE`` for a draw or roll that nobody at the table chooses.

    >>> Decision(1, "take", ("red", "blue")).texts()
    ['take red', 'take blue']
    >>> Decision.from_json(Decision(0, "sell", key="bombay.asked.turn").to_json())
    Decision(owner=0, verb='sell', options=(), key='bombay.asked.turn', params={})
    """

    owner: int
    verb: str
    options: tuple[str, ...] = ()
    key: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)

    def texts(self) -> list[str]:
        """The listed answers as whole action texts (empty when the rules check the answer)."""
        return [f"{self.verb} {o}" if o else self.verb for o in self.options]

    def asked(self) -> Event | None:
        """What is asked, as an event for the "Now:" line, or ``None`` without a key."""
        return Event(self.key, dict(self.params)) if self.key else None

    def to_json(self) -> dict[str, Any]:
        """JSON form for a state's ``dump``."""
        data: dict[str, Any] = {"owner": self.owner, "verb": self.verb}
        if self.options:
            data["options"] = list(self.options)
        if self.key:
            data["key"] = self.key
            data["params"] = dict(self.params)
        return data

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Decision:
        """Inverse of ``to_json``."""
        return Decision(
            owner=int(data["owner"]),
            verb=str(data["verb"]),
            options=tuple(data.get("options", ())),
            key=str(data.get("key", "")),
            params=dict(data.get("params", {})),
        )


def to_act(pending: Sequence[Decision]) -> list[int]:
    """Who decides now: the owner of the first pending decision (``[CHANCE]`` at a chance node),
    or ``[]`` when nothing is pending (the game's turn order decides then).

    >>> to_act((Decision(2, "take"), Decision(0, "sell")))
    [2]
    """
    return [pending[0].owner] if pending else []


def push(pending: Sequence[Decision], *decisions: Decision) -> tuple[Decision, ...]:
    """The stack with ``decisions`` in front, in the order given (the first is next): a
    decision raised while answering another is settled before it.

    >>> [d.verb for d in push((Decision(0, "sell"),), Decision(1, "take"), Decision(1, "pay"))]
    ['take', 'pay', 'sell']
    """
    return (*decisions, *pending)


def pop(pending: Sequence[Decision]) -> tuple[Decision, tuple[Decision, ...]]:
    """The next decision and the stack without it; ``IndexError`` when nothing is pending."""
    if not pending:
        raise IndexError("no pending decision")
    return pending[0], tuple(pending[1:])


def complete_decision(pending: Sequence[Decision], seat: int, prefix: str) -> list[str] | None:
    """``complete`` for a pending decision with listed options: the next tokens for ``seat``
    (``[]`` for a seat that is not asked), or ``None`` when nothing is pending or the decision's
    answers are checked by the rules (the engine completes those itself).

    >>> complete_decision((Decision(1, "take", ("red", "blue")),), 1, "take")
    ['blue', 'red']
    >>> complete_decision((Decision(1, "take", ("red", "blue")),), 0, "take")
    []
    """
    if not pending or not pending[0].options:
        return None
    top = pending[0]
    if top.owner != seat:
        return []
    return complete_from_texts(top.texts(), prefix)


# -- chance (see docs/architecture.md, "Chance as an explicit step") ----------------------------------


T = TypeVar("T")
_S_contra = TypeVar("_S_contra", contravariant=True)
_A_co = TypeVar("_A_co", covariant=True)


class ChanceRules(Protocol[_S_contra, _A_co]):
    """What an engine with chance nodes provides (OpenSpiel's ``chance_outcomes``); the defaults
    on ``engines.base.Engine`` say there are none.

    At a chance node (``to_act == [CHANCE]``) the service asks ``sample_chance`` for an outcome,
    applies it with ``apply(state, CHANCE, action)`` and logs it like a move (``Engine.settle``
    without the log); a computer seat's search does the same on a determinized state, whose
    generator its knowledge re-seeded, so it samples from what the seat knows."""

    has_chance: bool

    def chance_outcomes(self, state: _S_contra) -> Sequence[tuple[_A_co, float]] | None:
        """Every outcome with its probability, or ``None`` when there are too many to list."""
        ...

    def sample_chance(self, state: _S_contra) -> _A_co:
        """One outcome drawn with the generator the state carries, drawing exactly as the
        engine's ``apply`` drew before chance was explicit (so old logs, which have no chance
        rows, replay to the same states)."""
        ...


def chance_node(pending: Sequence[Decision], verb: str) -> bool:
    """Whether the next pending decision is the chance node answered by ``verb``.

    >>> chance_node((Decision(CHANCE, "restock"),), "restock"), chance_node((), "restock")
    (True, False)
    """
    return bool(pending) and pending[0].owner == CHANCE and pending[0].verb == verb


R = TypeVar("R")


def drawn_once(draw: Callable[[T], R]) -> Callable[[T], R]:
    """``draw`` (what a state's own generator draws at its chance node, and the generator after)
    answered from memory when it is asked again about the very same state object.

    ``Engine.settle`` asks it twice per chance step: ``sample_chance`` for the outcome, then
    ``apply`` for the generator after it (an outcome moves the generator on as drawing it did,
    whichever outcome it is). States are immutable, so the same object draws the same; only
    the last state is remembered (and held, so its identity cannot be reused), so no other
    draw is ever answered from memory.

    >>> calls = []
    >>> @drawn_once
    ... def roll(state: tuple[int]) -> int:
    ...     calls.append(state)
    ...     return state[0] * 2
    >>> s = (3,)
    >>> roll(s), roll(s), roll((4,)), len(calls)
    (6, 6, 8, 2)
    """
    # One (state, answer) pair replaced in one assignment, so threads never mix two answers.
    last: list[tuple[Any, Any]] = [(None, None)]

    def remembered(state: T) -> R:
        known, answer = last[0]
        if known is not state:
            answer = draw(state)
            last[0] = (state, answer)
        result: R = answer
        return result

    remembered.__doc__ = draw.__doc__
    remembered.__name__ = draw.__name__
    return remembered


def sample(outcomes: Sequence[tuple[T, float]], rng: Rng) -> T:
    """One outcome of a listed distribution, drawn with the seeded generator.

    >>> from engines.rng import Rng, seed_state
    >>> faces = [(face, 1 / 6) for face in "123456"]
    >>> [sample(faces, Rng(seed_state(4))) for _ in range(3)]  # the same seed, the same face
    ['4', '4', '4']
    >>> sorted({sample(faces, Rng(seed_state(n))) for n in range(60)})
    ['1', '2', '3', '4', '5', '6']
    """
    total = sum(p for _, p in outcomes)
    x = rng.next64() / 2**64 * total
    for action, p in outcomes:
        x -= p
        if x < 0:
            return action
    return outcomes[-1][0]


# -- views ----------------------------------------------------------------------------------------
# What a renderer and the service see of a state: per game a frozen dataclass named in the game's
# words (``BombayView``, ``Elephant``, ``Market``), built on ``View``; ``plain`` is its JSON, the
# shape stored, exported and compared by the tests. A misspelt field is then a type error in the
# renderers and the bot (mypy strict), where a misspelt dict key drew nothing.

#: ``plain`` leaves such a field out: it is for drawing only (who looks, the players' names, the
#: earlier moves' marks the service adds), never part of the stored view.
_DRAWING: Mapping[str, str] = {"plain": "skip"}
#: ``plain`` writes such a field's key only while its value is not ``None``.
_OPTIONAL: Mapping[str, str] = {"plain": "optional"}


def optional() -> Any:
    """A view field whose JSON key is there only while it is set (``None`` leaves it out): the
    final score sheet of a finished game, the parts of a mark a move did not touch."""
    return field(default=None, metadata=_OPTIONAL)


def keyed(key: str) -> Any:
    """A view field written under another JSON key than its name (Bombay's mark says
    ``"action"`` for what every mark calls ``text``)."""
    return field(default=None, metadata={"key": key})


def drawing(default: Any) -> Any:
    """A view field that is for drawing only and not in the view's JSON (``plain``)."""
    return field(default=default, metadata=_DRAWING)


@dataclass(frozen=True, kw_only=True)
class Mark:
    """What one move changed on the public board (a view's ``last``), kept with the move in the
    log so a board can mark the moves since a player's last turn (``View.recent``).

    ``seat`` made the move; ``text`` is its public notation; ``turn`` the texts of that seat's
    whole turn when it took several commands (the board's "Last:" line). A game adds what its
    board highlights (a site, a ship, a path)."""

    seat: int | None = optional()
    text: str | None = optional()
    turn: tuple[str, ...] | None = optional()
    #: What the move paid out (``Engine.earned``): the service adds it to the mark it logs, from
    #: the move's events; an engine's own view never sets it.
    earned: tuple[tuple[int, str, int], ...] | None = optional()


M = TypeVar("M", bound=Mark)
P = TypeVar("P")


@dataclass(frozen=True, kw_only=True)
class View(Generic[M, P]):
    """The base of every game's view: what every view has and the service reads.

    ``seat`` is who is looking (``None``: the public); ``players`` how many seats the game has;
    ``to_act`` the seats that must decide now; ``last`` the mark of the last move;
    ``private`` that seat's hidden information (``None`` in the public view, and nothing of
    anyone else's); ``recent`` the marks of the moves since the acting seat's last turn, oldest
    first, which the service adds for drawing; ``names`` the players' display names by seat and
    ``lang`` the language to draw in, which a render call may add. A game's view subclasses this with its own fields and names its
    mark class in ``mark`` (to read marks back from the log, ``from_plain``)."""

    mark: ClassVar[type[Mark]] = Mark

    seat: int | None = drawing(None)
    players: int
    to_act: tuple[int, ...]
    last: M | None = None
    private: P | None = optional()
    recent: tuple[M, ...] = drawing(())
    names: tuple[str, ...] = drawing(())
    lang: str | None = drawing(None)

    def name(self, seat: int) -> str:
        """The display name of ``seat`` (from the render call's names), or "Player N"."""
        return self.names[seat] if 0 <= seat < len(self.names) else f"Player {seat + 1}"


V = TypeVar("V", bound=View[Any, Any])


@cache
def _plan(cls: type) -> tuple[tuple[str, str, str], ...]:
    """Per dataclass: (attribute, JSON key, how) for each field ``plain`` writes."""
    out = []
    for f in fields(cls):
        how = f.metadata.get("plain", "")
        if how != "skip":
            # A trailing underscore spells a JSON key that is a Python keyword (``from_``).
            key = f.metadata.get("key") or (f.name[:-1] if f.name.endswith("_") else f.name)
            out.append((f.name, key, how))
    return tuple(out)


def plain(value: Any) -> Any:
    """A view (or any part of one) as JSON data: dataclasses become dicts (without the drawing
    fields and the unset optional ones), tuples become lists, mappings dicts; a value that knows
    its own JSON (``Result.to_json``) says it. This is the shape the views had before they were
    typed, and the one stored and exported."""
    if isinstance(value, Result):
        return value.to_json()
    if is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        for name, key, how in _plan(type(value)):
            item = getattr(value, name)
            if item is None and how == "optional":
                continue
            out[key] = plain(item)
        return out
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    return value


def from_plain(cls: type[M], data: Mapping[str, Any]) -> M:
    """A mark read back from its JSON (``plain``): the keys it has, lists as tuples (nested ones
    too). Marks are flat records, so this is all it takes. A key the mark no longer has (a mark
    logged by an older version) is passed over."""

    def tup(v: Any) -> Any:
        return tuple(tup(x) for x in v) if isinstance(v, list) else v

    names = {key: name for name, key, _ in _plan(cls)}  # type: ignore[arg-type]
    return cls(**{names[k]: tup(v) for k, v in data.items() if k in names})


def with_recent(view: V, recent: Sequence[Mapping[str, Any]]) -> V:
    """``view`` with the marks of the moves since the acting seat's last turn (as stored in the
    log, oldest first) and, when those are several commands of one seat's turn, that turn's
    texts on ``last`` (#12.3), unless the game's mark says them already."""
    if not recent:
        return view
    marks = tuple(from_plain(type(view).mark, m) for m in recent)
    last = view.last
    if last is not None and replace(marks[-1], earned=None) == last:
        # The log's mark of this very move: what it paid out comes with it.
        last = replace(last, earned=marks[-1].earned)
    turn = turn_of(marks)
    if len(turn) > 1 and last is not None and last.turn is None:
        last = replace(last, turn=turn)
    return replace(view, recent=marks, last=last)


def turn_of(marks: Sequence[Mark]) -> tuple[str, ...]:
    """The public texts of the last player's whole turn, oldest first: the run of marks at the
    end of ``marks`` by the seat of the last one (a Marco Polo turn of several commands, a Brass
    turn of two actions). Empty when the marks do not say whose move they were."""
    if not marks or marks[-1].seat is None:
        return ()
    seat = marks[-1].seat
    texts: list[str] = []
    for mark in reversed(marks):
        if mark.seat != seat:
            break
        if mark.text:
            texts.append(mark.text)
    return tuple(texts[::-1])


Gain = tuple[int, str, int]


def gains(
    events: Sequence[Event],
    round_events: frozenset[str],
    paid: Callable[[Event], Iterable[Gain]],
) -> tuple[Gain, ...]:
    """A move's gains for ``Engine.earned``: ``paid`` (a game's reading of one event) over the
    public ``events`` before the first of ``round_events`` (a round's end is not the move's),
    one entry per seat and thing in the order first gained, zero totals left out."""
    total: dict[tuple[int, str], int] = {}
    for event in events:
        if event.key in round_events:
            break
        if event.visible_to is not None:
            continue
        for seat, thing, count in paid(event):
            total[(seat, thing)] = total.get((seat, thing), 0) + count
    return tuple((seat, thing, n) for (seat, thing), n in total.items() if n)


def with_earned(mark: Any, earned: Sequence[Gain]) -> Any:
    """A logged mark's JSON (``last_mark``) with what its move paid out, when it paid anything."""
    if mark is None or not earned:
        return mark
    return {**mark, "earned": [list(g) for g in earned]}


def last_mark(view: View[Any, Any]) -> Any:
    """The JSON of the view's mark of the last move (``None`` if none), as the log keeps it."""
    return plain(view.last)


def private_fields(view: View[Any, Any]) -> list[tuple[str, Any]]:
    """The fields of the view's private part as (JSON key, JSON value), in order: what the
    service lists under a seat's "my hand" (each field's label is ``<game>.private.<key>``)."""
    return list(plain(view.private).items()) if view.private is not None else []
