"""Imhotep's final score sheet (#28.3): no heading is broken inside a word (``ファラオの怒 / り``,
``そり（同点時 / ）`` on a Japanese table) and a computer's name is drawn whole, not ``コンピュ…``."""

from __future__ import annotations

import pytest

import engines
import renderers
from engines.imhotep.scoring import CATEGORIES
from engines.randomplay import random_play
from engines.rng import Rng
from renderers import kit

NAMES = {
    "ja": ["コンピューター1（ふつう）", "はなこ", "たろう", "コンピューター2（つよい）"],
    "en": ["Computer 1 (normal)", "Ana", "Bartholomew Featherstone", "Dee"],
    "es": ["Computadora 1 (normal)", "Ana", "José María de la Fuente", "Eva"],
}


def drawn_whole(heading: str, labels: list[str]) -> bool:
    """Whether ``heading`` was drawn on one line or on consecutive lines broken at spaces."""
    return any(
        " ".join(labels[i : i + k]) == heading for i in range(len(labels)) for k in (1, 2, 3)
    )


@pytest.mark.parametrize("lang", ["ja", "en", "es"])
@pytest.mark.parametrize("seed", [7, 11])
def test_final_sheet_headings_break_only_between_words_and_names_are_whole(
    lang: str, seed: int
) -> None:
    engine = engines.get("imhotep")
    start = engine.setup(4, engine.meta.validate_options({}), seed)
    state, _ = random_play(engine, start, Rng(seed), 10_000)
    view = engine.view(state, None)
    assert view.over
    with kit.recording() as log:
        renderers.get("imhotep").render(view, names=NAMES[lang], lang=lang)
    labels = [t[1] for t in log.texts]
    heads = [kit.say(f"imhotep.board.sheet.{c}", lang) for c in CATEGORIES]
    heads += [kit.say("imhotep.board.total", lang), kit.say("imhotep.board.sled_tie", lang)]
    assert [h for h in heads if not drawn_whole(h, labels)] == []
    for name in NAMES[lang]:
        assert any(label.endswith(" " + name) for label in labels), name
