"""How well a one-letter typo of a legal move is answered (issue #26.4):

    python bench/typos.py [--games 2] [--positions 12] [--moves 4] [--seed 1] [game ...]

Random games (engines.randomplay) give the positions; at a sample of them, a sample of the
deciding seat's legal moves is typed with one letter wrong in one of its names (a site, card,
town, industry, good: a token of at least four letters other than the verb): a letter dropped,
two neighbours swapped, or a letter added (the one before it doubled) — and, in a second count,
the same typos of the name a Japanese or Spanish edition prints (``<game>.value.<word>``) where
the move's token has one. A typo is **answered** when ``engine.read`` takes it as the intended
move, or refuses it with a "did you mean" (or an "ambiguous: …" question) whose list contains
the intended move. Every ``name=value`` token is typed as its bare value (``--keywords``: whole); ``--short``
types only the verb and the misspelt name, for the moves those two say alone (``take statue``,
``pass wild_industry``).
Prints one line per game and the total: answered / typos (percent).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engines  # noqa: E402
from engines.base import CHANCE, IllegalAction  # noqa: E402
from engines.catalog import CATALOG, SUGGESTIONS  # noqa: E402
from engines.randomplay import random_play  # noqa: E402
from engines.rng import Rng  # noqa: E402

VERBOSE = False
GAMES = ("bombay", "imhotep", "marco_polo", "brass")
PLAYERS = {"bombay": 3, "imhotep": 3, "marco_polo": 3, "brass": 3}


def typos(word: str, rng: random.Random) -> list[str]:
    """One typo of each kind (drop, swap, add) at a random place of ``word``."""
    out = []
    i = rng.randrange(len(word))
    out.append(word[:i] + word[i + 1 :])
    j = rng.randrange(len(word) - 1)
    if word[j] != word[j + 1]:
        out.append(word[:j] + word[j + 1] + word[j] + word[j + 2 :])
    k = rng.randrange(len(word))
    out.append(word[: k + 1] + word[k] + word[k + 1 :])
    return [t for t in out if t != word]


def names_of(game: str, token: str, lang: str) -> str | None:
    """The name ``lang`` prints for a canonical token, if the catalog has one."""
    from engines.reading import localised_name

    return localised_name(game, token, lang)


def answered(engine: Any, state: Any, seat: int, typed: str, want: str) -> bool:
    """The typo was read as the intended move, or refused naming it among the suggestions."""
    try:
        return str(engine.read(state, seat, typed)) == want
    except IllegalAction as exc:
        listed = exc.params.get(SUGGESTIONS) or exc.params.get("moves") or []
        return want in listed


def reads_as(engine: Any, state: Any, seat: int, typed: str, want: str) -> bool:
    try:
        return str(engine.read(state, seat, typed)) == want
    except IllegalAction:
        return False


def targets(text: str) -> list[int]:
    """Indexes of the tokens of a move a typo may hit: names, not the verb nor numbers."""
    out = []
    for i, tok in enumerate(text.split()):
        value = tok.partition("=")[2] or tok
        if i > 0 and len(value) >= 4 and not value.isdigit():
            out.append(i)
    return out


def retyped(
    text: str, index: int, new_value: str, *, bare: bool = True, short: bool = False
) -> str:
    """``text`` with token ``index`` replaced by ``new_value``; ``bare``: every ``name=value``
    typed as its value alone, as players type them (the reader takes a bare value); ``short``:
    only the verb and that name."""
    toks = text.split()
    if short:
        return f"{toks[0]} {new_value}"
    name, eq, _ = toks[index].partition("=")
    toks[index] = f"{name}={new_value}" if eq else new_value
    if bare:
        toks = [t.partition("=")[2] or t for t in toks]
    return " ".join(toks)


def run(
    game: str, games: int, positions: int, moves: int, seed: int, bare: bool, short: bool
) -> dict[str, list[int]]:
    """Per language ("notation", "ja", "es"): [answered, typos]."""
    engine: Any = engines.get(game)
    rng = random.Random(seed)
    counts: dict[str, list[int]] = {"notation": [0, 0], "ja": [0, 0], "es": [0, 0]}
    for g in range(games):
        state = engine.setup(PLAYERS[game], engine.meta.validate_options({}), seed * 100 + g)
        _, steps = random_play(engine, state, Rng(seed * 100 + g))
        picked = [s for s in steps if s[1] != CHANCE]
        for before, seat, _ in (picked[rng.randrange(len(picked))] for _ in range(positions)):
            legal = engine.legal_actions(before, seat)
            if legal is None:
                from engines.reading import legal_texts

                texts = legal_texts(engine, before, seat, limit=300)
            else:
                texts = [str(a) for a in legal]
            texts = [t for t in texts if targets(t)]
            if not texts:
                continue
            for _ in range(moves):
                want = texts[rng.randrange(len(texts))]
                spots = targets(want)
                index = spots[rng.randrange(len(spots))]
                tok = want.split()[index]
                value = tok.partition("=")[2] or tok
                for lang, name in (
                    ("notation", value),
                    ("ja", names_of(game, value, "ja")),
                    ("es", names_of(game, value, "es")),
                ):
                    if not name or len(name) < (2 if lang == "ja" else 4):
                        continue
                    if lang != "notation" and name == value:
                        continue
                    if short and not reads_as(
                        engine, before, seat, retyped(want, index, name, short=True), want
                    ):
                        continue  # the verb and this name alone do not say the move
                    for typo in typos(name, rng):
                        typed = retyped(want, index, typo, bare=bare, short=short)
                        ok = answered(engine, before, seat, typed, want)
                        counts[lang][1] += 1
                        counts[lang][0] += ok
                        if not ok and VERBOSE:
                            print(f"  missed: {typed!r} for {want!r}")
    return counts


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games_", nargs="*", metavar="game", help="games (default: all four)")
    ap.add_argument("--games", type=int, default=2, help="random games per game")
    ap.add_argument("--positions", type=int, default=12, help="positions per random game")
    ap.add_argument("--moves", type=int, default=4, help="legal moves typed per position")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--keywords",
        action="store_true",
        help="type name=value tokens whole (default: their bare values, as players type them)",
    )
    ap.add_argument(
        "--short",
        action="store_true",
        help="type only the verb and the misspelt name (moves that the two say alone)",
    )
    ap.add_argument("--verbose", action="store_true", help="print every typo not answered")
    args = ap.parse_args(argv)
    global VERBOSE
    VERBOSE = args.verbose
    total: dict[str, list[int]] = {"notation": [0, 0], "ja": [0, 0], "es": [0, 0]}
    for game in args.games_ or GAMES:
        counts = run(
            game, args.games, args.positions, args.moves, args.seed, not args.keywords, args.short
        )
        parts = []
        for lang, (ok, n) in counts.items():
            total[lang][0] += ok
            total[lang][1] += n
            if n:
                parts.append(f"{lang} {ok}/{n} ({100 * ok / n:.0f} %)")
        print(f"{game:11s} " + " · ".join(parts))
    parts = [f"{lang} {ok}/{n} ({100 * ok / n:.0f} %)" for lang, (ok, n) in total.items() if n]
    print(f"{'all':11s} " + " · ".join(parts))
    _ = CATALOG  # the printed names come from the catalog (engines.reading.localised_name)


if __name__ == "__main__":
    main()
