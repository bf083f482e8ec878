"""Autocomplete suggestions, all fed by the engine's ``legal_actions``/``complete`` for the caller's
seat through the service: a suggestion is always a legal action or a legal prefix of one.

Discord allows at most 25 choices of at most 100 characters each; a value that would not fit is
left out rather than cut (a cut value would not be the legal action any more).
"""

from __future__ import annotations

from collections.abc import Sequence

import engines
from bot.reminders import zone_names
from bot.service import Service, ServiceError, User
from bot.service.narrate import game_title
from engines.base import END, Param, tokens
from engines.reading import localised_name

MAX_CHOICES = 25
MAX_CHARS = 100
#: Only when this few candidates remain is each one extended along forced continuations.
EXTEND_BELOW = 8
EXTEND_DEPTH = 6

Choice = tuple[str, str]  # (shown name, submitted value)


def _fits(value: str) -> bool:
    return 0 < len(value) <= MAX_CHARS


def _rank(values: Sequence[str], typed: str) -> list[str]:
    """Values starting with ``typed`` first, then those containing it; stable otherwise."""
    typed = typed.strip().lower()
    first = [v for v in values if v.startswith(typed)]
    rest = [v for v in values if typed in v and not v.startswith(typed)]
    return first + rest


async def move_choices(service: Service, channel_id: int, user: User, typed: str) -> list[Choice]:
    """Suggestions for ``/play move``: whole legal actions matching what was typed, or, for games
    whose action lists are too large to list, the legal next token after the typed prefix.
    Nothing for someone who is not seated or not deciding now."""
    try:
        return await _move_choices(service, channel_id, user, typed)
    except ServiceError:
        return []


async def _move_choices(service: Service, channel_id: int, user: User, typed: str) -> list[Choice]:
    legal = await service.legal(channel_id, user)
    if legal is not None:
        matches = [a for a in _rank(legal, typed) if _fits(a)]
        if len(matches) <= MAX_CHOICES:
            return [(a, a) for a in matches]
        # Too many to show: walk token by token instead (grouped by the next decision).
    done = tokens(typed, strict=False)
    partial = ""
    if done and not typed.endswith(" "):
        partial = done.pop()
    prefix = " ".join(done)
    nxt = await service.complete(channel_id, user, prefix)
    out: list[Choice] = []
    if END in nxt and prefix and not partial:
        out.append((prefix, prefix))
    candidates = _rank([n for n in nxt if n != END], partial)[:MAX_CHOICES]
    extend = len(candidates) <= EXTEND_BELOW
    for tok in candidates:
        text = f"{prefix} {tok}".strip()
        # One look ahead per candidate tells a whole action from a prefix (shown with "…");
        # with few candidates, forced continuations are followed so a phone user taps once per
        # real decision.
        for _ in range(EXTEND_DEPTH if extend else 1):
            after = await service.complete(channel_id, user, text)
            whole = END in after
            rest = [a for a in after if a != END]
            if whole or len(rest) != 1 or not extend:
                break
            text = f"{text} {rest[0]}"
        if not _fits(text):
            continue
        out.append((text if whole else f"{text} …", text))
        if len(out) >= MAX_CHOICES:
            break
    return [(name[:MAX_CHARS], value) for name, value in out]


async def param_choices(
    service: Service,
    channel_id: int,
    user: User,
    verb: str,
    before: Sequence[tuple[Param, str]],
    param: Param,
    typed: str,
) -> list[Choice]:
    """Suggestions for one parameter of a per-game verb command (``/bombay move site:…``), given
    the values already chosen for the parameters before it."""
    try:
        return await _param_choices(service, channel_id, user, verb, before, param, typed)
    except ServiceError:
        return []


async def _param_choices(
    service: Service,
    channel_id: int,
    user: User,
    verb: str,
    before: Sequence[tuple[Param, str]],
    param: Param,
    typed: str,
) -> list[Choice]:
    parts = [verb]
    for p, value in before:
        value = value.strip().lower()
        if not value:
            continue
        if p.keyword and not value.startswith(p.name + "="):
            value = f"{p.name}={value}"
        parts.append(value)
    nxt = await service.complete(channel_id, user, " ".join(parts))
    if param.keyword:
        key = param.name + "="
        values = [n[len(key) :] for n in nxt if n.startswith(key)]
    else:
        values = [n for n in nxt if n != END and "=" not in n]
    game = (await service.game(channel_id)).game
    return [(_shown(game, v, service.lang), v) for v in _rank(values, typed) if _fits(v)][
        :MAX_CHOICES
    ]


def _shown(game: str, value: str, lang: str) -> str:
    """A picker shows the table language's name of a token (a city, card, industry, site)
    beside it; the value submitted stays the canonical token (issue 13.4)."""
    name = localised_name(game, value, lang) if lang != "en" else None
    return f"{name} ({value})"[:MAX_CHARS] if name else value


def game_choices(typed: str, lang: str = "en") -> list[Choice]:
    """Registered games whose id, title or name in ``lang`` matches what was typed, shown by
    their name in ``lang`` ("マルコ・ポーロの旅路 (marco_polo)")."""
    typed = typed.strip().lower()
    out = [
        (f"{game_title(e.meta.id, lang)} ({e.meta.id})"[:MAX_CHARS], e.meta.id)
        for e in engines.all_engines()
        if typed in e.meta.id
        or typed in e.meta.title.lower()
        or typed in game_title(e.meta.id, lang).lower()
    ]
    return out[:MAX_CHOICES]


def zone_choices(typed: str) -> list[Choice]:
    """IANA time zones whose name contains what was typed ("tokyo" → Asia/Tokyo), shortest
    first so a city's own zone comes before longer names containing it."""
    typed = typed.strip().lower().replace(" ", "_")
    names = sorted((z for z in zone_names() if typed in z.lower()), key=lambda z: (len(z), z))
    return [(z, z) for z in names[:MAX_CHOICES]]


def option_choices(game: str, typed: str) -> list[Choice]:
    """``name=value`` continuations of the options typed so far for ``game``'s lobby."""
    try:
        meta = engines.get(game.strip().lower()).meta
    except engines.IllegalAction:
        return []
    pieces = typed.replace(",", " ").split()
    settings = {f"{o.name}={c}" for o in meta.options for c in o.choices}
    # The last piece is still being typed unless it is already a whole "name=value".
    partial = ""
    if pieces and not typed.endswith(" ") and pieces[-1].lower() not in settings:
        partial = pieces.pop()
    given = {p.partition("=")[0].lower() for p in pieces}
    head = " ".join(pieces)
    out: list[Choice] = []
    for o in meta.options:
        if o.name in given:
            continue
        for c in o.choices:
            piece = f"{o.name}={c}"
            if partial and not piece.startswith(partial.lower()):
                continue
            value = f"{head} {piece}".strip()
            if _fits(value):
                note = " (default)" if c == o.default else ""
                out.append(((value + note)[:MAX_CHARS], value))
    return out[:MAX_CHOICES]
