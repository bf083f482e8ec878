"""#28.3: VP are scored only when an era ends (R14, R16, R46; the introductory game B80), so the
glance shows each seat's VP as if the era ended now, and says so, instead of 0 VP for everyone
through the canal era."""

from __future__ import annotations

from typing import Any

import pytest

import engines
import renderers.brass.panels as panels
from engines.brass.draft import Draft
from engines.brass.rounds import end_canal_era
from engines.brass.scoring import breakdown, industries_score, links_score
from engines.brass.state import State
from engines.randomplay import random_play
from engines.rng import Rng
from renderers.kit.glances import Glance

NAMES = ["Ana", "Ben", "Cid", "Dee"]


def _positions(mode: str, seed: int) -> list[State]:
    engine = engines.get("brass")
    state = engine.setup(4, engine.meta.validate_options({"mode": mode}), seed)
    _, steps = random_play(engine, state, Rng(seed))
    return [s for s, _, _ in steps[:: max(1, len(steps) // 40)]]


@pytest.mark.parametrize("seed", [5, 8])
def test_the_canal_eras_score_now_is_what_ending_the_era_now_would_give(seed: int) -> None:
    """In the full game's canal era, the engine's own end of the canal era (R13–R21) run on the
    position gives each seat exactly the VP the view says."""
    engine = engines.get("brass")
    canal = [s for s in _positions("full", seed) if s.era == "canal"]
    assert len(canal) > 10
    assert any(any(engine.view(s, None).if_era_ended()) for s in canal)  # not all zeros
    for state in canal:
        draft = Draft(state)
        end_canal_era(draft)
        assert engine.view(state, None).if_era_ended() == tuple(draft.vp)


@pytest.mark.parametrize("mode", ["full", "intro"])
def test_the_score_now_follows_the_eras_scoring_rules(mode: str) -> None:
    """Rail era: VP so far plus rail links and flipped tiles (R46); introductory game: its whole
    final scoring (B80, B81, D3)."""
    engine = engines.get("brass")
    for state in _positions(mode, 5):
        now = engine.view(state, None).if_era_ended()
        for seat in range(state.players):
            if mode == "intro":
                expected = sum(breakdown(state, seat).values())
            else:
                expected = state.vp[seat] + links_score(state, seat) + industries_score(state, seat)
            assert now[seat] == expected


@pytest.mark.parametrize(
    ("lang", "label"),
    [
        ("en", "VP as if the canal era ended now:"),
        ("es", "PV como si la era de los canales terminara ahora:"),
        ("ja", "今運河時代が終わった場合の勝利点："),
    ],
)
def test_the_glance_shows_the_score_as_if_the_era_ended_now_and_says_so(
    monkeypatch: pytest.MonkeyPatch, lang: str, label: str
) -> None:
    drawn: list[Glance] = []

    def keep(view: Any, seats: Any, g: Glance) -> bytes:
        drawn.append(g)
        return b""

    monkeypatch.setattr(panels.kit, "glance", keep)
    engine = engines.get("brass")
    state = next(s for s in reversed(_positions("full", 5)) if s.era == "canal")
    view = engine.view(state, None)
    now = view.if_era_ended()
    assert now != view.vp  # the old glance showed the VP marker, 0 until an era's end or a bonus
    panels.render_glance(view, names=NAMES, lang=lang)
    (glance,) = drawn
    assert glance.note == label
    for seat, score in enumerate(glance.scores):
        assert score.startswith(f"{now[seat]}"), score


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize(("mode", "moves"), [("full", 40), ("full", 100), ("intro", 40)])
def test_each_player_card_says_its_vp_if_the_era_ended_now(
    lang: str, mode: str, moves: int
) -> None:
    """The board's player cards show the same score as the glance beside the VP marker, until the
    game is over (then the final scores alone)."""
    from renderers import get as renderer_of
    from renderers import kit
    from renderers.brass import words as W

    engine = engines.get("brass")
    start = engine.setup(4, engine.meta.validate_options({"mode": mode}), 7)
    state, _ = random_play(engine, start, Rng(7), moves)
    view = engine.view(state, None)
    with kit.recording() as log:
        renderer_of("brass").render(view, lang=lang)
    labels = [label for _, label, _ in log.texts]
    now = view.if_era_ended()
    key = f"card_if_ended.{view.mode}.{view.era}"
    for seat in range(4):
        assert labels.count(W.say(key, lang, vp=now[seat])) == now.count(now[seat]), seat
    final = engine.view(random_play(engine, start, Rng(7))[0], None)
    with kit.recording() as log:
        renderer_of("brass").render(final, lang=lang)
    prefix = W.say(key, lang, vp=0).replace("0", "")[:4]
    assert not [label for _, label, _ in log.texts if label.startswith(prefix)]
