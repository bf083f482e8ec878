"""The engine contract every game implements.

An engine is a small, pure object in the spirit of python-chess's Board/Move or OpenSpiel's
State/apply_action: ``setup`` makes a state from players, options and a seed; ``to_act`` says who
decides now; ``legal_actions``/``complete`` list what they may do; ``apply`` returns a *new* state and
structured events; ``view`` redacts a state for one seat (or for the public); ``result`` scores a
finished game; ``dump``/``load`` round-trip a state through JSON exactly.

Actions are text in a short notation (lowercase tokens separated by spaces, keyword tokens written
``name=value``). Each engine parses text into its own action object whose ``str()`` is the canonical
text that the action log stores.

Nothing here knows Discord, SQLite, clocks or the network.
"""

from __future__ import annotations

import json
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from engines.catalog import CATALOG

if TYPE_CHECKING:
    from engines.kit import View  # the kit builds on this module

#: A ``complete`` result containing this token means "the prefix is already a whole legal action".
END = ""

#: The "seat" of a chance node (a restock draw, a die roll, a card dealt): nobody at the table
#: decides it; ``to_act`` says ``[CHANCE]`` and the service applies one of the engine's outcomes
#: and logs it like a move. Like OpenSpiel's ``kChancePlayerId``, it is negative so it can never
#: be a real seat. See ``engines.kit`` and "Chance as an explicit step" in docs/architecture.md.
CHANCE = -1

S = TypeVar("S")
A = TypeVar("A")

JSON = Any  # a JSON-compatible value (dict/list/str/int/float/bool/None)


class IllegalAction(Exception):
    """An action that may not be taken, with a reason a player can read.

    ``key`` names a message in the catalog (a game's ``data/<game>/locales/<lang>.json``, the
    platform's ``data/locales/<lang>/<namespace>.json``; namespace = the part before the first
    dot) and ``params`` fill it in, so the reason can be shown in any
    language: ``IllegalAction("bombay.cannot_afford", money=1, cost=2)``. ``str(exc)`` is English.

    Building one is cheap (the sentence is formatted only when ``str`` asks for it), so rules may
    return one unraised as the answer to "why not?" (``engines.kit.Rule``).
    """

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(key)

    def __str__(self) -> str:
        return CATALOG.text(self.key, self.params)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (e.g. from a worker process) with its key and parameters, not its sentence.
        return (_illegal_action, (self.key, dict(self.params)))


def _illegal_action(key: str, params: dict[str, Any]) -> IllegalAction:
    return IllegalAction(key, **params)


@dataclass(frozen=True)
class Event:
    """Something that happened, as a catalog key plus parameters (never a finished sentence).

    ``reveals`` marks events that showed hidden information (a card drawn, dice rolled): an undo
    barrier. ``visible_to`` limits an event to some seats (e.g. "you drew the Dudley card"); ``None``
    means everyone may see it. Parameters named ``seat``/``player`` or ending in ``_seat`` are seats
    and are shown as player names.
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    reveals: bool = False
    visible_to: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"key": self.key, "params": dict(self.params)}
        if self.reveals:
            data["reveals"] = True
        if self.visible_to is not None:
            data["visible_to"] = list(self.visible_to)
        return data

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Event:
        vis = data.get("visible_to")
        return Event(
            key=data["key"],
            params=dict(data.get("params", {})),
            reveals=bool(data.get("reveals", False)),
            visible_to=tuple(vis) if vis is not None else None,
        )


@dataclass(frozen=True)
class Option:
    """A game option (variant) offered in the lobby; every value is a short lowercase string."""

    name: str
    help: str
    default: str
    choices: tuple[str, ...]
    #: Optional one-line help per choice, shown in the lobby and /help.
    choice_help: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Param:
    """One parameter of a verb, i.e. one token of the notation after the verb.

    ``keyword`` parameters are written ``name=value``; positional ones are the bare value.
    Parameters appear in the notation in the order the verb declares them, and ``complete``
    offers them in that order (skipping optional ones that are not given).
    """

    name: str
    help: str
    keyword: bool = False
    required: bool = True


@dataclass(frozen=True)
class Verb:
    """The first token of an action, with one line of help and its parameters.

    ``secret`` verbs carry hidden choices (e.g. which goal cards to keep): other players see only the
    verb in the log, never its parameters.
    """

    name: str
    help: str
    params: tuple[Param, ...] = ()
    examples: tuple[str, ...] = ()
    secret: bool = False


@dataclass(frozen=True)
class EngineMeta:
    """What the platform needs to know about a game without playing it."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    verbs: tuple[Verb, ...] = ()
    #: Short rules summary / notes shown by /game help (e.g. "board is approximate").
    notes: str = ""

    def notes_in(self, lang: str) -> str:
        """The game's notes in ``lang`` (``<game>.notes``), else the English ones."""
        key = f"{self.id}.notes"
        return CATALOG.text(key, lang=lang) if CATALOG.has(key, lang) else self.notes

    def player_counts(self) -> dict[str, Any]:
        """How many players the game takes, as a nested catalog message (``{takes}`` in
        ``core.bad_player_count`` and the game lists): "2–4 players", or "2 players" for a game
        with one count, never "2–2 players" (#28.4)."""
        if self.min_players == self.max_players:
            return {"key": "core.players_exact", "params": {"count": self.min_players}}
        return {
            "key": "core.players_range",
            "params": {"min": self.min_players, "max": self.max_players},
        }

    def verb_help(self, verb: Verb, lang: str) -> str:
        """A verb's one line of help in ``lang`` (``<game>.verb.<verb>``), else English."""
        key = f"{self.id}.verb.{verb.name}"
        return CATALOG.text(key, lang=lang) if CATALOG.has(key, lang) else verb.help

    def option_help(self, option: Option, lang: str) -> str:
        """An option's help in ``lang`` (``<game>.option.<name>``), else English."""
        key = f"{self.id}.option.{option.name}"
        return CATALOG.text(key, lang=lang) if CATALOG.has(key, lang) else option.help

    def verb(self, name: str) -> Verb | None:
        """The verb called ``name``, or ``None``."""
        for v in self.verbs:
            if v.name == name:
                return v
        return None

    def validate_options(self, options: Mapping[str, str] | None) -> dict[str, str]:
        """Fill in defaults and check every option; raises ``IllegalAction`` on a bad one."""
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        for name in given:
            if name not in known:
                raise IllegalAction("core.unknown_option", option=name, known=list(known))
        out: dict[str, str] = {}
        for o in self.options:
            value = str(given.get(o.name, o.default)).strip().lower()
            if value not in o.choices:
                raise IllegalAction(
                    "core.bad_option_value",
                    option=o.name,
                    value=value,
                    choices=list(o.choices),
                )
            out[o.name] = value
        return out

    def validate_players(self, players: int) -> None:
        """Raise ``IllegalAction`` unless the game supports ``players`` seats."""
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                "core.bad_player_count",
                game=self.title,
                players=players,
                takes=self.player_counts(),
            )


@dataclass(frozen=True)
class Result:
    """Final scores of a finished game.

    ``breakdown[seat]`` maps a category key (a catalog key suffix such as ``"palaces"``) to points;
    ``ranking`` lists groups of seats from first place down, tied seats sharing a group after the
    game's tie-breaks; ``winners`` is the first group.
    """

    scores: tuple[int, ...]
    breakdown: tuple[Mapping[str, int], ...]
    ranking: tuple[tuple[int, ...], ...]
    #: Shown on the score sheet: first one line per seat, by seat ("" for none), then any lines
    #: about the whole game (e.g. "approximate: pyramid, temple"); an ``Event`` is a catalog key
    #: and parameters, said in the reader's language.
    notes: tuple[str | Event, ...] = ()
    #: ``details[seat]`` maps a fact key (a catalog key suffix ``<game>.detail.<key>``) to a
    #: number that is not points but lets a player check them: the counts a bonus is paid on,
    #: the tie-break values. Same keys, same order, for every seat.
    details: tuple[Mapping[str, int], ...] = ()

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ranking[0] if self.ranking else ()

    def to_json(self) -> dict[str, Any]:
        """JSON form; the key orders are kept in lists, since a stored object may be sorted."""
        return {
            "scores": list(self.scores),
            "breakdown": [dict(b) for b in self.breakdown],
            "categories": list(self.breakdown[0]) if self.breakdown else [],
            "ranking": [list(g) for g in self.ranking],
            "winners": list(self.winners),
            "notes": [
                {"key": n.key, "params": dict(n.params)} if isinstance(n, Event) else n
                for n in self.notes
            ],
            "details": [dict(d) for d in self.details],
            "detail_keys": list(self.details[0]) if self.details else [],
        }


#: Decomposition tags whose compatibility mapping is only a change of width: full-width ``３``
#: and ``ｍ`` are the ASCII ``3`` and ``m`` typed on a CJK keyboard, so they are read as such.
_WIDTH_TAGS = ("<wide>", "<narrow>")


def _bad_character(ch: str) -> IllegalAction:
    code = f"U+{ord(ch):04X}"
    return IllegalAction("core.bad_character", char=ch if ch.isprintable() else code, code=code)


def normalise(text: str, *, strict: bool = True) -> str:
    """The text a player typed, reduced to what the notation can read.

    Full-width and half-width forms become their ordinary characters (NFKC for those only),
    letters are case-folded, accents on Latin letters are dropped (``León`` reads as ``leon``),
    every kind of space is a space. Letters of other scripts (Japanese names) are kept for the
    localised names. Everything else that is not ASCII - digits of other scripts (``٣``),
    superscripts (``²``), circled numbers (``⑦``), symbols, emoji, control and format characters -
    is refused with ``core.bad_character`` rather than guessed at; with ``strict=False`` (for
    autocompletion of a half-typed prefix) it is kept as it is, so it simply matches nothing.
    """
    if text.isascii() and text.isprintable():
        return text.lower()  # the common case, and what the loop below makes of it
    out: list[str] = []
    for ch in text:
        if ch.isascii():
            if ch.isprintable() or ch in " \t\n\r":
                out.append(ch.lower())
                continue
        elif unicodedata.decomposition(ch).startswith(_WIDTH_TAGS):
            out.append(normalise(unicodedata.normalize("NFKC", ch), strict=strict))
            continue
        elif ch.isspace():
            out.append(" ")
            continue
        else:
            cat = unicodedata.category(ch)
            if cat[0] == "L":
                base = unicodedata.normalize("NFD", ch)[0]
                out.append(base.lower() if base.isascii() else ch.casefold())
                continue
            if cat[0] == "M":
                # A combining accent after a Latin letter is dropped like a precomposed one;
                # after any other letter (Japanese voicing marks) it is part of the letter.
                if out and out[-1][-1:].isascii() and out[-1][-1:].isalpha():
                    continue
                out.append(ch)
                continue
            if cat[0] == "P":
                out.append(ch)  # punctuation inside localised names, e.g. 「・」
                continue
        if strict:
            raise _bad_character(ch)
        out.append(ch)
    return unicodedata.normalize("NFC", "".join(out))


def tokens(text: str, *, strict: bool = True) -> list[str]:
    """Split action text into normalised tokens (see ``normalise``; the notation is
    case-insensitive). Raises ``IllegalAction`` on a character the notation cannot read unless
    ``strict`` is false (prefixes being completed never raise)."""
    return normalise(text, strict=strict).split()


def rank_by(keys: Sequence[tuple[Any, ...]]) -> tuple[tuple[int, ...], ...]:
    """Group seats by descending sort key; equal keys share a place (a tie)."""
    order = sorted(range(len(keys)), key=lambda s: keys[s], reverse=True)
    groups: list[list[int]] = []
    for s in order:
        if groups and keys[groups[-1][0]] == keys[s]:
            groups[-1].append(s)
        else:
            groups.append([s])
    return tuple(tuple(g) for g in groups)


class Engine(ABC, Generic[S, A]):
    """Base class of every game engine. ``S`` is the state type, ``A`` the action type.

    Subclasses must implement ``setup``, ``parse``, ``to_act``, ``legal_actions`` (or return
    ``None`` from it and override ``complete``), ``apply``, ``view``, ``result``, ``dump`` and
    ``load``. They must never mutate a state passed in.
    """

    meta: EngineMeta
    #: Bumped whenever the dumped state's shape changes; stored in every dump as ``"format"``.
    format_version: int = 1
    #: Whether everyone may know which verbs a seat has open now (its legal moves' first words).
    #: Only then does the public "Now:" line name the one verb a seat is left with; where a hidden
    #: hand decides it (no card can be played, so only "discard" is left) the line would tell the
    #: hand, so the default is ``False`` and a game whose verbs follow public facts says ``True``.
    verbs_open_publicly: bool = False

    # -- life cycle -------------------------------------------------------------------------
    @abstractmethod
    def setup(self, players: int, options: Mapping[str, str], seed: int) -> S:
        """A new game. ``options`` are already validated (``meta.validate_options``)."""

    def setup_events(self, state: S) -> list[Event]:
        """What setting up showed the table (e.g. the first restock of the markets), for the
        message that starts the game; ``state`` is the one ``setup`` returned."""
        return []

    def token_name(self, token: str, lang: str = "en") -> str | None:
        """A token of the notation by its name in ``lang`` when the catalog's value names cannot
        say it (a card named by what it shows: a Marco Polo goal by its two cities), else
        ``None``: ``engines.wording.name`` asks here first."""
        return None

    def help_lines(self, lang: str = "en") -> list[str]:
        """Extra lines for ``help <game>`` beyond verbs and options (e.g. what each character
        does), in ``lang``, through the message catalog."""
        return []

    def turn_order(self, state: S, players: int) -> list[int]:
        """The seats in the order they take their first turns, as the start message states it.

        Seat 0 first, then clockwise, unless the rules deal the order otherwise (Brass: at
        random); an engine whose first turns differ overrides this, so the stated order is
        always the one played."""
        return list(range(players))

    @abstractmethod
    def parse(self, state: S, seat: int, text: str) -> A:
        """Turn notation into an action object or raise ``IllegalAction`` saying what is wrong.

        Parsing checks syntax and names; ``apply`` checks legality. ``str(action)`` is canonical.
        """

    @abstractmethod
    def to_act(self, state: S) -> list[int]:
        """Seats whose decision is pending now; empty once the game is over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[A] | None:
        """Every legal action for ``seat`` now, or ``None`` when the list is too large to build
        (then ``complete`` must be overridden). A seat not in ``to_act`` has none."""

    def complete(self, state: S, seat: int, prefix: str) -> list[str]:
        """The legal next tokens after ``prefix`` (whole tokens typed so far), sorted.

        ``END`` ("") in the result means the prefix is itself a whole legal action. The default
        derives the answer from ``legal_actions``; engines with huge action spaces override it.
        """
        actions = self.legal_actions(state, seat)
        if actions is None:
            raise NotImplementedError(f"{self.meta.id} must override complete()")
        from engines.kit import complete_from_texts  # the kit builds on this module

        return complete_from_texts((str(a) for a in actions), prefix)

    @abstractmethod
    def apply(self, state: S, seat: int, action: A) -> tuple[S, list[Event]]:
        """Play ``action`` for ``seat``; returns the new state and what happened.

        Raises ``IllegalAction`` (with a reason) and leaves ``state`` untouched if it is not legal.
        """

    def play(self, state: S, seat: int, text: str) -> tuple[S, list[Event]]:
        """Parse and apply notation in one step, then settle any chance node the action reached
        with the state's own generator (``settle``): the events are the action's, then the
        draws'. The service applies chance as steps of their own (and logs them); ``play`` is
        for whoever does not care which draw came (self-play, searches, most tests)."""
        new, events = self.apply(state, seat, self.parse(state, seat, text))
        if self.has_chance:
            new, steps = self.settle(new)
            for _, more in steps:
                events = events + more
        return new, events

    # -- chance (see engines.kit, "Chance as an explicit step" in docs/architecture.md) ---------

    #: Whether ``to_act`` can ever be ``[CHANCE]``: an engine with chance nodes sets it and
    #: implements ``sample_chance`` (and ``chance_outcomes`` when the outcomes can be listed).
    has_chance: bool = False
    #: Chance verbs whose outcome every seat sees (a restock, a roll): their log rows show the
    #: action text to everyone. Any other chance row (a card dealt to one seat) shows only its
    #: verb and its public events, as a secret verb does.
    public_chance: frozenset[str] = frozenset()
    #: Event keys that end a round, a set or an era, or begin the next (income, a new turn
    #: order, an era's scoring): the catch-up recap tells the first of them and everything after
    #: it in the same move on a line of its own, not as the move's consequences (#28.4).
    round_events: frozenset[str] = frozenset()
    #: Event keys each told once when a round ends (or the next begins), and once when an era
    #: ends: a table's time bank is filled again there (#27.3, ``clock_period``). A game without
    #: eras names none; an era's end is a round's end too.
    round_end_events: frozenset[str] = frozenset()
    era_end_events: frozenset[str] = frozenset()

    def clock_period(self, events: Sequence[Event]) -> str | None:
        """``"era"`` when ``events`` (a move's, its draws' included) end an era, ``"round"``
        when they end a round, else None."""
        keys = {e.key for e in events}
        if keys & self.era_end_events:
            return "era"
        if keys & self.round_end_events:
            return "round"
        return None

    def chance_outcomes(self, state: S) -> Sequence[tuple[A, float]] | None:
        """At a chance node: every outcome with its probability, or ``None`` when there are too
        many to list (OpenSpiel's ``chance_outcomes``)."""
        return None

    def sample_chance(self, state: S) -> A:
        """At a chance node: one outcome, drawn with the generator the state carries, exactly as
        the engine drew inside ``apply`` before chance was explicit (so an old log, which has
        no chance rows, replays to the same states). A search samples from a determinized
        state, whose generator the seat's knowledge re-seeded."""
        raise NotImplementedError(f"{self.meta.id} has no chance nodes")

    def settle(self, state: S) -> tuple[S, list[tuple[A, list[Event]]]]:
        """Apply chance nodes with the state's own generator while ``to_act == [CHANCE]``;
        returns the state a player decides in and each applied (outcome, events)."""
        steps: list[tuple[A, list[Event]]] = []
        while self.has_chance and self.to_act(state) == [CHANCE]:
            action = self.sample_chance(state)
            state, events = self.apply(state, CHANCE, action)
            steps.append((action, events))
        return state, steps

    def replay(self, state: S, rows: Sequence[tuple[int, str]]) -> S:
        """The state a log of (seat, action text) rows leads to from ``state``. A chance node
        is settled by the next row when that row is a ``CHANCE`` row of the node's own verb;
        otherwise it is drawn with the state's own generator, as the old ``apply`` drew. That
        covers a log written before chance was explicit (no chance rows: the draws happened
        inside the moves) and one written while only some of a game's draws were (Imhotep's
        ``deal`` rows without ``draw`` rows). Raises like ``apply``."""
        out = state
        for after in self.replay_steps(state, rows):
            out = after
        return out

    def replay_steps(self, state: S, rows: Sequence[tuple[int, str]]) -> Iterator[S]:
        """The state after each row of a log, as :meth:`replay` reaches it (a replay shown step
        by step: each state is the one the game was in once that row was played)."""
        last = len(rows) - 1
        for i, (seat, text) in enumerate(rows):
            state, _ = self.apply(state, seat, self.parse(state, seat, text))
            if self.has_chance:
                logged = tokens(rows[i + 1][1])[:1] if i < last and rows[i + 1][0] == CHANCE else []
                while self.to_act(state) == [CHANCE]:
                    drawn = self.sample_chance(state)
                    if tokens(str(drawn))[:1] == logged:
                        break  # the logged row is this node's outcome
                    state, _ = self.apply(state, CHANCE, drawn)
            yield state

    def read(self, state: S, seat: int, text: str) -> A:
        """What a player typed → the canonical action: like ``parse``, but forgiving (prefixes,
        printed and localised names, any order of a ``+`` list or of ``name=value`` tokens,
        a choice with only one answer left out), resolved against ``seat``'s legal moves; a
        near miss is refused naming the closest legal moves. See ``engines.reading``."""
        from engines.reading import read

        action: A = read(self, state, seat, text)
        return action

    def timeout_action(self, state: S, seat: int) -> str | None:
        """The action the rules let the table take for a player who ran out of time (e.g. a pass),
        or ``None`` when the rules give none."""
        return None

    # -- information ------------------------------------------------------------------------
    def earned(self, events: Sequence[Event]) -> tuple[tuple[int, str, int], ...]:
        """What one move paid out, from its ``events``: ``(seat, thing, count)`` per gain, in
        order, ``thing`` a catalog key that says a count (``bombay.count.rupee``). A seat other
        than the mover may gain (a palace's owner, the owner of a stone a ship carried). Only
        what the whole table sees counts, and a round's end is not the move's (``round_events``):
        ``engines.kit.gains`` does that for a game's own reading of its events. The board's
        last-move box says it beside the move (#28.3). Nothing by default."""
        return ()

    def told(self, events: Sequence[Event]) -> list[Event]:
        """One move's ``events`` as the table is told them, in order: as they are, unless a
        game says two of them as one sentence where apart they would mislead (Brass: coal
        bought for a rail link is part of the link's price, #28.3). Text only: the log keeps
        the events themselves."""
        return list(events)

    @abstractmethod
    def view(self, state: S, seat: int | None) -> View[Any, Any]:
        """What ``seat`` may see (``None``: the public), for a renderer: a frozen dataclass built on
        ``engines.kit.View`` in the game's words, whose ``private`` holds that seat's hidden
        information and nothing else of anyone's (``None`` in the public view); ``kit.plain``
        gives its JSON (docs/architecture.md, "Views")."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """``None`` until the game is over, then the final scores."""

    def public_scores(self, view: View[Any, Any]) -> tuple[int, ...] | None:
        """Each seat's score as the public ``view`` shows it (a score track everyone reads),
        for the end-of-game chart of scores over the rounds (#27.5); ``None`` when the game
        keeps scores hidden until its end (money behind a screen), which is the default."""
        return None

    def asked(self, state: S, seat: int) -> Event | None:
        """What ``seat`` is asked to decide now, as a catalog key and parameters (e.g. "a bonus
        movement of up to 1 step: move, or stop to decline"), for the "Now:" line; ``None`` when
        the verbs offered say it well enough. Public: it may say only what everyone may know."""
        return None

    def status(self, state: S) -> Event | None:
        """Where the game stands, as a catalog key and parameters (e.g. ``<game>.status.round``
        with ``round=3, rounds=6``), for captions and "my games"; ``None`` when there is nothing
        to say. The service formats it in each reader's language."""
        return None

    def round_info(self, state: S) -> str:
        """The status line in English (``status`` formatted by the catalog), e.g. "Round 3 of 6"."""
        ev = self.status(state)
        return CATALOG.text(ev.key, ev.params) if ev is not None else ""

    # -- persistence ------------------------------------------------------------------------
    @abstractmethod
    def dump(self, state: S) -> dict[str, Any]:
        """The state as JSON-compatible data, including ``"format": format_version``."""

    @abstractmethod
    def load(self, data: Mapping[str, Any]) -> S:
        """Inverse of ``dump``; raises ``ValueError`` on an unknown format version."""

    def dumps(self, state: S) -> str:
        """Canonical JSON text of a state (sorted keys, no spaces): equal states, equal text."""
        return json.dumps(self.dump(state), sort_keys=True, separators=(",", ":"))

    def loads(self, text: str) -> S:
        """Inverse of ``dumps``."""
        return self.load(json.loads(text))

    def check_format(self, data: Mapping[str, Any]) -> None:
        """Helper for ``load``: refuse a dump written by another format version."""
        got = data.get("format")
        if got != self.format_version:
            raise ValueError(
                f"{self.meta.id}: saved state has format {got!r}, this code reads "
                f"{self.format_version}"
            )
