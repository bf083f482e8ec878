"""The move builder: a legal move put together by choosing, never by typing.

A builder screen is a pure function of (engine, state, seat, path): ``path`` is the list of the
player's choices so far, each an index into the choices the screen before offered. So a screen
can be rebuilt from a few small numbers at any time (after a restart too), and nothing about a
move rides anywhere but in the reply to the one player building it.

Each screen offers the next parts of the move, as the engine's ``complete`` lists them, and goes
as deep as it can while the list stays short enough for one select (25): when every whole move
fits, the screen offers whole moves ("Move to e3", "Loan · card: Stafford"); otherwise it offers
the next token ("Build…", "Network…") and the deeper parts come on the next screen. A step with
one possible answer is made for the player and said ("chosen for you"). A whole move offers what
it costs and gives (the seat's counted things before and after, from the game's describer) and,
at the confirm step, what will happen (the events of playing it, in the reader's words; events
that reveal something nobody knew yet are never computed ahead: chance is a separate step).

Words come from each game's describer, ``engines/<game>/describe.py`` (optional: a game without
one shows its notation tokens), and the catalog keys ``<game>.builder.verb.<verb>`` and
``<game>.builder.param.<name>``; the screen's own sentences are ``core.builder.*``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from engines.base import END, Engine, IllegalAction
from engines.catalog import CATALOG

#: Options one select holds (Discord's limit, and a list a player can still read).
SELECT_OPTIONS = 25
#: ``complete`` calls one screen may spend looking deeper than its first list.
LOOKAHEAD_CALLS = 80
#: Characters of an option's label and description (Discord's limit for both).
OPTION_CHARS = 100

Words = tuple[str, Mapping[str, Any]]


@dataclass(frozen=True)
class Choice:
    """One option of a screen: the tokens it adds (a whole move ends with ``END``), its words
    and, for a whole move, what it costs and gives."""

    tokens: tuple[str, ...]
    label: str
    detail: str = ""

    @property
    def whole(self) -> bool:
        """Whether choosing it completes the move (the next step is the confirmation)."""
        return bool(self.tokens) and self.tokens[-1] == END


@dataclass(frozen=True)
class Screen:
    """What the builder shows after the choices of ``path``."""

    path: tuple[int, ...]
    #: The tokens chosen so far (the player's and those made for them).
    chosen: tuple[str, ...]
    #: The move so far, in words.
    so_far: str
    #: Choices made for the player because there was only one (in words).
    auto: tuple[str, ...]
    #: The options of this step (empty at the confirmation).
    choices: tuple[Choice, ...]
    #: The whole move, when the builder is at its confirmation; else None.
    action: str | None
    #: At the confirmation: what will happen, one sentence per event.
    will: tuple[str, ...]
    #: What is left of the turn (action points, actions, free actions), if the game says.
    left: tuple[str, ...]


class PathGone(Exception):
    """A path that no longer fits the state (the board moved on under it)."""


def describer(game: str) -> ModuleType | None:
    """The game's describer module (``engines/<game>/describe.py``), if it has one."""
    try:
        return importlib.import_module(f"engines.{game}.describe")
    except ModuleNotFoundError:
        return None


class _Words:
    """Token words for one screen: the game's describer, the catalog, the reader's language."""

    def __init__(
        self, game: str, state: Any, seat: int, lang: str, names: Sequence[str] | None
    ) -> None:
        self.game, self.state, self.seat, self.lang = game, state, seat, lang
        self.names = list(names) if names is not None else None
        self.describe = describer(game)

    def text(self, key: str, params: Mapping[str, Any] | None = None) -> str:
        return CATALOG.text(key, params or {}, lang=self.lang, names=self.names)

    def value(self, before: Sequence[str], value: str) -> str:
        """A value (a site, a card, a town) as the game names it, in the reader's language."""
        name: Callable[..., str | Words | None] | None = getattr(self.describe, "name", None)
        shown = []
        for part in value.split(","):
            display = name(self.state, self.seat, tuple(before), part) if name else None
            word_key = f"{self.game}.builder.word"
            if isinstance(display, tuple):
                shown.append(self.text(*display))
            elif CATALOG.has(word_key, self.lang):
                shown.append(self.text(word_key, {"word": display or part}))
            else:
                shown.append(display or part)
        return ", ".join(shown)

    def token(self, before: Sequence[str], token: str) -> str:
        """One token in words: the verb, a keyword parameter ("card: Stafford"), or a value."""
        if token == END:
            return self.text("core.builder.as_is")
        if not before:
            key = f"{self.game}.builder.verb.{token}"
            return self.text(key) if CATALOG.has(key, self.lang) else token
        if "=" in token:
            name, value = token.split("=", 1)
            key = f"{self.game}.builder.param.{name}"
            # The describer sees the parameter's name last ("col="): a value means what it names.
            shown = self.value([*before, name + "="], value)
            return self.text(key, {"value": shown}) if CATALOG.has(key, self.lang) else token
        return self.value(before, token)

    def tokens(self, before: Sequence[str], tokens: Sequence[str]) -> str:
        """Several tokens in words, joined with a middle dot."""
        out = []
        seen = list(before)
        for tok in tokens:
            if tok != END:
                out.append(self.token(seen, tok))
            seen.append(tok)
        return " · ".join(out) if out else self.token(before, END)

    def purse(self, state: Any) -> dict[str, int]:
        counted: Callable[[Any, int], dict[str, int]] | None = getattr(self.describe, "purse", None)
        return dict(counted(state, self.seat)) if counted else {}

    def left(self, engine: Engine[Any, Any], state: Any) -> tuple[str, ...]:
        out = []
        asked = engine.asked(state, self.seat)
        if asked is not None:
            out.append(self.text(asked.key, asked.params))
        more: Callable[[Any, int], Words | None] | None = getattr(self.describe, "left", None)
        extra = more(state, self.seat) if more else None
        if extra is not None:
            out.append(self.text(*extra))
        return tuple(out)


class _Walk:
    """The completion of one seat in one state, cached (a screen asks the same prefix often)."""

    def __init__(self, engine: Engine[Any, Any], state: Any, seat: int) -> None:
        self.engine, self.state, self.seat = engine, state, seat
        self.cache: dict[tuple[str, ...], list[str]] = {}
        self.calls = 0

    def next(self, prefix: Sequence[str]) -> list[str]:
        key = tuple(prefix)
        if key not in self.cache:
            self.calls += 1
            self.cache[key] = list(
                dict.fromkeys(self.engine.complete(self.state, self.seat, " ".join(key)))
            )
        return self.cache[key]

    def settle(self, prefix: Sequence[str], chunk: tuple[str, ...]) -> tuple[str, ...]:
        """``chunk`` carried on through every step with one answer (ending in ``END`` when the
        move is then whole)."""
        while True:
            nxt = self.next([*prefix, *chunk])
            if nxt == [END]:
                return (*chunk, END)
            if len(nxt) == 1:
                chunk = (*chunk, nxt[0])
                continue
            return chunk

    def options(self, prefix: Sequence[str]) -> list[tuple[str, ...]]:
        """The choices after ``prefix``: the next tokens, each taken as deep as the list stays
        within one select (whole moves where they all fit)."""
        first = self.next(prefix)
        cands = [(END,) if t == END else self.settle(prefix, (t,)) for t in first]
        budget = self.calls + LOOKAHEAD_CALLS
        grown = True
        while grown and len(cands) < SELECT_OPTIONS and self.calls < budget:
            grown = False
            for i, cand in enumerate(cands):
                if cand[-1] == END:
                    continue
                kids = self.next([*prefix, *cand])
                if len(cands) - 1 + len(kids) > SELECT_OPTIONS:
                    continue
                cands[i : i + 1] = [
                    (*cand, END) if t == END else self.settle(prefix, (*cand, t)) for t in kids
                ]
                grown = True
                break
        return cands


def _diff(
    before: Mapping[str, int], after: Mapping[str, int]
) -> tuple[dict[str, int], dict[str, int]]:
    lost = {k: before.get(k, 0) - after.get(k, 0) for k in before}
    got = {k: after.get(k, 0) - before.get(k, 0) for k in after}
    return {k: v for k, v in lost.items() if v > 0}, {k: v for k, v in got.items() if v > 0}


def _clip(text: str, limit: int = OPTION_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _detail(engine: Engine[Any, Any], state: Any, seat: int, text: str, words: _Words) -> str:
    """What a whole move costs and gives: the seat's counted things before and after it."""
    before = words.purse(state)
    if not before:
        return ""
    try:
        after_state, _ = engine.play(state, seat, text)
    except IllegalAction:
        return ""
    lost, got = _diff(before, words.purse(after_state))
    parts = []
    if lost:
        parts.append(
            words.text(
                "core.builder.costs", {"things": CATALOG.bundle(words.game, lost, words.lang)}
            )
        )
    if got:
        parts.append(
            words.text(
                "core.builder.gives", {"things": CATALOG.bundle(words.game, got, words.lang)}
            )
        )
    return _clip("; ".join(parts))


def will_happen(
    engine: Engine[Any, Any], state: Any, seat: int, text: str, words: _Words
) -> tuple[str, ...]:
    """The events of playing ``text``, as the player will read them: only those they may see,
    and none that reveals what nobody knew (those come after, with the move itself)."""
    _, events = engine.play(state, seat, text)
    out = []
    for ev in events:
        if ev.reveals or (ev.visible_to is not None and seat not in ev.visible_to):
            continue
        out.append(words.text(ev.key, ev.params))
    return tuple(out)


def screen(
    engine: Engine[Any, Any],
    state: Any,
    seat: int,
    path: Sequence[int],
    *,
    lang: str = "en",
    names: Sequence[str] | None = None,
) -> Screen:
    """The builder after the choices ``path`` (indices into each earlier screen's choices).
    Raises :class:`PathGone` when ``path`` does not fit this state."""
    walk = _Walk(engine, state, seat)
    words = _Words(engine.meta.id, state, seat, lang, names)
    chosen: list[str] = []
    auto: list[str] = []
    rest = list(path)
    while True:
        settled = walk.settle((), tuple(chosen))[len(chosen) :]
        for tok in settled:
            if tok != END:
                auto.append(words.token(chosen, tok))
                chosen.append(tok)
        if settled and settled[-1] == END:
            break
        cands = walk.options(chosen)
        if not cands:
            raise PathGone("nothing to choose")
        if not rest:
            choices = []
            for cand in cands:
                label = _clip(words.tokens(chosen, cand))
                detail = ""
                if cand[-1] == END:
                    text = " ".join([*chosen, *cand[:-1]])
                    detail = _detail(engine, state, seat, text, words)
                choices.append(Choice(cand, label, detail))
            return Screen(
                tuple(path),
                tuple(chosen),
                words.tokens((), chosen) if chosen else "",
                tuple(auto),
                tuple(choices),
                None,
                (),
                words.left(engine, state),
            )
        index = rest.pop(0)
        if not 0 <= index < len(cands):
            raise PathGone(f"no choice {index}")
        pick = cands[index]
        chosen.extend(t for t in pick if t != END)
        if pick[-1] == END:
            break
    if rest:
        raise PathGone("the move was already whole")
    text = " ".join(chosen)
    return Screen(
        tuple(path),
        tuple(chosen),
        words.tokens((), chosen),
        tuple(auto),
        (),
        text,
        will_happen(engine, state, seat, text, words),
        words.left(engine, state),
    )
