"""#28.2 "Done when": at a Japanese table no English word shows outside what a player types.

Two random games of each of the four games are played at a table opened in Japanese on an
English deployment (``lang="ja"`` on the lobby, #28.1). Read are: every line the service writes (the
start, the moves, the "Now:" lines, private lines, the board caption, each player's hand in
their own language), the refusals of mistyped moves at positions along the game (a misspelt
name, a name no move takes, a verb without its values), and every text drawn on the board, the
glance and each seat's private screen at positions along the game (the renderers' own label log,
``renderers.kit.recording``).

A Latin word is allowed only where it is what a player types or what the edition prints:

- in a line, between backticks (the catalog quotes notation that way: `take paved_path`), or a
  verb of the game (the command's first word, the same in every language);
- on a board, a label that is one id of the notation, alone or tagged with its number or a colon
  beside the name it stands for (Bombay's ``e3 · 18``, Marco Polo's ``moscow:``);
- the printed words (``PRINTED_WORDS`` of each game, ``VP``) and, on the Brass map, the town names
  and level numerals the Japanese edition prints in Latin letters (``JAPANESE_BOARD = False``).

Cards, towns, goals and moves must otherwise be said by their Japanese names: a hand of
``birmingham、brewery``, a goal ``g06``, a last move ``take temple_decoration`` or a refusal
naming ``industry`` fails here. Every refusal the engines give, for many more mistakes and in
Spanish too: ``tests/test_refusal_words.py``.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import engines
import renderers
from bot.service import Service, ServiceError, User
from engines.base import CHANCE, IllegalAction
from engines.catalog import CATALOG
from engines.randomplay import random_game, random_play
from engines.reading import legal_texts
from engines.rng import Rng
from renderers import kit
from tests import games
from tests.fakes import FakeClock
from tests.test_no_english import COMMON, WORD

GAMES = sorted(g for g in games.shipped() if "ja" in games.languages(g))
PEOPLE = (User(1, "アナ"), User(2, "ベン"), User(3, "カル"))
#: A board label that is a typable id beside its name: ``e3 · 18``, ``moscow:``, ``lan_zhou``.
ID_TAG = re.compile(r"^[a-z][a-z0-9_]*( · \d+|:)?$")
ROMAN = {"I", "II", "III", "IV", "V", "VI", "VII", "VIII"}


def printed(game: str) -> set[str]:
    """Words the Japanese edition prints in Latin letters, and the product's own name."""
    return COMMON | games.fact(game, "PRINTED_WORDS", set()) | {"Turnpost"}


def verbs(game: str) -> set[str]:
    return {v.name for v in engines.get(game).meta.verbs}


def english(lines: list[str], allowed: set[str]) -> dict[str, str]:
    """Latin words outside backticks that ``allowed`` does not list, each with a line."""
    found: dict[str, str] = {}
    for line in lines:
        for word in WORD.findall(re.sub(r"`[^`]*(`|…$)", "", line)):
            if word not in allowed and word.lower() not in allowed:
                found.setdefault(word, line)
    return found


def map_words(game: str) -> set[str]:
    """The English names the map prints (Brass's towns, its level numerals), when the Japanese
    board keeps them."""
    if games.fact(game, "JAPANESE_BOARD", True):
        return set()
    prefix = f"{game}.value."
    names = {
        k[len(prefix) :]
        for lang in CATALOG.languages()
        for k in CATALOG.messages(lang)
        if k.startswith(prefix)
    }
    return ROMAN | {w for name in names for w in WORD.findall(name)}


def positions(game: str, seed: int, count: int) -> list[tuple[Any, int]]:
    """(state, deciding seat) at ``count`` moments of a random game."""
    engine = engines.get(game)
    state = engine.setup(games.players(game), engine.meta.validate_options({}), seed)
    end, steps = random_play(engine, state, Rng(seed))
    seated = [(s, seat) for s, seat, _ in steps if seat != CHANCE]
    picks = seated[:: max(1, len(seated) // count)][:count]
    return [*picks, (end, 0)]


def board_texts(game: str, seed: int) -> list[str]:
    """Every text drawn on the board, the glance and a private screen, along a game."""
    engine, renderer = engines.get(game), renderers.get(game)
    names = [p.name for p in PEOPLE[: games.players(game)]]
    out: list[str] = []
    for state, seat in positions(game, seed, 5):
        with kit.recording() as log:
            public = engine.view(state, None)
            renderer.render(public, names=names, lang="ja")
            renderer.render_glance(public, names=names, lang="ja")
            renderer.render_private(engine.view(state, seat), names=names, lang="ja")
        out += [label for _, label, _ in log.texts]
    return out


def refusals(game: str, seed: int, typed_words: set[str]) -> list[str]:
    """What a Japanese player is told for mistyped moves along a game: a misspelt name of a
    legal move, a name no move takes, a verb alone. The words typed go into ``typed_words``:
    a refusal may echo them (「stoe」のカードを持っていません)."""
    engine = engines.get(game)
    names = [p.name for p in PEOPLE[: games.players(game)]]
    rng = random.Random(seed)
    out: list[str] = []
    for state, seat in positions(game, seed, 6)[:-1]:
        legal = legal_texts(engine, state, seat, limit=200)
        if not legal:
            continue
        move = rng.choice(legal).split()
        words = [i for i, t in enumerate(move) if i and len(t.partition("=")[2] or t) > 3]
        typed = [" ".join(move[:1] + ["紡績工場"]), move[0]]
        if words:
            i = rng.choice(words)
            typo = move[:]
            typo[i] = typo[i][:-2] + typo[i][-1]
            typed.append(" ".join(typo))
        for text in typed:
            try:
                engine.read(state, seat, text)
            except IllegalAction as exc:
                out.append(ServiceError.from_illegal(exc, names).text("ja"))
                typed_words.update(w.lower() for w in WORD.findall(text))
    return out


async def service_lines(game: str, db: Path, seed: int) -> list[str]:
    """Every line the service writes for a Japanese table during one random game."""
    engine = engines.get(game)
    people = PEOPLE[: games.players(game)]
    _, log = random_game(engine, len(people), None, seed=seed)
    svc = await Service.open(db, clock=FakeClock(1_767_571_200.0), lang="en")
    try:
        await svc.create_lobby(1, 1, people[0], game, seed=seed, lang="ja")
        for u in people[1:]:
            await svc.join(1, u)
        out = await svc.start(1, people[0], order=[u.id for u in people], render=False)
        lines = list(out.lines)
        for step, (seat, text) in enumerate(log):
            out = await svc.act(1, people[seat], text, render=False)
            lines += out.lines + out.recap
            for private in out.private_lines.values():
                lines += private
            if step % 25 == 0:
                for u in people:
                    lines += (await svc.private_view(1, u, lang="ja")).lines
                lines += (await svc.board(1)).lines
        for u in people:
            lines += (await svc.private_view(1, u, lang="ja")).lines
        lines += (await svc.board(1)).lines
        sheet = await svc.score_sheet(1)
        lines += list(sheet.lines) if sheet else []
        lines += (await svc.log(1, -1, viewer=people[0].id, lang="ja")).lines
    finally:
        await svc.close()
    return lines


@pytest.mark.parametrize("seed", [11, 12])
@pytest.mark.parametrize("game", GAMES)
async def test_a_japanese_table_says_cards_towns_goals_and_moves_in_japanese(
    game: str, seed: int, tmp_path: Path
) -> None:
    lines = await service_lines(game, tmp_path / "t.db", seed)
    typed: set[str] = set()
    lines += refusals(game, seed, typed)
    found = english(lines, printed(game) | verbs(game) | typed)
    assert not found, f"{len(found)} English words in lines, e.g. {list(found.items())[:6]}"
    drawn = [t for t in board_texts(game, seed) if not ID_TAG.match(t)]
    found = english(drawn, printed(game) | map_words(game))
    assert not found, f"{len(found)} English words on boards, e.g. {list(found.items())[:6]}"
