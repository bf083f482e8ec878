"""#13.6: a Japanese or Spanish table meets no English.

Whole random games of every engine are replayed with the language set to ``ja`` and ``es``,
through the service (move messages, private lines, the "Now:" line, the board caption, private
views, the score sheet) and through the console (the same plus its own lines: lobby, seats,
pings, refusals, hands, ``mine``, ``log``, ``moves``, ``help``, ``help <game>``), and every line is checked for
English words: in Japanese any Latin word, in Spanish a word of the English catalog that Spanish
never uses. A word may appear only when it is in the allow-list below:

- the notation tokens a player types (every token of every action played, every verb and
  parameter name): they are the same in every language by design (#13.4 adds aliases);
- the players' display names;
- anything between backticks, which the catalog uses only to quote what a player types;
- game terms the published Japanese/Spanish editions print as they are (``VP``/``PV``
  abbreviations; each game's own, such as ``AP`` in the Japanese Bombay rules or the Roman level
  numerals on Brass tiles, are its ``PRINTED_WORDS`` in ``tests/<game>/__init__.py``);
- the games' own titles where the edition keeps them (Bombay, Imhotep, Brass, Birmingham: also
  ``PRINTED_WORDS``), and the game ids the console takes;
- ``UTC`` in a fixed offset ("UTC+09:00"), written as players type it;
- in the console, its own command words and example zone names (typed, like the notation) and
  file paths (the user's own).
"""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path

import pytest

import engines
from bot.console import run_console
from bot.service import Service, User
from engines.catalog import CATALOG
from engines.randomplay import random_game
from tests import games
from tests.fakes import FakeClock

GAMES = games.shipped()
#: Every game in each language it ships other than English.
TRANSLATED = [(game, lang) for game in GAMES for lang in games.languages(game) if lang != "en"]
#: The players of a table (as many as the shared tests seat: tests/games.py::players).
PEOPLE = (User(1, "アナ"), User(2, "ベン"), User(3, "カル"), User(4, "ディー"), User(5, "イヴ"))


def players_of(game: str) -> tuple[User, ...]:
    """The people seated at ``game``: three, or the nearest count the game takes."""
    return PEOPLE[: games.players(game)]


#: Printed terms of no one game (see the module docstring for why each is allowed).
COMMON = {
    "BGA",
    "VP",
    "PV",
    "PA",
    # A fixed offset is shown as players type it (`utc_offset:UTC+9`), the international form.
    "UTC",
}
#: ... and every shipped game's own printed words (its title, its terms), shown in any game's
#: lists (``help``, ``games``): ``PRINTED_WORDS`` of ``tests/<game>/__init__.py``.
ALLOWED = COMMON.union(*(games.fact(g, "PRINTED_WORDS", set()) for g in GAMES))


def allowed_in(game: str, played: list[str]) -> set[str]:
    """The Latin words a table of ``game`` may meet: the printed ones, the notation played or
    typed, what its translated help quotes (``QUOTED_NOTATION`` of ``tests/<game>/__init__.py``)."""
    quoted: set[str] = games.fact(game, "QUOTED_NOTATION", set())
    return ALLOWED | notation_words(game, played) | quoted


#: The console's own commands (typed by the player, listed by ``help``) and the game ids
#: ``games``/``new`` take: notation of the console itself.
CONSOLE_WORDS = {
    "as",
    "games",
    "help",
    "new",
    "join",
    "leave",
    "start",
    "board",
    "hand",
    "moves",
    "play",
    "log",
    "undo",
    "abort",
    "yes",  # `abort yes`: the console's confirmation of an abort (#12.6)
    "mine",
    "export",
    "settings",
    "remind",
    # computer seats and hints (#15): `computer add|remove [easy|normal]`, `hint`, `hints=off`
    "computer",
    "add",
    "remove",
    "easy",
    "normal",
    "hint",
    "hints",
    "off",
    # a table's own language (#28.1): `new GAME lang=ja`
    "lang",
    "en",
    "es",
    "ja",
    "quit",
    "players",
    "seed",
    "delay",
    "interval",
    "max",
    "deadline",
    "quiet",
    "zone",
    "Asia",
    "Tokyo",
    "Europe",
    "Madrid",
    "move",
    "Turnpost",
    # the game ids `games` lists and `new` takes, and their parts (marco_polo)
    *GAMES,
    *(part for game in GAMES for part in game.split("_")),
}

WORD = re.compile(r"[A-Za-z]{2,}")


@cache
def english_words() -> frozenset[str]:
    """English vocabulary: every word of the English catalog that Spanish never uses (so
    "de", "no" or "total" are not taken for English in a Spanish line)."""

    def vocabulary(lang: str) -> set[str]:
        words: set[str] = set()
        for template in CATALOG.messages(lang).values():
            words |= {w.lower() for w in WORD.findall(template)}
        return words

    return frozenset(vocabulary("en") - vocabulary("es"))


def notation_words(game: str, played: list[str]) -> set[str]:
    """Every word a player of ``game`` types: the tokens played, verbs, parameter names, the
    verbs' examples, option names and values."""
    meta = engines.get(game).meta
    words = {w.lower() for text in played for w in WORD.findall(text)}
    for verb in meta.verbs:
        words.add(verb.name)
        words |= {w.lower() for p in verb.params for w in WORD.findall(p.name)}
        words |= {w.lower() for ex in verb.examples for w in WORD.findall(ex)}
    for option in meta.options:  # typed as name=value when a game is opened
        words |= {w.lower() for w in WORD.findall(" ".join((option.name, *option.choices)))}
    return words


async def table_lines(game: str, lang: str, db: Path, seed: int) -> tuple[list[str], list[str]]:
    """Every line a table in ``lang`` reads during one random game, and the actions played."""
    engine = engines.get(game)
    people = players_of(game)
    _, log = random_game(engine, len(people), None, seed=seed)
    svc = await Service.open(db, clock=FakeClock(1_767_571_200.0), lang=lang)
    try:
        await svc.create_lobby(1, 1, people[0], game, seed=seed)
        for u in people[1:]:
            await svc.join(1, u)
        out = await svc.start(1, people[0], order=[u.id for u in people], render=False)
        lines = list(out.lines)
        for seat, text in log:
            out = await svc.act(1, people[seat], text, render=False)
            lines += out.lines
            for private in out.private_lines.values():
                lines += private
        for u in people:
            lines += (await svc.private_view(1, u)).lines
        lines += (await svc.board(1)).lines
        lines += [(await svc.game(1)).round_info]
    finally:
        await svc.close()
    return lines, [text for _, text in log]


def english_in(lines: list[str], allowed: set[str], lang: str) -> dict[str, str]:
    """English words found, each with the first line it appeared in. In Japanese any Latin
    word is suspect; in Spanish, a word of the English vocabulary."""
    found: dict[str, str] = {}
    for line in lines:
        # Text in `backticks` is what a player types (`choose raschid`): notation, by convention
        # (also when a board cut the line short inside it: "(`compen…").
        for word in WORD.findall(re.sub(r"`[^`]*(`|…$)", "", line)):
            if word in allowed or word.lower() in allowed:
                continue
            if lang == "ja" or word.lower() in english_words():
                found.setdefault(word, line)
    return found


@pytest.mark.parametrize(("game", "lang"), TRANSLATED)
async def test_a_whole_game_in_the_table_language_says_no_english(
    game: str, lang: str, tmp_path: Path
) -> None:
    lines, played = await table_lines(game, lang, tmp_path / "t.db", seed=3)
    assert len(lines) > 2 * len(played), "the game said too little to check"
    allowed = allowed_in(game, played) | {u.name for u in PEOPLE}
    found = english_in(lines, allowed, lang)
    assert not found, f"{len(found)} English words, e.g. {list(found.items())[:8]}"


async def console_lines(
    game: str, lang: str, tmp_path: Path, seed: int
) -> tuple[list[str], list[str]]:
    """Everything the console prints in ``lang`` while its players type a random game."""
    names = [u.name for u in players_of(game)]
    _, log = random_game(engines.get(game), len(names), None, seed=seed)
    typed = [f"as {names[0]}", f"new {game} seed={seed}"]
    typed += [f"{n}: join" for n in names[1:]]
    typed += ["start " + " ".join(names)]
    typed += [f"{names[seat]}: {text}" for seat, text in log]
    typed += [f"{n}: hand" for n in names] + ["mine", "log", "moves", "help", f"help {game}"]
    out = io.StringIO()
    stdin = io.StringIO("\n".join(typed) + "\n")
    code = await run_console(
        tmp_path / "c.db", tmp_path / "boards", stdin, out, lang=lang, boards=False
    )
    assert code == 0
    # Drop the prompt ("アナ> ") the console writes before reading each line.
    # File paths (the database, the boards folder) are the user's own, not messages.
    said = re.sub(r"/\S*", "", out.getvalue())
    lines = [re.sub(r"^(?:\S+> )+", "", ln) for ln in said.splitlines()]
    return lines, [text for _, text in log]


@pytest.mark.parametrize(("game", "lang"), TRANSLATED)
async def test_a_whole_game_in_the_console_says_no_english(
    game: str, lang: str, tmp_path: Path
) -> None:
    lines, played = await console_lines(game, lang, tmp_path, seed=5)
    assert len(lines) > 2 * len(played)
    allowed = allowed_in(game, played) | CONSOLE_WORDS | {u.name for u in PEOPLE}
    found = english_in(lines, allowed, lang)
    assert not found, f"{len(found)} English words, e.g. {list(found.items())[:8]}"
