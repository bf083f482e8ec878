"""A Japanese table's boards with Japanese, Hebrew and Arabic names against their PNG encode floor,
printed as JSON: ``python -m bench.render_names [--no-raqm]``.

``turnpost bench`` renders in English with ASCII names; this draws what a mixed table sees (the
ja catalog; a Japanese, a Hebrew, an Arabic and a Latin name), so the text layout of #13.3
(per-character font fallback, right-to-left names, stroked bold Japanese) is measured where it
runs. ``--no-raqm`` draws with the python-bidi + arabic-reshaper fallback, as on a system without
libfribidi. A render must stay within 2x the time to PNG-encode the very image it returned.
Compare checkouts with ``PYTHONPATH=<checkout> python -m bench.render_names``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import engines
import renderers
from bot.bench import encode_floor, positions
from renderers import kit

NAMES = ["山田花子", "שלום 2", "مرحبا", "Ana", "José"]


def render_ratios(game: str, boards: int = 8, seed: int = 1) -> dict[str, float]:
    """Median and max of (render time, best of 3) / (encode floor) over ``boards`` positions,
    and the first render's median ratio (fresh strings)."""
    engine = engines.get(game)
    players = engine.meta.max_players
    pos = positions(engine, players, 2, seed)
    names = NAMES[:players]
    renderer = renderers.get(game)
    best: list[float] = []
    first: list[float] = []
    for state, _, _ in pos[:: max(1, len(pos) // boards)][:boards]:
        view = engine.view(state, None)
        times = []
        for _ in range(3):
            t = time.perf_counter()
            png = renderer.render(view, names=names, lang="ja")
            times.append(time.perf_counter() - t)
        floor = encode_floor(png)
        best.append(min(times) / floor)
        first.append(times[0] / floor)
    return {
        "median": round(statistics.median(best), 2),
        "max": round(max(best), 2),
        "first_run_median": round(statistics.median(first), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--no-raqm", action="store_true", help="draw with the fallback layout")
    parser.add_argument("--boards", type=int, default=8)
    args = parser.parse_args()
    if args.no_raqm:
        kit.RAQM = False
    out = {
        "raqm": bool(getattr(kit, "RAQM", None)),
        "render_over_encode": {
            game: render_ratios(game, args.boards) for game in sorted(g.id for g in engines.GAMES)
        },
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
