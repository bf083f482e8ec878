"""Reading what a player typed: forgiving spellings resolved against the legal moves.

Every engine's ``parse`` reads its canonical notation (after ``engines.base.normalise``). Players
type less than that, and differently: ``stoke`` for ``stoke_on_trent``, ``take paved path`` for
``take paved_path``, ``take silk+gold`` for ``take gold+silk``, a Japanese or Spanish city name, or
a move without a choice that has only one answer (``col=`` when one column is affordable). This
module finds the legal move they meant, the same way for every engine, through the engine's own
``complete`` (the tree of legal tokens for the seat deciding now):

* each typed token matches a legal token exactly, by a printed or localised name of it (the
  catalog's ``<game>.value.<word>`` keys, in every language), or as an unambiguous prefix of
  either (also at a word boundary: ``burial`` or ``deco`` for ``burial_chamber_decoration``);
  case, accents, ``_``/``-``/spaces do not matter, and the parts of a ``+`` list come in any order;
* ``name=value`` tokens may come in any order, and a keyword's value may be typed bare;
* a choice the player left out is filled in when only one legal move fits.

When several legal moves fit equally well the player is asked which (``core.ambiguous``, listing
them); when none does, the engine's own reason is given (same key) together with the closest legal moves
(the ``did_you_mean`` parameter, said by ``core.did_you_mean``), found by the whole text and,
word by word, by the nearest name of each of a move's tokens in any language, so a one-letter typo
of a printed name (「コールブルッデール」) still finds its move (#26.4; measured by
``bench/typos.py``). Only the deciding seat's legal moves are ever listed, so nothing another
seat hides can leak. The result is always the engine's canonical action: what the log stores.
"""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engines.base import END, Engine, IllegalAction, normalise, tokens
from engines.catalog import ACCEPTED, CATALOG, SUGGESTIONS

#: Characters that only separate words inside a name: ``stoke_on_trent``, ``Stoke-on-Trent``,
#: ``paved path``, ``ストーク・オン・トレント`` all squash to the same letters.
_SEPARATORS = re.compile(r"[\s_\-.·・'’]+")
#: List separators inside one token: parts may come in any order.
_LIST_SEPARATORS = ("+", ",")
#: At most this many typed words make one name (``burial chamber decoration``).
_MAX_WORDS = 4
#: How much of the legal-move tree one reading may visit (each visit is one ``complete`` call).
_BUDGET = 1500
#: How many moves a question or a suggestion lists.
_SHOWN = 6
#: Articles that localised names start with ("la pirámide") and players leave out.
_ARTICLES = frozenset({"the", "el", "la", "los", "las", "le", "les", "un", "una"})

# Match qualities, best first.
EXACT, ALIAS, PREFIX, WORD_PREFIX = 4, 3, 2, 1


@cache
def squash(text: str) -> str:
    """``text`` without case, accents or word separators (both sides of a match use it)."""
    return _SEPARATORS.sub("", normalise(text, strict=False))


@cache
def _words(text: str) -> tuple[str, ...]:
    return tuple(w for w in _SEPARATORS.split(normalise(text, strict=False)) if w)


@cache
def _value_aliases(namespace: str) -> dict[str, tuple[str, ...]]:
    """Squashed word → every name the catalog gives it (English key and each language's value).

    The catalog names words an engine passes as values (``brass.value.Stoke-on-Trent`` →
    「ストーク・オン・トレント」); a canonical token whose squashed form equals the word's is the
    same thing, so all those names are aliases of it.
    """
    prefix = f"{namespace}.value."
    out: dict[str, set[str]] = {}
    for lang in CATALOG.languages():
        for key, value in CATALOG.messages(lang).items():
            if key.startswith(prefix):
                word = key[len(prefix) :]
                out.setdefault(squash(word), set()).update((word, value))
    return {k: tuple(sorted(v)) for k, v in out.items()}


def localised_name(namespace: str, token: str, lang: str) -> str | None:
    """The name ``lang`` gives a canonical token (``leek`` → 「リーク」 in ja), or ``None``; for
    pickers that show localised names while submitting the canonical token (issue 13.4)."""
    prefix = f"{namespace}.value."
    own = CATALOG.messages(lang)
    for key, value in own.items():
        if key.startswith(prefix) and squash(key[len(prefix) :]) == squash(token):
            return value
    return None


def aliases(namespace: str, token: str) -> tuple[str, ...]:
    """Every name ``token`` may be typed as: itself and its printed and localised names."""
    return (token, *_value_aliases(namespace).get(squash(token), ()))


def _abbreviates(typed: tuple[str, ...], words: tuple[str, ...]) -> bool:
    """Each typed word starts a word of the name, in order, the first one its first word."""
    if not typed or not words or not words[0].startswith(typed[0]):
        return False
    i = 1
    for t in typed[1:]:
        while i < len(words) and not words[i].startswith(t):
            i += 1
        if i == len(words):
            return False
        i += 1
    return True


def _match_one(namespace: str, typed: str, token: str) -> int:
    """How well the typed text names one canonical token (0: not at all)."""
    if typed == token:
        return EXACT
    t = squash(typed)
    if not t:
        return 0
    if t.isdigit() or token.isdigit():
        # Numbers are never abbreviated: "1" is not a prefix of "12".
        return ALIAS if t == squash(token) else 0
    best = 0
    for name in aliases(namespace, token):
        s = squash(name)
        if t == s:
            return ALIAS
        if s.startswith(t):
            best = max(best, PREFIX)
            continue
        words = _words(name)
        if "_" in typed and _abbreviates(_words(typed), words):
            best = max(best, PREFIX)  # "burial deco" for "Burial Chamber Decoration"
            continue
        if words and words[0] in _ARTICLES and squash("".join(words[1:])).startswith(t):
            best = max(best, PREFIX)
            continue
        for i in range(1, len(words)):
            if squash("".join(words[i:])).startswith(t):
                best = max(best, WORD_PREFIX)
                break
    return best


def match(namespace: str, typed: str, token: str) -> int:
    """How well ``typed`` names ``token``; list tokens (``gold+silk``) match in any order."""
    for sep in _LIST_SEPARATORS:
        if sep in token:
            want = token.split(sep)
            got = re.split(r"[+,]", typed)
            if len(got) != len(want):
                return 0
            best = 0
            for perm in itertools.permutations(want):
                scores = [_match_one(namespace, g, w) for g, w in zip(got, perm, strict=True)]
                if all(scores):
                    best = max(best, min(scores))
            return best
    return _match_one(namespace, typed, token)


@dataclass
class _Typed:
    """What the player typed, split into bare words and ``name=value`` keywords."""

    words: list[str]
    keywords: dict[str, str]

    @staticmethod
    def of(toks: list[str]) -> _Typed:
        words: list[str] = []
        keywords: dict[str, str] = {}
        for t in toks:
            name, eq, value = t.partition("=")
            if eq and name and value and name not in keywords:
                keywords[name] = value
            else:
                words.append(t)
        return _Typed(words, keywords)


@dataclass(order=True)
class _Found:
    quality: int
    fills: int
    text: str = field(compare=False)


class _Search:
    """A depth-first walk of the legal-token tree, consuming what was typed."""

    def __init__(self, nexts: Callable[[tuple[str, ...]], list[str]], namespace: str) -> None:
        self.nexts = nexts
        self.namespace = namespace
        self.visits = 0
        self.found: dict[str, _Found] = {}

    def run(self, typed: _Typed) -> list[_Found]:
        self._walk((), typed.words, frozenset(typed.keywords), typed.keywords, 0, 0)
        return sorted(self.found.values(), reverse=True)

    def _keep(self, text: str, quality: int, fills: int) -> None:
        new = _Found(quality, -fills, text)
        old = self.found.get(text)
        if old is None or new > old:
            self.found[text] = new

    def _walk(
        self,
        prefix: tuple[str, ...],
        words: list[str],
        keys: frozenset[str],
        kw: dict[str, str],
        quality: int,
        fills: int,
    ) -> None:
        if self.visits >= _BUDGET or len(self.found) > 200:
            return
        self.visits += 1
        cands = self.nexts(prefix)
        if END in cands and not words and not keys:
            self._keep(" ".join(prefix), quality, fills)
        for cand in cands:
            if cand == END:
                continue
            name, eq, value = cand.partition("=")
            if eq:
                if name in keys:
                    q = match(self.namespace, kw[name], value)
                    if q:
                        self._walk((*prefix, cand), words, keys - {name}, kw, quality + q, fills)
                    continue
                if words:
                    # A keyword's value typed without its name ("card=" is long to type).
                    q = match(self.namespace, words[0], value)
                    if q:
                        self._walk((*prefix, cand), words[1:], keys, kw, quality + q - 1, fills)
                # Left out: a choice filled in if only one legal move fits.
                self._walk((*prefix, cand), words, keys, kw, quality, fills + 1)
                continue
            if not words:
                if prefix:  # the verb itself is never guessed
                    self._walk((*prefix, cand), words, keys, kw, quality, fills + 1)
                continue
            for k in range(1, min(_MAX_WORDS, len(words)) + 1):
                joiner = "+" if any(s in cand for s in _LIST_SEPARATORS) else "_"
                q = match(self.namespace, joiner.join(words[:k]), cand)
                if q:
                    self._walk((*prefix, cand), words[k:], keys, kw, quality + q, fills)


def _tree(
    engine: Engine[Any, Any], state: Any, seat: int
) -> Callable[[tuple[str, ...]], list[str]]:
    """Next legal tokens after a prefix: from the listed legal actions when the engine lists
    them (one pass), else from ``complete``."""
    listed = engine.legal_actions(state, seat)
    if listed is None:
        memo: dict[tuple[str, ...], list[str]] = {}

        def by_complete(prefix: tuple[str, ...]) -> list[str]:
            if prefix not in memo:
                memo[prefix] = engine.complete(state, seat, " ".join(prefix))
            return memo[prefix]

        return by_complete
    children: dict[tuple[str, ...], set[str]] = {}
    for action in listed:
        toks = tuple(str(action).split())
        for i in range(len(toks) + 1):
            children.setdefault(toks[:i], set()).add(toks[i] if i < len(toks) else END)
    return lambda prefix: sorted(children.get(prefix, ()))


def legal_texts(
    engine: Engine[Any, Any], state: Any, seat: int, under: str = "", limit: int = 1500
) -> list[str]:
    """The seat's legal moves as canonical text, those starting with ``under`` when given (at
    most ``limit`` of them when the engine does not list them and its tree must be walked)."""
    listed = engine.legal_actions(state, seat)
    if listed is not None:
        texts = [str(a) for a in listed]
        return [t for t in texts if t == under or t.startswith(under + " ")] if under else texts
    found: list[str] = []
    stack = [under]
    visits = 0
    while stack and len(found) < limit and visits < 4 * limit:
        prefix = stack.pop()
        visits += 1
        for tok in engine.complete(state, seat, prefix):
            if tok == END:
                found.append(prefix)
            else:
                stack.append(f"{prefix} {tok}".strip())
    return sorted(found)


def closest(
    engine: Engine[Any, Any],
    state: Any,
    seat: int,
    typed: str,
    n: int = _SHOWN,
    *,
    misnamed_only: bool = False,
) -> list[str]:
    """The legal moves nearest to what was typed (of the verb it names, if it names one), for
    "did you mean"; a bounded search, since it answers a refusal. With ``misnamed_only`` there
    are none unless a typed word names nothing in those moves: when every word is a real name
    (``play 5``, ``row=6``) the engine's own reason says all there is to say."""
    if not typed:
        return []
    verbs = [v for v in engine.complete(state, seat, "") if v != END]
    word = typed.split()[0]
    named = [v for v in verbs if v == word] or [v for v in verbs if v.startswith(word)]
    if len(named) != 1:
        named = difflib.get_close_matches(word, verbs, n=1, cutoff=0.6)
    pool = legal_texts(engine, state, seat, under=named[0], limit=300) if named else []
    if not pool:
        pool = legal_texts(engine, state, seat, limit=300)

    if misnamed_only:
        vocab = {part for t in pool for tok in t.split() for part in tok.partition("=")[::2]}
        words = [tok.partition("=")[2] or tok for tok in typed.split()]
        if all(w.isdigit() or w in vocab for w in words):
            return []

    namespace = engine.meta.id
    typed_words = [tok.partition("=")[2] or tok for tok in typed.split()[1:]]

    def whole(text: str) -> float:
        return difflib.SequenceMatcher(None, typed, text[: len(typed) + 12]).ratio()

    def by_name(text: str) -> float:
        """How well the typed words name the move's words, each by its closest name (its
        canonical token or a printed or localised name of it): a misspelt name in any
        language still finds its move (#26.4)."""
        if not typed_words:
            return 0.0
        words = [tok.partition("=")[2] or tok for tok in text.split()[1:]]
        if not words:
            return 0.0
        total = 0.0
        for w in typed_words:
            total += max(_likeness(namespace, w, word) for word in words)
        return total / len(typed_words)

    alike = {t: whole(t) for t in pool}
    scores = {t: max(alike[t], by_name(t)) for t in pool}
    # Equal by names (the same dice in another order): the closer text first.
    ranked = sorted(pool, key=lambda t: (-scores[t], -alike[t], t))
    return [t for t in ranked[:n] if scores[t] >= 0.5]


@cache
def _likeness(namespace: str, typed: str, token: str) -> float:
    """How alike a typed word and a canonical token are (0..1), by the closest of the token's
    names; a number is alike only to itself (``1`` is no typo of ``2``)."""
    t = squash(typed)
    if not t:
        return 0.0
    if t.isdigit() or token.isdigit():
        return 1.0 if t == squash(token) else 0.0
    best = 0.0
    for name in aliases(namespace, token):
        s = squash(name)
        if s == t:
            return 1.0
        best = max(best, difflib.SequenceMatcher(None, t, s).ratio())
    return best


def resolve(engine: Engine[Any, Any], state: Any, seat: int, toks: list[str]) -> list[str]:
    """The canonical texts of the legal moves the typed tokens fit best (empty: none fits)."""
    if not toks:
        return []
    search = _Search(_tree(engine, state, seat), engine.meta.id)
    found = search.run(_Typed.of(toks))
    if not found:
        return []
    best = (found[0].quality, found[0].fills)
    return [f.text for f in found if (f.quality, f.fills) == best]


def read(engine: Engine[Any, Any], state: Any, seat: int, text: str) -> Any:
    """What ``seat`` typed → the engine's canonical action (see the module docstring).

    Raises ``IllegalAction``: ``core.bad_character`` for characters the notation cannot read,
    ``core.ambiguous`` when several legal moves fit, else the engine's own reason, with the
    closest legal moves in its ``did_you_mean`` parameter when some are near.
    """
    toks = tokens(text)
    typed = " ".join(toks)
    strict: Any = None
    refusal = IllegalAction("core.empty_action", verbs=[v.name for v in engine.meta.verbs])
    try:
        strict = engine.parse(state, seat, typed)
    except IllegalAction as exc:
        refusal = exc
    if strict is not None and END in engine.complete(state, seat, str(strict)):
        return strict  # already a legal move (canonical, or an alias the engine reads itself)
    if seat not in engine.to_act(state) or len(typed) > 200:
        if strict is not None:
            return strict  # apply says why not (not your turn, game over)
        raise refusal
    fits = resolve(engine, state, seat, toks)
    if not fits:
        chosen = _unlisted_choice(engine, state, seat, toks)
        if chosen is not None:
            return chosen
    if len(fits) == 1:
        return engine.parse(state, seat, fits[0])
    if len(fits) > 1:
        raise IllegalAction("core.ambiguous", text=typed[:60], moves=_shown(fits))
    if strict is not None:
        try:
            engine.apply(state, seat, strict)
        except IllegalAction as exc:
            refusal = exc
        else:
            return strict
    near = closest(engine, state, seat, typed, misnamed_only=strict is not None)
    if near:
        raise IllegalAction(refusal.key, **{**refusal.params, SUGGESTIONS: near})
    accepted = _accepted(engine, state, seat, toks, refusal)
    if accepted:
        raise IllegalAction(refusal.key, **{**refusal.params, ACCEPTED: accepted})
    raise refusal


def _accepted(
    engine: Engine[Any, Any], state: Any, seat: int, toks: list[str], refusal: IllegalAction
) -> list[str]:
    """For a refusal that names a parameter (``param``) of the typed verb: what that parameter
    takes in the seat's legal moves now (#28.2: "build 紡績工場" is answered with the industries
    it may build), so the reader learns the names to type. Only the deciding seat's legal moves
    are read, so nothing hidden is listed."""
    if refusal.params.get("moves"):
        return []  # the refusal lists what to type itself (Brass's ``coal=dudley.1``)
    param = refusal.params.get("param")
    verb = engine.meta.verb(toks[0]) if toks else None
    if not isinstance(param, str) or verb is None:
        return []
    spec = next((p for p in verb.params if p.name == param), None)
    if spec is None:
        return []
    positional = [p.name for p in verb.params if not p.keyword]
    found: set[str] = set()
    for text in legal_texts(engine, state, seat, under=verb.name, limit=300):
        bare = [t for t in text.split()[1:] if "=" not in t]
        keyed = dict(t.partition("=")[::2] for t in text.split()[1:] if "=" in t)
        if param in keyed:
            found.add(keyed[param])
        elif param in positional and positional.index(param) < len(bare):
            found.add(bare[positional.index(param)])
    return _shown(sorted(found))


def _unlisted_choice(engine: Engine[Any, Any], state: Any, seat: int, toks: list[str]) -> Any:
    """The move typed with one ``name=value`` choice that the lists leave out because it equals
    one they show (Brass lists identical free spaces once, yet the player picks the space, B41):
    the rest read as usual, that choice kept as typed, if the engine accepts it; else ``None``."""
    for i, tok in enumerate(toks):
        name, eq, value = tok.partition("=")
        if not (eq and name and value):
            continue
        fits = resolve(engine, state, seat, toks[:i] + toks[i + 1 :])
        if len(fits) != 1:
            continue
        kept = [t for t in fits[0].split() if not t.startswith(name + "=")]
        try:
            action = engine.parse(state, seat, " ".join([*kept, tok]))
            engine.apply(state, seat, action)
        except IllegalAction:
            continue
        return action
    return None


def _shown(texts: Iterable[str]) -> list[str]:
    texts = list(texts)
    shown = texts[:_SHOWN]
    if len(texts) > _SHOWN:
        shown.append(f"… (+{len(texts) - _SHOWN})")
    return shown
