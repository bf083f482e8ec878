"""A newcomer at the keyboard: the shortest spelling of a legal move that the forgiving reader
(``Engine.read``, engines/reading.py) still takes for that very move (#12.1).

Used by the console transcripts (tests/cli/test_newcomer_transcripts.py) and by
``bench/typed_chars.py``, which counts what players type per turn.
"""

from __future__ import annotations

from typing import Any

from engines.base import Engine, IllegalAction


def _means(engine: Engine[Any, Any], state: Any, seat: int, text: str, target: str) -> bool:
    """Whether ``text`` reads as exactly the move whose canonical text is ``target``."""
    try:
        return str(engine.read(state, seat, text)) == target
    except IllegalAction:
        return False


def _shorter(token: str) -> list[str]:
    """Shorter spellings of one token to try, shortest first: a bare keyword value, prefixes of
    it (or of the whole token), and each ``+`` part cut short."""
    tries: list[str] = []
    word = token.split("=", 1)[1] if "=" in token else token
    if word != token:
        tries.append(word)
    tries.extend(word[:n] for n in range(1, len(word)))
    if "=" in token:
        tries.extend(token[:n] for n in range(token.index("=") + 2, len(token)))
    return sorted(set(tries), key=len)


def shortest_spelling(engine: Engine[Any, Any], state: Any, seat: int, canonical: str) -> str:
    """A short text the reader takes for ``canonical`` (greedy: leave out whole tokens first,
    then cut each remaining token to its shortest accepted form). Always accepted."""
    target = str(engine.read(state, seat, canonical))
    words = target.split()
    i = 1  # the verb stays
    while i < len(words):
        trial = words[:i] + words[i + 1 :]
        if _means(engine, state, seat, " ".join(trial), target):
            words = trial
        else:
            i += 1
    for i, word in enumerate(list(words)):
        for short in _shorter(word):
            trial = words[:i] + [short] + words[i + 1 :]
            if _means(engine, state, seat, " ".join(trial), target):
                words = trial
                break
    text = " ".join(words)
    assert _means(engine, state, seat, text, target), (canonical, text)
    return text
