"""The local console: a hot-seat session typed on stdin plays the test game to the end."""

from __future__ import annotations

import io
from pathlib import Path

from bot.console import run_console


class Player:
    """A scripted stdin that answers like two people at one keyboard: it reads what the console
    printed (whose turn, the legal moves) and types the next line."""

    def __init__(self, out: io.StringIO) -> None:
        self.out = out
        self.script = iter(
            [
                "as ann",
                "new tally players=2 seed=3",
                "bob: join",
                "start ann bob",
                "frob",
                "bob: play 1",
                "board",
                "bob: hand",
            ]
        )
        self.turns = 0
        self.pending: str | None = None

    def _last(self, prefix: str) -> str | None:
        for line in reversed(self.out.getvalue().splitlines()):
            line = line.split("> ", 1)[-1]
            if line.startswith(prefix):
                return line[len(prefix) :].strip()
        return None

    def readline(self) -> str:
        line = next(self.script, None)
        if line is not None:
            return line + "\n"
        if "final scores" in self.out.getvalue().lower() or self.turns > 200:
            return "quit\n"
        if self.pending is None:
            who = self._last("Now: ")
            assert who, self.out.getvalue()[-500:]
            self.pending = who.split(" — ")[0].rstrip(".")  # "Now: ann." or "Now: ann — ..."
            return f"{self.pending}: moves\n"
        who, self.pending = self.pending, None
        legal = self._last("legal: ")
        assert legal
        self.turns += 1
        return f"{who}: play {legal.split(' | ')[0]}\n"


async def test_console_session_plays_the_test_game_to_the_end(tmp_path: Path) -> None:
    out = io.StringIO()
    code = await run_console(tmp_path / "t.db", tmp_path / "boards", Player(out), out)
    text = out.getvalue()
    assert code == 0
    assert "lobby open" in text
    assert '! "frob" is not an action here' in text  # bad input gets a specific error
    assert "! It is ann's turn, not yours." in text  # bob tried to play out of turn
    assert "(only bob sees)" in text  # a private view only when its player asks
    images = sorted((tmp_path / "boards").glob("*.png"))
    assert images and all(p.read_bytes().startswith(b"\x89PNG") for p in images)
    assert "final scores" in text.lower()


async def test_console_remind_sets_quiet_hours_and_a_named_time_zone(tmp_path: Path) -> None:
    typed = io.StringIO("as ann\nremind quiet=22-7 zone=asia/tokyo\nremind\nremind zone=Mars/X\n")
    out = io.StringIO()
    assert await run_console(tmp_path / "t.db", tmp_path / "boards", typed, out) == 0
    said = out.getvalue()
    assert said.count("ann: quiet hours 22-7, time zone Asia/Tokyo") == 2
    assert '"Mars/X" is not a time zone name' in said


async def test_console_settings_set_the_tables_quiet_hours_in_its_time_zone(tmp_path: Path) -> None:
    typed = io.StringIO(
        "as ann\nnew tally players=2\nbob: join\nstart ann bob\n"
        "settings quiet=22-7 zone=europe/madrid\nsettings zone=Mars/X\nsettings quiet=7\nsettings\n"
    )
    out = io.StringIO()
    assert await run_console(tmp_path / "t.db", tmp_path / "boards", typed, out) == 0
    said = out.getvalue()
    assert said.count("quiet hours 22-7, time zone Europe/Madrid") == 2  # set, then shown again
    assert '"Mars/X" is not a time zone name' in said  # refused; the last line shows nothing moved
    assert 'Unknown setting "quiet=7"' in said


async def test_console_settings_speak_japanese(tmp_path: Path) -> None:
    typed = io.StringIO(
        "as ann\nnew tally players=2\nbob: join\nstart ann bob\nsettings quiet=0-8 zone=Asia/Tokyo\n"
    )
    out = io.StringIO()
    assert await run_console(tmp_path / "t.db", tmp_path / "boards", typed, out, lang="ja") == 0
    assert "卓の通知停止 0-8、タイムゾーン Asia/Tokyo" in out.getvalue()


async def test_console_new_with_lang_opens_a_table_in_that_language(tmp_path: Path) -> None:
    """#28.1: ``new GAME lang=ja`` opens a Japanese table from an English console: the table's
    lines are Japanese, the console's own words stay English; an unknown language is refused."""
    typed = io.StringIO(
        "as ann\nnew imhotep lang=fr\nnew imhotep players=2 lang=ja\nbob: join\nstart ann bob\n"
    )
    out = io.StringIO()
    assert await run_console(tmp_path / "t.db", tmp_path / "b", typed, out, boards=False) == 0
    text = out.getvalue()
    assert 'There is no table language "fr". Languages: en, es, ja.' in text
    assert "イムホテップ 開始！手番順：" in text
    assert "次：ann" in text
