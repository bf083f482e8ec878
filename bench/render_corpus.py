"""A corpus of boards, glances and private screens of every game, hashed, to show that a change to
the renderers draws the very same pictures (or exactly which ones it changed), and what the
corpus costs to draw.

``python -m bench.render_corpus --write base.json`` renders the corpus and writes the SHA-256 of
every PNG; ``python -m bench.render_corpus --check base.json`` renders it again and lists the
images whose bytes differ (exit status 1 if any). ``--save DIR`` also writes the PNGs, to open
the ones that changed. It prints the CPU seconds spent in the render calls: run it alternately
on two checkouts to compare their drawing time. Compare checkouts with ``PYTHONPATH=<checkout> python -m
bench.render_corpus ...``.

The positions: seeded random games of each game at 2 to its maximum players (Marco Polo in both
set-ups, Brass in both modes), taken at the start, at four points through the game and at the
end; each drawn in English with plain names and in Japanese with Japanese, Hebrew and Arabic
names, with the marks of the moves since the acting player's last turn (as the service logs and
passes them: with what each move paid out, ``engines.kit.with_earned`` and ``with_recent``), its
glance, and the private screen of the acting seat.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import engines
import renderers
from bot.recap import turn_window
from engines.base import CHANCE
from engines.kit import last_mark, with_earned, with_recent
from engines.randomplay import random_play
from engines.rng import Rng
from tests import games


def tables() -> Iterator[tuple[str, int, dict[str, str], int]]:
    """(game, players, options, seed) of each game in the corpus: a game's ``RENDER_CORPUS`` in
    ``tests/<id>/__init__.py`` ((players, options, seed) each), else one game per player count
    it takes, seeded 3, 7, 11…, with its default options."""
    for game in games.shipped():
        meta = engines.get(game).meta
        counts = range(meta.min_players, meta.max_players + 1)
        default = tuple((n, {}, 3 + 4 * i) for i, n in enumerate(counts))
        for players, options, seed in games.fact(game, "RENDER_CORPUS", default):
            yield game, players, options, seed


#: Where through a game a position is taken (fractions of its moves; the end is added).
POINTS = (0.0, 0.04, 0.3, 0.6, 0.95)
LANGS = {
    "en": ["Ana", "Ben", "Cid", "Dee", "Eve"],
    "ja": ["山田花子", "שלום 2", "مرحبا", "Ana", "José"],
}


def positions(
    game: str, players: int, options: dict[str, str], seed: int
) -> Iterator[tuple[str, Any, tuple[Any, ...]]]:
    """(label, state, recent marks) at each point of one seeded random game."""
    engine = engines.get(game)
    state = engine.setup(players, engine.meta.validate_options(options), seed)
    final, steps = random_play(engine, state, Rng(seed))
    states = [s for s, _, _ in steps[1:]] + [final]  # the state after each step
    moves = [(seat, False) for _, seat, _ in steps]
    # Each move's mark as the service logs it: with what the move paid out (its events again).
    paid = [engine.earned(engine.play(before, seat, text)[1]) for before, seat, text in steps]
    marks = [
        with_earned(last_mark(engine.view(s, None)), got)
        for s, got in zip(states, paid, strict=True)
    ]
    picks = sorted({int(f * (len(steps) - 1)) for f in POINTS} | {len(steps) - 1})
    for i in picks:
        after = states[i]
        acting = [s for s in engine.to_act(after) if s != CHANCE]
        start = turn_window(moves[: i + 1], acting)
        recent = tuple(m for m in marks[start : i + 1] if m is not None)
        yield f"{game}-{players}p-s{seed}-m{i + 1}", after, recent


#: CPU seconds spent inside the renderers' calls so far (random play and views left out).
RENDER_CPU = [0.0]


def _timed(draw: Callable[..., bytes | None], *args: Any, **kwargs: Any) -> bytes | None:
    start = time.process_time()
    try:
        return draw(*args, **kwargs)
    finally:
        RENDER_CPU[0] += time.process_time() - start


def corpus() -> Iterator[tuple[str, bytes]]:
    """(name, PNG) of every image in the corpus, in a fixed order."""
    for game, players, options, seed in tables():
        engine = engines.get(game)
        renderer = renderers.get(game)
        for label, state, recent in positions(game, players, options, seed):
            view = with_recent(engine.view(state, None), recent)
            acting = [s for s in engine.to_act(state) if s != CHANCE]
            for lang, all_names in LANGS.items():
                names = all_names[:players]
                for kind, draw in (("board", renderer.render), ("glance", renderer.render_glance)):
                    png = _timed(draw, view, names=names, lang=lang)
                    assert png is not None
                    yield f"{label}-{lang}-{kind}", png
                if acting:
                    seat = acting[0]
                    private = renderer.render_private
                    png = _timed(private, engine.view(state, seat), names=names, lang=lang)
                    if png is not None:  # a seat with nothing hidden has no screen
                        yield f"{label}-{lang}-private{seat}", png


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", type=Path, help="write the hashes to this JSON file")
    parser.add_argument("--check", type=Path, help="compare with the hashes in this JSON file")
    parser.add_argument("--save", type=Path, help="also write every PNG into this folder")
    args = parser.parse_args()
    hashes: dict[str, str] = {}
    for name, png in corpus():
        hashes[name] = hashlib.sha256(png).hexdigest()
        if args.save:
            args.save.mkdir(parents=True, exist_ok=True)
            (args.save / f"{name}.png").write_bytes(png)
    # CPU time inside the render calls (the first call of each kind builds its cached layers).
    print(json.dumps({"images": len(hashes), "render_cpu_seconds": round(RENDER_CPU[0], 2)}))
    if args.write:
        args.write.write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n")
    if args.check:
        before = json.loads(args.check.read_text())
        changed = sorted(k for k in before.keys() | hashes.keys() if before.get(k) != hashes.get(k))
        for name in changed:
            print("differs:", name)
        print(f"{len(hashes) - len(changed)} of {len(hashes)} identical")
        return 1 if changed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
